/**
 * Many calls into the graded code at once. Under the grader the code runs in a sandbox process and
 * every call crosses into it; an exhaustive check makes thousands of calls, so it sends them together,
 * in a few crossings (the first small, so code that throws at once is not sent thousands). Without the
 * grader (a plain function) the calls are made one by one, with the same results.
 */
import { inject, vi } from 'vitest';
import { crossesAsTwin, currentSession, oneWay } from '../../scripts/lib/grader/worker/client.ts';
import { seededRandom } from '../../scripts/lib/core/seeded-random.ts';
import { tamperedError } from '../../scripts/lib/core/failure.ts';

/** What one call gave: its value, or what it threw. */
export type CallOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Calls `fn` once per argument list, in order, and returns what each call gave, up to and including
 * the first call that threw (the calls after it are not made, as in a loop that stops at a throw).
 */
export function callEach<A extends unknown[], R>(fn: (...args: A) => R, argumentLists: A[], limitMs?: number): CallOutcome<R>[] {
  return timedEach(fn, argumentLists, limitMs).outcomes;
}

/**
 * Like callEach, and also how long all the calls took, in milliseconds, measured by the grader (the
 * graded code cannot change it): under the grader on Linux the CPU time its process used, which a
 * busy machine hardly changes; elsewhere the wall time. `limitMs` is how long the calls may take
 * (wall time) before they are stopped.
 */
export function timedEach<A extends unknown[], R>(fn: (...args: A) => R, argumentLists: A[], limitMs?: number): { outcomes: CallOutcome<R>[]; ms: number } {
  const session = currentSession();
  if (session.isSealed(fn)) {
    const { results, ms } = session.callEach(fn, argumentLists, limitMs ?? session.limitMs);
    return { outcomes: results as CallOutcome<R>[], ms };
  }
  const started = performance.now();
  const outcomes: CallOutcome<R>[] = [];
  for (const args of argumentLists) {
    try {
      outcomes.push({ ok: true, value: fn(...args) });
    } catch (error) {
      outcomes.push({ ok: false, error });
      break;
    }
  }
  return { outcomes, ms: performance.now() - started };
}

/**
 * Runs `action` while the graded code's Math.random is watched, and with `returns` made to give
 * that number. Returns what the action gave and how many times Math.random was called.
 */
export function watchMathRandom<T>(action: () => T, returns?: number): { result: T; calls: number } {
  if (inject('workbookSealed')) return currentSession().watchMathRandom(action, returns);
  const spy = vi.spyOn(Math, 'random');
  if (returns !== undefined) spy.mockReturnValue(returns);
  try {
    const result = action();
    return { result, calls: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

/**
 * A seeded random source (the same numbers as seededRandom in scripts/lib/core/seeded-random.ts) for the
 * graded code to call: under the grader it lives beside that code, so drawing a number costs no crossing.
 */
export function sandboxRandom(seed: number): () => number {
  return besideTheCode('seededRandom', 'seededRandom', seededRandom, seed);
}

/**
 * What `make(...args)` gives, made beside the graded code when it runs in a sandbox (`make` is the
 * export `name` of the helper `module`, one of the HELPERS in scripts/lib/grader/contracts/compile.ts), so the
 * code calls the result without crossing. The helper runs where the graded code could tamper with
 * it: use it only for inputs, never to decide whether a test passes.
 */
export function besideTheCode<A extends unknown[], R>(module: string, name: string, make: (...args: A) => R, ...args: A): R {
  return inject('workbookSealed') ? (currentSession().helper(module, name, args) as R) : make(...args);
}

/**
 * `fn`, given to the graded code as a twin beside it when it runs in a sandbox, so the code calls it
 * without crossing: the export `name` of the helper `module` (one of the HELPERS in compile.ts), called
 * with `args` and a one-way `told(given, answer)`, must make a function that answers as `fn` does and
 * tells each call. Each told call is checked here: `fn` gets the same arguments, and when its answer
 * differs (the code changed the twin), the code is stopped. So `fn` sees every call the twin reports
 * (code that changes the twin can leave calls out, and only loses the checks `fn` makes of them).
 */
export function checkedBesideTheCode<A extends unknown[], R>(fn: (...args: A) => R, module: string, name: string, ...args: unknown[]): (...args: A) => R {
  const told = oneWay((given: A, answer: R): void => {
    if (!Object.is(fn(...given), answer)) throw tamperedError('function');
  });
  return crossesAsTwin(fn, module, name, () => [...args, told]);
}

/**
 * How long sending these argument lists to `fn` and back takes by itself, in milliseconds (0 when
 * `fn` is a plain function): subtract it from timedEach's time to time only the code.
 */
export function crossingCost<A extends unknown[], R>(fn: (...args: A) => R, argumentLists: A[]): number {
  const session = currentSession();
  return session.isSealed(fn) ? session.crossingCost(argumentLists) : 0;
}
