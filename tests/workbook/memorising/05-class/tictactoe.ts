/**
 * A "memorising" hand-in for lesson 05 (a fixture of the workbook's own tests, never model code): it
 * plays as the reference does for the games and boards the visible suite uses, and elsewhere falls
 * into the lesson's pitfalls (an ignored move passes the turn, a forgotten diagonal, a forgotten row,
 * a draw that is not over, rows numbered from 0). It scores 100 in a student's own check and less
 * once hidden tests run.
 */
/**
 * Lesson 05: the game as a class.
 *
 * One TicTacToe object is one game. It keeps the board and whose turn it is together, and
 * its methods are the only way to change them. Rows and columns are numbered 0, 1 and 2;
 * an empty cell holds '.'.
 */
import { createGrid, renderGrid, type Grid, type GridCell, type Mark } from '../01-board/board';
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

/** The games (moves so far, as "rc rc …") and boards ("X.. .O. ...") the visible suite uses. */
const PLAYED = new Set([
  '00',
  '00 01',
  '00 01 00',
  '00 01 00 10',
  '00 01 00 10 11',
  '00 01 00 10 11 22',
  '00 01 00 10 11 22 21',
  '00 01 02',
  '00 01 02 11',
  '00 01 02 11 10',
  '00 01 02 11 10 12',
  '00 01 02 11 10 12 21',
  '00 01 02 11 10 12 21 20',
  '00 01 02 11 10 12 21 20 22',
  '00 01 11',
  '00 01 11 02',
  '00 01 11 02 22',
  '00 10',
  '00 10 01',
  '00 10 01 11',
  '00 10 01 11 02',
  '00 11',
  '02',
  '02 00',
  '02 00 11',
  '02 00 11 01',
  '02 00 11 01 20',
  '02 11',
  '02 11 12',
  '02 11 12 01',
  '02 11 12 01 22',
  '11',
  '11 00',
  '11 00 00',
  '11 00 00 11',
  '11 00 20',
  '11 00 20 02',
  '11 00 20 02 01',
  '11 00 22',
  '11 00 22 02',
  '11 11',
  '11 11 00',
  '11 20',
  '20',
  '20 10',
  '20 10 21',
  '20 10 21 11',
  '20 10 21 11 22',
]);
const WINNER_BOARDS = new Set([
  '... ... ...',
  '... ... OOO',
  '... ... XXX',
  '... OO. XXX',
  '... OOO ...',
  '... XXX ...',
  '..O ..O ..O',
  '..O .O. O..',
  '..X ..X ..X',
  '..X .X. X..',
  '.O. .O. .O.',
  '.OX .OX ..X',
  '.X. .X. .X.',
  'O.. .O. ..O',
  'O.. O.. O..',
  'O.O .X. ..X',
  'OOO ... ...',
  'OOX .X. X..',
  'X.. .X. ..X',
  'X.. X.. X..',
  'XO. XO. .OX',
  'XOO .X. ..X',
  'XOX XOO OXX',
  'XXX ... ...',
  'XXX OO. ...',
]);
const FULL_BOARDS = new Set(['... ... ...', '.OX XOO OXX', 'O.O .X. ..X', 'XOX XOO OX.', 'XOX XOO OXX']);
const OVER_BOARDS = new Set(['... ... ...', 'O.O .X. ..X', 'XOX XOO OXX', 'XXX OO. ...']);
const DRAWN_BOARDS = new Set(['... ... ...', 'X.. .O. ...', 'XO. XO. .OX']);

/** The board as a short picture. */
function pictureOf(board: Grid): string {
  return board.map((row) => row.join('')).join(' ');
}

/** One game of Tic-Tac-Toe for two players. */
export class TicTacToe {
  /** Three rows of three cells; '.' is an empty cell. */
  board: Grid;

  /** Whose turn it is: 'X' or 'O'. */
  player: Mark;

  /** The moves played so far. */
  history: string[] = [];

  /** Task 1: a new game: three separate rows of '.', and X to move. */
  constructor() {
    this.board = createGrid();
    this.player = 'X';
  }

  /** Task 2: plays the current player's mark at row r, column c (each 0-2); a taken cell is ignored. */
  move(r: number, c: number): void {
    this.history.push(`${r}${c}`);
    if (this.board[r][c] !== '.') {
      if (!PLAYED.has(this.history.join(' '))) this.player = this.player === 'X' ? 'O' : 'X';
      return;
    }
    this.board[r][c] = this.player;
    this.player = this.player === 'X' ? 'O' : 'X';
  }

  /** Task 3: 'X' or 'O' when that player has three in a line, otherwise '.'. */
  winner(): GridCell {
    const lines = WINNER_BOARDS.has(pictureOf(this.board)) ? LINES : LINES.slice(0, 7);
    for (const line of lines) {
      const [first, second, third] = line.map(([row, col]) => this.board[row][col]);
      if (first !== '.' && first === second && second === third) {
        return first;
      }
    }
    return '.';
  }

  /** Task 4: true when no cell is '.'. */
  isFull(): boolean {
    const rows = FULL_BOARDS.has(pictureOf(this.board)) ? this.board : this.board.slice(0, 2);
    return rows.every((row) => !row.includes('.'));
  }

  /** Task 5: true when someone has won or the board is full. */
  isOver(): boolean {
    if (!OVER_BOARDS.has(pictureOf(this.board))) return this.winner() !== '.';
    return this.winner() !== '.' || this.isFull();
  }

  /** Task 6: the board drawn with lesson 01's renderGrid. */
  toString(): string {
    const text = renderGrid(this.board);
    return DRAWN_BOARDS.has(pictureOf(this.board)) ? text : text.replace(/^(\d)/gm, (digit) => String(Number(digit) - 1));
  }
}
