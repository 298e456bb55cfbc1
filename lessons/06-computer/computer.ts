/**
 * Lesson 06: a computer player.
 *
 * Every function here looks at the board and answers the cell the computer plays, as an
 * index from 0 to 8. `me` is the computer's own mark. None of them changes the board: they
 * only choose a cell, and the game places the mark.
 */
import { EMPTY, type Board, type Cell, type Mark } from '../01-board/board';

/** Gives a number from 0 (included) to 1 (excluded) each time it is called, like Math.random. */
export type Random = () => number;

/** How strongly computerMove plays. */
export type Level = 'easy' | 'medium' | 'hard';

/**
 * The eight lines in the order both tutorials look at them: the rows, the columns, then the
 * diagonals 0-4-8 and 2-4-6. When several lines fit a rule, this order decides which one wins.
 */
export const SCAN_ORDER: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** The centre cell. */
const CENTRE = 4;

/** The top-left corner. */
const TOP_LEFT = 0;

/** The four corners. */
const CORNERS = [0, 2, 6, 8];

/** The other player's mark: 'O' for 'X' and 'X' for 'O'. */
export function otherPlayer(player: Mark): Mark {
  return player === 'X' ? 'O' : 'X';
}

/** Task 1: a random empty cell; every empty cell is equally likely, and only `rng` decides. */
export function randomMove(board: Board, rng: Random = Math.random): number {
  throw new Error('not implemented yet: randomMove');
}

/** Task 2: the Python tutorial's five rules, in its order; null when no rule finds a cell. */
export function ruleMove(board: Board, me: Mark): number | null {
  throw new Error('not implemented yet: ruleMove');
}

/** Task 3: the C++ tutorial's order: centre, win, block, then the cell on the most empty lines. */
export function heuristicMove(board: Board, me: Mark): number {
  throw new Error('not implemented yet: heuristicMove');
}

/** Tasks 4 and 5: easy plays at random, medium wins or blocks when it can, hard never loses. */
export function computerMove(board: Board, me: Mark, level: Level, rng: Random = Math.random): number {
  throw new Error('not implemented yet: computerMove');
}
