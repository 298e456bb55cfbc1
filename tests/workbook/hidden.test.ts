/**
 * The hidden suites against overfitting, through `npm run grade`: one class of "memorising" hand-ins
 * (tests/workbook/memorising/: the visible tests' inputs answered right, anything else wrong) beside
 * a correct solution written from the lesson text alone (the first style of tests/workbook/independent/;
 * near-miss.test.ts holds every style to 100 on several seeds). Every memorised lesson must score
 * below 100 with only hidden tests failing; the run's seed is in the gradebook, and grading again with
 * that --seed gives the same results. A counterexample reaches the teacher's gradebook, never feedback.
 *
 * A memorised lesson that ran another memorised lesson's code (lesson 05 draws its board with lesson
 * 01's code) would fail visible tests through it, so the memorised lessons are shared out among as
 * few hand-ins as needed that no one of them runs another's code, the other lessons of each being
 * the reference.
 *
 * The data the hidden suites read instead of working it out for every hand-in (positions-table.ts,
 * foreign-digits.ts) must be what the trusted models and this Node's Unicode tables give.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../scripts/lib/teacher/csv.ts';
import { feedbackFolder, lessonNotesText, type Gradebook, type LessonGrade, type StudentGrade } from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { listLessons, ROOT, UsageError } from '../../scripts/lib/core/workbook.ts';
import { parseSeed } from '../../scripts/lib/grader/command/runner.ts';
import { grade } from './synthetic-class.ts';
import { positionsTableFromModels } from '../hidden/support/positions.ts';
import { POSITIONS_TABLE } from '../hidden/support/positions-table.ts';
import { digitsOfUnicode, foreignDigits } from '../hidden/support/foreign-digits.ts';

const FIXTURES = join(ROOT, 'tests', 'workbook');
const MEMORISING = 'memorising';
const INDEPENDENT = join(FIXTURES, 'independent');

/** The lesson folders (01-board, …) a fixture folder holds. */
function lessonsIn(folder: string): string[] {
  if (!existsSync(folder)) return [];
  const known = new Set(listLessons().map((lesson) => lesson.id));
  return readdirSync(folder)
    .filter((name) => known.has(name))
    .sort();
}

/** Every lesson a lesson's code may run: those it builds on, and theirs. */
function runsCodeOf(id: string): Set<string> {
  const byId = new Map(listLessons().map((lesson) => [lesson.id, lesson]));
  const found = new Set<string>();
  const visit = (current: string): void => {
    for (const earlier of byId.get(current)?.buildsOn ?? []) {
      if (found.has(earlier)) continue;
      found.add(earlier);
      visit(earlier);
    }
  };
  visit(id);
  return found;
}

/** The memorised lessons in groups, none of which runs the code of another lesson of its group. */
function independentGroups(lessons: string[]): string[][] {
  const groups: string[][] = [];
  for (const id of lessons) {
    const apart = (group: string[]): boolean => group.every((other) => !runsCodeOf(id).has(other) && !runsCodeOf(other).has(id));
    const group = groups.find(apart);
    if (group) group.push(id);
    else groups.push([id]);
  }
  return groups;
}

/** A hand-in of the class: its fixture lessons, written over the reference (memorising) or over the stubs. */
interface HandIn {
  name: string;
  folder: string;
  lessons: string[];
  memorising: boolean;
}

/** The hand-ins of the class: the memorising ones, and one per style of independent solutions. */
const handIns: HandIn[] = [
  ...independentGroups(lessonsIn(join(FIXTURES, MEMORISING))).map((lessons, index) => ({
    name: `${MEMORISING}-${index + 1}`,
    folder: join(FIXTURES, MEMORISING),
    lessons,
    memorising: true,
  })),
  // One independent solution as the control: near-miss.test.ts holds both styles to 100 on several seeds.
  ...(existsSync(INDEPENDENT) ? readdirSync(INDEPENDENT).sort().slice(0, 1) : []).map((style) => ({
    name: `independent-${style}`,
    folder: join(INDEPENDENT, style),
    lessons: lessonsIn(join(INDEPENDENT, style)),
    memorising: false,
  })),
];
const memorisingHandIns = handIns.filter((handIn) => handIn.memorising);
const graded = [...new Set(handIns.flatMap((handIn) => handIn.lessons))].sort();

const scratch = mkdtempSync(join(tmpdir(), 'workbook-hidden-test-'));
const classDir = join(scratch, 'class');
let first: { status: number | null; stdout: string; stderr: string };
let replay: { status: number | null; stdout: string; stderr: string };
let book: Gradebook;
let again: Gradebook;

const student = (gradebook: Gradebook, name: string): StudentGrade => gradebook.students.find((candidate) => candidate.name === name) as StudentGrade;

/** A student's hand-in: the stubs of the student edition (the reference, for a memorising one), with the fixture's lessons written over them. */
function writeHandIn({ name, folder, lessons, memorising }: HandIn): void {
  const lessonsDir = join(classDir, name, 'lessons');
  cpSync(join(ROOT, 'lessons'), lessonsDir, { recursive: true });
  if (memorising) cpSync(join(ROOT, 'solutions'), lessonsDir, { recursive: true, filter: (path) => !path.endsWith('stubs.lock.json') });
  for (const id of lessons) cpSync(join(folder, id), join(lessonsDir, id), { recursive: true });
}

/** True when the reference got 100 on the lesson in that run (the gradebook lists the lessons where it did not). */
function referenceFull(gradebook: Gradebook, id: string): boolean {
  return !(gradebook.referenceProblems ?? []).some((problem) => 'lesson' in problem && problem.lesson === id);
}

