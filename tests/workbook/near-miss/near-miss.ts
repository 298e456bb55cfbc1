/**
 * Nearly-right hand-ins, for the workbook's own tests (never a model): each is the reference solution
 * of one lesson with one rule the lesson text states broken, written as edits of the reference file.
 * The hidden suites must grade every one of them below 100 on every seed (near-miss.test.ts).
 * A lesson's near misses are in tests/workbook/near-miss/<NN-slug>.ts, exported as `nearMisses`.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runsCodeOf } from '../../../scripts/lib/core/lesson-code.ts';
import { listLessons, ROOT, type Lesson } from '../../../scripts/lib/core/workbook.ts';
import type { Gradebook, HiddenFailure, LessonGrade } from '../../../scripts/lib/teacher/gradebook/gradebook.ts';
import { grade } from '../synthetic-class.ts';

/** One nearly-right hand-in: the reference file of a lesson with `edits` made (each `find` must occur exactly once). */
export interface NearMiss {
  /** Short and unique within the lesson: the hand-in's name in the class ("gives-up-after-8"). */
  name: string;
  /** The rule of the lesson text it breaks, and how ("askMove keeps asking until a line is valid; this gives up after eight"). */
  breaks: string;
  /** The exercise file edited ("input.ts"). */
  file: string;
  edits: ReadonlyArray<readonly [find: string, replace: string]>;
}

const FOLDER = join(ROOT, 'tests', 'workbook', 'near-miss');

/** The lessons that have near misses, in workbook order ("02-input", …). */
export function lessonsWithNearMisses(): string[] {
  return readdirSync(FOLDER)
    .filter((name) => /^\d\d-[\w-]+\.ts$/.test(name))
    .map((name) => name.slice(0, -3))
    .sort();
}

/** A lesson's near misses. */
export async function nearMissesOf(lessonId: string): Promise<NearMiss[]> {
  const module = (await import(pathToFileURL(join(FOLDER, `${lessonId}.ts`)).href)) as { nearMisses: NearMiss[] };
  return module.nearMisses;
}

/** The source of a near miss: its lesson's reference file with its edits made; throws when a `find` is not there exactly once. */
export function nearMissSource(lessonId: string, nearMiss: NearMiss): string {
  let source = readFileSync(join(ROOT, 'solutions', lessonId, nearMiss.file), 'utf8');
  for (const [find, replace] of nearMiss.edits) {
    const count = source.split(find).length - 1;
    if (count !== 1)
      throw new Error(
        `${lessonId} near miss ${nearMiss.name}: the text to edit occurs ${count} times in solutions/${lessonId}/${nearMiss.file}, not once:\n${find}`,
      );
    source = source.replace(find, () => replace);
  }
  return source;
}

/**
 * A hand-in folder of the whole reference, as a student edition would hold it, with the given files
 * written over it; the lessons named in `untouched` keep the stubs the workbook ships instead.
 */
export function writeHandIn(dir: string, files: ReadonlyArray<{ lessonId: string; file: string; source: string }>, untouched: string[] = []): void {
  const lessons = join(dir, 'lessons');
  const solutions = join(ROOT, 'solutions');
  const stubbed = (path: string): boolean =>
    untouched.some((lessonId) => path === join(solutions, lessonId) || path.startsWith(join(solutions, lessonId, '/')));
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ROOT, 'lessons'), lessons, { recursive: true });
  cpSync(solutions, lessons, { recursive: true, filter: (path) => !path.endsWith('stubs.lock.json') && !stubbed(path) });
  for (const { lessonId, file, source } of files) {
    mkdirSync(join(lessons, lessonId), { recursive: true });
    writeFileSync(join(lessons, lessonId, file), source);
  }
}

/** One near miss's result on one seed. */
export interface NearMissResult {
  lessonId: string;
  name: string;
  seed: number;
  points: number;
  /** Tests failed that a student sees too (0 for a near miss only hidden tests find). */
  visibleFailed: number;
  /** The hidden tests that failed, as the teacher's gradebook names them. */
  hiddenFailed: HiddenFailure[];
}

/** Every lesson whose code a lesson runs, directly or through another (lesson.json's buildsOn, as lesson-code.ts reads it). */
function runsCodeOfAll(id: string, byId: Map<string, Lesson>): Set<string> {
  const found = new Set<string>();
  const visit = (current: string): void => {
    const lesson = byId.get(current);
    if (lesson === undefined) return;
    for (const earlier of runsCodeOf(lesson)) {
      if (found.has(earlier)) continue;
      found.add(earlier);
      visit(earlier);
    }
  };
  visit(id);
  return found;
}

/**
 * The lessons in groups none of which runs another's code: the near misses of a group's lessons can
 * share hand-ins (one near miss per lesson each) without one lesson's mistake failing another.
 */
