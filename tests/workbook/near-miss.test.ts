/**
 * The hidden suites tell correct from nearly correct on every seed: each near miss of
 * tests/workbook/near-miss/ (the reference of one lesson with one rule of its text broken) scores
 * below 100 in its lesson with each of several seeds, and the solutions written from the lesson texts
 * alone (tests/workbook/independent/) score 100 with each of them.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listLessons, ROOT } from '../../scripts/lib/core/workbook.ts';
import type { Gradebook } from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { gradeClass, gradeNearMisses, lessonsWithNearMisses, writeHandIn, type NearMissResult } from './near-miss/near-miss.ts';

/** Seeds of the generated inputs: fixed, so a run can be repeated, and none of them the authors' usual 1 to 5. */
const SEEDS = [7, 4242, 2_000_000_011];

const INDEPENDENT = join(ROOT, 'tests', 'workbook', 'independent');
const scratch = mkdtempSync(join(tmpdir(), 'workbook-near-miss-'));
let results: NearMissResult[] = [];
let independent: Array<{ seed: number; book: Gradebook }> = [];
const styles = existsSync(INDEPENDENT) ? readdirSync(INDEPENDENT).sort() : [];

beforeAll(async () => {
  // The independent solutions are graded in the near misses' classes, each whole (its lessons use its own earlier ones).
  // (No hand-in of the reference beside them: no test reads its points, and the grader grades the reference solutions in every run.)
  const beside = Object.fromEntries(styles.map((style) => [style, join(INDEPENDENT, style)]));
  const graded = await gradeNearMisses(lessonsWithNearMisses(), SEEDS, join(scratch, 'near-misses'), beside, { withReference: false });
  results = graded.results;
  independent = graded.books.map(({ seed, book }) => ({ seed, book: { ...book, students: book.students.filter((student) => styles.includes(student.name)) } }));
  const gradedLessons = new Set(independent.flatMap(({ book }) => book.students.flatMap((student) => Object.keys(student.lessons))));
  const missing = listLessons()
    .map((lesson) => lesson.id)
    .filter((id) => !gradedLessons.has(id));
  if (missing.length > 0) {
    // Lessons without near misses: the independent solutions are graded on them in a class of their own.
    const classDir = join(scratch, 'independent');
    for (const style of styles) {
      writeHandIn(join(classDir, style), []);
      cpSync(join(INDEPENDENT, style), join(classDir, style, 'lessons'), { recursive: true });
    }
    for (const seed of SEEDS) independent.push({ seed, book: gradeClass(classDir, missing, seed, join(scratch, `independent-seed-${seed}`)) });
  }
}, 1_500_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('near misses', () => {
  test('every lesson has at least two near misses', async () => {
    const counts = Object.fromEntries(
      listLessons().map((lesson) => [lesson.id, results.filter((result) => result.lessonId === lesson.id && result.seed === SEEDS[0]).length]),
    );
    expect(Object.entries(counts).filter(([, count]) => count < 2)).toEqual([]);
  });

  test('each near miss scores below 100 in its lesson on every seed', () => {
    const missed = results
      .filter((result) => !(result.points < 100))
      .map((result) => `${result.lessonId} ${result.name}, seed ${result.seed}: ${result.points}`);
    expect(missed).toEqual([]);
  });

  test('each solution written from the lesson texts alone scores 100 on every seed (where the reference did)', () => {
    const below = independent.flatMap(({ seed, book }) => {
      const referenceShort = new Set((book.referenceProblems ?? []).flatMap((problem) => ('lesson' in problem ? [problem.lesson] : [])));
      return book.students.flatMap((student) =>
        Object.entries(student.lessons)
          .filter(([id, lesson]) => lesson.points !== 100 && !referenceShort.has(id))
          .map(
            ([id, lesson]) =>
              `${student.name} ${id}, seed ${seed}: ${lesson.points} (${(lesson.hiddenFailures ?? []).map((failure) => failure.name).join('; ')})`,
          ),
      );
    });
    expect(below).toEqual([]);
    expect(existsSync(INDEPENDENT)).toBe(true);
    // Every style was graded on every lesson with every seed.
    const lessonsGraded = (seed: number, style: string): string[] =>
      independent
        .filter((graded) => graded.seed === seed)
        .flatMap(({ book }) => Object.keys(book.students.find((student) => student.name === style)?.lessons ?? {}))
        .sort();
    const every = listLessons().map((lesson) => lesson.id);
    expect(SEEDS.flatMap((seed) => styles.map((style) => [seed, style, lessonsGraded(seed, style)]))).toEqual(
      SEEDS.flatMap((seed) => styles.map((style) => [seed, style, every])),
    );
  });
});
