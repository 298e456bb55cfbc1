// Not an attack: a control. Functions that return wrong values of the right type, so some tests that
// only check "leaves the board unchanged" pass honestly. The patched-assertion attacks use the same
// functions; they may not earn more than this student does in a class without attackers.
export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];

// Wrong answers of the right type: on their own they earn only what the dummy student earns.
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
