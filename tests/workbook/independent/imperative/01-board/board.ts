/**
 * Lesson 01: the board and how to draw it.
 *
 * The board is a list of nine cells, row by row: index 0 is the top-left corner,
 * index 8 the bottom-right one. Drawing functions return text; they never print
 * and never change the board.
 */

/** A player's mark. */
export type Mark = 'X' | 'O';

/** What an empty cell holds. */
export const EMPTY = ' ';

/** One cell of the board: a mark or empty. */
export type Cell = Mark | typeof EMPTY;

/** Nine cells, row by row (index 0 to 8). */
export type Board = Cell[];

/** One cell of the grid version: a mark or '.' when empty. */
export type GridCell = Mark | '.';

/** Three rows of three cells. */
export type Grid = GridCell[][];

/** The line drawn between two rows of the numbered board. */
const NUMBERED_SEPARATOR = '---+---+---';

/** The line drawn above, between and below the rows of the framed board. */
const FRAME_LINE = '-------------';

/** The column numbers above the grid. */
const GRID_HEADER = '  1   2   3';

/** The line drawn between two rows of the grid. */
const GRID_SEPARATOR = '  ---------';

/** The label of one cell: its mark when taken, otherwise its number 1 to 9. */
function cellLabel(board: Board, index: number): string {
  const cell = board[index];
  if (cell === 'X' || cell === 'O') {
    return cell;
  }
  return String(index + 1);
}

/** Task 1: a new board with nine empty cells. */
export function createBoard(): Board {
  const board: Board = [];
  let count = 0;
  while (count < 9) {
    board.push(EMPTY);
    count += 1;
  }
  return board;
}

/** Task 2: the board as three numbered rows separated by ---+---+---. */
export function renderBoard(board: Board): string {
  let text = '';
  for (let row = 0; row < 3; row++) {
    if (row > 0) {
      text += '\n' + NUMBERED_SEPARATOR + '\n';
    }
    for (let col = 0; col < 3; col++) {
      if (col > 0) {
        text += '|';
      }
      text += ' ' + cellLabel(board, row * 3 + col) + ' ';
    }
  }
  return text;
}

/** Task 3: the board with a frame of dashes and bars around every cell. */
export function renderFramed(board: Board): string {
  let text = FRAME_LINE;
  for (let index = 0; index < 9; index++) {
    if (index % 3 === 0) {
      text += '\n|';
    }
    text += ' ' + cellLabel(board, index) + ' |';
    if (index % 3 === 2) {
      text += '\n' + FRAME_LINE;
    }
  }
  return text;
}

/** Task 4: a new grid of three separate rows, every cell '.'. */
export function createGrid(): Grid {
  const grid: Grid = [];
  for (let row = 0; row < 3; row++) {
    const cells: GridCell[] = [];
    for (let col = 0; col < 3; col++) {
      cells.push('.');
    }
    grid.push(cells);
  }
  return grid;
}

/** Task 5: the grid with column numbers on top and a row number before each row. */
export function renderGrid(grid: Grid): string {
  let text = GRID_HEADER;
  for (let row = 0; row < 3; row++) {
    if (row > 0) {
      text += '\n' + GRID_SEPARATOR;
    }
    text += '\n' + (row + 1) + ' ';
    for (let col = 0; col < 3; col++) {
      if (col > 0) {
        text += ' | ';
      }
      text += grid[row][col];
    }
  }
  return text;
}
