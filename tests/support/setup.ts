/**
 * Runs before every graded suite (vitest setupFiles). It keeps a small trace on disk, written
 * synchronously, so that when a student's code hangs and the grader has to stop it, the grader
 * can still say which tests finished, which one was running, and what the code printed last
 * (vitest's own reports are sent in batches that a blocked worker never sends). It also caps what the
 * code may print, so a loop that prints forever cannot flood the grader.
 */
import { beforeEach, inject } from 'vitest';
import { RESULT_MARK, TASK_PREFIX, TEST_MARK, toFailure } from '../../scripts/lib/child-protocol.ts';
import type { TestOutcome } from '../../scripts/lib/results.ts';
import { trace } from './trace.ts';

/** Bytes of output loading a suite, and then each test, may print before the rest is dropped. */
const OUTPUT_CAP = 64 * 1024;

let printed = 0;

// Written before the suite (and the student's code) is loaded: from now on, the grader's clock runs.
trace('');

beforeEach((context) => {
  printed = 0;
  const task = Number(TASK_PREFIX.exec(context.task.suite?.name ?? '')?.[1] ?? 0);
  trace(`${TEST_MARK}${task}\t${context.task.name}\n`);
  const started = Date.now();
  context.onTestFinished(({ task: finished }) => {
    const error = finished.result?.errors?.[0];
    const outcome: TestOutcome = {
      name: finished.name,
      task,
      hidden: finished.file.filepath.includes('/tests/hidden/'),
      status: error === undefined ? 'passed' : 'failed',
      failure: error === undefined ? undefined : toFailure(error, inject('workbookTarget')),
      durationMs: Date.now() - started,
    };
    trace(`${RESULT_MARK}${JSON.stringify(outcome)}\n`);
  });
});

/** Wraps a print function so that its output is traced and capped. */
function capped<A extends unknown[], R>(print: (...args: A) => R, toText: (...args: A) => string, dropped: R) {
  return (...args: A): R => {
    const text = toText(...args);
    printed += Buffer.byteLength(text);
    if (printed > OUTPUT_CAP) {
      if (printed - Buffer.byteLength(text) <= OUTPUT_CAP) trace('[more output was cut]\n');
      return dropped;
    }
    trace(text);
    return print(...args);
  };
}

const consoleText = (...parts: unknown[]): string => `${parts.map(String).join(' ')}\n`;
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  console[method] = capped(console[method].bind(console), consoleText, undefined);
}
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
  stream.write = capped(write, (chunk: string | Uint8Array) => String(chunk), true) as typeof stream.write;
}
