/**
 * Near misses: an exercise file that is in a hand-in, but not quite where or how the grader looks
 * for it. "Win.ts" for "win.ts", "win.ts.txt", "win (1).ts", or "win.ts" in another folder. Each is
 * named in the teacher's notes and the student's feedback (worded in gradebook/note-words.ts); `npm run grade -- --accept-near-misses` grades it.
 * Files are only looked at (lstat), never opened, and links are never followed.
 */
import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isClutter, withoutCopyMark } from './platforms.ts';
import type { Lesson } from '../../core/workbook.ts';
import { printable } from '../../core/text.ts';

/** How a file misses the name or place the grader looks for. */
export type MissKind = 'case' | 'extension' | 'copy' | 'moved';

/** One near miss of one exercise file. */
export interface NearMiss {
  lessonId: string;
  /** The exercise file as the lesson names it ("win.ts"). */
  file: string;
  /** Where the grader looks, as the student knows it: "lessons/03-win/win.ts". */
  expected: string;
  /** What was found instead, relative to the hand-in: "lessons/03-win/Win.ts" (control characters made "?", for notes and feedback). */
  found: string;
  kinds: MissKind[];
  /** The folder `found` is relative to, and the file's full path (for the private copy). */
  base: string;
  path: string;
  /** Other files that looked just as likely (the first one is taken). */
  others: number;
}

/** Folders never searched for near misses: tools, tests, the reference, what the pack keeps for `npm run reset`. */
const NOT_SEARCHED = new Set(['node_modules', 'tests', 'scripts', 'solutions', 'build', 'dist']);
/** How deep and how many entries a search goes, so a huge hand-in costs little. */
const MAX_DEPTH = 6;
const MAX_ENTRIES = 5000;

/** A plain file somewhere in a hand-in. */
interface Candidate {
  base: string;
  path: string;
  /** Relative to base, with forward slashes. */
  relativePath: string;
  parts: string[];
}

/** Every plain file below the folders, breadth first, within the limits; links and clutter are skipped. */
function plainFiles(bases: string[]): Candidate[] {
  const found: Candidate[] = [];
  let seen = 0;
  for (const base of bases) {
    let level = [base];
    for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth += 1) {
      const next: string[] = [];
      for (const folder of level) {
        let entries: Dirent[];
        try {
          entries = readdirSync(folder, { withFileTypes: true });
        } catch {
          continue;
        }
        for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
          seen += 1;
          if (seen > MAX_ENTRIES) return found;
          if (isClutter(entry.name)) continue;
          const path = join(folder, entry.name);
          if (entry.isDirectory() && !NOT_SEARCHED.has(entry.name)) next.push(path);
          if (entry.isFile() && lstatSync(path).isFile()) {
            const relativePath = relative(base, path).split(sep).join('/');
            found.push({ base, path, relativePath, parts: relativePath.split('/') });
          }
        }
      }
      level = next;
    }
  }
  return found;
}

/** How a file name misses an exercise file's name, or undefined when it is another file altogether. */
function nameMiss(name: string, file: string): MissKind | 'same' | undefined {
  if (name === file) return 'same';
  if (name.toLowerCase() === file.toLowerCase()) return 'case';
  if (name.toLowerCase().startsWith(`${file.toLowerCase()}.`)) return 'extension';
  const unmarked = withoutCopyMark(name);
  if (unmarked !== undefined && unmarked.toLowerCase() === file.toLowerCase()) return 'copy';
  return undefined;
}

/**
 * The kinds of miss of a candidate for an exercise file, or undefined when it is no near miss.
 * `expectedPath` is where the file belongs (undefined when the hand-in has no lessons folder at all).
 */
function missOf(candidate: Candidate, lessonId: string, file: string, expectedPath: string | undefined): MissKind[] | undefined {
  const byName = nameMiss(candidate.parts.at(-1) as string, file);
  if (byName === undefined) return undefined;
  const folder = candidate.parts.at(-2) ?? '';
  const folderPath = candidate.path.slice(0, -(candidate.parts.at(-1) as string).length);
  const expectedFolder = expectedPath?.slice(0, -file.length);
  const place: MissKind[] =
    folderPath === expectedFolder
      ? []
      : folderPath.toLowerCase() === expectedFolder?.toLowerCase() || (folder.toLowerCase() === lessonId && folder !== lessonId)
        ? ['case']
        : ['moved'];
  const kinds = [...new Set([...(byName === 'same' ? [] : [byName]), ...place])];
  return kinds.length === 0 ? undefined : kinds;
}

/** Lower is likelier: a file in its own lesson folder beats one moved elsewhere, a right name beats a wrong one. */
function rank(kinds: MissKind[]): number {
  return kinds.reduce((sum, kind) => sum + (kind === 'moved' ? 10 : 1), 0);
}

/**
 * The near misses of a hand-in's exercise files: for each file of each lesson that is not where it
 * belongs (`isPresent` says), the likeliest file that nearly matches, searched in the folders given.
 * A file that is exactly another lesson's exercise file in its place is never taken.
 */
export function findNearMisses(
  bases: string[],
  lessons: Lesson[],
  lessonsDir: string | undefined,
  isPresent: (lesson: Lesson, file: string) => boolean,
): NearMiss[] {
  const wanted = lessons.flatMap((lesson) => lesson.files.filter((file) => !isPresent(lesson, file)).map((file) => ({ lesson, file })));
  if (wanted.length === 0) return [];
  const candidates = plainFiles(bases);
  const inPlace = new Set(lessonsDir === undefined ? [] : lessons.flatMap((lesson) => lesson.files.map((file) => join(lessonsDir, lesson.id, file))));
  const misses: NearMiss[] = [];
  const taken = new Set<string>();
  for (const { lesson, file } of wanted) {
    const expected = `lessons/${lesson.id}/${file}`;
    const expectedPath = lessonsDir === undefined ? undefined : join(lessonsDir, lesson.id, file);
    const ranked = candidates
      .filter((candidate) => !taken.has(candidate.path) && !inPlace.has(candidate.path))
      .map((candidate) => ({ candidate, kinds: missOf(candidate, lesson.id, file, expectedPath) }))
      .filter((entry): entry is { candidate: Candidate; kinds: MissKind[] } => entry.kinds !== undefined)
      .sort((a, b) => rank(a.kinds) - rank(b.kinds) || a.candidate.parts.length - b.candidate.parts.length);
    const [best] = ranked;
    if (best === undefined) continue;
    taken.add(best.candidate.path);
    const others = ranked.filter((entry) => rank(entry.kinds) === rank(best.kinds)).length - 1;
    misses.push({
      lessonId: lesson.id,
      file,
      expected,
      found: printable(best.candidate.relativePath),
      kinds: best.kinds,
      base: best.candidate.base,
      path: best.candidate.path,
      others,
    });
  }
  return misses;
}
