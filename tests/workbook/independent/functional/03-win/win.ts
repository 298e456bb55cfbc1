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

/** The three starting offsets 0, 1, 2. */
const THREE = [0, 1, 2] as const;

/** A line of three cells that starts at `first` and moves by `step`, written from its far end. */
const lineFrom = (first: number, step: number): Line => [first + 2 * step, first + step, first];

/** Task 1: the eight lines that win: three rows, three columns, two diagonals. */
export const WINNING_LINES: readonly Line[] = [
  lineFrom(2, 2),
  lineFrom(0, 4),
  ...THREE.map((column) => lineFrom(column, 3)),
  ...THREE.map((row) => lineFrom(row * 3, 1)),
];

/** True when every cell of the line holds the player's mark. */
const ownsLine =
  (board: Board, player: Mark) =>
  (line: Line): boolean =>
    line.every((index) => board[index] === player);

/** Task 2: true when the player has three marks in one of the winning lines. */
export function hasWon(board: Board, player: Mark): boolean {
  return WINNING_LINES.some(ownsLine(board, player));
}

/** Task 3: the player who has a winning line, or null when nobody has. */
export function winner(board: Board): Mark | null {
  const marks: readonly Mark[] = ['O', 'X'];
  return marks.find((mark) => hasWon(board, mark)) ?? null;
}

/** Task 3: true when no cell is empty. */
export function isFull(board: Board): boolean {
  return board.every((cell) => cell !== EMPTY);
}

/** Task 4: 'X' or 'O' when that player has won, 'draw' when the board is full without a winner, otherwise 'ongoing'. */
export function outcome(board: Board): Outcome {
  return winner(board) ?? (isFull(board) ? 'draw' : 'ongoing');
}

/** How many cells hold the player's mark. */
const countOf = (board: Board, player: Mark): number => board.reduce((total, cell) => (cell === player ? total + 1 : total), 0);

/** The message for a wrong turn order, judged by how many marks X has more than O; null when the counts are right. */
const turnOrderError = (lead: number): string | null => {
  if (lead < 0) return O_STARTED;
  if (lead > 1) return X_WENT_TWICE;
  return null;
};

/** True when the lines drawn do not fit who moved last (X moved last exactly when X leads by one). */
const playedAfterWin = (board: Board, lead: number): boolean => {
  const xWon = hasWon(board, 'X');
  const oWon = hasWon(board, 'O');
  return (xWon && oWon) || (xWon && lead !== 1) || (oWon && lead !== 0);
};

/** Task 5: null when a real game can reach the board, otherwise the message that says what is wrong. */
export function positionError(board: Board): string | null {
  const lead = countOf(board, 'X') - countOf(board, 'O');
  return turnOrderError(lead) ?? (playedAfterWin(board, lead) ? PLAYED_AFTER_WIN : null);
}
