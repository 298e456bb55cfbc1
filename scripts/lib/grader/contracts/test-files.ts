/**
 * The test files the grader writes (runner.ts) and the one vitest project that runs them. Every
 * graded folder's lessons run in files of that one project, so a worker that finishes one file takes
 * the next (vitest keeps a worker only for files of the same project). Every file holds the same two
 * lines: it runs the job the grading plan (plan.ts) names for its path (lesson-entry.ts): some lessons
 * of one graded folder.
 */
import { join } from 'node:path';

/** The test file of a run's job number `index`, in the grader's folder `dir`. */
export function gradedTestFile(dir: string, index: number): string {
  return join(dir, `job-${index}.test.ts`);
}

/** What every test file of the grader holds, for the workbook at `root`: it runs its job of the plan. */
export function gradedTestSource(root: string): string {
  const entry = JSON.stringify(join(root, 'scripts/lib/grader/worker/lesson-entry.ts'));
  return `import { runPlannedJob } from ${entry};\nrunPlannedJob();\n`;
}
