/**
 * What the grader's test files run (runner.ts writes them, each the same two lines): the job the
 * grading plan (contracts/plan.ts) names for the file, one describe block per part of a lesson's
 * suites, which loads that part: the lesson's visible suite, or its hidden suite (which imports the
 * visible one; loaded already, so only the hidden tests register there). A check's file holds some
 * lessons of one folder; a file of class grading holds every lesson of a few students, one student
 * after another, each student's visible parts before any of their hidden parts (runner.ts,
 * plannedParts). The lessons of one file share one worker, one vm context and the suites' own modules
 * (support code, tables), which costs far less than a file per lesson or per student; in a file of
 * several students each student's lessons load their suites afresh (see `suiteOf`) and call that
 * student's code in a sandbox process of its own. Each part still starts with a freshly booted
 * sandbox, and an error while its suite loads fails that lesson only.
 */
import { beforeAll, describe, expect, inject, type SuiteCollector, TestRunner, test } from 'vitest';
import { lessonStarted } from './client.ts';
import { foldersOf, jobOf, planAt } from '../contracts/plan.ts';
import { FOLDER_QUERY } from '../contracts/test-files.ts';

/** Registers the lesson parts the plan names for this test file, in order. */
export function runPlannedJob(): void {
  const file = expect.getState().testPath ?? '';
  const job = jobOf(planAt(inject('workbookPlan')), file);
  if (job === undefined) throw new Error(`The grading plan names no lessons for ${file}.`);
  const shared = foldersOf(job).length > 1;
  for (const part of job.parts) gradedLesson(part.lesson, part.suite, part.hidden, part.folder, shared);
}

/** The name of the one test a lesson gets when its suite could not be loaded (the reporter turns it into the lesson's load error). */
const LOAD_FAILED = 'the suite of this lesson could not be loaded';

/** The lessons of this file whose visible suite could not be loaded, by folder and lesson id (see `gradedLesson`). */
const notLoaded = new Set<string>();

/**
 * Registers one part of a lesson: a suite file (`hidden`: the hidden suite), loaded inside a describe
 * block that carries the lesson's id and `folder`, the index of the folder it grades in the plan's
 * targets (`shared`: in a file of several folders).
 */
function gradedLesson(lessonId: string, suiteFile: string, hidden: boolean, folder: number, shared: boolean): void {
  const lesson = `${folder}:${lessonId}`;
  describe(lessonId, { meta: { lesson: lessonId, hiddenSuite: hidden, folder } }, async () => {
    // A hidden suite would load the visible suite that failed once more, and register its tests among
    // the hidden ones: the lesson did not load, and its hidden tests count as failed without running.
    if (hidden && notLoaded.has(lesson)) return;
    // What an earlier lesson's code did while loading (an endless loop, say) is no concern of this one.
    lessonStarted({ freshBoot: false, hidden }, folder);
    // No time limit of vitest's: before a student's first lesson of a class file this may replay what
    // their sandbox loaded while the suites loaded (client.ts, Session.park), each load under its own deadline.
    beforeAll(() => lessonStarted({ freshBoot: true, hidden, lesson: lessonId }, folder), 0);
    try {
      await import(/* @vite-ignore */ shared ? suiteOf(suiteFile, folder) : suiteFile);
    } catch (error) {
      if (!hidden) notLoaded.add(lesson);
      dropRegistered(TestRunner.getCurrentSuite());
      test(LOAD_FAILED, { meta: { loadFailed: true } }, () => {
        throw error;
      });
    }
  });
}

/**
 * The module id to load a lesson's suite by in a file of several students: each student's lessons
 * need the suite's tests registered afresh, and its `@workbook/...` modules made for that student:
 * the query keeps them apart (vitest loads a module once per id; proxy-module.ts passes the query on
 * to the modules the suite imports, the visible suite of a hidden one included), while the support
 * modules, imported without it, are shared by all.
 */
function suiteOf(suiteFile: string, folder: number): string {
  return `${suiteFile}?${FOLDER_QUERY}=${folder}`;
}

/**
 * Drops whatever the suite registered before its error (tests, describe blocks, hooks): the lesson did
 * not load. The lesson's own start, the first beforeAll hook (registered before the suite was loaded),
 * stays: the failed load still belongs to the lesson's folder.
 */
function dropRegistered(collector: SuiteCollector): void {
  collector.tasks.length = 0;
  if (collector.suite === undefined) return;
  for (const [kind, hooks] of Object.entries(TestRunner.getSuiteHooks(collector.suite))) {
    if (Array.isArray(hooks)) hooks.length = kind === 'beforeAll' ? Math.min(hooks.length, 1) : 0;
  }
}
