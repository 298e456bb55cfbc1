/**
 * One hand-in, several versions of the work: two archives side by side (draft.zip and final.zip), a
 * file handed in again (board.ts and Canvas's board-1.ts), loose exercise files beside a workbook.
 * One is graded by a stated rule, and a note (data: see command-line/intake-notes.ts) names it and the ones left aside. Loose exercise files
 * are put where their lesson expects them, the same in every layout.
 */
import { copyFileSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { copyNumber, isClutter, withoutCopyMark } from './platforms.ts';
import { locateLessons } from './submissions.ts';
import { describeDosTime } from './zip.ts';
import { byCodeUnits, plural, printable } from '../../core/text.ts';
import type { Lesson } from '../../core/workbook.ts';
import type { AsideVersion, IntakeNote, VersionReason } from '../../command-line/intake-notes.ts';

/** The most a loose file of a hand-in may hold to be gathered (exercise files are far smaller). */
export const LOOSE_FILE_LIMIT = 1024 * 1024;
/** How many single folders around loose files are stepped through ("tictactoe/board.ts" in an archive). */
const WRAPPERS = 2;

/** One version of a hand-in's work, as it was handed in. */
export interface Version {
  /** How the teacher knows it in a note: "final.zip", "Carl Lee_1234_assignsubmission_file_/", "2 files". */
  label: string;
  /** How it was reached from the class folder, for `found`: the label, or "Carl Lee_1234_assignsubmission_file_/ → final.zip". */
  found: string;
  /** Its name as the student gave it (a platform's prefix removed): what a copy mark is read from. */
  name: string;
  /** The folder its files lie in: its own, or where it was unpacked or copied. */
  folder: string;
  /** The newest modification time of its files when it is an archive (MS-DOS, as written: see newestEntryTime). */
  newest?: number;
  /** True for a folder of the class download itself (a student's folder), whose archives may be looked into. */
  own?: boolean;
  /** True for the folder of loose files a platform put side by side (they are counted in the label already). */
  looseCopy?: boolean;
}

/** The work a version holds: a workbook's lessons folder, or its loose exercise files gathered into one. */
export interface Work {
  version: Version;
  /** The folder the work is checked below (nothing above it is looked at), and its lessons folder. */
  folder: string;
  lessonsDir: string;
  /** The workbook folder (holding lessons/), when there is one. */
  root?: string;
  /** How it was reached from the version, for `found`: "tictactoe-workbook/lessons/", "5 files → lessons/", or "". */
  path: string;
  /** True for loose exercise files gathered (a whole workbook comes before them). */
  loose: boolean;
  /** The loose files gathered, as the student named them. */
  files?: string[];
  /** Where each loose file gathered was put: "board-1.ts → 01-board/board.ts". */
  placed?: string[];
  /** Which copy of a file was graded, where a loose file was handed in more than once. */
  notes: IntakeNote[];
}

/** The workbook a version holds (a folder holding lessons/NN-slug/, or NN-slug/ folders itself), if any. */
export function workbookIn(version: Version): Work | undefined {
  const found = locateLessons(version.folder);
  if (found === undefined) return undefined;
  const path = relative(version.folder, found.lessonsDir).split(sep).join('/');
  return {
    version,
    folder: version.folder,
    lessonsDir: found.lessonsDir,
    ...(found.root === undefined ? {} : { root: found.root }),
    path: path === '' ? '' : printable(`${path}/`),
    loose: false,
    notes: [],
  };
}

/** The loose exercise files of a version, gathered into `into` where their lessons expect them (see gatherLoose), if it has any. */
export function looseWorkIn(version: Version, into: string, lessons: Lesson[]): Work | undefined {
  const gathered = gatherLoose(version.folder, into, lessons);
  if (gathered === undefined) return undefined;
  const path = version.looseCopy ? 'lessons/' : `${plural(gathered.count, 'file')} → lessons/`;
  const { taken: files, placed, notes } = gathered;
  return { version, folder: into, lessonsDir: join(into, 'lessons'), path, loose: true, files, placed, notes };
}

/** A plain file lying loose in a folder. */
interface LooseFile {
  name: string;
  path: string;
}

/**
 * Copies the loose exercise files of a folder (past up to WRAPPERS single folders around them) to
 * `into/lessons/NN-slug/file`, where their lessons expect them. A file named like a copy ("board-1.ts",
 * Canvas's name for a file handed in again, or "board (1).ts", a browser's) is that file handed in
 * again: of "board.ts", "board-1.ts" and "board (2).ts" the highest number is graded (of equal numbers,
 * the name that sorts last), with a note. Only plain files of at most LOOSE_FILE_LIMIT are taken;
 * links are never followed. Gives how many loose files the folder holds, those taken and where each was
 * put, and the notes; undefined when it holds no exercise file.
 */
export function gatherLoose(
  folder: string,
  into: string,
  lessons: Lesson[],
): { count: number; taken: string[]; placed: string[]; notes: IntakeNote[] } | undefined {
  const files = looseFiles(folder);
  const notes: IntakeNote[] = [];
  const taken: string[] = [];
  const placed: string[] = [];
  let gathered = 0;
  for (const lesson of lessons) {
    for (const file of lesson.files) {
      const copies = files.filter((candidate) => candidate.name === file || withoutCopyMark(candidate.name) === file);
      const [chosen, ...others] = copies.sort((a, b) => copyNumber(b.name) - copyNumber(a.name) || byCodeUnits(b.name, a.name));
      if (chosen === undefined) continue;
      mkdirSync(join(into, 'lessons', lesson.id), { recursive: true });
      copyFileSync(chosen.path, join(into, 'lessons', lesson.id, file));
      gathered += 1;
      taken.push(printable(chosen.name));
      placed.push(`${printable(chosen.name)} → ${lesson.id}/${file}`);
      if (others.length > 0) {
        const aside = others.map((other) => printable(other.name));
        notes.push({ kind: 'copy-chosen', graded: printable(chosen.name), as: `lessons/${lesson.id}/${file}`, aside });
      }
    }
  }
  return gathered === 0 ? undefined : { count: files.length, taken, placed, notes };
}

/** The plain files (no links) of a folder, after stepping through single folders around them. */
function looseFiles(folder: string): LooseFile[] {
  let at = folder;
  for (let depth = 0; ; depth += 1) {
    const entries = readdirSync(at, { withFileTypes: true }).filter((entry) => !isClutter(entry.name));
    const [only] = entries;
    if (depth < WRAPPERS && entries.length === 1 && only?.isDirectory()) {
      at = join(at, only.name);
      continue;
    }
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => ({ name: entry.name, path: join(at, entry.name) }))
      .filter((file) => {
        const stats = lstatSync(file.path);
        return stats.isFile() && stats.size <= LOOSE_FILE_LIMIT;
      });
  }
}

