/**
 * What kind of failure a test met, decided once, where an error becomes data (toFailure): the
 * report, the gradebook and the runner read the kind and its details instead of parsing messages.
 */
import type { Failure } from './results.ts';
import { stubName } from './stub-error.ts';
import { ASSERTION_ERROR, processExitCode, syntaxError, testTimeoutMs } from './vitest-wording.ts';

/** How the message of a call the grader stopped (it ran too long) begins; the limit in ms follows. */
const STOPPED_PREFIX = 'Stopped by the grader after ';

/** The message of a call the grader stopped after `limitMs`, with what the code printed last (already worded). */
export function stoppedMessage(limitMs: number, printed: string): string {
  return `${STOPPED_PREFIX}${limitMs}ms.${printed}`;
}

/** How the message of a test that ran out of its time budget, or its lesson's, begins (worker/client.ts). */
const OUT_OF_TIME_PREFIX = 'Ran out of time: ';

/** The message of a test that spent its time budget, or its lesson's (`what` says which; `printed` already worded). */
export function outOfTimeMessage(what: string, printed: string): string {
  return `${OUT_OF_TIME_PREFIX}${what}${printed}`;
}

/** True when `error` is the grader stopping a call that ran past its limit. */
export function isStopped(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith(STOPPED_PREFIX);
}

/** The name the test support's pretend player gives the error it throws to stop endless asking. */
const ENDLESS_INPUT_ERROR = 'EndlessInputError';

/** An error as plain data, with its kind and details worked out from its name and message. */
export function failureOf(error: Omit<Failure, 'kind'>): Failure {
  const { name, message } = error;
  const stopped = message.startsWith(STOPPED_PREFIX) ? /^\D*(\d+)ms\./.exec(message) : null;
  if (stopped !== null) return { ...error, kind: 'stopped', limitMs: Number(stopped[1]), printed: message.split('\n').slice(2) };
  if (message.startsWith(OUT_OF_TIME_PREFIX)) return { ...error, kind: 'out-of-time', printed: message.split('\n').slice(2) };
  const timeout = testTimeoutMs(message);
  if (timeout !== undefined) return { ...error, kind: 'test-timeout', limitMs: timeout };
  const missing = stubName(message);
  if (missing !== undefined) return { ...error, kind: 'stub', missing };
  if (name === ASSERTION_ERROR) return { ...error, kind: 'assertion' };
  if (name === ENDLESS_INPUT_ERROR) return { ...error, kind: 'endless-input' };
  const exitCode = processExitCode(message);
  if (exitCode !== undefined) return { ...error, kind: 'process-exit', exitCode };
  if (syntaxError(message) !== undefined) return { ...error, kind: 'syntax' };
  return { ...error, kind: 'thrown' };
}
