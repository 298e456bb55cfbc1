/**
 * Lesson 07: perfect play by search.
 *
 * Tic-Tac-Toe is small enough to try every possible game. Counting them, playing perfectly
 * (minimax) and auditing a computer player are three walks through the same tree of games:
 * from a board, try every empty cell, and look at what happens next.
 */
import { createBoard, EMPTY, type Board, type Mark } from '../01-board/board';
import { outcome } from '../03-win/win';
import { otherPlayer } from '../06-computer/computer';

/** A computer player: the cell it plays for `me` on this board, or null when it gives up. */
export type Strategy = (board: Board, me: Mark) => number | null;

/** Where the audited player sits: 'first' plays X and moves first, 'second' plays O. */
export type Seat = 'first' | 'second';

/** How many complete games there are, and how each one ends. */
export interface GameCounts {
  total: number;
  xWins: number;
  oWins: number;
  draws: number;
}

/** What an audit found: one line is one complete game against one sequence of opponent moves. */
export interface AuditResult {
  lines: number;
  wins: number;
  draws: number;
  losses: number;
  gaveUp: number;
  /** Every lost game as its moves from the first one, as cell indexes 0 to 8. */
  losingLines: number[][];
}

/** The indexes of the empty cells, from 0 to 8. */
export function emptyCells(board: Board): number[] {
  const cells: number[] = [];
  board.forEach((cell, index) => {
    if (cell === EMPTY) {
      cells.push(index);
    }
  });
  return cells;
}

/** A copy of the board with `mark` placed in `cell`; the board itself stays as it was. */
export function withMove(board: Board, cell: number, mark: Mark): Board {
  const copy = [...board];
  copy[cell] = mark;
  return copy;
}

/** Task 1: every possible game from the empty board, played until a win or a full board. */
export function countGames(): GameCounts {
  throw new Error('not implemented yet: countGames');
}

/** Task 2: how many different boards real games can reach, the empty board included. */
export function countPositions(): number {
  throw new Error('not implemented yet: countPositions');
}

/** Task 3: minimax: the move that wins fastest, or draws, or loses as late as possible. */
export function bestMove(board: Board, me: Mark): number {
  throw new Error('not implemented yet: bestMove');
}

/** Task 4: plays the strategy against every possible sequence of opponent moves. */
export function audit(strategy: Strategy, seat: Seat): AuditResult {
  throw new Error('not implemented yet: audit');
}
