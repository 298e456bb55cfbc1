/**
 * Lesson 05: the game as a class.
 *
 * One TicTacToe object is one game. It keeps the board and whose turn it is together, and
 * its methods are the only way to change them. Rows and columns are numbered 0, 1 and 2;
 * an empty cell holds '.'.
 */
import { createGrid, renderGrid, type Grid, type GridCell, type Mark } from '../01-board/board';

/** The eight lines as [row, column] pairs: columns, diagonals, then rows. */
const LINES: readonly (readonly (readonly [number, number])[])[] = [
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
];

/** One game of Tic-Tac-Toe for two players. */
export class TicTacToe {
  /** Three rows of three cells; '.' is an empty cell. */
  board: Grid;

  /** Whose turn it is: 'X' or 'O'. */
  player: Mark;

  /** Task 1: a new game: three separate rows of '.', and X to move. */
  constructor() {
    this.board = createGrid();
    this.player = 'X';
  }

  /** Task 2: plays the current player's mark at row r, column c (each 0-2); a taken cell is ignored. */
  move(r: number, c: number): void {
    if (this.board[r][c] !== '.') {
      return;
    }
    this.board[r][c] = this.player;
    if (this.player === 'X') {
      this.player = 'O';
    } else {
      this.player = 'X';
    }
  }

  /** Task 3: 'X' or 'O' when that player has three in a line, otherwise '.'. */
  winner(): GridCell {
    for (let lineNumber = 0; lineNumber < LINES.length; lineNumber++) {
      const line = LINES[lineNumber];
      const first = this.board[line[0][0]][line[0][1]];
      if (first === '.') {
        continue;
      }
      let same = true;
      for (let position = 1; position < 3; position++) {
        if (this.board[line[position][0]][line[position][1]] !== first) {
          same = false;
        }
      }
      if (same) {
        return first;
      }
    }
    return '.';
  }

  /** Task 4: true when no cell is '.'. */
  isFull(): boolean {
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 3; col++) {
        if (this.board[row][col] === '.') {
          return false;
        }
      }
    }
    return true;
  }

  /** Task 5: true when someone has won or the board is full. */
  isOver(): boolean {
    if (this.isFull()) {
      return true;
    }
    return this.winner() !== '.';
  }

  /** Task 6: the board drawn with lesson 01's renderGrid. */
  toString(): string {
    return renderGrid(this.board);
  }
}