export function apartGroups(lessonIds: string[]): string[][] {
  const byId = new Map(listLessons().map((lesson) => [lesson.id, lesson]));
  const groups: string[][] = [];
  for (const id of lessonIds) {
    const apart = (group: string[]): boolean => group.every((other) => !runsCodeOfAll(id, byId).has(other) && !runsCodeOfAll(other, byId).has(id));
    const group = groups.find(apart);
    if (group) group.push(id);
    else groups.push([id]);
  }
  return groups;
}

/** Grades a class folder with one seed and returns its gradebook; throws with the grader's output when it wrote none. */
export function gradeClass(classDir: string, lessonIds: string[], seed: number, out: string): Gradebook {
  const run = grade([classDir, '--out', out, '--lessons', lessonIds.map((id) => id.slice(0, 2)).join(','), '--seed', String(seed)]);
  if (!existsSync(join(out, 'gradebook.json'))) throw new Error(`grading with seed ${seed} wrote no gradebook:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Gradebook;
}

/** A student's lessons in a gradebook (none when the student is not there). */
function lessonsOf(book: Gradebook, name: string): Record<string, LessonGrade> {
  return book.students.find((student) => student.name === name)?.lessons ?? {};
}

/**
 * Grades every near miss of the given lessons with `npm run grade -- --seed S`, once per seed, in
 * `scratch`: one class per group of lessons that run none of each other's code, each hand-in holding
 * one near miss of each lesson of its group over the reference (a lesson of the group it holds no
 * near miss of keeps its stubs: no lesson of the group runs its code, so only time would be spent on
 * it), beside the reference itself (the control: `reference` has its points per seed and lesson;
 * `withReference: false` leaves it out). `beside` names more hand-ins for every class (name → a
 * folder of lesson folders written whole over the reference); `books` has every class's gradebook,
 * for what they scored.
 */
export async function gradeNearMisses(
  lessonIds: string[],
  seeds: number[],
  scratch: string,
  beside: Record<string, string> = {},
  { withReference = true }: { withReference?: boolean } = {},
): Promise<{ results: NearMissResult[]; reference: Record<number, Record<string, number>>; books: Array<{ seed: number; book: Gradebook }> }> {
  const results: NearMissResult[] = [];
  const reference: Record<number, Record<string, number>> = {};
  const books: Array<{ seed: number; book: Gradebook }> = [];
  for (const [index, group] of apartGroups(lessonIds).entries()) {
    const classDir = join(scratch, `class-${index + 1}`);
    rmSync(classDir, { recursive: true, force: true });
    const byLesson = new Map<string, NearMiss[]>();
    for (const lessonId of group) byLesson.set(lessonId, await nearMissesOf(lessonId));
    const size = Math.max(0, ...[...byLesson.values()].map((list) => list.length));
    const cases: Array<{ lessonId: string; nearMiss: NearMiss; student: string }> = [];
    for (let number = 0; number < size; number += 1) {
      const student = `near-miss-${number + 1}`;
      const held = group.flatMap((lessonId) => {
        const nearMiss = byLesson.get(lessonId)?.[number];
        return nearMiss === undefined ? [] : [{ lessonId, nearMiss }];
      });
      for (const entry of held) cases.push({ ...entry, student });
      writeHandIn(
        join(classDir, student),
        held.map(({ lessonId, nearMiss }) => ({ lessonId, file: nearMiss.file, source: nearMissSource(lessonId, nearMiss) })),
        group.filter((lessonId) => !held.some((entry) => entry.lessonId === lessonId)),
      );
    }
    if (withReference) writeHandIn(join(classDir, 'reference'), []);
    for (const [name, folder] of Object.entries(beside)) {
      writeHandIn(join(classDir, name), []);
      cpSync(folder, join(classDir, name, 'lessons'), { recursive: true });
    }
    for (const seed of seeds) {
      const book = gradeClass(classDir, group, seed, join(scratch, `class-${index + 1}-seed-${seed}`));
      books.push({ seed, book });
      reference[seed] = { ...reference[seed], ...Object.fromEntries(Object.entries(lessonsOf(book, 'reference')).map(([id, lesson]) => [id, lesson.points])) };
      for (const { lessonId, nearMiss, student } of cases) {
        const lesson = lessonsOf(book, student)[lessonId];
        results.push({
          lessonId,
          name: nearMiss.name,
          seed,
          points: lesson?.points ?? Number.NaN,
          visibleFailed: (lesson?.tasks ?? []).reduce((sum, task) => sum + task.total - task.passed - task.hiddenFailed, 0),
          hiddenFailed: lesson?.hiddenFailures ?? [],
        });
      }
    }
  }
  return { results, reference, books };
}
