/** The leak check: no solution body of an unreleased lesson, no teacher-only test or file in a pack. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { solutionBodies } from '../../core/stubs.ts';
import { lessonFolders } from '../../core/workbook.ts';
import { listFiles } from './files.ts';

/** The folder of library modules only the teacher's tools use: never in a student edition. */
const TEACHER_LIB = 'scripts/lib/teacher/';

/** True for a library module only the teacher's tools use. */
export function isTeacherOnly(path: string): boolean {
  return path.startsWith(TEACHER_LIB);
}

/** Paths a student edition must never hold. */
const FORBIDDEN = [
  /^solutions\//,
  /^tests\/hidden\//,
  /^tests\/workbook\//,
  /^scripts\/(stubs|pack|grade|bench|check-lesson|typecheck|digests)\.ts$/,
  /^\.ci\//,
  /^\.git\//,
];

/** Bodies shorter than this (whitespace squeezed) are too short to tell apart from ordinary code. */
const MIN_LEAK_LENGTH = 16;

/** One piece of text that must not appear in a pack, and why. */
export interface Secret {
  /** "solution body of solutions/02-input/input.ts (parseMove)" or "teacher-only test tests/hidden/01-board.test.ts". */
  what: string;
  text: string;
}

/** Every solution body of the lessons not released as finished, and every teacher-only test file. */
export function secretsOf(root: string, finishedIds: Set<string>): Secret[] {
  const secrets: Secret[] = [];
  for (const id of lessonFolders(join(root, 'solutions')).filter((name) => !finishedIds.has(name))) {
    for (const file of listFiles(root, `solutions/${id}`).filter((path) => path.endsWith('.ts'))) {
      const source = readFileSync(join(root, file), 'utf8');
      const names = [...source.matchAll(/^\s*\/\/ BEGIN SOLUTION(?: (.*))?$/gm)].map((match) => (match[1] ?? '').trim());
      solutionBodies(source).forEach((text, index) => secrets.push({ what: `solution body "${names[index] ?? ''}" of ${file}`, text }));
    }
  }
  for (const file of listFiles(root, 'tests/hidden')) {
    secrets.push({ what: `teacher-only test ${file}`, text: readFileSync(join(root, file), 'utf8') });
  }
  return secrets;
}

/** Whitespace squeezed, so re-indented code is still recognised. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Which secrets appear in which files ("README.md: solution body renderBoard of solutions/01-board/board.ts"). */
export function findLeaks(files: Map<string, Buffer>, secrets: Secret[]): string[] {
  const checked = secrets.map((secret) => ({ ...secret, squeezed: squeeze(secret.text) })).filter((secret) => secret.squeezed.length >= MIN_LEAK_LENGTH);
  const leaks: string[] = [];
  for (const [path, content] of files) {
    const text = squeeze(content.toString('utf8'));
    for (const secret of checked) if (text.includes(secret.squeezed)) leaks.push(`${path}: ${secret.what}`);
  }
  return leaks;
}

/** Paths a pack must not hold. */
export function forbiddenPaths(paths: Iterable<string>): string[] {
  return [...paths].filter((path) => FORBIDDEN.some((pattern) => pattern.test(path)) || isTeacherOnly(path));
}
