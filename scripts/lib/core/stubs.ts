/**
 * Stubs come from the reference solutions. A solution marks what students write:
 *
 *     // BEGIN SOLUTION createBoard      a body: the stub throws "not implemented yet: createBoard"
 *     ...
 *     // STUB                            optional: the commented lines after it become the stub
 *     // return [];
 *     // END SOLUTION
 *
 *     // BEGIN SOLUTION ONLY             helpers that only the reference has: left out of the stub
 *     ...
 *     // END SOLUTION
 *
 * Everything outside the markers (types, signatures, doc comments, given helpers) is shared.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stubStatement } from './stub-error.ts';
import type { Lesson } from './workbook.ts';

const BEGIN = /^(\s*)\/\/ BEGIN SOLUTION(?: (.*))?$/;
const STUB = /^\s*\/\/ STUB\s*$/;
const END = /^\s*\/\/ END SOLUTION\s*$/;

/** The manifest of what `npm run stubs` last wrote: lesson file → sha256 of its content. */
export const MANIFEST = 'solutions/stubs.lock.json';

/** A marked solution block that is not closed properly, with the file and line to fix. */
export class MarkerError extends Error {}

/** One marked block of a solution: what the reference has there, and what the stub has. */
interface SolutionBlock {
  /** The indentation of its BEGIN SOLUTION line. */
  indent: string;
  /** "createBoard", or "ONLY" for a block only the reference has. */
  label: string;
  /** The reference's lines (up to // STUB when there is one). */
  body: string[];
  /** The commented lines after // STUB, as they are in the file; undefined without // STUB. */
  stub: string[] | undefined;
}

/**
 * The source with every marked block replaced by what `rewrite` makes of it, the marker lines gone.
 * Malformed markers throw a MarkerError with the file and line. With `dropBlankAfterOnly`, the blank
 * line after a BEGIN SOLUTION ONLY block goes with it (so a stub has no double blank lines).
 */
function rewriteBlocks(source: string, fileName: string, rewrite: (block: SolutionBlock) => string[], dropBlankAfterOnly: boolean): string {
  const lines = source.split('\n');
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const begin = BEGIN.exec(line);
    if (!begin) {
      if (STUB.test(line) || END.test(line)) {
        throw new MarkerError(`${fileName}:${index + 1}: "${line.trim()}" without a BEGIN SOLUTION before it`);
      }
      out.push(line);
      index += 1;
      continue;
    }
    const end = findEnd(lines, index, fileName);
    const label = (begin[2] ?? '').trim();
    if (label === '') throw new MarkerError(`${fileName}:${index + 1}: BEGIN SOLUTION needs a name, for example "BEGIN SOLUTION renderBoard"`);
    const block = lines.slice(index + 1, end);
    const stubAt = block.findIndex((text) => STUB.test(text));
    out.push(
      ...rewrite({
        indent: begin[1] ?? '',
        label,
        body: stubAt === -1 ? block : block.slice(0, stubAt),
        stub: stubAt === -1 ? undefined : block.slice(stubAt + 1),
      }),
    );
    index = end + 1;
    if (dropBlankAfterOnly && label === 'ONLY' && lines[index]?.trim() === '') index += 1;
  }
  return out.join('\n');
}

/** Turns a reference solution into the stub students start from. */
export function deriveStub(source: string, fileName = 'solution'): string {
  return rewriteBlocks(source, fileName, stubFor, true);
}

/**
 * The finished code of a lesson from its reference solution: every solution body kept, the marker
 * lines and the alternative stub lines after `// STUB` dropped.
 */
export function finishedSource(source: string, fileName = 'solution'): string {
  return rewriteBlocks(source, fileName, (block) => block.body, false);
}

/** The index of the END SOLUTION line that closes the block opened at `start`. */
function findEnd(lines: string[], start: number, fileName: string): number {
  for (let index = start + 1; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (END.test(line)) return index;
    if (BEGIN.test(line)) {
      throw new MarkerError(`${fileName}:${index + 1}: BEGIN SOLUTION inside the block opened on line ${start + 1}`);
    }
  }
  throw new MarkerError(`${fileName}:${start + 1}: BEGIN SOLUTION is never closed by END SOLUTION`);
}

/** The lines that replace one solution block in the stub. */
function stubFor(block: SolutionBlock): string[] {
  if (block.label === 'ONLY') return [];
  if (block.stub === undefined) return [`${block.indent}${stubStatement(block.label)}`];
  return block.stub.map((text) => text.replace(/^(\s*)\/\/ ?/, '$1'));
}

/** Every solution body of a source, as text, for leak checks. */
export function solutionBodies(source: string): string[] {
  const bodies: string[] = [];
  rewriteBlocks(
    source,
    'solution',
    (block) => {
      bodies.push(block.body.join('\n'));
      return [];
    },
    false,
  );
  return bodies;
}

/** The sha256 of a text, in hex. */
export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** One exercise file: where the reference is, where the stub goes, and how they compare. */
export interface StubPlan {
  lesson: Lesson;
  /** Paths relative to the workbook root. */
  solution: string;
  exercise: string;
  derived: string;
  /** What is on disk now, or null when the exercise file does not exist. */
  current: string | null;
  /**
   * same: nothing to do; new: not written yet; update: the solution changed and the file was not edited;
   * edited: the file differs from what was last written, so someone changed it by hand.
   */
  status: 'same' | 'new' | 'update' | 'edited';
}

/** Works out, for every exercise file of the given lessons, what `npm run stubs` would do. */
export function planStubs(root: string, lessons: Lesson[]): StubPlan[] {
  const manifest = readManifest(root);
  return lessons.flatMap((lesson) =>
    lesson.files.map((file): StubPlan => {
      const solution = `solutions/${lesson.id}/${file}`;
      const exercise = `lessons/${lesson.id}/${file}`;
      const derived = deriveStub(readFileSync(join(root, solution), 'utf8'), solution);
      const path = join(root, exercise);
      const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
      return { lesson, solution, exercise, derived, current, status: statusOf(derived, current, manifest[exercise]) };
    }),
  );
}

function statusOf(derived: string, current: string | null, lastWritten: string | undefined): StubPlan['status'] {
  if (current === null) return 'new';
  if (current === derived) return 'same';
  if (lastWritten !== undefined && hashText(current) === lastWritten) return 'update';
  return 'edited';
}

/** The manifest: exercise path → sha256 of the stub last written there. */
export function readManifest(root: string): Record<string, string> {
  const path = join(root, MANIFEST);
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

/** Where a student edition keeps the original stubs (it has no solutions/ to derive them from). */
export function keptStubPath(root: string, lessonId: string, file: string): string {
  return join(root, '.workbook', 'stubs', lessonId, file);
}

/** The stub an exercise file started as: derived from solutions/, or the copy a student edition keeps. */
export function originalStub(root: string, lesson: Lesson, file: string): string {
  const solution = join(root, 'solutions', lesson.id, file);
  if (existsSync(solution)) return deriveStub(readFileSync(solution, 'utf8'), `solutions/${lesson.id}/${file}`);
  const kept = keptStubPath(root, lesson.id, file);
  if (existsSync(kept)) return readFileSync(kept, 'utf8');
  throw new Error(`The original of lessons/${lesson.id}/${file} is missing (looked in solutions/ and .workbook/stubs/).`);
}
