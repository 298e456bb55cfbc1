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

/** Task 1: a new board with nine empty cells. */
export function createBoard(): Board {
  throw new Error('not implemented yet: createBoard');
}

/** Task 2: the board as three numbered rows separated by ---+---+---. */
export function renderBoard(board: Board): string {
  throw new Error('not implemented yet: renderBoard');
}

/** Task 3: the board with a frame of dashes and bars around every cell. */
export function renderFramed(board: Board): string {
  throw new Error('not implemented yet: renderFramed');
}

/** Task 4: a new grid of three separate rows, every cell '.'. */
export function createGrid(): Grid {
  throw new Error('not implemented yet: createGrid');
}

/** Task 5: the grid with column numbers on top and a row number before each row. */
export function renderGrid(grid: Grid): string {
  throw new Error('not implemented yet: renderGrid');
}
