/**
 * What a grading run records about itself so that `npm run grade -- --merge` can tell whether parts
 * belong together: which hand-ins a shard grades (in an order no machine setting changes), the class
 * it was cut from, the workbook's graded material and the options that change scores.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { hashText } from '../core/stubs.ts';
import { hiddenSuitePath, suitePath, type Lesson } from '../core/workbook.ts';
import type { Gradebook } from './gradebook/gradebook.ts';
import type { RosterEntry } from './intake/roster.ts';
import { byCodeUnits } from '../core/text.ts';

/** The hand-ins one shard grades: every count-th of the class in code-unit order of their names, from the index-th; in the order given. */
export function shardMembers<T extends { name: string }>(everyone: T[], shard: { index: number; count: number }): T[] {
  const dealt = [...everyone].sort((a, b) => byCodeUnits(a.name, b.name));
  const members = new Set(dealt.filter((_, position) => position % shard.count === shard.index - 1));
  return everyone.filter((candidate) => members.has(candidate));
}

/** The class a part was cut from: how many hand-ins, and a sha256 of all their names in code-unit order. */
export function classRecord(names: string[]): NonNullable<Gradebook['class']> {
  return { handIns: names.length, names: hashText(JSON.stringify([...names].sort(byCodeUnits))) };
}

/** The options that change scores, with a sha256 of the class list as read (null without one). */
export function optionsRecord(limitMs: number, acceptNearMisses: boolean, roster: RosterEntry[] | undefined): NonNullable<Gradebook['options']> {
  return { limitMs, acceptNearMisses, roster: roster === undefined ? null : hashText(JSON.stringify(roster)) };
}

/**
 * A sha256 over the workbook's graded material, by path in code-unit order: every lesson.json, visible
 * and hidden suite, and the suites' support modules (tests/support/ and tests/hidden/support/). Line ends count as \n, so a
 * checkout with \r\n gives the same fingerprint.
 */
export function workbookFingerprint(root: string, lessons: Lesson[]): string {
  const paths = [...lessons.flatMap((lesson) => [`lessons/${lesson.id}/lesson.json`, suitePath(lesson), hiddenSuitePath(lesson)]), ...supportFiles(root)]
    .filter((path) => existsSync(join(root, path)))
    .sort(byCodeUnits);
  return hashText(JSON.stringify(paths.map((path) => [path, hashText(readFileSync(join(root, path), 'utf8').replace(/\r\n/g, '\n'))])));
}

/** The suites' support folders: the helpers a pack may carry, and the teacher-only models of the hidden suites. */
const SUPPORT_FOLDERS = ['tests/support', 'tests/hidden/support'];

/** The files of the support folders (and their subfolders), relative to the workbook root. */
function supportFiles(root: string): string[] {
  return SUPPORT_FOLDERS.flatMap((folder) => {
    const dir = join(root, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${folder}/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
  });
}
