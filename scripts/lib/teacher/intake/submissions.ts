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
  writeFileSync,
  type Stats,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { PACK_MANIFEST, type PackManifest } from '../pack/manifest.ts';
import type { Platform } from './platforms.ts';
import type { RosterEntry } from './roster.ts';
import { lessonProgress, progressPath, type Progress } from '../../core/progress.ts';
import { hashText } from '../../core/stubs.ts';
import { LESSON_FOLDER, suitePath, UsageError, type Lesson } from '../../core/workbook.ts';
import { ARCHIVE_LIMITS, newestEntryTime, readZip, ZipError, type ArchiveLimits } from './zip.ts';
import { printable } from '../../core/text.ts';
import { shownPath } from '../../command-line/cli.ts';
import type { IntakeNote, PathKind } from '../../command-line/intake-notes.ts';
import type { HandInNote, UnusableWhy } from '../gradebook/gradebook-types.ts';

export { ARCHIVE_LIMITS };

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
  /** Why it cannot be graded at all, as data (put into words where it is shown: note-words.ts). */
  problem?: HandInProblem;
  /** The layout it came in: a learning platform's download, or a plain folder or archive. */
  platform?: Platform;
  /** True when it is an archive itself (its first entry in the class folder), not a folder. */
  archive?: true;
  /** The platform's own id of the student (Moodle's participant number, Canvas's user ID, a GitHub username). */
  platformId?: string;
  /** Every name it goes by (its names in the class folder, the student's name, the platform id), to find it in a class list. */
  keys?: string[];
  /** Every folder its files lie in (its own folder, unpacked archives, loose files gathered): searched for near misses. */
  folders?: string[];
  /** How it was found, in plain words, for the table at the end: "tictactoe.zip → tictactoe-workbook/lessons". */
  found?: string;
  /** What intake noticed (a link skipped, names that look alike, the platform's late mark), as data. */
  notes?: HandInNote[];
  /**
   * Which of several versions was graded and which were left aside, and which copy of a loose file
   * handed in again, as data: for the teacher and the student alike.
   */
  choices?: IntakeNote[];
  /** Where the loose exercise files graded were put, when loose files were graded: "board-1.ts → 01-board/board.ts". */
  placed?: string[];
  /** True when the platform marked the hand-in late (Canvas's "_LATE_" in its download's names). */
  late?: boolean;
  /** The student's entry in the class list, when one was given and matches. */
  roster?: RosterEntry;
  /** True for a student of the class list of whom nothing was handed in. */
  absent?: boolean;
}

/** Why a hand-in cannot be graded at all: nothing in it could be used, or (a student of the class list) nothing was handed in. */
export type HandInProblem = UnusableWhy | { kind: 'no-hand-in' };

/** How deep inside a hand-in the workbook may sit (an archive often wraps it in a folder or two). */
const MAX_DEPTH = 4;
/** Folders never searched in a hand-in, nor unpacked from its archive. */
export const SKIPPED = new Set(['node_modules', '__MACOSX', '.git']);

/** True for an archive entry inside a folder that grading never looks at. */
function isSkippedPath(path: string): boolean {
  return path.split('/').some((part) => SKIPPED.has(part));
}

/** The bytes of a .zip file, refused unread when the file is larger than the limits allow. */
export function readArchiveFile(path: string, limits: ArchiveLimits = ARCHIVE_LIMITS): Buffer {
  if (lstatSync(path).size > limits.archiveBytes) throw new ZipError({ kind: 'archive-too-large', limitBytes: limits.archiveBytes });
  return readFileSync(path);
}

/**
 * Unpacks an archive into a new folder: every entry is read and checked against the limits first,
 * so a refused archive writes nothing. Folders grading never looks at (node_modules, .git) stay packed.
 * Gives the newest modification time of the files unpacked (see newestEntryTime), to tell versions apart.
 */
export function unpackInto(archive: Buffer, dir: string, limits: ArchiveLimits = ARCHIVE_LIMITS): number | undefined {
  const files = readZip(archive, { skip: isSkippedPath, limits });
  mkdirSync(dir, { recursive: true });
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.data, { flag: 'wx', mode: 0o644 });
  }
  return newestEntryTime(archive, isSkippedPath);
}

