/**
 * Generated boards for the hidden suites (fast-check): boards reached by legal play and arbitrary
 * fillings. Whether a game is over is decided here, with the lines of boards.ts, never with student
 * code, so a bug in a lesson cannot change what the tests expect.
 */
import { expect } from 'vitest';
import { fc, SHRINKS } from '../../support/property.ts';
import { countMarks, pictureOf, type TestBoard, type TestCell } from '../../support/boards.ts';
import { emptyCellsOf, type TestMark } from '../../support/opponents.ts';
import { lineOwner } from './lines.ts';
import { callEach } from '../../support/sealed.ts';

/** A position a real game reached, with the mark to move there. */
export interface Position {
  board: TestBoard;
  mover: TestMark;
}

/** Whose turn it is on a board of a real game: X when both have as many marks. */
export function moverOn(board: readonly TestCell[]): TestMark {
  return countMarks(board, 'X') === countMarks(board, 'O') ? 'X' : 'O';
}

/** True when nobody owns a line and a cell is still empty. */
export function isOngoing(board: readonly TestCell[]): boolean {
  return lineOwner(board) === null && emptyCellsOf(board).length > 0;
}

/**
 * The board reached by playing X, O, X, … in the given order of cells, stopping when the game is
 * over or after `moves` marks. `order` is a shuffle of the nine cells.
 */
export function playOrder(order: readonly number[], moves: number): TestBoard {
  const board: TestBoard = Array(9).fill(' ');
  for (const [index, cell] of order.slice(0, moves).entries()) {
    if (!isOngoing(board)) break;
    board[cell] = index % 2 === 0 ? 'X' : 'O';
  }
  return board;
}

/** A shuffle of the nine cells. */
export const cellOrder: fc.Arbitrary<number[]> = fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8], { minLength: 9, maxLength: 9 });

/** A board a real game reached after 0 to 9 moves (perhaps a finished one). */
export const playedBoard: fc.Arbitrary<TestBoard> = fc.tuple(cellOrder, fc.integer({ min: 0, max: 9 })).map(([order, moves]) => playOrder(order, moves));

/** A position a real game reached where a move is still possible, with the mark to move. */
export const ongoingPosition: fc.Arbitrary<Position> = fc.tuple(cellOrder, fc.integer({ min: 0, max: 8 })).map(([order, moves]) => {
  let board = playOrder(order, moves);
  // A game that ended early: step back to the last position where it was still going.
  for (let back = moves - 1; !isOngoing(board) && back >= 0; back -= 1) board = playOrder(order, back);
  return { board, mover: moverOn(board) };
});

/** Any filling of the nine cells with X, O or empty, reachable or not. */
export const anyFilling: fc.Arbitrary<TestBoard> = fc.array(fc.constantFrom<TestCell>(' ', 'X', 'O'), { minLength: 9, maxLength: 9 });

/**
 * The time limit of a test that makes thousands of calls (or plays whole games), in milliseconds: far
 * more than it needs, so that a busy machine never fails correct code. A call that never returns is
 * stopped by the grader's own deadline, long before this.
 */
export const PLENTY_MS = 10_000;

/** A list of up to `count` positions (the failure message names the first one that fails). */
export function positions(count: number): fc.Arbitrary<Position[]> {
  return fc.limitShrink(fc.array(ongoingPosition, { minLength: 1, maxLength: count, size: 'max' }), SHRINKS.batch);
}

/** A position as a failure message shows it: the picture and the mark to move. */
export function showPosition({ board, mover }: Position): string {
  return `${pictureOf(board)} (${mover} to move)`;
}

/** How one answer was judged: null when it is right, else what the lesson expects there. */
export type Judge<R> = (position: Position, answer: R) => string | null;

/**
 * Calls `fn(board, mover, ...extra)` on every position in one crossing into the graded code and
 * judges each answer. Returns two texts for `expect(actual).toBe(expected)`: equal when every answer
 * is right, otherwise both name the first wrong position, what was answered and what was expected.
 */
export function judgeEach<E extends unknown[]>(
  what: string,
  fn: (board: never, me: never, ...extra: E) => unknown,
  list: readonly Position[],
  judge: Judge<unknown>,
  ...extra: E
): { expected: string; actual: string } {
  const call = fn as (board: TestBoard, me: TestMark, ...extra: E) => unknown;
  const outcomes = callEach(
    call,
    list.map(({ board, mover }) => [[...board], mover, ...extra] as [TestBoard, TestMark, ...E]),
  );
  for (const [index, position] of list.entries()) {
    const outcome = outcomes[index];
    const where = `${what} on ${showPosition(position)}`;
    if (outcome === undefined || !outcome.ok) {
      const error = outcome?.ok === false ? outcome.error : undefined;
      return { expected: `${where}: an answer`, actual: `${where}: threw ${error instanceof Error ? error.message : String(error)}` };
    }
    const wanted = judge(position, outcome.value);
    if (wanted !== null) return { expected: `${where}: ${wanted}`, actual: `${where}: ${JSON.stringify(outcome.value) ?? String(outcome.value)}` };
  }
  const fine = `${what} is right on all ${list.length} positions`;
  return { expected: fine, actual: fine };
}

/**
 * Asserts that `report` finds every answer right on lists of up to `count` positions reached by
 * play, `numRuns` lists in all (fast-check shrinks a failing list to the position that fails).
 */
export function holdsOnPositions(count: number, numRuns: number, report: (list: Position[]) => { expected: string; actual: string }): void {
  fc.assert(
    fc.property(positions(count), (list) => {
      const { expected, actual } = report(list);
      expect(actual).toBe(expected);
    }),
    { numRuns },
  );
}
