/** Messages between the grader and its vitest child process, and how errors become plain data. */
import { dirname, relative } from 'node:path';
import { CROSSED_FIELD, failureOf, MESSAGE_LENGTH_FIELD, UNREADABLE_FIELD, verdictOf, type Verdict } from '../../core/failure.ts';
import { asPlainObjects, type SyntaxErrorDetails } from '../../core/vitest-wording.ts';
import { asLeftOut, shownPart, type ComparedCuts } from '../../core/bounded-text.ts';
import { OUTPUT_CUT_LINE } from '../../core/output-cut.ts';
import type { Comparison, EndlessKept, Failure, TestOutcome, Unreadable } from '../../core/results.ts';
import type { SandboxSpec } from './fences.ts';

declare module '@vitest/runner' {
  interface TaskMeta {
    /** Set on the tests of a hidden suite (tests/support/lesson.ts): a student never sees their names or failures. */
    hidden?: boolean;
    /** Set on a task's describe block (tests/support/lesson.ts), and so on all its tests: the task's number (1-based). */
    task?: number;
    /** Set on a lesson's describe block in the grader's test files (lesson-entry.ts), and so on all its tests: the lesson's id. */
    lesson?: string;
    /** Also set there: the describe block runs a hidden suite's tests, so whatever went wrong outside its tasks is hidden. */
    hiddenSuite?: boolean;
    /** The one test of a lesson whose suite could not be loaded: its error is the lesson's load error. */
    loadFailed?: boolean;
    /** Also set there: the index of the graded folder it grades, in the plan's targets. */
    folder?: number;
    /** Set on a test of a rule whose breaking makes other tests fail too (tests/support/lesson.ts's CAUSE): the report explains it first. */
    cause?: boolean;
  }
}

/**
 * What the grader sends the child once the graded folders are compiled, the test files written and
 * the grading plan made (the child starts vitest meanwhile): where the plan is (plan.ts: the run's
 * folders, settings and test files), and the sandboxes to start at once for the first test files
 * (see prespawn in pump/pump.mjs; Linux only).
 */
export interface ChildStart {
  type: 'start';
  plan: string;
  spares: SpareSpec[];
}

/** A sandbox to start ahead: what starting it takes but its pipes, and how long it may take to listen. */
export type SpareSpec = Omit<SandboxSpec, 'pipes'> & { startLimitMs: number };

/** What the child reports. */
export type ChildMessage =
  | { type: 'module-start'; project: string; file: string; id: string }
  | { type: 'lesson-start'; project: string; file: string; lesson: string; folder: number | undefined; id: string }
  | {
      type: 'collected';
      project: string;
      file: string;
      lesson: string;
      folder: number | undefined;
      tests: Array<{ name: string; task: number; hidden: boolean }>;
    }
  | { type: 'test'; project: string; file: string; lesson: string; folder: number | undefined; outcome: TestOutcome }
  | { type: 'lesson-end'; project: string; file: string; lesson: string; folder: number | undefined; hiddenSuite: boolean; loadError?: Failure }
  | { type: 'module-end'; project: string; file: string; loadError?: Failure }
  | { type: 'log'; taskId?: string; text: string }
  | { type: 'run-start'; files: Array<{ project: string; file: string }> }
  | { type: 'run-end' }
  | { type: 'done' };

/** The parts of a vitest error the grader uses. */
interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  expected?: unknown;
  actual?: unknown;
  stacks?: Array<{ file: string; line: number; column: number }>;
  loadingModule?: unknown;
  /** What the test's own pretend player stopped (tests/support/io.ts), after `limit` asks or prints. */
  kept?: unknown;
  limit?: unknown;
  /** Set by the membrane on the error the pretend player's twin stopped the code with, as the sandbox says it (sandbox.js). */
  playerStop?: unknown;
  /** The code the graded code called process.exit with, as the sandbox says it (sandbox.js). */
  exitCode?: unknown;
  /** How much the test support's cut left out of `expected` and `actual` (tests/support/setup.ts). */
  leftOut?: { expected?: unknown; actual?: unknown };
  /** Set by the membrane on an error made in the sandbox (CROSSED_FIELD in core/failure.ts). */
  crossedMembrane?: unknown;
  /** Set by the membrane on the error of a value the sandbox could not send (UNREADABLE_FIELD in core/failure.ts). */
  unreadableValue?: unknown;
  /** Set by the membrane on an error whose message crossed cut: the whole message's length (MESSAGE_LENGTH_FIELD in core/failure.ts). */
  fullMessageLength?: unknown;
}

