/**
 * The test files the grader writes (runner.ts) and the one vitest project that runs them. Every graded
 * folder's lessons run in files of that one project, named after the folders they grade (their indexes
 * in the request), so a worker that finishes one file takes the next (vitest keeps a worker only for
 * files of the same project): the sandbox client finds a file's first folder from its name, and each
 * lesson of a file of several folders says whose it is (lesson-entry.ts).
 */
import { basename, join } from 'node:path';

/** The vitest project of the grader's test files (vitest.config.ts makes it when WORKBOOK_TARGETS is set). */
export const GRADED_PROJECT = 'lessons:graded';

/** The query a suite is loaded with in a file of several folders: `?folder=3` (see lesson-entry.ts). */
export const FOLDER_QUERY = 'folder';

/**
 * The test file for one part of the lessons of graded folder number `folder`, in the grader's folder
 * `dir`; with `lastFolder`, the file that grades the folders from `folder` to `lastFolder`.
 */
export function gradedTestFile(dir: string, folder: number, part: number, lastFolder = folder): string {
  const folders = lastFolder === folder ? `folder-${folder}` : `folders-${folder}-${lastFolder}`;
  return join(dir, `${folders}-part-${part}.test.ts`);
}

/** The index of the (first) graded folder a test file of the grader belongs to; undefined for any other file. */
export function folderOfTestFile(file: string): number | undefined {
  const match = /^folders?-(\d+)(?:-\d+)?-part-\d+\.test\.ts$/.exec(basename(file));
  return match ? Number(match[1]) : undefined;
}

/** The graded folder with that index in the grader's list (WORKBOOK_TARGETS, once the child is told to start), or undefined. */
export function targetOfFolder(index: number | undefined): string | undefined {
  const listed = process.env.WORKBOOK_TARGETS;
  return listed === undefined || index === undefined ? undefined : (JSON.parse(listed) as string[])[index];
}

/** The folder index in a module id loaded with FOLDER_QUERY (`…/03-win.test.ts?folder=3`), or undefined. */
export function folderOfModuleId(id: string): number | undefined {
  const match = new RegExp(`\\?${FOLDER_QUERY}=(\\d+)$`).exec(id);
  return match ? Number(match[1]) : undefined;
}
