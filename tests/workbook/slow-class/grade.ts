/**
 * Grades a class for slow-class.test.ts with the grader's own engine (runner.ts, as `npm run grade`
 * and `npm run check` do), and prints one line of JSON: how long it took, and per folder and lesson
 * the tests passed, the failure messages (their first 2,000 characters), their kinds and the lesson's problem. Arguments: the seed, the lessons
 * (ids), then the folders; the last folder is the reference.
 */
import { runTargets } from '../../../scripts/lib/grader/command/runner.ts';
import { listLessons, ROOT } from '../../../scripts/lib/core/workbook.ts';

const [seed, lessonIds, ...targets] = process.argv.slice(2);
const lessons = listLessons(ROOT).filter((lesson) => (lessonIds ?? '').split(',').includes(lesson.id));
const started = Date.now();
const runs = await runTargets({ targets, lessons, hidden: true, seed: Number(seed), referenceIndex: targets.length - 1 });
const seconds = (Date.now() - started) / 1000;
const folders = runs.map((lessonRuns) =>
  lessonRuns.map((run) => ({
    lesson: run.lessonId,
    tests: run.tests.length,
    passed: run.tests.filter((test) => test.status === 'passed').length,
    seconds: run.durationMs / 1000,
    failures: run.tests.flatMap((test) => (test.failure === undefined ? [] : [test.failure.message.slice(0, 2000)])),
    kinds: run.tests.flatMap((test) => (test.failure === undefined ? [] : [test.failure.kind])),
    problem: run.problem ?? null,
  })),
);
process.stdout.write(`${JSON.stringify({ seconds, folders })}\n`);