/**
 * Turns a vitest error into a Failure with its kind, pointing at the first place in the graded code.
 * Its texts are cut to what is shown (shownPart) before anything else reads them: an error the
 * hand-in threw may carry megabytes.
 */
export function toFailure(error: unknown, target: string, syntaxOf: SyntaxLookup = () => undefined): Failure {
  const like = errorLike(error);
  const location = locate(like, target);
  const syntax = like.name === 'SyntaxError' && typeof like.message === 'string' ? syntaxOf(like.message) : undefined;
  const text = like.message ?? textOf(error);
  const message = shownPart(text);
  // A message cut as it crossed from the sandbox: what was left out is counted against its whole length.
  const whole = like[MESSAGE_LENGTH_FIELD];
  const messageCut = typeof whole === 'number' && whole > text.length ? { characters: whole - message.kept.length } : message.left;
  return failureOf(
    {
      name: shortText(like.name ?? 'Error', 200),
      message: plainText(message.kept),
      ...(messageCut === undefined ? {} : { messageCut }),
      ...(typeof like.expected === 'string' && typeof like.actual === 'string' ? compared(like.expected, like.actual, like.leftOut) : {}),
      ...(location === undefined ? {} : { location }),
      ...(typeof like.loadingModule === 'string' ? { loadingModule: like.loadingModule } : {}),
    },
    {
      verdict: shownVerdict(verdictOf(error)),
      ...stopOf(like),
      exitCode: typeof like.exitCode === 'string' ? shortText(like.exitCode, 100) : undefined,
      crossed: like[CROSSED_FIELD] === true,
      unreadable: unreadableOf(like[UNREADABLE_FIELD]),
      stackOverflow: isStackOverflow(like),
      syntax,
    },
  );
}

/**
 * The fields of a vitest error the grader reads, each a text where it reads a text: the hand-in may
 * throw any object (one whose `message` is a number, or whose `stack` is an array), and vitest
 * passes such fields on as they are.
 */
function errorLike(error: unknown): ErrorLike {
  if (typeof error !== 'object' || error === null) return { message: textOf(error) };
  const fields = error as Record<string, unknown>;
  const optionalText = (value: unknown): string | undefined => (value === undefined ? undefined : textOf(value));
  const frames = Array.isArray(fields.stacks) ? fields.stacks.filter(isFrame) : undefined;
  const like: ErrorLike = { ...fields };
  for (const key of ['name', 'message', 'stack'] as const) {
    const text = optionalText(fields[key]);
    if (text === undefined) delete like[key];
    else like[key] = text;
  }
  if (frames === undefined) delete like.stacks;
  else like.stacks = frames;
  return like;
}

/** A frame of vitest's parsed stack, as locate reads it. */
function isFrame(frame: unknown): frame is { file: string; line: number; column: number } {
  if (typeof frame !== 'object' || frame === null) return false;
  const { file, line, column } = frame as Record<string, unknown>;
  return typeof file === 'string' && typeof line === 'number' && typeof column === 'number';
}

/** Any value as text, as String gives it where it can (an object whose toString is not a function makes String throw). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * What a test compared, cut to what is shown, with how much of each was left out: by the test
 * support's cut before vitest saw them (`given`), else by this one (a value vitest printed at length).
 */
function compared(expected: string, actual: string, given: ErrorLike['leftOut']): Comparison {
  const shown = { expected: shownPart(expected), actual: shownPart(actual) };
  const cut: ComparedCuts = {};
  for (const side of ['expected', 'actual'] as const) {
    const left = asLeftOut(given?.[side]) ?? shown[side].left;
    if (left !== undefined) cut[side] = left;
  }
  return { expected: shown.expected.kept, actual: shown.actual.kept, ...(Object.keys(cut).length > 0 ? { cut } : {}) };
}

/**
 * The syntax error of a graded file, as data, for the exact message the sandbox throws when the file
 * is imported (the grader compiled it: compile.ts); undefined for any other message.
 */
export type SyntaxLookup = (message: string) => SyntaxErrorDetails | undefined;

