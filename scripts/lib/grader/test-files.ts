/**
 * The test files the grader writes (runner.ts) and the one vitest project that runs them. Every graded
 * folder's lessons run in files of that one project, named after the folder's index in the request, so
 * a worker that finishes one student's file takes the next student's (vitest keeps a worker only for
 * files of the same project): the sandbox client and the reporter find the folder from the file's name.
 */
import { basename, join } from 'node:path';

/** The vitest project of the grader's test files (vitest.config.ts makes it when WORKBOOK_TARGETS is set). */
export const GRADED_PROJECT = 'lessons:graded';

/** The test file for one part of the lessons of graded folder number `folder`, in the grader's folder `dir`. */
export function gradedTestFile(dir: string, folder: number, part: number): string {
  return join(dir, `folder-${folder}-part-${part}.test.ts`);
}

/** The index of the graded folder a test file of the grader belongs to; undefined for any other file. */
export function folderOfTestFile(file: string): number | undefined {
  const match = /^folder-(\d+)-part-\d+\.test\.ts$/.exec(basename(file));
  return match ? Number(match[1]) : undefined;
}
