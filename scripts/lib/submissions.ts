/**
 * Handed-in workbooks: one per student, as a folder (a copy of the pack, a clone, an unzipped
 * archive with or without a folder around it) or as a .zip file. Finds the exercise files inside,
 * and what the student changed that grading ignores (the tests) or cannot grade (missing files).
 */
import {
  chmodSync,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { PACK_MANIFEST, type PackManifest } from './pack.ts';
import { lessonProgress, progressPath, type Progress } from './progress.ts';
import { hashText } from './stubs.ts';
import { suitePath, UsageError, type Lesson } from './workbook.ts';
import { ARCHIVE_LIMITS, formatBytes, readZip, ZipError } from './zip.ts';

export { ARCHIVE_LIMITS, formatBytes };

/** The most an exercise file may hold to be graded (a private copy never holds more). */
export const EXERCISE_FILE_LIMIT = 256 * 1024;
/** The most a file the grader reads from a hand-in for notes (manifest, progress, tests) may hold. */
const NOTE_FILE_LIMIT = 1024 * 1024;

/** One student's hand-in. */
export interface Submission {
  /** The student, from the folder or archive name. */
  name: string;
  /** Where it was found. */
  source: string;
  /** The folder it was read from: the student's folder, or where its archive was unpacked. */
  folder?: string;
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
/** Folders never searched in a hand-in, nor unpacked from its archive. */
const SKIPPED = new Set(['node_modules', '__MACOSX', '.git']);

/** True for an archive entry inside a folder that grading never looks at. */
function isSkippedPath(path: string): boolean {
  return path.split('/').some((part) => SKIPPED.has(part));
}

/**
 * Every hand-in in a folder, sorted by student name. Archives are unpacked into `scratch`, within
 * ARCHIVE_LIMITS. Loose files other than .zip archives are not hand-ins and are skipped; a symbolic
 * link is never followed (it becomes a hand-in that cannot be graded, with a note).
 */
export function findSubmissions(dir: string, scratch: string): Submission[] {
  const entries = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name));
  const taken = new Set<string>();
  const submissions: Submission[] = [];
  for (const entry of entries) {
    const source = join(dir, entry.name);
    const isZip = entry.name.toLowerCase().endsWith('.zip');
    if (entry.isSymbolicLink()) {
      // Only looked at (never opened) to tell whether it would have been a hand-in.
      const target = statSync(source, { throwIfNoEntry: false });
      if (target?.isDirectory() || (isZip && target?.isFile())) {
        submissions.push({ name: isZip ? entry.name.slice(0, -4) : entry.name, source, problem: 'it is a symbolic link, which is never followed' });
      }
      continue;
    }
    const isArchive = isZip && entry.isFile();
    if (!entry.isDirectory() && !isArchive) continue;
    let name = isArchive ? entry.name.slice(0, -4) : entry.name;
    if (taken.has(name)) name = `${name} (${isArchive ? 'zip' : 'folder'})`;
    taken.add(name);
    if (!isArchive) {
      submissions.push(inspect(name, source, source));
      continue;
    }
    const unpacked = join(scratch, `${submissions.length}-${name.replace(/[^\w.-]+/g, '_')}`);
    try {
      unpackInto(readArchiveFile(source), unpacked);
      submissions.push(inspect(name, source, unpacked));
    } catch (error) {
      const reason = error instanceof ZipError ? error.message : String(error);
      submissions.push({ name, source, problem: `the archive could not be unpacked: ${reason}` });
    }
  }
  return submissions.sort((a, b) => a.name.localeCompare(b.name));
}

/** The bytes of a .zip hand-in, refused unread when the file is larger than an archive may be. */
function readArchiveFile(path: string): Buffer {
  if (lstatSync(path).size > ARCHIVE_LIMITS.archiveBytes) throw new ZipError(`the archive is larger than ${formatBytes(ARCHIVE_LIMITS.archiveBytes)}`);
  return readFileSync(path);
}

/**
 * Unpacks an archive into a new folder: every entry is read and checked against the limits first,
 * so a refused archive writes nothing. Folders grading never looks at (node_modules, .git) stay packed.
 */
function unpackInto(archive: Buffer, dir: string): void {
  const files = readZip(archive, { skip: isSkippedPath });
  mkdirSync(dir, { recursive: true });
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.data, { flag: 'wx', mode: 0o644 });
  }
}

/** Finds the workbook inside one hand-in. */
function inspect(name: string, source: string, folder: string): Submission {
  const found = locateLessons(folder);
  if (found === undefined) return { name, source, folder, problem: 'no lessons/ folder was found in it' };
  const submission: Submission = { name, source, folder, ...found };
  if (found.root !== undefined) {
    const manifest = readPlainFile(found.root, PACK_MANIFEST, NOTE_FILE_LIMIT);
    try {
      // Only its test-file hashes are used, for notes; which lessons are graded never comes from it.
      if (manifest !== undefined) submission.manifest = JSON.parse(manifest.toString('utf8')) as PackManifest;
    } catch {
      // A broken manifest is the same as none.
    }
  }
  return submission;
}

