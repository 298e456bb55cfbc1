/**
 * Lesson 03: who has won, and can this board happen at all?
 *
 * The rules live in data: the eight winning lines are a table of cell indexes, and every
 * check below walks that table instead of spelling out rows, columns and diagonals again.
 */
import { EMPTY, type Board, type Mark } from '../01-board/board';

/** Three cell indexes (0-8) in a straight line. */
export type Line = readonly [number, number, number];

/** How a game stands on a board: a winner, a draw (full, no winner) or still going. */
export type Outcome = Mark | 'draw' | 'ongoing';

/** positionError's message when O has more marks than X. */
export const O_STARTED = 'Wrong turn order: O started';

/** positionError's message when X has two or more marks more than O. */
export const X_WENT_TWICE = 'Wrong turn order: X went twice';

/** positionError's message when a player moved after the game had been won. */
export const PLAYED_AFTER_WIN = 'Impossible board: game should have ended after the game was won';

/** Task 1: the eight lines that win: three rows, three columns, two diagonals. */
export const WINNING_LINES: readonly Line[] = [
  // Write the eight lines here, one per line, for example [0, 1, 2] for the top row.
];

/** Task 2: true when the player has three marks in one of the winning lines. */
export function hasWon(board: Board, player: Mark): boolean {
  throw new Error('not implemented yet: hasWon');
}

/** Task 3: the player who has a winning line, or null when nobody has. */
export function winner(board: Board): Mark | null {
  throw new Error('not implemented yet: winner');
}

/** Task 3: true when no cell is empty. */
export function isFull(board: Board): boolean {
  throw new Error('not implemented yet: isFull');
}

/** Task 4: 'X' or 'O' when that player has won, 'draw' when the board is full without a winner, otherwise 'ongoing'. */
export function outcome(board: Board): Outcome {
  throw new Error('not implemented yet: outcome');
}

/** Task 5: null when a real game can reach the board, otherwise the message that says what is wrong. */
export function positionError(board: Board): string | null {
  throw new Error('not implemented yet: positionError');
}