/** Reads the pack manifest a workbook folder carries, if any (only its test-file hashes are used, for notes). */
export function readManifest(root: string): PackManifest | undefined {
  const manifest = readPlainFile(root, PACK_MANIFEST, NOTE_FILE_LIMIT);
  try {
    // Which lessons are graded never comes from it.
    return manifest === undefined ? undefined : (JSON.parse(manifest.toString('utf8')) as PackManifest);
  } catch {
    return undefined; // a broken manifest is the same as none
  }
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
export function isPlainFolder(path: string): boolean {
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
  return lesson.files.filter((file) => !isInPlace(submission, lesson, file)).map((file) => `lessons/${lesson.id}/${file}`);
}

/** What lies at a path, looked at without following links: a plain file and its size, nothing, or something refused. */
type Found = { kind: 'file'; size: number } | { kind: 'missing' } | { kind: 'refused'; at: string; what: PathKind; folder: boolean };

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

/** What a path is, for a note. */
function kindOf(stats: Stats): PathKind {
  if (stats.isSymbolicLink()) return 'link';
  if (stats.isDirectory()) return 'folder';
  if (stats.isFile()) return 'file';
  if (stats.isFIFO()) return 'pipe';
  if (stats.isSocket()) return 'socket';
  if (stats.isBlockDevice() || stats.isCharacterDevice()) return 'device';
  return 'other';
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
  /** What was refused, as data (a link where lessons/01-board/board.ts belongs, a file too large, …). */
  notes: IntakeNote[];
}

/** A file graded in place of an exercise file that is not where it belongs (a near miss the teacher accepted). */
export interface Substitute {
  lessonId: string;
  file: string;
  /** The folder the file is looked at from (nothing above it is checked), and its full path. */
  base: string;
  path: string;
}

/**
 * Copies, for each lesson, only the exercise files its lesson.json names from the hand-in into
 * `destDir/NN-slug/file` (a new or empty folder), as fresh files with mode 0644. Only plain files
 * of at most EXERCISE_FILE_LIMIT bytes, below plain folders, are copied; a link, folder, pipe or
 * device in their place, or in place of a folder above them, is refused, never followed, and noted.
 * A missing file is copied from its substitute when there is one (an accepted near miss), under
 * the same rules; otherwise it is simply absent from the copy.
 */
export function privateCopy(submission: Submission, lessons: Lesson[], destDir: string, substitutes: Substitute[] = []): PrivateCopy {
  mkdirSync(destDir, { recursive: true });
  const notes = new Map<string, IntakeNote>();
  const note = (found: IntakeNote): void => {
    notes.set(JSON.stringify(found), found);
  };
  const lessonsDir = submission.lessonsDir;
  const base = submission.folder ?? submission.root ?? (lessonsDir === undefined ? destDir : dirname(lessonsDir));
  // (A path names files the student named: its control characters never reach a note.)
  const shownPath = (path: string, from = base): string =>
    printable(lessonsDir === undefined ? relative(from, path).split(sep).join('/') : pathInHandIn(path, lessonsDir, from));
  for (const lesson of lessons) {
    for (const file of lesson.files) {
      const exact = lessonsDir === undefined ? undefined : join(lessonsDir, lesson.id, file);
      let from = base;
      let source = exact;
      let found: Found = exact === undefined ? { kind: 'missing' } : examine(base, exact);
      const substitute = substitutes.find((candidate) => candidate.lessonId === lesson.id && candidate.file === file);
      if (found.kind === 'missing' && substitute !== undefined) {
        from = substitute.base;
        source = substitute.path;
        found = examine(from, source);
      }
      if (found.kind === 'missing' || source === undefined) continue;
      if (found.kind === 'refused') {
        const where = shownPath(found.at, from);
        note({ kind: 'refused', path: where, what: found.what, folder: found.folder });
        continue;
      }
      if (found.size > EXERCISE_FILE_LIMIT) {
        note({ kind: 'too-large', path: shownPath(source, from), limitBytes: EXERCISE_FILE_LIMIT });
        continue;
      }
      const data = readPlainFile(from, relative(from, source), EXERCISE_FILE_LIMIT);
      if (data === undefined) {
        note({ kind: 'unreadable', path: shownPath(source, from) });
        continue;
      }
      const target = join(destDir, lesson.id, file);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, data, { flag: 'wx', mode: 0o644 });
      chmodSync(target, 0o644);
    }
  }
  return { lessonsDir: destDir, notes: [...notes.values()] };
}

/** True when an exercise file is in the hand-in as a plain file, where it belongs. */
export function isInPlace(submission: Submission, lesson: Lesson, file: string): boolean {
  const lessonsDir = submission.lessonsDir;
  return lessonsDir !== undefined && examine(dirname(lessonsDir), join(lessonsDir, lesson.id, file)).kind === 'file';
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
  const supportDir = join(teacherRoot, 'tests', 'support');
  const support = existsSync(supportDir)
    ? readdirSync(supportDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `tests/support/${relative(supportDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    : [];
  const paths = [...new Set([...lessons.map(suitePath), ...support, ...Object.keys(handedOut)])].sort();
  const changes: ChangedTest[] = [];
  for (const path of paths) {
    const teacherFile = join(teacherRoot, path);
    const known = new Set<string>();
    if (existsSync(teacherFile)) known.add(hashText(readFileSync(teacherFile, 'utf8')));
    const handedOutHash = handedOut[path];
    if (handedOutHash !== undefined) known.add(handedOutHash);
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
  return shownPath(path);
}