/**
 * The shallowest folder that holds lessons/NN-slug/ (a whole workbook), or that holds NN-slug/
 * folders itself (only the lessons folder was handed in). Symbolic links are never followed.
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

/** True when a folder (itself no link) holds NN-slug/ folders (no links either). */
function hasLessonFolders(dir: string): boolean {
  if (!isPlainFolder(dir)) return false;
  return readdirSync(dir, { withFileTypes: true }).some((entry) => entry.isDirectory() && LESSON_FOLDER.test(entry.name));
}

/** True when a path is a folder itself, not a link to one. */
function isPlainFolder(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** True when a hand-in has a folder (not a link) for a lesson: what makes a lesson count as handed in. */
export function hasLessonFolder(submission: Submission, lessonId: string): boolean {
  return submission.lessonsDir !== undefined && isPlainFolder(submission.lessonsDir) && isPlainFolder(join(submission.lessonsDir, lessonId));
}

/**
 * The exercise files of a lesson that are not in the hand-in as plain files ("lessons/02-input/input.ts");
 * a link or anything else in a file's place counts as missing (privateCopy says why).
 */
export function missingFiles(submission: Submission, lesson: Lesson): string[] {
  const lessonsDir = submission.lessonsDir;
  return lesson.files
    .filter((file) => lessonsDir === undefined || examine(dirname(lessonsDir), join(lessonsDir, lesson.id, file)).kind !== 'file')
    .map((file) => `lessons/${lesson.id}/${file}`);
}

/** What lies at a path, looked at without following links: a plain file and its size, nothing, or something refused. */
type Found = { kind: 'file'; size: number } | { kind: 'missing' } | { kind: 'refused'; at: string; what: string; folder: boolean };

/**
 * Looks at every path component from below `base` down to `path` with lstat: each must be a plain
 * folder, and the last a plain file. Nothing is followed, opened or read.
 */
function examine(base: string, path: string): Found {
  const parts = relative(base, path).split(sep);
  let at = base;
  for (const [index, part] of parts.entries()) {
    at = join(at, part);
    const stats = lstatSync(at, { throwIfNoEntry: false });
    if (stats === undefined) return { kind: 'missing' };
    const last = index === parts.length - 1;
    if (last && stats.isFile()) return { kind: 'file', size: stats.size };
    if (last || !stats.isDirectory()) return { kind: 'refused', at, what: kindOf(stats), folder: !last };
  }
  return { kind: 'missing' };
}

/** What a path is, in plain words, for a note. */
function kindOf(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFile()) return 'a file';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isBlockDevice() || stats.isCharacterDevice()) return 'a device';
  return 'not a plain file';
}

/**
 * The bytes of a plain file, read without following a link or blocking on a pipe, when it holds
 * at most `maxBytes`; undefined otherwise. Every component below `base` is checked first.
 */
function readPlainFile(base: string, path: string, maxBytes: number): Buffer | undefined {
  const full = join(base, path);
  const found = examine(base, full);
  if (found.kind !== 'file' || found.size > maxBytes) return undefined;
  let fd: number;
  try {
    fd = openSync(full, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) return buffer.subarray(0, length);
      length += read;
      if (length > maxBytes) return undefined; // it grew since it was looked at
    }
  } finally {
    closeSync(fd);
  }
}

/** A private copy of a hand-in's exercise files, and why some were left out. */
export interface PrivateCopy {
  /** The folder holding NN-slug/<file> for the lessons copied: grade this, never the hand-in. */
  lessonsDir: string;
  /** What was refused, in plain words ("lessons/01-board/board.ts is a symbolic link; …"). */
  notes: string[];
}

/**
 * Copies, for each lesson, only the exercise files its lesson.json names from the hand-in into
 * `destDir/NN-slug/file` (a new or empty folder), as fresh files with mode 0644. Only plain files
 * of at most EXERCISE_FILE_LIMIT bytes, below plain folders, are copied; a link, folder, pipe or
 * device in their place, or in place of a folder above them, is refused, never followed, and noted.
 * Missing files are simply absent from the copy.
 */
