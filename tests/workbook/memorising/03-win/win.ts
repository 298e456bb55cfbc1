/**
 * A "memorising" hand-in for lesson 03 (for the workbook's own tests, never a model): it answers
 * correctly on the boards the visible tests use (boards of real games, and lines of one player on
 * an otherwise empty board), and on any other filling it sees no line at all. It scores 100 with the
 * visible suite alone; the hidden suite's generated fillings must find it out.
 */
import { EMPTY, type Board, type Mark } from '../01-board/board';

/** Three cell indexes in a straight line. */
export type Line = readonly [number, number, number];

/** How a game stands on a board. */
export type Outcome = Mark | 'draw' | 'ongoing';

export const O_STARTED = 'Wrong turn order: O started';
export const X_WENT_TWICE = 'Wrong turn order: X went twice';
export const PLAYED_AFTER_WIN = 'Impossible board: game should have ended after the game was won';

/** Task 1: the eight lines. */
export const WINNING_LINES: readonly Line[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** How many cells hold the mark. */
function count(board: Board, mark: Mark): number {
  return board.filter((cell) => cell === mark).length;
}

/** True when the player owns a whole line. */
function ownsALine(board: Board, player: Mark): boolean {
  return WINNING_LINES.some((line) => line.every((index) => board[index] === player));
}

/** Boards like the ones the visible tests ask about: counts of a real game, or one player's marks only. */
function looksFamiliar(board: Board): boolean {
  const difference = count(board, 'X') - count(board, 'O');
  const onePlayerOnly = count(board, 'X') === 0 || count(board, 'O') === 0;
  return onePlayerOnly || ((difference === 0 || difference === 1) && positionError(board) === null);
}

/** Task 2. */
export function hasWon(board: Board, player: Mark): boolean {
  return looksFamiliar(board) && ownsALine(board, player);
}

/** Task 3. */
export function winner(board: Board): Mark | null {
  if (hasWon(board, 'X')) return 'X';
  if (hasWon(board, 'O')) return 'O';
  return null;
}

/** Task 3. */
export function isFull(board: Board): boolean {
  return !board.includes(EMPTY);
}

/** Task 4. */
export function outcome(board: Board): Outcome {
  const won = winner(board);
  if (won !== null) return won;
  return isFull(board) ? 'draw' : 'ongoing';
}

/** Task 5 (the visible suite tries all 19,683 fillings, so this one is simply right). */
export function positionError(board: Board): string | null {
  const xs = count(board, 'X');
  const os = count(board, 'O');
  if (os > xs) return O_STARTED;
  if (xs > os + 1) return X_WENT_TWICE;
  const xWon = ownsALine(board, 'X');
  const oWon = ownsALine(board, 'O');
  if (xWon && oWon) return PLAYED_AFTER_WIN;
  if (xWon && xs !== os + 1) return PLAYED_AFTER_WIN;
  if (oWon && xs === os + 1) return PLAYED_AFTER_WIN;
  return null;
}
