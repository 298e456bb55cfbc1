/**
 * Handed-in workbooks: one per student, as a folder (a copy of the pack, a clone, an unzipped
 * archive with or without a folder around it) or as a .zip file. Finds the exercise files inside,
 * and what the student changed that grading ignores (the tests) or cannot grade (missing files).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { PACK_MANIFEST, type PackManifest } from './pack.ts';
import { lessonProgress, readProgress } from './progress.ts';
import { hashText } from './stubs.ts';
import { suitePath, type Lesson } from './workbook.ts';
import { readZip, ZipError } from './zip.ts';

/** One student's hand-in. */
export interface Submission {
  /** The student, from the folder or archive name. */
  name: string;
  /** Where it was found. */
  source: string;
  /** The workbook folder inside it (holding lessons/), when there is one. */
  root?: string;
  /** The folder holding 01-board/, 02-input/, …: what gets graded. */
  lessonsDir?: string;
  /** The pack manifest the student edition carried, when it is there. */
  manifest?: PackManifest;
  /** Why it cannot be graded at all, in plain words. */
  problem?: string;
}

/** How deep inside a hand-in the workbook may sit (an archive often wraps it in a folder or two). */
const MAX_DEPTH = 4;
const LESSON_FOLDER = /^\d\d-[a-z0-9-]+$/;
const SKIPPED = new Set(['node_modules', '__MACOSX']);

/**
 * Every hand-in in a folder, sorted by student name. Archives are unpacked into `scratch`.
 * Loose files other than .zip archives are not hand-ins and are skipped.
 */
export function findSubmissions(dir: string, scratch: string): Submission[] {
  const entries = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name));
  const taken = new Set<string>();
  const submissions: Submission[] = [];
  for (const entry of entries) {
    const source = join(dir, entry.name);
    const isZip = entry.isFile() && entry.name.toLowerCase().endsWith('.zip');
    if (!entry.isDirectory() && !isZip) continue;
    let name = isZip ? entry.name.slice(0, -4) : entry.name;
    if (taken.has(name)) name = `${name} (${isZip ? 'zip' : 'folder'})`;
    taken.add(name);
    if (!isZip) {
      submissions.push(inspect(name, source, source));
      continue;
    }
    const unpacked = join(scratch, `${submissions.length}-${name.replace(/[^\w.-]+/g, '_')}`);
    try {
      for (const file of readZip(readFileSync(source))) {
        mkdirSync(dirname(join(unpacked, file.path)), { recursive: true });
        writeFileSync(join(unpacked, file.path), file.data);
      }
      submissions.push(inspect(name, source, unpacked));
    } catch (error) {
      const reason = error instanceof ZipError ? error.message : String(error);
      submissions.push({ name, source, problem: `the archive could not be unpacked: ${reason}` });
    }
  }
  return submissions.sort((a, b) => a.name.localeCompare(b.name));
}

/** Finds the workbook inside one hand-in. */
function inspect(name: string, source: string, folder: string): Submission {
  const found = locateLessons(folder);
  if (found === undefined) return { name, source, problem: 'no lessons/ folder was found in it' };
  const submission: Submission = { name, source, ...found };
  if (found.root !== undefined) {
    const manifestPath = join(found.root, PACK_MANIFEST);
    try {
      if (existsSync(manifestPath)) submission.manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PackManifest;
    } catch {
      // A broken manifest is the same as none.
    }
  }
  return submission;
}

/**
 * The shallowest folder that holds lessons/NN-slug/ (a whole workbook), or that holds NN-slug/
 * folders itself (only the lessons folder was handed in).
 */
export function locateLessons(folder: string): { root?: string; lessonsDir: string } | undefined {
  let level = [folder];
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth += 1) {
    for (const candidate of level) {
      if (hasLessonFolders(join(candidate, 'lessons'))) return { root: candidate, lessonsDir: join(candidate, 'lessons') };
    }
    for (const candidate of level) {
      if (hasLessonFolders(candidate)) return { lessonsDir: candidate };
    }
    level = level.flatMap((candidate) =>
      readdirSync(candidate, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED.has(entry.name))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((entry) => join(candidate, entry.name)),
    );
  }
  return undefined;
}

function hasLessonFolders(dir: string): boolean {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
  return readdirSync(dir, { withFileTypes: true }).some((entry) => entry.isDirectory() && LESSON_FOLDER.test(entry.name));
}

/** The exercise files of a lesson that are not in the hand-in ("lessons/02-input/input.ts"). */
export function missingFiles(submission: Submission, lesson: Lesson): string[] {
  if (submission.lessonsDir === undefined) return lesson.files.map((file) => `lessons/${lesson.id}/${file}`);
  return lesson.files
    .filter((file) => !existsSync(join(submission.lessonsDir as string, lesson.id, file)))
    .map((file) => `lessons/${lesson.id}/${file}`);
}

/** A test file the student changed or deleted; grading always uses the teacher's copy instead. */
export interface ChangedTest {
  path: string;
  change: 'changed' | 'deleted';
}

/**
 * Test files of the hand-in that differ from both the teacher's copy and the copy the pack handed
 * out (by sha256), for the graded lessons' suites and the shared helpers in tests/support/.
 */
export function changedTests(submission: Submission, teacherRoot: string, lessons: Lesson[]): ChangedTest[] {
  const root = submission.root;
  if (root === undefined || !existsSync(join(root, 'tests'))) return [];
  const handedOut = submission.manifest?.tests ?? {};
  const support = existsSync(join(teacherRoot, 'tests', 'support'))
    ? readdirSync(join(teacherRoot, 'tests', 'support')).map((name) => `tests/support/${name}`)
    : [];
  const paths = [...new Set([...lessons.map(suitePath), ...support, ...Object.keys(handedOut)])].sort();
  const changes: ChangedTest[] = [];
  for (const path of paths) {
    const teacherFile = join(teacherRoot, path);
    const known = new Set<string>();
    if (existsSync(teacherFile)) known.add(hashText(readFileSync(teacherFile, 'utf8')));
    if (handedOut[path] !== undefined) known.add(handedOut[path] as string);
    if (known.size === 0) continue;
    const studentFile = join(root, path);
    if (!existsSync(studentFile)) {
      // Only a file the student edition handed out can have been deleted.
      if (handedOut[path] !== undefined || (submission.manifest === undefined && lessons.some((lesson) => suitePath(lesson) === path))) {
        changes.push({ path, change: 'deleted' });
      }
      continue;
    }
    if (!known.has(hashText(readFileSync(studentFile, 'utf8')))) changes.push({ path, change: 'changed' });
  }
  return changes;
}

/** How many hint levels the student opened per lesson, from the progress file in the hand-in (0 when there is none). */
export function hintsSeen(submission: Submission, lessonId: string): number {
  if (submission.root === undefined) return 0;
  const seen = lessonProgress(readProgress(submission.root), lessonId).hintsSeen;
  return Object.values(seen).reduce((sum, levels) => sum + (typeof levels === 'number' ? levels : 0), 0);
}

/** The path of a hand-in relative to where the grader was started, for messages. */
export function shown(path: string): string {
  return relative(process.cwd(), path) || '.';
}
