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
  [6, 4, 2],
  [8, 4, 0],
  [8, 5, 2],
  [7, 4, 1],
  [6, 3, 0],
  [8, 7, 6],
  [5, 4, 3],
  [2, 1, 0],
];

/** How many cells of the board hold the mark. */
function countMarks(board: Board, mark: Mark): number {
  let count = 0;
  for (let index = 0; index < board.length; index++) {
    if (board[index] === mark) {
      count += 1;
    }
  }
  return count;
}

/** Task 2: true when the player has three marks in one of the winning lines. */
export function hasWon(board: Board, player: Mark): boolean {
  for (let lineNumber = 0; lineNumber < WINNING_LINES.length; lineNumber++) {
    const line = WINNING_LINES[lineNumber];
    let owned = 0;
    for (let position = 0; position < 3; position++) {
      if (board[line[position]] !== player) {
        break;
      }
      owned += 1;
    }
    if (owned === 3) {
      return true;
    }
  }
  return false;
}

/** Task 3: the player who has a winning line, or null when nobody has. */
export function winner(board: Board): Mark | null {
  if (hasWon(board, 'O')) {
    return 'O';
  }
  if (hasWon(board, 'X')) {
    return 'X';
  }
  return null;
}

/** Task 3: true when no cell is empty. */
export function isFull(board: Board): boolean {
  let index = board.length - 1;
  while (index >= 0) {
    if (board[index] === EMPTY) {
      return false;
    }
    index -= 1;
  }
  return true;
}

/** Task 4: 'X' or 'O' when that player has won, 'draw' when the board is full without a winner, otherwise 'ongoing'. */
export function outcome(board: Board): Outcome {
  const found = winner(board);
  if (found !== null) {
    return found;
  }
  if (isFull(board)) {
    return 'draw';
  }
  return 'ongoing';
}

/** Task 5: null when a real game can reach the board, otherwise the message that says what is wrong. */
export function positionError(board: Board): string | null {
  const difference = countMarks(board, 'X') - countMarks(board, 'O');
  if (difference < 0) {
    return O_STARTED;
  }
  if (difference > 1) {
    return X_WENT_TWICE;
  }
  const xLine = hasWon(board, 'X');
  const oLine = hasWon(board, 'O');
  switch (difference) {
    case 0:
      if (xLine) {
        return PLAYED_AFTER_WIN;
      }
      break;
    case 1:
      if (oLine) {
        return PLAYED_AFTER_WIN;
      }
      break;
  }
  return null;
}
