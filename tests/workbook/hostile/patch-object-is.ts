// Attack: patched assertions. toBe and toEqual start with Object.is(actual, expected); replaced by a
// function that always says "same", in this realm and in the realm the test runner comes from
// (reached through the constructor of `process`, which that realm made).
const alwaysSame = (): boolean => true;
Object.is = alwaysSame;
const outerObject = (process.constructor.constructor as (body: string) => () => ObjectConstructor)('return Object')();
outerObject.is = alwaysSame;

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
