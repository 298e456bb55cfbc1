/**
 * Lesson 05: the game as a class.
 *
 * One TicTacToe object is one game. It keeps the board and whose turn it is together, and
 * its methods are the only way to change them. Rows and columns are numbered 0, 1 and 2;
 * an empty cell holds '.'.
 */
import { createGrid, renderGrid, type Grid, type GridCell, type Mark } from '../01-board/board';

/** One game of Tic-Tac-Toe for two players. */
export class TicTacToe {
  /** Three rows of three cells; '.' is an empty cell. */
  board: Grid;

  /** Whose turn it is: 'X' or 'O'. */
  player: Mark;

  /** Task 1: a new game: three separate rows of '.', and X to move. */
  constructor() {
    throw new Error('not implemented yet: constructor');
  }

  /** Task 2: plays the current player's mark at row r, column c (each 0-2); a taken cell is ignored. */
  move(r: number, c: number): void {
    throw new Error('not implemented yet: move');
  }

  /** Task 3: 'X' or 'O' when that player has three in a line, otherwise '.'. */
  winner(): GridCell {
    throw new Error('not implemented yet: winner');
  }

  /** Task 4: true when no cell is '.'. */
  isFull(): boolean {
    throw new Error('not implemented yet: isFull');
  }

  /** Task 5: true when someone has won or the board is full. */
  isOver(): boolean {
    throw new Error('not implemented yet: isOver');
  }

  /** Task 6: the board drawn with lesson 01's renderGrid. */
  toString(): string {
    throw new Error('not implemented yet: toString');
  }
}