/** A text of an error as it is kept (already cut to what is shown): colour codes gone, plain objects shown as plain. */
function plainText(text: string): string {
  return asPlainObjects(stripColours(text));
}

/** Why a value could not be sent, whether it was thrown, and whether it was a Promise, when the membrane's field holds them (UNREADABLE_FIELD). */
function unreadableOf(field: unknown): Unreadable | undefined {
  if (typeof field !== 'object' || field === null) return undefined;
  const { why, thrown, promise } = field as { why?: unknown; thrown?: unknown; promise?: unknown };
  return typeof why === 'string' && typeof thrown === 'boolean' ? { why: shownPart(why, 5, 500).kept, thrown, promise: promise === true } : undefined;
}

/**
 * What the pretend player stopped the code for: for an error made in the sandbox, only as the sandbox
 * says it (an error the code makes in the same words and fields is its own); else the fields of the
 * test's own player's error.
 */
function stopOf(like: ErrorLike): { kept?: EndlessKept; limit?: number } {
  const said = like[CROSSED_FIELD] === true ? like.playerStop : like;
  if (typeof said !== 'object' || said === null) return {};
  const { kept, limit } = said as { kept?: unknown; limit?: unknown };
  if (kept !== 'asking' && kept !== 'printing') return {};
  return typeof limit === 'number' ? { kept, limit } : { kept };
}

/** How Node (V8) words a stack overflow. */
const STACK_OVERFLOW = 'Maximum call stack size exceeded';

/** Whether the error is Node's stack overflow: code that called itself (or a circle of functions) without end. */
function isStackOverflow(error: ErrorLike): boolean {
  return error.name === 'RangeError' && error.message?.startsWith(STACK_OVERFLOW) === true;
}

/** The frame that comes most often in `frames` (deepest first); of frames that come as often, the shallowest (nearest the test). */
function mostRepeated<T extends { file: string; line: number; column: number }>(frames: T[]): T | undefined {
  const counts = new Map<string, number>();
  for (const frame of frames) {
    const key = `${frame.file}:${frame.line}:${frame.column}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let chosen: T | undefined;
  let most = 0;
  for (const frame of frames) {
    const count = counts.get(`${frame.file}:${frame.line}:${frame.column}`) ?? 0;
    if (count >= most) [chosen, most] = [frame, count];
  }
  return chosen;
}

/** A one-line text of at most `chars` characters (an error's name, an exit code), with "…" where it was cut. */
function shortText(text: string, chars: number): string {
  const part = shownPart(text, 1, chars);
  return part.left === undefined ? part.kept : `${part.kept.replace(/\n$/, '')}…`;
}

/**
 * A verdict with the lines the code printed cut like a message (they are the hand-in's); where they
 * were cut, the output caps' own line says so (OUTPUT_CUT_LINE: a report words it for its reader).
 */
function shownVerdict(verdict: Verdict | undefined): Verdict | undefined {
  if (verdict === undefined || verdict.printed.length === 0) return verdict;
  const part = shownPart(verdict.printed.join('\n'));
  const printed = plainText(part.kept).split('\n');
  if (part.left !== undefined && printed.at(-1) === '') printed.pop();
  return { ...verdict, printed: part.left === undefined ? printed : [...printed, OUTPUT_CUT_LINE] };
}

/** Removes terminal colour codes, which some tools add even when asked not to. */
export function stripColours(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what it removes
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/**
 * "lessons/01-board/board.ts:41:9" (relative to the folder above the graded one) for the first stack
 * frame inside the graded folder; for a stack overflow, the one that repeats most there (the call that
 * went on without end), not wherever the stack ran out (often another lesson's function it called).
 */
function locate(error: ErrorLike, target: string): string | undefined {
  const frames = (error.stacks ?? []).filter((frame) => frame.file.startsWith(`${target}/`));
  const inTarget = isStackOverflow(error) ? mostRepeated(frames) : frames[0];
  const base = dirname(target);
  if (inTarget) return `${relative(base, inTarget.file)}:${inTarget.line}:${inTarget.column}`;
  const fromText = error.stack?.split('\n').find((line) => line.includes(`${target}/`));
  const match = fromText ? /(\/[^\s()]+):(\d+):(\d+)/.exec(fromText) : null;
  return match ? `${relative(base, match[1] as string)}:${match[2]}:${match[3]}` : undefined;
}
