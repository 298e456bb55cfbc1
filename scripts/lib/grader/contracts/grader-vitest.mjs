// @ts-check
// How the grader's vitest child sets vitest up, for the child (suite-child.mjs) and vitest.config.ts
// alike. Plain JavaScript, so that the child reads it without a TypeScript loader.

/** The vitest project of the grader's test files. */
export const GRADED_PROJECT = 'lessons:graded';

/**
 * The vite modes the child starts vitest in: vitest.config.ts then makes the grader's one project
 * (GRADED_PROJECT), run once or, in watch mode, with a pool whose threads outlive a run.
 */
export const GRADER_MODE = 'workbook-grader';
export const GRADER_WATCH_MODE = 'workbook-grader-watch';

/**
 * The vite mode of `npm run bench`'s baseline, a plain vitest run: the suites import the graded files
 * directly, in their own realm. Grading never runs so.
 */
export const UNSEALED_MODE = 'workbook-unsealed';

/** The argument the child is started with in watch mode (suite-spawn.mjs). */
export const WATCH_ARGUMENT = '--watch';
