/**
 * The authoring invariants: every graded suite passes 100% on solutions/, every test of every task
 * fails on the stubs, stubs are in sync with the solutions, and each lesson's text matches its metadata.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { gradeLessons } from '../../scripts/lib/grading.ts';
import type { LessonScore } from '../../scripts/lib/results.ts';
import { planStubs } from '../../scripts/lib/stubs.ts';
import { listLessons, ROOT } from '../../scripts/lib/workbook.ts';
import { readExamples } from '../support/lesson.ts';

const lessons = listLessons();
const stubsDir = mkdtempSync(join(tmpdir(), 'workbook-stubs-'));
let onSolutions: Map<string, LessonScore>;
let onStubs: Map<string, LessonScore>;

beforeAll(async () => {
  for (const plan of planStubs(ROOT, lessons)) {
    const path = join(stubsDir, plan.exercise.replace(/^lessons\//, ''));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, plan.derived);
  }
  [onSolutions, onStubs] = await Promise.all([
    gradeLessons({ target: join(ROOT, 'solutions'), lessons, hidden: true }),
    gradeLessons({ target: stubsDir, lessons, hidden: true }),
  ]);
});

afterAll(() => rmSync(stubsDir, { recursive: true, force: true }));

test('the workbook has lessons', () => {
  expect(lessons.length).toBeGreaterThan(0);
});

describe.each(lessons.map((lesson) => [lesson.id, lesson] as const))('lesson %s', (_id, lesson) => {
  test('every test passes on the reference solutions', () => {
    const score = onSolutions.get(lesson.id) as LessonScore;
    const failing = score.run.tests.filter((outcome) => outcome.status !== 'passed');
    expect(score.run.problem, 'a problem running the suite').toBeUndefined();
    expect(failing.map((outcome) => `${outcome.name}: ${outcome.failure?.message}`)).toEqual([]);
    expect(score.earned).toBe(100);
  });

  test('every task has tests, and every one of them fails on the stubs', () => {
    const score = onStubs.get(lesson.id) as LessonScore;
    expect(score.run.problem, 'a problem running the suite on the stubs').toBeUndefined();
    for (const task of score.tasks) expect(task.total, `tests of task ${task.number}`).toBeGreaterThan(0);
    const passing = score.run.tests.filter((outcome) => outcome.status === 'passed').map((outcome) => outcome.name);
    expect(passing, 'tests that pass on the stubs').toEqual([]);
  });

  test('every test belongs to a task', () => {
    const score = onSolutions.get(lesson.id) as LessonScore;
    expect(score.run.tests.filter((outcome) => outcome.task === 0).map((outcome) => outcome.name)).toEqual([]);
  });

  test('the exercise files are exactly what `npm run stubs` writes', () => {
    const stale = planStubs(ROOT, [lesson]).filter((plan) => plan.status !== 'same');
    expect(stale.map((plan) => `${plan.exercise} (${plan.status})`)).toEqual([]);
  });

  test('the lesson text has a heading for every task, with its title and points', () => {
    const text = readFileSync(join(ROOT, 'lessons', lesson.id, 'README.md'), 'utf8');
    const headings = [...text.matchAll(/^### (Task \d+: .+)$/gm)].map((match) => match[1]);
    const expected = lesson.tasks.map((task, index) => `Task ${index + 1}: ${task.title} (${task.points} points)`);
    expect(headings).toEqual(expected);
    expect(text).toMatch(/^## Pitfalls$/m);
  });

  test('the lesson text has named examples and the suite uses them', () => {
    const text = readFileSync(join(ROOT, 'lessons', lesson.id, 'README.md'), 'utf8');
    const suite = readFileSync(join(ROOT, 'tests', `${lesson.id}.test.ts`), 'utf8');
    const unused = [...readExamples(text).keys()].filter((name) => !suite.includes(`'${name}'`));
    expect(unused, 'examples in the lesson text that no test reads').toEqual([]);
  });

  test('every task has hints, from gentle to concrete', () => {
    for (const task of lesson.tasks) expect(task.hints.length, `hints of "${task.title}"`).toBeGreaterThanOrEqual(2);
  });
});

test("the README's lesson table lists every lesson with its title and what it builds on", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  for (const lesson of lessons) {
    const file = `lessons/${lesson.id}/${lesson.files[0]}`;
    const buildsOn = lesson.buildsOn.map((id) => id.slice(0, 2)).join(', ') || '—';
    expect(readme, `the README's row for lesson ${lesson.number}`).toContain(`| ${lesson.number} | ${lesson.title} | \`${file}\` | ${buildsOn} |`);
  }
});
