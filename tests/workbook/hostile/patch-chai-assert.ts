// Attack: patched assertions. Every matcher ends in chai's Assertion.prototype.assert; replaced by a
// function that does nothing, no assertion can fail. The functions return wrong values.
import { chai, expect } from 'vitest';

const noop = (): void => {};
chai.Assertion.prototype.assert = noop;
// The same prototype, reached from an assertion object, in case chai is a different copy.
(Object.getPrototypeOf(expect(0)) as { assert: unknown }).assert = noop;

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
