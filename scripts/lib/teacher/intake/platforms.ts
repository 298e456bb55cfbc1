/**
 * How learning platforms name what they hand a teacher: the student (and the platform's own ids) in
 * a folder or file name of a class download, the wrappers around it, and the clutter to ignore.
 * Rules as data, one per platform; docs/class-grading.md shows an example tree of each.
 */

/** The platforms whose class downloads are recognised, and a plain folder per student. */
export type Platform = 'moodle' | 'canvas' | 'google-classroom' | 'github-classroom' | 'folder';

/** What a name in a class download says about its student. */
export interface NamedEntry {
  /** The student's name as the platform wrote it, with its suffixes removed ("Carl Lee", "leecarl", "carl-lee"). */
  student: string;
  platform: Platform;
  /** The platform's own id of the student, when the name carries one. */
  platformId?: string;
  /** What is left of the name after the platform's prefix: the student's own file name ("tictactoe.zip"), or "" for a folder. */
  rest: string;
  /** True when the name holds Moodle's participant mark twice, so its participant number is not taken from it (a note tells the teacher). */
  markTwice?: true;
  /** True when the platform marked it late (Canvas's "_LATE_"). */
  late?: boolean;
}

/** The names platforms show, for the terminal and the gradebook. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  moodle: 'Moodle',
  canvas: 'Canvas',
  'google-classroom': 'Google Classroom',
  'github-classroom': 'GitHub Classroom',
  folder: 'folder',
};

/** Names of files and folders that operating systems and archivers leave behind: never a hand-in, never searched. */
const CLUTTER = [/^__MACOSX$/, /^\.DS_Store$/, /^\._/, /^Thumbs\.db$/i, /^ehthumbs\.db$/i, /^desktop\.ini$/i, /^~\$/, /^\$RECYCLE\.BIN$/i, /^\./];

/** True for clutter: __MACOSX, .DS_Store, Thumbs.db, desktop.ini, Office lock files, any dot file or folder. */
export function isClutter(name: string): boolean {
  return CLUTTER.some((pattern) => pattern.test(name));
}

/**
 * Moodle's "Download all submissions": "Carl Lee_1234_assignsubmission_file_" (a folder per student)
 * or "Carl Lee_1234_assignsubmission_file_tictactoe.zip" (files side by side). 1234 is the
 * participant number that Moodle's grading worksheet calls "Participant 1234".
 */
const MOODLE = /^(.+?)_(\d+)_assignsubmission_[a-z]+_(.*)$/;

/**
 * Canvas's "Download Submissions": "leecarl_12345_678901_tictactoe.zip", or "leecarl_LATE_12345_678901_…"
 * for a late one; 12345 is the student's Canvas user ID (the "ID" column of a Canvas gradebook).
 */
const CANVAS = /^([^_\s]+?)(_late)?_(\d+)_(\d+)_(.+)$/i;

/** A Google Drive download of a folder: "Tic-Tac-Toe-20250301T101500Z-001" (and its .zip). */
const DRIVE_DOWNLOAD = /-\d{8}T\d{6}Z-\d{3}$/;

/** Folders that only wrap a class download: a Drive download, `gh classroom clone`'s "…-submissions". */
export function isWrapperName(name: string): boolean {
  const bare = name.replace(/\.zip$/i, '');
  return DRIVE_DOWNLOAD.test(bare) || /-submissions$/.test(bare) || /^submissions$/i.test(bare);
}

/** Moodle's mark in a name, anywhere: a name that holds it twice does not say which participant it is. */
const MOODLE_MARK = /_\d+_assignsubmission_[a-z]+_/g;

/** Reads one name of a class download on its own (the class-wide rules come from nameClass). */
export function nameEntry(name: string): NamedEntry {
  const moodle = MOODLE.exec(name);
  if (moodle && (name.match(MOODLE_MARK)?.length ?? 0) > 1) {
    // A student can put the mark into their own Moodle name, or their file's, and so seem to carry a classmate's number.
    return { student: name, platform: 'moodle', rest: '', markTwice: true };
  }
  if (moodle) return { student: (moodle[1] as string).trim(), platform: 'moodle', platformId: moodle[2], rest: moodle[3] as string };
  const canvas = CANVAS.exec(name);
  if (canvas) {
    const named: NamedEntry = { student: canvas[1] as string, platform: 'canvas', platformId: canvas[3], rest: canvas[5] as string };
    return canvas[2] === undefined ? named : { ...named, late: true };
  }
  return { student: withoutArchiveEnding(name), platform: 'folder', rest: '' };
}

