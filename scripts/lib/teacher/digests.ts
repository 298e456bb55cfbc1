/**
 * Making the digest files the visible suites confirm answers with (tests/support/digests.ts): each
 * lesson that needs them has a teacher-only spec, tests/hidden/support/digests/<lesson>.ts, whose
 * checks list every input with its right answer, worked out by the trusted models.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIGEST_LENGTH, digestOf, type DigestFile, type DigestKind } from '../../../tests/support/digests.ts';

/** One check of a spec: its name, how its digests are kept, and every input with its right answer (as text). */
export interface DigestCheck {
  check: string;
  kind: DigestKind;
  entries(): Iterable<readonly [input: string, answer: string]>;
}

/** Where the specs are, relative to the workbook root. */
export const SPEC_FOLDER = 'tests/hidden/support/digests';

/** The lessons that have a digest spec ("03-win", …). */
export function lessonsWithDigests(root: string): string[] {
  const folder = join(root, SPEC_FOLDER);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => /^\d\d-[\w-]+\.ts$/.test(name))
    .map((name) => name.slice(0, -3))
    .sort();
}

/** The digest file a lesson's spec gives, and its text as written (checks in spec order, one per line). */
export async function makeDigestFile(root: string, lessonId: string): Promise<{ file: DigestFile; text: string }> {
  const spec = (await import(pathToFileURL(join(root, SPEC_FOLDER, `${lessonId}.ts`)).href)) as { checks: DigestCheck[] };
  const file: DigestFile = {};
  for (const { check, kind, entries } of spec.checks) {
    const parts: string[] = [];
    for (const [input, answer] of entries()) parts.push(digestOf(check, input, answer, kind));
    if (kind === 'set') parts.sort();
    file[check] = { kind, count: parts.length, digests: parts.join('') };
  }
  const lines = Object.entries(file).map(([check, stored]) => `  ${JSON.stringify(check)}: ${JSON.stringify(stored)}`);
  return { file, text: `{\n${lines.join(',\n')}\n}\n` };
}

/** Where a lesson's digest file is, relative to the workbook root. */
export function digestPath(lessonId: string): string {
  return `tests/support/digests/${lessonId}.json`;
}

/** True when the stored digest file of a lesson is what its spec gives now. */
export function digestFileMatches(root: string, lessonId: string, text: string): boolean {
  const path = join(root, digestPath(lessonId));
  return existsSync(path) && readFileSync(path, 'utf8') === text;
}

export { DIGEST_LENGTH };
