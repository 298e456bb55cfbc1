/**
 * What kind of failure a test met, decided once, where an error becomes data (toFailure): the
 * report, the gradebook and the runner read the kind and its details instead of parsing messages.
 */
import type { Comparison, EndlessKept, ErrorFields, Failure, Halt, TamperedTwin, Unreadable } from './results.ts';
import { stubName } from './stub-error.ts';
import { ASSERTION_ERROR, syntaxError, testTimeoutMs, type SyntaxErrorDetails } from './vitest-wording.ts';

/**
 * The field of the grader's own errors (grader/worker/client.ts) that says, as data, why it stopped the
 * code. The membrane never lets a field of this name cross from the hand-in's side (SPECIAL in
 * membrane.js), so no error the hand-in made carries one, whatever it throws. vitest copies an error's
 * own fields when it sends the error on, so the child's reporter reads it there too (toFailure).
 */
export const VERDICT_FIELD = 'graderVerdict';

/**
 * The field the membrane (grader/sandbox/membrane.js) sets on every error it makes from the other side's:
 * in a test worker, an error the graded code threw (or what runs beside it in its sandbox). The membrane
 * never lets a field of this name cross, so the grader's own errors never carry it, and vitest copies it
 * on to the child's reporter with the error's other fields.
 */
export const CROSSED_FIELD = 'crossedMembrane';

/**
 * The field the membrane sets on the error it throws when the other side could not send a value (what
 * the graded code gave back held a getter that throws, say): why, in the words of what failed. No value
 * from the other side carries a field of this name (the membrane drops it).
 */
export const UNREADABLE_FIELD = 'unreadableValue';

/**
 * The field the membrane sets on an error from the other side whose message crossed cut (past 100,000
 * characters): how long the whole message was. No value from the other side carries it (the membrane drops it).
 */
export const MESSAGE_LENGTH_FIELD = 'fullMessageLength';

/** Why the grader stopped the code, as its client decided. */
export type Verdict =
  /** A call ran past its limit; `printed`: the last lines the code printed. */
  | { kind: 'stopped'; limitMs: number; printed: string[] }
  /** The test (budget 'test'), or its lesson, spent the time it may spend in the code (`budgetMs`). */
  | { kind: 'out-of-time'; budget: 'test' | 'lesson'; budgetMs: number; printed: string[] }
  /** The grader stopped the code for another reason (its `reason`, with details: see Halt). */
  | ({ kind: 'halted'; printed: string[] } & Halt);

/** `error` with the verdict it stands for (only the grader's client makes such errors). */
export function withVerdict<E extends Error>(error: E, verdict: Verdict): E {
  Object.defineProperty(error, VERDICT_FIELD, { value: verdict, enumerable: true });
  return error;
}

/** The verdict an error of the grader carries (as made, or as vitest copied it), when it carries a whole one. */
export function verdictOf(error: unknown): Verdict | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const verdict = (error as Record<string, unknown>)[VERDICT_FIELD];
  if (typeof verdict !== 'object' || verdict === null) return undefined;
  const fields = verdict as Record<string, unknown>;
  const printed = Array.isArray(fields.printed) && fields.printed.every((line) => typeof line === 'string') ? (fields.printed as string[]) : undefined;
  if (printed === undefined) return undefined;
  if (fields.kind === 'stopped' && typeof fields.limitMs === 'number') return { kind: 'stopped', limitMs: fields.limitMs, printed };
  if (fields.kind === 'out-of-time' && (fields.budget === 'test' || fields.budget === 'lesson') && typeof fields.budgetMs === 'number') {
    return { kind: 'out-of-time', budget: fields.budget, budgetMs: fields.budgetMs, printed };
  }
  const halt = fields.kind === 'halted' ? haltOf(fields) : undefined;
  return halt === undefined ? undefined : { kind: 'halted', printed, ...halt };
}

/** The reason a 'halted' verdict gives, with its details, when they are whole. */
function haltOf(fields: Record<string, unknown>): Halt | undefined {
  const number = (value: unknown): value is number => typeof value === 'number';
  switch (fields.reason) {
    case 'memory':
      return number(fields.limitBytes) ? { reason: 'memory', limitBytes: fields.limitBytes } : undefined;
    case 'protocol':
    case 'reentry':
      return { reason: fields.reason };
    case 'tampered':
      return fields.twin === 'function' || fields.twin === 'player' ? { reason: 'tampered', twin: fields.twin } : undefined;
    case 'oversized': {
      const { frameBytes, answerObjects, lessonObjects } = fields;
      return number(frameBytes) && number(answerObjects) && number(lessonObjects)
        ? { reason: 'oversized', frameBytes, answerObjects, lessonObjects }
        : undefined;
    }
    case 'ended': {
      const { exitCode, signal, said } = fields;
      const lines = Array.isArray(said) && said.every((line) => typeof line === 'string') ? (said as string[]) : undefined;
      if (lines === undefined || !(exitCode === null || number(exitCode)) || !(signal === null || typeof signal === 'string')) return undefined;
      return { reason: 'ended', exitCode, signal, said: lines };
    }
    case 'spawn':
      return typeof fields.detail === 'string' ? { reason: 'spawn', detail: fields.detail } : undefined;
    default:
      return undefined;
  }
}

