/**
 * Nearly-right hand-ins, for the workbook's own tests (never a model): each is the reference solution
 * of one lesson with one rule the lesson text states broken, written as edits of the reference file.
 * The hidden suites must grade every one of them below 100 on every seed (near-miss.test.ts).
 * A lesson's near misses are in tests/workbook/near-miss/<NN-slug>.ts, exported as `nearMisses`.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../../scripts/lib/core/workbook.ts';
import type { Gradebook, LessonGrade } from '../../../scripts/lib/teacher/gradebook/gradebook.ts';
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

/** A hand-in folder of the whole reference, as a student edition would hold it, with the given files written over it. */
export function writeHandIn(dir: string, files: ReadonlyArray<{ lessonId: string; file: string; source: string }>): void {
  const lessons = join(dir, 'lessons');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ROOT, 'lessons'), lessons, { recursive: true });
  cpSync(join(ROOT, 'solutions'), lessons, { recursive: true, filter: (path) => !path.endsWith('stubs.lock.json') });
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
  hiddenFailed: string[];
}

/**
 * Grades every near miss of the given lessons (one hand-in each, plus the reference as `reference`)
 * with `npm run grade -- --seed S`, once per seed, in `scratch`.
 */
export async function gradeNearMisses(
  lessonIds: string[],
  seeds: number[],
  scratch: string,
): Promise<{ results: NearMissResult[]; reference: Record<number, Record<string, number>> }> {
  const classDir = join(scratch, 'class');
  rmSync(classDir, { recursive: true, force: true });
  const cases: Array<{ lessonId: string; nearMiss: NearMiss; student: string }> = [];
  for (const lessonId of lessonIds) {
    for (const nearMiss of await nearMissesOf(lessonId)) {
      const student = `${lessonId.slice(0, 2)}-${nearMiss.name}`;
      cases.push({ lessonId, nearMiss, student });
      writeHandIn(join(classDir, student), [{ lessonId, file: nearMiss.file, source: nearMissSource(lessonId, nearMiss) }]);
    }
  }
  writeHandIn(join(classDir, 'reference'), []);
  const results: NearMissResult[] = [];
  const reference: Record<number, Record<string, number>> = {};
  for (const seed of seeds) {
    const out = join(scratch, `seed-${seed}`);
    const run = grade([classDir, '--out', out, '--lessons', lessonIds.map((id) => id.slice(0, 2)).join(','), '--seed', String(seed)]);
    if (!existsSync(join(out, 'gradebook.json'))) throw new Error(`grading with seed ${seed} wrote no gradebook:\n${run.stdout}\n${run.stderr}`);
    const book = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Gradebook;
    const lessonsOf = (name: string): Record<string, LessonGrade> => book.students.find((student) => student.name === name)?.lessons ?? {};
    reference[seed] = Object.fromEntries(Object.entries(lessonsOf('reference')).map(([id, lesson]) => [id, lesson.points]));
    for (const { lessonId, nearMiss, student } of cases) {
      const lesson = lessonsOf(student)[lessonId];
      results.push({
        lessonId,
        name: nearMiss.name,
        seed,
        points: lesson?.points ?? Number.NaN,
        visibleFailed: (lesson?.tasks ?? []).reduce((sum, task) => sum + task.total - task.passed - task.hiddenFailed, 0),
        hiddenFailed: (lesson?.hiddenFailures ?? []).map((failure) => failure.name),
      });
    }
  }
  return { results, reference };
}
