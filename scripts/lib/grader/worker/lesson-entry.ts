/**
 * What the grader's test files run (runner.ts writes them, each the same two lines): the job the
 * grading plan (contracts/plan.ts) names for the file, one describe block per part of a lesson's
 * suites, which loads that part: the lesson's visible suite, or its hidden suite (which imports the
 * visible one; loaded already, so only the hidden tests register there). A check's file holds some
 * lessons of one folder; a file of class grading holds every lesson of one student, its visible
 * parts before any of its hidden parts (runner.ts, plannedParts). The lessons of one file share one
 * worker, one vm context and the suites' own modules (support code, tables), which costs far less
 * than a file per lesson. Each part still starts with a freshly booted sandbox, and an error while
 * its suite loads fails that lesson only.
 */
import { beforeAll, describe, expect, inject, type SuiteCollector, TestRunner, test } from 'vitest';
import { lessonStarted } from './client.ts';
import { jobOf, planAt } from '../contracts/plan.ts';

/** Registers the lesson parts the plan names for this test file, in order. */
export function runPlannedJob(): void {
  const file = expect.getState().testPath ?? '';
  const job = jobOf(planAt(inject('workbookPlan')), file);
  if (job === undefined) throw new Error(`The grading plan names no lessons for ${file}.`);
  for (const part of job.parts) gradedLesson(part.lesson, part.suite, part.hidden, part.folder);
}

/** The name of the one test a lesson gets when its suite could not be loaded (the reporter turns it into the lesson's load error). */
const LOAD_FAILED = 'the suite of this lesson could not be loaded';

/** The lessons of this file whose visible suite could not be loaded, by folder and lesson id (see `gradedLesson`). */
const notLoaded = new Set<string>();

/**
 * Registers one part of a lesson: a suite file (`hidden`: the hidden suite), loaded inside a describe
 * block that carries the lesson's id and `folder`, the index of the folder it grades in the plan's
 * targets.
 */
function gradedLesson(lessonId: string, suiteFile: string, hidden: boolean, folder: number): void {
  const lesson = `${folder}:${lessonId}`;
  describe(lessonId, { meta: { lesson: lessonId, hiddenSuite: hidden, folder } }, async () => {
    // A hidden suite would load the visible suite that failed once more, and register its tests among
    // the hidden ones: the lesson did not load, and its hidden tests count as failed without running.
    if (hidden && notLoaded.has(lesson)) return;
    // What an earlier lesson's code did while loading (an endless loop, say) is no concern of this one.
    lessonStarted({ freshBoot: false, hidden });
    // No time limit of vitest's: this may replay what a sandbox ended before the lesson had loaded
    // (client.ts, dropHiddenProcesses), each load under its own deadline.
    beforeAll(() => lessonStarted({ freshBoot: true, hidden, lesson: lessonId }), 0);
    try {
      await import(/* @vite-ignore */ suiteFile);
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
