// Attack: the teacher's reference, read with fs and evaluated. The source is found next to the
// grader's working directory, turned into JavaScript with the teacher's own TypeScript compiler
// (from the teacher's node_modules), and run with the Function constructor.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function workbooks(): string[] {
  const found = [process.cwd(), '/proc/self/cwd', '{{WORKBOOK}}'];
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) found.push(dir);
  return found;
}
const root = workbooks().find((dir) => existsSync(join(dir, 'solutions', '01-board', 'board.ts')));
const reference: Record<string, unknown> = {};
if (root !== undefined) {
  const source = readFileSync(join(root, 'solutions', '01-board', 'board.ts'), 'utf8');
  const require = createRequire(join(root, 'package.json'));
  const ts = require('typescript') as typeof import('typescript');
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  new Function('exports', 'require', js)(reference, require);
}

const missing = (name: string) => (): never => {
  throw new Error(`not implemented yet: ${name}`);
};
const take = <T>(name: string): T => (reference[name] ?? missing(name)) as T;
export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];
export const createBoard = take<() => Board>('createBoard');
export const renderBoard = take<(board: Board) => string>('renderBoard');
export const renderFramed = take<(board: Board) => string>('renderFramed');
export const createGrid = take<() => Grid>('createGrid');
export const renderGrid = take<(grid: Grid) => string>('renderGrid');
