/**
 * Runs before every graded suite (vitest setupFiles). The graded code runs in a sandbox process
 * (scripts/lib/grader/worker/client.ts): a new test starts with what the code showed forgotten, and the
 * suite's sandbox is handed back when the suite ends. It also caps what the code may print per
 * test, so a loop that prints forever cannot flood the grader, gives a failed test's errors
 * their stack frames (see framesOf), and cuts the values a failed expect() shows before vitest diffs
 * them (see boundedFailures).
 */
import { afterAll, beforeEach, chai } from 'vitest';
import { closeSession, confirmPlayerStops, currentSession, warmUp } from '../../scripts/lib/grader/worker/client.ts';
import { shownPart, SHOWN_LINES, type ComparedCuts } from '../../scripts/lib/core/bounded-text.ts';
import { OUTPUT_CUT_LINE } from '../../scripts/lib/core/output-cut.ts';

/** Bytes of output loading a suite, and then each test, may show before the rest is dropped. */
const OUTPUT_CAP = 64 * 1024;

let printed = 0;

// The sandbox starts while the suite itself loads.
warmUp();

afterAll(() => closeSession());

beforeEach(({ onTestFailed }) => {
  printed = 0;
  currentSession().testStarted();
  onTestFailed(({ task }) => {
    const errors = task.result?.errors ?? [];
    for (const error of errors) error.stacks ??= framesOf(error.stack ?? '');
    confirmPlayerStops(errors);
  });
});

/** One line of a V8 stack: "    at name (file:line:column)" or "    at file:line:column". */
const FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

/**
 * The frames of a failed test's error, read from its stack text alone, without the test tools' own
 * (node_modules, Node's internals). Without them, vitest looks for a source map in every file a failed
 * test's stack names, reading each file again for every error: fast-check's and vitest's own bundles
 * made a hand-in with many failed tests cost seconds more to grade. The grader needs only the frames
 * in the graded code, which the sandbox has already mapped to the student's own lines.
 */
function framesOf(stack: string): { method: string; file: string; line: number; column: number }[] {
  const frames = [];
  for (const line of stack.split('\n')) {
    const match = FRAME.exec(line);
    if (match === null) continue;
    const file = (match[2] as string).replace(/^file:\/\//, '');
    if (file.includes('/node_modules/') || file.startsWith('node:')) continue;
    frames.push({ method: match[1] ?? '', file, line: Number(match[3]), column: Number(match[4]) });
  }
  return frames;
}

/** Wraps a print function so that its output is capped. */
function capped<A extends unknown[], R>(print: (...args: A) => R, toText: (...args: A) => string, dropped: R) {
  return (...args: A): R => {
    const text = toText(...args);
    printed += Buffer.byteLength(text);
    if (printed > OUTPUT_CAP) {
      if (printed - Buffer.byteLength(text) <= OUTPUT_CAP) print(...([OUTPUT_CUT_LINE] as unknown as A));
      return dropped;
    }
    return print(...args);
  };
}

const consoleText = (...parts: unknown[]): string => `${parts.map(String).join(' ')}\n`;
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  console[method] = capped(console[method].bind(console), consoleText, undefined);
}
// A worker's test files share its process.stdout and stderr: each file's cap wraps the streams' own
// write, kept here, not the cap of the file before (those would pile up, one per file, each holding
// on to its file's context and counting what every later file printed).
const UNCAPPED = Symbol.for('tictactoe-workbook.uncapped-write');
type Stream = NodeJS.WriteStream & { [UNCAPPED]?: NodeJS.WriteStream['write'] };
for (const stream of [process.stdout, process.stderr] as Stream[]) {
  stream[UNCAPPED] ??= stream.write;
  const write = stream[UNCAPPED].bind(stream) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
  stream.write = capped(write, (chunk: string | Uint8Array) => String(chunk), true) as typeof stream.write;
}

/**
 * The answers a failed expect() compares, cut to what a person reads (shownPart: 200 lines, 10,000
 * characters) before anything is built from them; how much each left out goes with the error as
 * data (`leftOut`), and the report says it in the student's words.
 * vitest diffs the two values of a failed assertion in full (a character diff for one-line texts),
 * and the grader sends them on and diffs them again: an answer at the sandbox's size cap (4 million
 * line ends) took minutes and gigabytes. Values that are not text are formatted by vitest (the
 * sandbox caps how many objects an answer holds); their diff is told to stop at as many lines.
 * Every assertion of chai and of vitest's matchers throws from Assertion.prototype.assert; each test
 * file wraps the original, kept once per realm, like the output caps above.
 */
function boundedFailures(): void {
  type Assert = (this: unknown, ...args: unknown[]) => void;
  const prototype = chai.Assertion.prototype as unknown as { assert: Assert } & Record<symbol, Assert | undefined>;
  const original = (prototype[UNBOUNDED] ??= prototype.assert);
  prototype.assert = function bounded(this: unknown, ...args: unknown[]): void {
    try {
      original.apply(this, args);
    } catch (error) {
      throw boundedError(error);
    }
  };
}
const UNBOUNDED = Symbol.for('tictactoe-workbook.unbounded-assert');

/** An assertion error with its two values cut to what is shown, and how much each left out (see boundedFailures). */
function boundedError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const values = error as { actual?: unknown; expected?: unknown; diffOptions?: Record<string, unknown>; leftOut?: ComparedCuts };
  const leftOut: ComparedCuts = {};
  for (const side of ['actual', 'expected'] as const) {
    const value = values[side];
    if (typeof value !== 'string') continue;
    const part = shownPart(value);
    values[side] = part.kept;
    if (part.left !== undefined) leftOut[side] = part.left;
  }
  if (Object.keys(leftOut).length > 0) values.leftOut = leftOut;
  values.diffOptions = { ...values.diffOptions, truncateThreshold: SHOWN_LINES };
  return error;
}

boundedFailures();