/** What a grade says about how the code did (not when it was graded): points, status, tasks, hidden failures. */
function results(gradebook: Gradebook): Record<string, Record<string, LessonGrade>> {
  return Object.fromEntries(gradebook.students.map((candidate) => [candidate.name, candidate.lessons]));
}

describe('hidden suites against memorised answers', () => {
  beforeAll(() => {
    mkdirSync(classDir, { recursive: true });
    for (const handIn of handIns) writeHandIn(handIn);
    const out = join(scratch, 'first');
    first = grade([classDir, '--out', out, '--lessons', graded.map((id) => id.slice(0, 2)).join(',')]);
    book = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Gradebook;
    replay = grade([classDir, '--out', join(scratch, 'replay'), '--lessons', graded.map((id) => id.slice(0, 2)).join(','), '--seed', String(book.seed)]);
    again = JSON.parse(readFileSync(join(scratch, 'replay', 'gradebook.json'), 'utf8')) as Gradebook;
  }, 900_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test('grading says the seed and how to replay it', () => {
    // Exit 1 means the reference lost points (listed in the gradebook); lessons.test.ts holds the suites to 100%.
    expect([0, 1], first.stdout + first.stderr).toContain(first.status);
    expect(book.seed).toEqual(expect.any(Number));
    expect(first.stdout).toContain(`seed ${book.seed}; replay with --seed ${book.seed}`);
  });

  test.each(memorisingHandIns.flatMap((handIn) => handIn.lessons.map((id) => [id, handIn.name])))(
    'the memorising hand-in scores below 100 on %s, failing only hidden tests (%s)',
    (id, name) => {
      const grade = student(book, name).lessons[id] as LessonGrade;
      expect(grade.points, `${id}: ${lessonNotesText(grade) ?? ''}`).toBeLessThan(100);
      const visibleFailures = grade.tasks.map((task) => task.total - task.passed - task.hiddenFailed);
      // Unless a busy machine stopped the reference too (then a slow visible test may have been stopped here as well).
      if (referenceFull(book, id))
        expect(visibleFailures, `${id}: visible tests failed per task (the memorised answers must pass them all)`).toEqual(grade.tasks.map(() => 0));
    },
  );

  test('the seed is in gradebook.json and gradebook.html, once (not on every row of gradebook.csv)', () => {
    const rows = parseCsv(readFileSync(join(scratch, 'first', 'gradebook.csv'), 'utf8'));
    expect(rows[0]).not.toContain('seed');
    expect(book.seed).toEqual(expect.any(Number));
    expect(readFileSync(join(scratch, 'first', 'gradebook.html'), 'utf8')).toContain(`--seed ${book.seed}`);
  });

  test("a counterexample reaches the teacher's gradebook, and never the student's feedback", () => {
    const details = memorisingHandIns.flatMap((handIn) =>
      Object.values(student(book, handIn.name).lessons).flatMap((grade) => (grade.hiddenFailures ?? []).map((failure) => failure.detail ?? '')),
    );
    expect(
      details.some((detail) => detail.startsWith('Counterexample: ')),
      details.join('\n'),
    ).toBe(true);
    expect(readFileSync(join(scratch, 'first', 'gradebook.html'), 'utf8')).toContain('<summary>counterexample</summary>');
    for (const handIn of memorisingHandIns) {
      const feedback = readFileSync(join(scratch, 'first', 'feedback', feedbackFolder(handIn.name), 'feedback.md'), 'utf8');
      expect(feedback).not.toMatch(/counterexample|seed/i);
      expect(feedback).toMatch(/hidden tests? failed/);
    }
  });

  test('grading again with --seed gives the same results, counterexamples included', () => {
    expect([0, 1], replay.stdout + replay.stderr).toContain(replay.status);
    expect(again.seed).toBe(book.seed);
    // A busy machine can stop a slow test by its time limit in one run and not the other: lessons where the
    // reference lost points in either run are left out (the reference is the control).
    const steady = (gradebook: Gradebook): Record<string, Record<string, LessonGrade>> => {
      const all = results(gradebook);
      return Object.fromEntries(
        Object.entries(all).map(([name, lessons]) => [
          name,
          Object.fromEntries(Object.entries(lessons).filter(([id]) => referenceFull(book, id) && referenceFull(again, id))),
        ]),
      );
    };
    expect(steady(again)).toEqual(steady(book));
  });

  test('--seed takes only a whole number from 0 to 2^31 - 1', () => {
    // The command refuses one with a usage error; every other it refuses is refused by the same reading of the option.
    const refused = grade([classDir, '--seed=1.5']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`--seed takes a whole number from 0 to ${2 ** 31 - 1}`);
    for (const seed of ['-1', 'abc', '1.5', '', '1e3', String(2 ** 31)]) expect(() => parseSeed(seed), seed).toThrow(UsageError);
    expect([parseSeed('0'), parseSeed(String(2 ** 31 - 1))]).toEqual([0, 2 ** 31 - 1]);
  });
});

describe("the hidden suites' data", () => {
  test('positions-table.ts holds what the models give on every reachable position (npx tsx tests/hidden/support/make-positions-table.ts writes it)', () => {
    expect(POSITIONS_TABLE.trim()).toBe(positionsTableFromModels());
  });

  test("foreign-digits.ts lists every decimal digit above U+007F this Node's Unicode tables know", () => {
    expect(foreignDigits().join(' ')).toBe(digitsOfUnicode().join(' '));
  });
});
