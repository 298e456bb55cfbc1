// Attack: an endless microtask loop. renderBoard throws at once, like a stub, but leaves a promise chain
// that schedules itself forever: no timer, I/O callback or test timeout can run again in that thread.
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
  const f = (): Promise<void> => Promise.resolve().then(f);
  void f();
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