export function privateCopy(submission: Submission, lessons: Lesson[], destDir: string): PrivateCopy {
  mkdirSync(destDir, { recursive: true });
  const notes = new Set<string>();
  const lessonsDir = submission.lessonsDir;
  if (lessonsDir === undefined) return { lessonsDir: destDir, notes: [] };
  const base = submission.folder ?? submission.root ?? dirname(lessonsDir);
  const shownPath = (path: string): string => pathInHandIn(path, lessonsDir, base);
  for (const lesson of lessons) {
    for (const file of lesson.files) {
      const source = join(lessonsDir, lesson.id, file);
      const found = examine(base, source);
      if (found.kind === 'missing') continue;
      if (found.kind === 'refused') {
        const where = shownPath(found.at);
        notes.add(found.folder ? `${where} is ${found.what}, not a folder; nothing in it is graded` : `${where} is ${found.what}; only plain files are graded`);
        continue;
      }
      if (found.size > EXERCISE_FILE_LIMIT) {
        notes.add(`${shownPath(source)} is larger than ${formatBytes(EXERCISE_FILE_LIMIT)}, the most an exercise file may hold; it was not graded`);
        continue;
      }
      const data = readPlainFile(base, relative(base, source), EXERCISE_FILE_LIMIT);
      if (data === undefined) {
        notes.add(`${shownPath(source)} changed while it was copied or could not be read; it was not graded`);
        continue;
      }
      const target = join(destDir, lesson.id, file);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, data, { flag: 'wx', mode: 0o644 });
      chmodSync(target, 0o644);
    }
  }
  return { lessonsDir: destDir, notes: [...notes] };
}

/** A path inside a hand-in as its student knows it: "lessons/01-board/board.ts", else relative to the hand-in. */
function pathInHandIn(path: string, lessonsDir: string, base: string): string {
  const inLessons = path === lessonsDir || path.startsWith(lessonsDir + sep);
  return (inLessons ? join('lessons', relative(lessonsDir, path)) : relative(base, path)).split(sep).join('/');
}

/**
 * The lessons a teacher's pack folder (made by `npm run pack`) assigned, from its .workbook/pack.json.
 * Throws a UsageError when the folder holds no pack manifest or it names lessons this workbook lacks.
 */
export function lessonsOfPack(packDir: string, all: Lesson[]): Lesson[] {
  const path = join(packDir, PACK_MANIFEST);
  if (!existsSync(path)) throw new UsageError(`${shown(packDir)} is not a pack made by npm run pack: it has no ${PACK_MANIFEST}.`);
  let assigned: unknown;
  try {
    assigned = (JSON.parse(readFileSync(path, 'utf8')) as { assigned?: unknown }).assigned;
  } catch {
    throw new UsageError(`${shown(path)} is not valid JSON; make the pack again with npm run pack.`);
  }
  if (!Array.isArray(assigned) || !assigned.every((id: unknown): id is string => typeof id === 'string') || assigned.length === 0) {
    throw new UsageError(`${shown(path)} assigns no lessons, so there is nothing to grade.`);
  }
  const unknown = assigned.filter((id) => !all.some((lesson) => lesson.id === id));
  if (unknown.length > 0) throw new UsageError(`${shown(path)} assigns ${unknown.join(', ')}, which this workbook does not have.`);
  return all.filter((lesson) => assigned.includes(lesson.id));
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
  if (root === undefined || !isPlainFolder(join(root, 'tests'))) return [];
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
    if (examine(root, studentFile).kind === 'missing') {
      // Only a file the student edition handed out can have been deleted.
      if (handedOut[path] !== undefined || (submission.manifest === undefined && lessons.some((lesson) => suitePath(lesson) === path))) {
        changes.push({ path, change: 'deleted' });
      }
      continue;
    }
    // A link, a pipe or an oversized file in a test's place counts as a change, unread.
    const student = readPlainFile(root, path, NOTE_FILE_LIMIT);
    if (student === undefined || !known.has(hashText(student.toString('utf8')))) changes.push({ path, change: 'changed' });
  }
  return changes;
}

/**
 * How many hint levels the student opened per lesson, from the progress file in the hand-in (0 when
 * there is none, or it is a link, a pipe or malformed).
 */
export function hintsSeen(submission: Submission, lessonId: string): number {
  const root = submission.root;
  if (root === undefined) return 0;
  const text = readPlainFile(root, relative(root, progressPath(root)), NOTE_FILE_LIMIT);
  let progress: Progress;
  try {
    progress = JSON.parse(text?.toString('utf8') ?? '') as Progress;
  } catch {
    return 0;
  }
  if (progress?.version !== 1 || typeof progress.lessons !== 'object' || progress.lessons === null) return 0;
  const seen = lessonProgress(progress, lessonId).hintsSeen ?? {};
  if (typeof seen !== 'object' || seen === null) return 0;
  return Object.values(seen).reduce((sum, levels) => sum + (typeof levels === 'number' ? levels : 0), 0);
}

/** The path of a hand-in relative to where the grader was started, for messages. */
export function shown(path: string): string {
  return relative(process.cwd(), path) || '.';
}
