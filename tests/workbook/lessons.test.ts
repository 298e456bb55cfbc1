/**
 * The authoring invariants, for every lesson, with the same rules `npm run check-lesson NN` applies
 * to one (scripts/lib/teacher/authoring.ts): every suite, hidden ones included, passes 100% on solutions/
 * and fails every test on the stubs; stubs are in sync with the solutions; the lesson text agrees
 * with its metadata and its tests; the README's lesson table lists the lesson.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { runChecks, runSuites, staticChecks, type Check, type CheckName, type SuiteRuns } from '../../scripts/lib/teacher/authoring.ts';
import { hiddenSuitePath, listLessons, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';

const lessons = listLessons();
let runs: Map<string, SuiteRuns>;

beforeAll(async () => {
  runs = await runSuites(ROOT, lessons, lessons);
});

/** The problems of one rule of a lesson (an empty list when it holds). */
function problems(checks: Check[], name: CheckName): string[] {
  return checks.find((check) => check.name === name)?.problems ?? [`no check named ${name}`];
}

const withHidden = lessons.filter((lesson) => existsSync(join(ROOT, hiddenSuitePath(lesson))));

test('the workbook has lessons', () => {
  expect(lessons.length).toBeGreaterThan(0);
});

describe.each(lessons.map((lesson) => [lesson.id, lesson] as const))('lesson %s', (_id, lesson: Lesson) => {
  const quick = staticChecks(ROOT, lesson, lessons);
  const ran = (): Check[] => runChecks(ROOT, lesson, runs.get(lesson.id) as SuiteRuns);

  test('every test passes on the reference solutions, and belongs to a task', () => {
    expect(problems(ran(), 'reference')).toEqual([]);
    expect((runs.get(lesson.id) as SuiteRuns).onReference.earned).toBe(100);
  });

  test('every task has tests, and every one of them fails on the stubs', () => {
    expect(problems(ran(), 'stub fails')).toEqual([]);
  });

  test('the exercise files are exactly what `npm run stubs` writes', () => {
    expect(problems(quick, 'stubs')).toEqual([]);
  });

  test('the lesson text has a heading for every task, a Pitfalls section, and named examples the suites read', () => {
    expect(problems(quick, 'lesson text')).toEqual([]);
  });

  test('lesson.json: hints from gentle to concrete, lessons it builds on that come before it', () => {
    expect(problems(quick, 'lesson.json')).toEqual([]);
  });

  test('its suites group their tests with lessonTasks and import the graded code as @workbook/…', () => {
    expect(problems(quick, 'suites')).toEqual([]);
  });

  test("the README's lesson table has its row", () => {
    expect(problems(quick, 'readme table')).toEqual([]);
  });
});

describe.each(withHidden.map((lesson) => [hiddenSuitePath(lesson), lesson] as const))('its hidden suite %s', (path, lesson: Lesson) => {
  test(`its hidden suite ${path} is held to the rules: tests in it, 100% on the reference, every test failing on the stubs`, () => {
    const { onReference, onStubs } = runs.get(lesson.id) as SuiteRuns;
    const hidden = onReference.run.tests.filter((outcome) => outcome.hidden);
    expect(hidden.length, `tests in ${path}`).toBeGreaterThan(0);
    expect(hidden.filter((outcome) => outcome.status !== 'passed').map((outcome) => outcome.name)).toEqual([]);
    expect(onStubs.run.tests.filter((outcome) => outcome.hidden && outcome.status === 'passed').map((outcome) => outcome.name)).toEqual([]);
  });
});
