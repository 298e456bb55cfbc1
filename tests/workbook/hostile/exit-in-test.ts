// Attack: the process exits during a test (createBoard is the first thing lesson 01's tests call).
// vitest turns process.exit into an error, so the file falls back to process.reallyExit.
export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];

export function createBoard(): Board {
  try {
    process.exit(0);
  } finally {
    (process as unknown as { reallyExit(code: number): never }).reallyExit(0);
  }
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