/** "tictactoe.zip" → "tictactoe"; any other name stays as it is. */
export function withoutArchiveEnding(name: string): string {
  return name.replace(/\.zip$/i, '');
}

/**
 * Names every entry of a class download, using what the entries share:
 * - GitHub Classroom clones are named "<assignment>-<username>": when two or more git clones share
 *   such a prefix, it goes and the username stays;
 * - Google Classroom names the copy it makes for each student "Carl Lee - <title>": when two or
 *   more entries share the " - <title>" ending, it goes and the name stays.
 */
export function nameClass(entries: Array<{ name: string; isGitClone: boolean }>): NamedEntry[] {
  const named = entries.map((entry) => nameEntry(entry.name));
  const plain = entries.filter((_, index) => named[index]?.platform === 'folder');
  const prefix = sharedPrefix(plain.filter((entry) => entry.isGitClone).map((entry) => entry.name));
  const titles = sharedTitle(plain.map((entry) => withoutArchiveEnding(entry.name)));
  return named.map((entry, index) => {
    if (entry.platform !== 'folder') return entry;
    const name = (entries[index] as { name: string }).name;
    if (prefix !== undefined && name.startsWith(prefix) && name.length > prefix.length) {
      const username = name.slice(prefix.length);
      return { student: username, platform: 'github-classroom', platformId: username, rest: '' };
    }
    const bare = withoutArchiveEnding(name);
    const title = titles.find((candidate) => bare.endsWith(` - ${candidate}`));
    if (title !== undefined)
      return { student: bare.slice(0, -` - ${title}`.length).trim(), platform: 'google-classroom', rest: name.slice(bare.length - title.length) };
    return entry;
  });
}

/**
 * The prefix ending in "-" that the most names share (two at least; the longest of those that tie),
 * as `gh classroom clone` names its clones "<assignment>-<username>"; undefined when none is shared.
 */
function sharedPrefix(names: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const name of names) {
    for (let at = name.indexOf('-'); at > 0 && at < name.length - 1; at = name.indexOf('-', at + 1)) {
      const prefix = name.slice(0, at + 1);
      counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    }
  }
  const shared = [...counts].filter(([, count]) => count >= 2).sort(([a, x], [b, y]) => y - x || b.length - a.length);
  return shared[0]?.[0];
}

/** Titles that two or more names end with after " - " (Google Classroom's "Carl Lee - tictactoe"). */
function sharedTitle(names: string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of names) {
    const at = name.lastIndexOf(' - ');
    if (at > 0) counts.set(name.slice(at + 3), (counts.get(name.slice(at + 3)) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count >= 2).map(([title]) => title);
}

/**
 * The key that groups a class download's entries by student: Moodle and Canvas put each file of a
 * student side by side under the same id and name (the name exactly as written); any other entry is a
 * hand-in of its own, whatever its name (`entryName`), so that no entry named like a classmate's, but
 * for case, a space or its Unicode form, ever joins the classmate's hand-in and is graded in its place
 * (and an id never joins two names: a Moodle name can hold "_1234_assignsubmission_file_").
 */
export function studentKey(entry: NamedEntry, entryName: string): string {
  return entry.platformId !== undefined && (entry.platform === 'moodle' || entry.platform === 'canvas')
    ? `${entry.platform}:${entry.platformId}:${entry.student}`
    : `entry:${entryName}`;
}

/** A copy mark before a name's ending: Canvas's "-1", a browser's or file manager's " (1)". */
const COPY_MARK = /^(.+?)(?:-(\d+)| \((\d+)\))(\.[^.]+)$/;

/**
 * A file name a platform changed when a student handed a file in again: Canvas's "board-1.ts",
 * a browser's or Drive's "board (1).ts". Gives the name without the mark, or undefined when it has none.
 */
export function withoutCopyMark(fileName: string): string | undefined {
  const match = COPY_MARK.exec(fileName);
  return match ? `${match[1]}${match[4]}` : undefined;
}

/** The number of a name's copy mark ("board-2.ts": 2, "board (1).ts": 1), 0 for a name without one: the higher, the later handed in. */
export function copyNumber(fileName: string): number {
  const match = COPY_MARK.exec(fileName);
  return match ? Number(match[2] ?? match[3]) : 0;
}
