// Attack: patched assertions. expect.extend replaces the matchers the suites use with ones that always
// pass (and respect .not, so "expect(x).not.toBe(y)" passes too). The functions return wrong values.
import { expect } from 'vitest';

const alwaysPasses = function (this: { isNot?: boolean }) {
  return { pass: !this.isNot, message: () => 'ok' };
};
const matchers = [
  'toBe', 'toEqual', 'toStrictEqual', 'toHaveLength', 'toBeNull', 'toBeTruthy', 'toBeFalsy', 'toBeUndefined',
  'toBeDefined', 'toContain', 'toContainEqual', 'toMatch', 'toMatchObject', 'toThrow', 'toHaveProperty',
  'toBeGreaterThan', 'toBeGreaterThanOrEqual', 'toBeLessThan', 'toBeLessThanOrEqual', 'toBeTypeOf', 'toBeInstanceOf',
  'toBeCloseTo', 'toSatisfy', 'toHaveBeenCalled', 'toHaveBeenCalledTimes', 'toHaveBeenCalledWith',
];
expect.extend(Object.fromEntries(matchers.map((name) => [name, alwaysPasses])));

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
