/**
 * Taking a class download in as it comes: one student per subfolder, archive or group of files,
 * however a learning platform wrapped and named it (platforms.ts), with the clutter of operating
 * systems ignored. Archives are unpacked within limits, links are never followed, and an archive
 * inside an unpacked archive is never unpacked.
 */
import { copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { isClutter, nameClass, studentKey, withoutArchiveEnding, isWrapperName, type NamedEntry } from './platforms.ts';
import { EXERCISE_FILE_LIMIT, isPlainFolder, privateCopy, readArchiveFile, readManifest, SKIPPED, unpackInto, type Submission } from './submissions.ts';
import { findNearMisses } from './near-misses.ts';
import { chooseWork, LOOSE_FILE_LIMIT, looseWorkIn, workbookIn, type Version, type Work } from './versions.ts';
import type { HandInCopy } from '../../command-line/target.ts';
import type { ArchiveProblem, ArchiveReason, UnusableWhy } from '../gradebook/gradebook-types.ts';
import { unusableWords } from '../gradebook/note-words.ts';
import type { Translate } from '../../i18n/messages.ts';
import { listLessons, type Lesson } from '../../core/workbook.ts';
import { ARCHIVE_LIMITS, ZipError, type ArchiveLimits } from './zip.ts';
import { byCodeUnits, lookAlike, numbered, plural, printable } from '../../core/text.ts';

/**
 * What a whole class download given as one archive may hold (a platform's "download all"): many
 * students' archives side by side, each of which is then unpacked within ARCHIVE_LIMITS.
 */
export const CLASS_ARCHIVE_LIMITS: ArchiveLimits = {
  ...ARCHIVE_LIMITS,
  archiveBytes: 1024 * 1024 * 1024,
  entries: 20_000,
  fileBytes: ARCHIVE_LIMITS.archiveBytes,
  totalBytes: 1024 * 1024 * 1024,
};

/** How many archives a student's folder may hold for the grader to look into. */
const MAX_INNER_ARCHIVES = 5;

/** One entry of the class folder and what its name says. */
interface Member {
  entry: Dirent;
  path: string;
  named: NamedEntry;
}

/**
 * The folder that holds the students: the class folder itself, or the folder a platform's
 * download wraps them in (Google Drive's "Tic-Tac-Toe-20250301T101500Z-001/Tic-Tac-Toe/",
 * `gh classroom clone`'s "tictactoe-submissions/"). A sole archive named like such a download is
 * unpacked into `scratch` (within CLASS_ARCHIVE_LIMITS) first.
 */
export function classFolder(dir: string, scratch: string): string {
  let folder = dir;
  let wrapped = false;
  for (let depth = 0; depth < 3; depth += 1) {
    const entries = readdirSync(folder, { withFileTypes: true }).filter((entry) => !isClutter(entry.name));
    const [only] = entries;
    if (entries.length !== 1 || only === undefined) return folder;
    const path = join(folder, only.name);
    if (only.isFile() && /\.zip$/i.test(only.name) && isWrapperName(only.name)) {
      folder = unpackClassArchive(path, scratch);
      wrapped = true;
    } else if (only.isDirectory() && (wrapped || isWrapperName(only.name))) {
      folder = path;
      wrapped = true;
    } else {
      return folder;
    }
  }
  return folder;
}

/** Unpacks a whole class download (one archive) into a new folder in `scratch`; throws a ZipError past the limits. */
export function unpackClassArchive(path: string, scratch: string): string {
  const target = join(scratch, 'class', withoutArchiveEnding(basename(path)).replace(/[^\w.-]+/g, '_'));
  unpackInto(readArchiveFile(path, CLASS_ARCHIVE_LIMITS), target, CLASS_ARCHIVE_LIMITS);
  return target;
}

/**
 * Every hand-in in a class folder, sorted by student name. A hand-in is a folder, an archive, or
 * (Moodle and Canvas put a student's files side by side) the files that share a student's id.
 * Archives are unpacked into `scratch`, within ARCHIVE_LIMITS. Loose files of a plain class folder
 * are not hand-ins; a symbolic link is never followed (it becomes a hand-in that cannot be graded).
 */
export function findSubmissions(dir: string, scratch: string, lessons: Lesson[] = listLessons()): Submission[] {
  const entries = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !isClutter(entry.name))
    // (In an order no machine setting changes: which of two hand-ins of one name gets "(2)" is the same everywhere.)
    .sort((a, b) => byCodeUnits(a.name, b.name));
  const named = nameClass(entries.map((entry) => ({ name: entry.name, isGitClone: entry.isDirectory() && isPlainFolder(join(dir, entry.name, '.git')) })));
  const groups = new Map<string, Member[]>();
  entries.forEach((entry, index) => {
    const member = { entry, path: join(dir, entry.name), named: named[index] as NamedEntry };
    const key = studentKey(member.named, entry.name);
    groups.set(key, [...(groups.get(key) ?? []), member]);
  });
  const submissions: Submission[] = [];
  const taken = new Map<string, { name: string; folder: boolean }>();
  const alike = new Map<string, Submission[]>();
  for (const members of groups.values()) {
    const submission = takeIn(members, join(scratch, String(submissions.length)), lessons);
    if (submission === undefined) continue;
    const looks = lookAlike(submission.name);
    alike.set(looks, [...(alike.get(looks) ?? []), submission]);
    submission.name = uniqueName(submission.name, members, taken);
    submissions.push(submission);
  }
  const twins = new Set([...alike.values()].flatMap((group) => sameWorkTwice(group, lessons)));
  const kept = submissions.filter((submission) => !twins.has(submission));
  noteLookAlikes([...alike.values()].map((group) => group.filter((submission) => !twins.has(submission))));
  dropSharedIds(kept);
  return kept.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * One hand-in on its own (a student's folder, or an archive), taken in as findSubmissions takes each
 * of a class (versions chosen, loose files gathered, archives unpacked into `scratch`), and its
 * exercise files copied into `scratch/lessons` as privateCopy copies them: what `check --target` grades.
 * Why it cannot be used is said in the words of `t` (English when not given).
 */
export function takeInHandIn(path: string, scratch: string, lessons: Lesson[], t?: Translate): HandInCopy {
  const handIn = takeInOne(path, join(scratch, 'intake'), lessons);
  if (handIn?.lessonsDir === undefined) {
    const problem = handIn?.problem;
    return { problem: unusableWords(problem === undefined || problem.kind === 'no-hand-in' ? { kind: 'no-lessons' } : problem, undefined, t) };
  }
  const copy = privateCopy(handIn, lessons, join(scratch, 'lessons'));
  const notes = [...(handIn.choices ?? []), ...copy.notes];
  return { lessonsDir: copy.lessonsDir, found: handIn.found ?? '', ...(handIn.placed === undefined ? {} : { placed: handIn.placed }), notes };
}

/** One hand-in on its own, taken in as findSubmissions takes each of a class. */
function takeInOne(path: string, scratch: string, lessons: Lesson[]): Submission | undefined {
  const entry = readdirSync(dirname(path), { withFileTypes: true }).find((candidate) => candidate.name === basename(path));
  if (entry === undefined) return undefined;
  const [named] = nameClass([{ name: entry.name, isGitClone: entry.isDirectory() && isPlainFolder(join(path, '.git')) }]);
  return named === undefined ? undefined : takeIn([{ entry, path, named }], scratch, lessons);
}

/**
 * Of hand-ins whose names look alike, those whose exercise files are the very same as an earlier one's
 * (a folder unzipped beside its zip) are the same work twice: they are dropped, and the one kept says
 * so and is known by their names too. Gives the dropped ones.
 */
function sameWorkTwice(group: Submission[], lessons: Lesson[]): Submission[] {
  const dropped: Submission[] = [];
  const seen = new Map<string, Submission>();
  for (const submission of group) {
    const work = exerciseFiles(submission, lessons);
    if (work === undefined) continue;
    const first = seen.get(work);
    if (first === undefined) {
      seen.set(work, submission);
      continue;
    }
    first.notes?.push({ kind: 'same-work', dropped: submission.found ?? submission.source, kept: first.found ?? first.source });
    first.keys = [...new Set([...(first.keys ?? []), ...(submission.keys ?? [])])];
    dropped.push(submission);
  }
  return dropped;
}

/**
 * A hand-in's exercise files as one text: undefined when no workbook was found in it, or when a file is
 * larger than an exercise file may be (such a hand-in is never taken for another's twin).
 */
function exerciseFiles(submission: Submission, lessons: Lesson[]): string | undefined {
  const folder = submission.lessonsDir;
  if (folder === undefined || submission.problem !== undefined) return undefined;
  const files: Array<string | null> = [];
  for (const lesson of lessons) {
    for (const file of lesson.files) {
      const path = join(folder, lesson.id, file);
      const stats = lstatSync(path, { throwIfNoEntry: false });
      if (stats?.isFile() && stats.size > EXERCISE_FILE_LIMIT) return undefined;
      files.push(stats?.isFile() ? readFileSync(path, 'utf8') : null);
    }
  }
  return JSON.stringify(files);
}

/**
 * Hand-ins whose names look the same (but for case, spaces or Unicode form) are kept apart, and told
 * apart by " (2)" or " (zip)"; each gets a note, since which is whose the names cannot tell.
 */
function noteLookAlikes(groups: Iterable<Submission[]>): void {
  for (const group of groups) {
    if (group.length < 2) continue;
    for (const submission of group) {
      const others = group.filter((other) => other !== submission).map((other) => ({ name: other.name, found: other.found ?? other.source }));
      submission.notes?.push({ kind: 'look-alike', others });
    }
  }
}

/**
 * A platform's id that more than one hand-in carries, under different names, is nobody's for sure: a
 * student can choose a display name that holds a classmate's id. It is left out of the grade import
 * and the class list's matching for all of them, with a note for the teacher.
 */
function dropSharedIds(submissions: Submission[]): void {
  const byId = new Map<string, Submission[]>();
  for (const submission of submissions) {
    if (submission.platformId === undefined) continue;
    const id = `${submission.platform}:${submission.platformId}`;
    byId.set(id, [...(byId.get(id) ?? []), submission]);
  }
  for (const sharing of byId.values()) {
    if (sharing.length < 2) continue;
    const names = sharing.map((submission) => submission.name);
    for (const submission of sharing) {
      const id = submission.platformId as string;
      submission.notes?.push({ kind: 'shared-id', platform: submission.platform ?? 'folder', id, names });
      submission.keys = submission.keys?.filter((key) => key !== id);
      delete submission.platformId;
    }
  }
}

/**
 * The student's name, made unique in the class: "Ann (zip)" beside a folder "Ann", or "Ann (2)". Names
 * that differ only in case, spaces or Unicode form count as the same here, so that no two rows look alike.
 */
function uniqueName(name: string, members: Member[], taken: Map<string, { name: string; folder: boolean }>): string {
  const seen = (candidate: string): boolean => taken.has(lookAlike(candidate));
  const folder = members[0]?.entry.isDirectory() === true;
  const before = taken.get(lookAlike(name));
  // (Beside the very same name of the other kind, the kind tells the two apart; otherwise a number does.)
  const byKind = before !== undefined && before.name === name && before.folder !== folder ? `${name} (${folder ? 'folder' : 'zip'})` : undefined;
  const unique = byKind !== undefined && !seen(byKind) ? byKind : numbered(name, seen);
  taken.set(lookAlike(unique), { name: unique, folder });
  return unique;
}

/** True for a .zip file that is a plain file (not a link). */
function isArchiveEntry(entry: Dirent): boolean {
  return entry.isFile() && /\.zip$/i.test(entry.name);
}

/** One student's hand-in from the class folder entries that are theirs; undefined when they are no hand-in. */
function takeIn(members: Member[], scratch: string, lessons: Lesson[]): Submission | undefined {
  const [first] = members;
  if (first === undefined) return undefined;
  const platform = first.named.platform;
  const fromPlatform = platform === 'moodle' || platform === 'canvas';
  // A plain class folder's loose files (a README, notes) are no hand-ins; a platform's are the student's files.
  const own = members.filter((member) => !member.entry.isFile() || isArchiveEntry(member.entry) || fromPlatform);
  const links = own.filter((member) => member.entry.isSymbolicLink());
  const late = members.some((member) => member.named.late === true);
  const base: Submission = {
    // (A folder's name may hold control characters, which the terminal and the gradebook must not get.)
    name: printable(first.named.student),
    source: first.path,
    platform,
    ...(first.named.platformId === undefined ? {} : { platformId: first.named.platformId }),
    ...(late ? { late } : {}),
    keys: [
      ...new Set([
        ...members.map((member) => withoutArchiveEnding(member.entry.name)),
        first.named.student,
        ...(first.named.platformId ? [first.named.platformId] : []),
      ]),
    ],
    notes: [...(first.named.markTwice === true ? [{ kind: 'participant-mark-twice' } as const] : []), ...(late ? [{ kind: 'late', platform } as const] : [])],
  };
  if (own.length === 0) return undefined;
  if (own[0] !== undefined && isArchiveEntry(own[0].entry)) base.archive = true;
  if (links.length === own.length) {
    // Only looked at (never opened) to tell whether it would have been a hand-in.
    const target = statSync(first.path, { throwIfNoEntry: false });
    const wouldBe = target?.isDirectory() || (/\.zip$/i.test(first.entry.name) && target?.isFile());
    return wouldBe ? unusable(base, { kind: 'link' }) : undefined;
  }
  for (const link of links) base.notes?.push({ kind: 'link-skipped', name: printable(link.entry.name) });
  const versions: Version[] = [];
  const problems: ArchiveProblem[] = [];
  const loose: Member[] = [];
  for (const [index, member] of own.filter((candidate) => !candidate.entry.isSymbolicLink()).entries()) {
    const label = printable(member.entry.name);
    const name = member.named.rest || member.entry.name;
    if (member.entry.isDirectory()) {
      versions.push({ label: `${label}/`, found: `${label}/`, name, folder: member.path, own: true });
    } else if (isArchiveEntry(member.entry)) {
      const unpacked = join(scratch, `${index}-${withoutArchiveEnding(member.entry.name).replace(/[^\w.-]+/g, '_')}`);
      const result = unpackArchive(member.path, unpacked);
      if ('kind' in result) problems.push({ reason: result });
      else versions.push({ label, found: label, name, folder: unpacked, ...(result.newest === undefined ? {} : { newest: result.newest }) });
    } else if (member.entry.isFile()) {
      loose.push(member);
    }
  }
  if (loose.length > 0) {
    const copied = join(scratch, 'files');
    copyLooseFiles(loose, copied);
    const label = plural(loose.length, 'file');
    versions.push({ label, found: label, name: '', folder: copied, looseCopy: true });
  }
  const folders = versions.map((version) => version.folder);
  const submission: Submission = { ...base, folder: folders[0] ?? first.path, folders, found: versions.map((version) => version.found).join(' + ') };
  locate(submission, versions, scratch, problems, lessons);
  return submission;
}

/** Unpacks one archive of a hand-in: the newest time of its files, or why (the archive reader's reason) when it cannot be unpacked. */
function unpackArchive(path: string, into: string): { newest: number | undefined } | ArchiveReason {
  try {
    return { newest: unpackInto(readArchiveFile(path), into) };
  } catch (error) {
    return error instanceof ZipError ? error.problem : { kind: 'text', text: printable(String(error)) };
  }
}

/**
 * Copies a platform's loose files of one student ("leecarl_12345_678901_board.ts", side by side in the
 * class folder) into a new folder under the names the student gave them ("board.ts"): from there they
 * are taken like the loose files of any hand-in's folder. Only plain files of at most LOOSE_FILE_LIMIT.
 */
function copyLooseFiles(members: Member[], into: string): void {
  mkdirSync(into, { recursive: true });
  for (const member of members) {
    const stats = lstatSync(member.path);
    if (!stats.isFile() || stats.size > LOOSE_FILE_LIMIT) continue;
    // (A name the platform left as "." or ".." would name a folder, not a file: the entry's whole name is taken then.)
    const name = ['', '.', '..'].includes(member.named.rest) ? member.entry.name : member.named.rest;
    copyFileSync(member.path, join(into, name));
  }
}

/**
 * Finds the work to grade among a hand-in's versions (chooseWork says which, when there are several):
 * the workbooks its folders and archives hold, else those inside the archives a student's own folder
 * holds ("Carl Lee_1234_assignsubmission_file_/tictactoe.zip"); loose exercise files of a version
 * with no workbook are gathered where their lessons expect them. Sets root, lessonsDir, folder, found,
 * the manifest and the choices, or the problem when nothing is found.
 */
function locate(submission: Submission, versions: Version[], scratch: string, problems: ArchiveProblem[], lessons: Lesson[]): void {
  const folders = submission.folders ?? [];
  const workbooks = (): Work[] => versions.flatMap((version) => workbookIn(version) ?? []);
  let works = workbooks();
  if (works.length === 0) {
    for (const own of versions.filter((version) => version.own === true)) {
      for (const archive of innerArchives(own.folder)) {
        const index = versions.length;
        const unpacked = join(scratch, `inner-${index}-${withoutArchiveEnding(basename(archive)).replace(/[^\w.-]+/g, '_')}`);
        const label = printable(relative(own.folder, archive).split(sep).join('/'));
        const result = unpackArchive(archive, unpacked);
        if ('kind' in result) {
          problems.push({ archive: printable(relative(dirname(submission.source), archive).split(sep).join('/')), reason: result });
          submission.found = `${submission.found} → ${label}`;
          continue;
        }
        versions.push({
          label,
          found: `${own.found} → ${label}`,
          name: basename(archive),
          folder: unpacked,
          ...(result.newest === undefined ? {} : { newest: result.newest }),
        });
        folders.push(unpacked);
      }
    }
    works = workbooks();
  }
  for (const [index, version] of versions.entries()) {
    if (works.some((work) => work.version === version)) continue;
    const gathered = looseWorkIn(version, join(scratch, `gathered-${index}`), lessons);
    if (gathered !== undefined) works.push(gathered);
  }
  const chosen = chooseWork(works);
  if (chosen === undefined) {
    // Exercise files in the wrong place can still be graded (near misses); with none, nothing can.
    if (problems.length > 0) unusable(submission, { kind: 'archives', archives: problems });
    else if (findNearMisses(folders, lessons, undefined, () => false).length === 0) unusable(submission, { kind: 'no-lessons' });
    return;
  }
  const { graded, note } = chosen;
  submission.folder = graded.folder;
  submission.lessonsDir = graded.lessonsDir;
  if (graded.root !== undefined) {
    submission.root = graded.root;
    const manifest = readManifest(graded.root);
    if (manifest !== undefined) submission.manifest = manifest;
  }
  submission.found = graded.path === '' ? graded.version.found : `${graded.version.found} → ${graded.path}`;
  submission.choices = [...(note === undefined ? [] : [note]), ...graded.notes];
  if (graded.placed !== undefined) submission.placed = graded.placed;
  for (const problem of problems) submission.notes?.push({ kind: 'archive-refused', ...problem });
}

/** A hand-in that cannot be graded at all, and why. */
function unusable(submission: Submission, why: UnusableWhy): Submission {
  submission.problem = why;
  return submission;
}

/** The archives a student's folder holds, two folders deep at most (plain files only, clutter and skipped folders left out). */
function innerArchives(folder: string, depth = 0): string[] {
  const entries = readdirSync(folder, { withFileTypes: true }).filter((entry) => !isClutter(entry.name) && !SKIPPED.has(entry.name));
  const here = entries.filter(isArchiveEntry).map((entry) => join(folder, entry.name));
  const deeper = depth >= 2 ? [] : entries.filter((entry) => entry.isDirectory()).flatMap((entry) => innerArchives(join(folder, entry.name), depth + 1));
  return [...here, ...deeper].slice(0, MAX_INNER_ARCHIVES);
}