/*
 * The messages of the grader's own errors are terse lines for vitest's own output, the same in every
 * language: a person reads the verdict, put into words where it is shown (report/, through the catalogs).
 */

/** The message of a call the grader stopped after `limitMs`, with what the code printed last. */
export function stoppedMessage(limitMs: number, printed: string): string {
  return `Stopped by the grader after ${limitMs}ms.${printed}`;
}

/** The message of a test that spent its time budget (`budget` 'test'), or its lesson's, of `budgetMs`, with what the code printed last. */
export function outOfTimeMessage(budget: 'test' | 'lesson', budgetMs: number, printed = ''): string {
  return `Ran out of time: the ${budget}'s budget of ${budgetMs}ms in the code is spent.${printed}`;
}

/** The English line of vitest's own output for code stopped because it changed a twin the test gave it. */
const TAMPERED_MESSAGES: Record<TamperedTwin, string> = {
  function: 'Your code changed a function the test gave it, so it was stopped.',
  player: 'Your code changed the lines the pretend player types, so it was stopped.',
};

/**
 * The error the test support throws when a twin beside the code told of an answer its original would
 * not give (the code changed the twin), with the verdict that says so: the code is stopped with it.
 */
export function tamperedError(twin: TamperedTwin): Error {
  return withVerdict(new Error(TAMPERED_MESSAGES[twin]), { kind: 'halted', reason: 'tampered', twin, printed: [] });
}

/** True when `error` is the grader stopping a call that ran past its limit. */
export function isStopped(error: unknown): boolean {
  return verdictOf(error)?.kind === 'stopped';
}

/** The name the test support's pretend player gives the error it throws to stop endless asking (with `kept`, what it stopped). */
const ENDLESS_INPUT_ERROR = 'EndlessInputError';

/** What an error says of itself as data besides its fields: the grader's verdict, and what the pretend player stopped (its `kept`, after `limit` asks or prints). */
export interface ErrorMarks {
  verdict?: Verdict | undefined;
  /** The syntax error the grader found compiling the graded file that threw this, as data. */
  syntax?: SyntaxErrorDetails | undefined;
  kept?: EndlessKept | undefined;
  limit?: number | undefined;
  /** The code the graded code called process.exit with (the sandbox refuses the call and says so as data). */
  exitCode?: string | undefined;
  /**
   * The error was made in the sandbox (CROSSED_FIELD): the graded code's own. Its name and words are the
   * code's, so they never make it a test's assertion, a test timeout or a suite's syntax error.
   */
  crossed?: boolean | undefined;
  /** What the code gave back or threw could not be sent to the test (UNREADABLE_FIELD). */
  unreadable?: Unreadable | undefined;
  /** The error was the engine's stack overflow. */
  stackOverflow?: boolean | undefined;
}

/**
 * An error as plain data, with its kind: the grader's verdict when it stopped the code (see
 * verdictOf), what the error says of itself as data (`marks`), else worked out from its name and
 * message (the words of vitest and of the stubs: vitest-wording.ts, stub-error.ts). What the test
 * compared stays with an assertion, or with any other error the code threw.
 */
export function failureOf(error: ErrorFields & Comparison, marks: ErrorMarks = {}): Failure {
  const { expected, actual, cut, ...fields } = error;
  const { name, message } = fields;
  const { verdict, kept, limit } = marks;
  if (verdict !== undefined) return { ...fields, ...verdict };
  if (marks.syntax !== undefined) return { ...fields, kind: 'syntax', syntax: marks.syntax };
  if (marks.unreadable !== undefined) return { ...fields, kind: 'unreadable', ...marks.unreadable };
  const compared: Comparison = expected === undefined && actual === undefined ? {} : { expected, actual, ...(cut === undefined ? {} : { cut }) };
  const ours = marks.crossed !== true;
  const timeout = ours ? testTimeoutMs(message) : undefined;
  if (timeout !== undefined) return { ...fields, kind: 'test-timeout', limitMs: timeout };
  // A stub is the student's own file: its "not implemented yet" comes from the code.
  const missing = stubName(message);
  if (missing !== undefined) return { ...fields, kind: 'stub', missing };
  if (ours && name === ASSERTION_ERROR) return { ...fields, ...compared, kind: 'assertion' };
  if (name === ENDLESS_INPUT_ERROR && kept !== undefined) return { ...fields, kind: 'endless-input', kept, ...(limit === undefined ? {} : { limit }) };
  if (marks.exitCode !== undefined) return { ...fields, kind: 'process-exit', exitCode: marks.exitCode };
  // A file other than a graded one (a suite's) that vite could not compile, in vite's words.
  const syntax = ours ? syntaxError(message) : undefined;
  if (syntax !== undefined) return { ...fields, kind: 'syntax', syntax };
  return { ...fields, ...compared, kind: 'thrown', ...(marks.stackOverflow === true ? { stackOverflow: true as const } : {}) };
}
