/**
 * Answers confirmed without being handed out. A visible check that spans a whole domain (every board,
 * every position) cannot list its expected answers in the student edition, and must not compute them
 * either: it holds a short digest of each right answer instead (tests/support/digests/<lesson>.json,
 * made from the teacher-only models by `npm run digests`). A test digests the student's answer and
 * compares; only for an input that fails does it try the few possible answers to name the right one.
 */
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Characters of base64url per digest: 3 (18 bits) where the input's place is known, 5 (30 bits) in a set. */
export const DIGEST_LENGTH = { ordered: 3, set: 5 } as const;

/** How a check's digests are kept: one per input in a known order, or a set looked up by input and answer. */
export type DigestKind = keyof typeof DIGEST_LENGTH;

/** One check's digests as stored: all of them joined, DIGEST_LENGTH[kind] characters each. */
export interface StoredDigests {
  kind: DigestKind;
  count: number;
  digests: string;
}

/** A lesson's digest file: its checks by name ("hasWon(board, 'X')"). */
export type DigestFile = Record<string, StoredDigests>;

/** The digest of one answer of a check on one input (both given as text). */
export function digestOf(check: string, input: string, answer: string, kind: DigestKind): string {
  // crypto.hash (Node 20.12) is several times quicker than createHash for many short texts.
  return hash('sha256', `${check}\u0000${input}\u0000${answer}`, 'base64url').slice(0, DIGEST_LENGTH[kind]);
}

/** Where a lesson's digests are kept. */
export function digestFileOf(lessonId: string): URL {
  return new URL(`./digests/${lessonId}.json`, import.meta.url);
}

const files = new Map<string, DigestFile>();

/** A check's digests as stored (read once per test file). */
function storedCheck(lessonId: string, check: string, kind: DigestKind): StoredDigests {
  let file = files.get(lessonId);
  if (file === undefined) {
    file = JSON.parse(readFileSync(digestFileOf(lessonId), 'utf8')) as DigestFile;
    files.set(lessonId, file);
  }
  const stored = file[check];
  if (stored === undefined || stored.kind !== kind) throw new Error(`${lessonId}.json has no ${kind} digests for ${check}: run npm run digests.`);
  return stored;
}

/** Confirms answers by their place in a known order of inputs: `confirms(index, input, answer)`. */
export function orderedDigests(lessonId: string, check: string): { count: number; confirms(index: number, input: string, answer: string): boolean } {
  const stored = storedCheck(lessonId, check, 'ordered');
  const size = DIGEST_LENGTH.ordered;
  return {
    count: stored.count,
    confirms: (index, input, answer) => stored.digests.slice(index * size, index * size + size) === digestOf(check, input, answer, 'ordered'),
  };
}

/** Confirms answers by looking them up, whatever order the inputs come in: `confirms(input, answer)`. */
export function digestSet(lessonId: string, check: string): { count: number; confirms(input: string, answer: string): boolean } {
  const stored = storedCheck(lessonId, check, 'set');
  const size = DIGEST_LENGTH.set;
  const set = new Set<string>();
  for (let start = 0; start < stored.digests.length; start += size) set.add(stored.digests.slice(start, start + size));
  return { count: stored.count, confirms: (input, answer) => set.has(digestOf(check, input, answer, 'set')) };
}
