/**
 * What the grader's test files run (runner.ts writes them, one per folder and group of lessons): one
 * describe block per lesson, which loads that lesson's suite (the visible one, or the hidden one, which
 * runs the visible one too). The lessons of one file share one worker, one vm context, one set of the
 * suites' own modules and one sandbox process, which costs far less than a file per lesson. Each lesson
 * still starts with a freshly booted sandbox, and an error while its suite loads fails that lesson only.
 */
import { beforeAll, describe, type SuiteCollector, TestRunner, test } from 'vitest';
import { lessonStarted } from './sandbox/client.ts';

/** The name of the one test a lesson gets when its suite could not be loaded (the reporter turns it into the lesson's load error). */
const LOAD_FAILED = 'the suite of this lesson could not be loaded';

/** Registers one lesson: its suite file, loaded inside a describe block that carries the lesson's id. */
export function gradedLesson(lessonId: string, suiteFile: string, hidden: boolean): void {
  describe(lessonId, { meta: { lesson: lessonId, hiddenSuite: hidden } }, async () => {
    // What an earlier lesson's code did while loading (an endless loop, say) is no concern of this one.
    lessonStarted({ freshBoot: false });
    beforeAll(() => lessonStarted({ freshBoot: true }));
    try {
      await import(/* @vite-ignore */ suiteFile);
    } catch (error) {
      dropRegistered(TestRunner.getCurrentSuite());
      test(LOAD_FAILED, { meta: { loadFailed: true } }, () => {
        throw error;
      });
    }
  });
}

/** Drops whatever the suite registered before its error (tests, describe blocks, hooks): the lesson did not load. */
function dropRegistered(collector: SuiteCollector): void {
  collector.tasks.length = 0;
  if (collector.suite === undefined) return;
  for (const hooks of Object.values(TestRunner.getSuiteHooks(collector.suite))) {
    if (Array.isArray(hooks)) hooks.length = 0;
  }
}
