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
  // BEGIN SOLUTION WINNING_LINES
  [0, 1, 2], // top row
  [3, 4, 5], // middle row
  [6, 7, 8], // bottom row
  [0, 3, 6], // left column
  [1, 4, 7], // middle column
  [2, 5, 8], // right column
  [0, 4, 8], // diagonal from top-left
  [2, 4, 6], // diagonal from top-right
  // STUB
  // // Write the eight lines here, one per line, for example [0, 1, 2] for the top row.
  // END SOLUTION
];

// BEGIN SOLUTION ONLY
/** True when all three cells of the line hold the player's mark. */
function ownsLine(board: Board, line: Line, player: Mark): boolean {
  return line.every((index) => board[index] === player);
}

/** How many cells of the board hold the mark. */
function countMarks(board: Board, mark: Mark): number {
  return board.filter((cell) => cell === mark).length;
}
// END SOLUTION

/** Task 2: true when the player has three marks in one of the winning lines. */
export function hasWon(board: Board, player: Mark): boolean {
  // BEGIN SOLUTION hasWon
  return WINNING_LINES.some((line) => ownsLine(board, line, player));
  // END SOLUTION
}

/** Task 3: the player who has a winning line, or null when nobody has. */
export function winner(board: Board): Mark | null {
  // BEGIN SOLUTION winner
  if (hasWon(board, 'X')) {
    return 'X';
  }
  if (hasWon(board, 'O')) {
    return 'O';
  }
  return null;
  // END SOLUTION
}

/** Task 3: true when no cell is empty. */
export function isFull(board: Board): boolean {
  // BEGIN SOLUTION isFull
  return !board.includes(EMPTY);
  // END SOLUTION
}

/** Task 4: 'X' or 'O' when that player has won, 'draw' when the board is full without a winner, otherwise 'ongoing'. */
export function outcome(board: Board): Outcome {
  // BEGIN SOLUTION outcome
  const won = winner(board);
  if (won !== null) {
    return won;
  }
  if (isFull(board)) {
    return 'draw';
  }
  return 'ongoing';
  // END SOLUTION
}

/** Task 5: null when a real game can reach the board, otherwise the message that says what is wrong. */
export function positionError(board: Board): string | null {
  // BEGIN SOLUTION positionError
  const xCount = countMarks(board, 'X');
  const oCount = countMarks(board, 'O');
  if (oCount > xCount) {
    return O_STARTED;
  }
  if (xCount > oCount + 1) {
    return X_WENT_TWICE;
  }
  const xWon = hasWon(board, 'X');
  const oWon = hasWon(board, 'O');
  const xMovedLast = xCount === oCount + 1;
  if (xWon && oWon) {
    return PLAYED_AFTER_WIN;
  }
  if (xWon && !xMovedLast) {
    return PLAYED_AFTER_WIN;
  }
  if (oWon && xMovedLast) {
    return PLAYED_AFTER_WIN;
  }
  return null;
  // END SOLUTION
}
