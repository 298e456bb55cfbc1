/**
 * Lesson 05: the game as a class.
 *
 * One TicTacToe object is one game. It keeps the board and whose turn it is together, and
 * its methods are the only way to change them. Rows and columns are numbered 0, 1 and 2;
 * an empty cell holds '.'.
 */
import { createGrid, renderGrid, type Grid, type GridCell, type Mark } from '../01-board/board';

// BEGIN SOLUTION ONLY
/** A cell on the grid: its row and its column, each 0, 1 or 2. */
type Position = readonly [row: number, col: number];

/** The eight lines that win: three rows, three columns and the two diagonals. */
const LINES: readonly (readonly Position[])[] = [
  [
    [0, 0],
    [0, 1],
    [0, 2],
  ],
  [
    [1, 0],
    [1, 1],
    [1, 2],
  ],
  [
    [2, 0],
    [2, 1],
    [2, 2],
  ],
  [
    [0, 0],
    [1, 0],
    [2, 0],
  ],
  [
    [0, 1],
    [1, 1],
    [2, 1],
  ],
  [
    [0, 2],
    [1, 2],
    [2, 2],
  ],
  [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  [
    [0, 2],
    [1, 1],
    [2, 0],
  ],
];
// END SOLUTION

/** One game of Tic-Tac-Toe for two players. */
export class TicTacToe {
  /** Three rows of three cells; '.' is an empty cell. */
  board: Grid;

  /** Whose turn it is: 'X' or 'O'. */
  player: Mark;

  /** Task 1: a new game: three separate rows of '.', and X to move. */
  constructor() {
    // BEGIN SOLUTION constructor
    this.board = createGrid();
    this.player = 'X';
    // END SOLUTION
  }

  /** Task 2: plays the current player's mark at row r, column c (each 0-2); a taken cell is ignored. */
  move(r: number, c: number): void {
    // BEGIN SOLUTION move
    if (this.board[r][c] !== '.') {
      return;
    }
    this.board[r][c] = this.player;
    this.player = this.player === 'X' ? 'O' : 'X';
    // END SOLUTION
  }

  /** Task 3: 'X' or 'O' when that player has three in a line, otherwise '.'. */
  winner(): GridCell {
    // BEGIN SOLUTION winner
    for (const line of LINES) {
      const [first, second, third] = line.map(([row, col]) => this.board[row][col]);
      if (first !== '.' && first === second && second === third) {
        return first;
      }
    }
    return '.';
    // END SOLUTION
  }

  /** Task 4: true when no cell is '.'. */
  isFull(): boolean {
    // BEGIN SOLUTION isFull
    return this.board.every((row) => !row.includes('.'));
    // END SOLUTION
  }

  /** Task 5: true when someone has won or the board is full. */
  isOver(): boolean {
    // BEGIN SOLUTION isOver
    return this.winner() !== '.' || this.isFull();
    // END SOLUTION
  }

  /** Task 6: the board drawn with lesson 01's renderGrid. */
  toString(): string {
    // BEGIN SOLUTION toString
    return renderGrid(this.board);
    // END SOLUTION
  }
}
