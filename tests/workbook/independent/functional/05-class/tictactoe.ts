/**
 * Lesson 05: the game as a class.
 *
 * One TicTacToe object is one game. It keeps the board and whose turn it is together, and
 * its methods are the only way to change them. Rows and columns are numbered 0, 1 and 2;
 * an empty cell holds '.'.
 */
import { createGrid, renderGrid, type Grid, type GridCell, type Mark } from '../01-board/board';

/** A cell's place on the grid: [row, column], each 0-2. */
type Place = readonly [number, number];

/** The numbers 0, 1 and 2. */
const SPAN = [0, 1, 2] as const;

/** The eight lines: three rows, three columns and the two diagonals. */
const LINES: readonly (readonly Place[])[] = [
  ...SPAN.map((row) => SPAN.map((col): Place => [row, col])),
  ...SPAN.map((col) => SPAN.map((row): Place => [row, col])),
  SPAN.map((step): Place => [step, step]),
  SPAN.map((step): Place => [2 - step, step]),
];

/** The mark that owns every cell of the line, or '.' when the line is not one player's. */
const lineOwner = (grid: Grid, line: readonly Place[]): GridCell => {
  const [first, ...rest] = line.map(([row, col]) => grid[row][col]);
  return rest.every((cell) => cell === first) ? first : '.';
};

/** A copy of the grid with the mark at row r, column c; the old grid stays as it was. */
const placeMark = (grid: Grid, r: number, c: number, mark: Mark): Grid =>
  grid.map((cells, row) => cells.map((cell, col) => (row === r && col === c ? mark : cell)));

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
    if (this.board[r][c] !== '.') return;
    this.board = placeMark(this.board, r, c, this.player);
    this.player = this.player === 'X' ? 'O' : 'X';
  }

  /** Task 3: 'X' or 'O' when that player has three in a line, otherwise '.'. */
  winner(): GridCell {
    return LINES.map((line) => lineOwner(this.board, line)).find((owner) => owner !== '.') ?? '.';
  }

  /** Task 4: true when no cell is '.'. */
  isFull(): boolean {
    return this.board.flat().every((cell) => cell !== '.');
  }

  /** Task 5: true when someone has won or the board is full. */
  isOver(): boolean {
    return this.isFull() || this.winner() !== '.';
  }

  /** Task 6: the board drawn with lesson 01's renderGrid. */
  toString(): string {
    return renderGrid(this.board);
  }
}