/**
 * The work to grade of several, and the note that says which and why. The rule:
 * 1. Versions of one name but for a copy mark ("tictactoe.zip", "tictactoe-1.zip") are one file handed
 *    in again: the highest number counts (as for loose files).
 * 2. A whole workbook comes before loose exercise files.
 * 3. The newest comes first: of archives, the one whose newest file is newest (as the archive's
 *    times are written); a folder or loose files carry no such time and come after archives.
 * 4. Of equal ones, the name that sorts last (by code units: "tictactoe-v2.zip" after "tictactoe-v1.zip").
 */
export function chooseWork(works: Work[]): { graded: Work; note?: IntakeNote } | undefined {
  const groups = new Map<string, Work[]>();
  for (const work of works) {
    const key = work.version.name === '' ? `\0${work.version.label}` : (withoutCopyMark(work.version.name) ?? work.version.name);
    groups.set(key, [...(groups.get(key) ?? []), work]);
  }
  const copiesFirst = (a: Work, b: Work): number => copyNumber(b.version.name) - copyNumber(a.version.name) || newestFirst(a, b);
  const latest = [...groups.values()].map((copies) => copies.sort(copiesFirst));
  const [graded, next] = latest.map((copies) => copies[0] as Work).sort(newestFirst);
  if (graded === undefined) return undefined;
  if (works.length === 1) return { graded };
  const aside = works.filter((work) => work !== graded).map(asideVersion);
  const sameName = latest.find((copies) => copies[0] === graded)?.[1];
  const why: VersionReason =
    next === undefined && sameName !== undefined && copyNumber(sameName.version.name) !== copyNumber(graded.version.name)
      ? { kind: 'copy-number' }
      : whyGraded(graded, next ?? sameName);
  return { graded, note: { kind: 'version-chosen', graded: graded.version.label, why, aside } };
}

/** Rules 2 to 4 of chooseWork: a workbook before loose files, then the newest, then the name that sorts last. */
function newestFirst(a: Work, b: Work): number {
  return Number(a.loose) - Number(b.loose) || (b.version.newest ?? -1) - (a.version.newest ?? -1) || byCodeUnits(b.version.label, a.version.label);
}

/** A version left aside: its label, with the time of its files for an archive with times, or the loose files it held. */
function asideVersion(work: Work): AsideVersion {
  const time = work.version.newest === undefined ? undefined : describeDosTime(work.version.newest);
  if (time !== undefined) return { label: work.version.label, time };
  return work.files === undefined ? { label: work.version.label } : { label: work.version.label, files: work.files };
}

/** Why a version was graded rather than the next in line. */
function whyGraded(graded: Work, next: Work | undefined): VersionReason {
  const time = graded.version.newest === undefined ? undefined : describeDosTime(graded.version.newest);
  if (next === undefined) return { kind: 'only' };
  if (!graded.loose && next.loose) return { kind: 'workbook-first' };
  if (time !== undefined && (next.version.newest ?? -1) < (graded.version.newest ?? -1)) return { kind: 'newest', time };
  if (time !== undefined) return { kind: 'as-new', time, other: next.version.label };
  return { kind: 'name-order' };
}
