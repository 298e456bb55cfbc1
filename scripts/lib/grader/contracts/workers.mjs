// @ts-check
// How the grader's processes are started, shared by all of them: how many test workers run side by
// side, and the V8 flag the vitest child and the sandboxes start with. Plain JavaScript, so that
// prelaunch.mjs and the vitest child can read it without a TypeScript loader.
import { availableParallelism } from 'node:os';

/**
 * The fewest workers the grader runs. With a single worker, vitest hands it every test file at once and
 * runs them in one module graph, where the suites one student's file imported are not loaded again for
 * the next student's: every file after the first would run no tests.
 */
export const MIN_WORKERS = 2;

/** How many workers run test files side by side: vitest leaves one core free by default; the grader has the machine to itself, so it uses all (at least MIN_WORKERS). */
export function suiteWorkers() {
  const asked = Number(process.env.VITEST_MAX_WORKERS);
  return Math.max(MIN_WORKERS, Number.isInteger(asked) && asked > 0 ? asked : availableParallelism());
}

/**
 * V8's budget before it optimises a function (V8's default is 67,584), for the grader's vitest child
 * and the sandboxes (fences.ts). They live for seconds, on a machine whose CPUs are the limit, and
 * V8's optimising compiler spent more CPU time on lukewarm functions (vitest's own, the suites'
 * support code, the membrane) than it saved them. Hot code, lesson 07's search say, still gets
 * optimised within its first milliseconds. See "Where the CPU goes" in docs/performance.md.
 */
export const OPTIMISE_LATER = ['--interrupt-budget=3000000'];
