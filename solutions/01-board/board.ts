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
  // BEGIN SOLUTION createBoard
  return Array.from({ length: 9 }, () => EMPTY);
  // END SOLUTION
}

// BEGIN SOLUTION ONLY
/** What a cell shows: its mark, or its number 1–9 when it is empty. */
function cellLabel(board: Board, index: number): string {
  const cell = board[index];
  if (cell === EMPTY) {
    return String(index + 1);
  }
  return cell;
}

/** The three labels of one row (0, 1 or 2) of the board. */
function rowLabels(board: Board, row: number): string[] {
  const first = row * 3;
  return [cellLabel(board, first), cellLabel(board, first + 1), cellLabel(board, first + 2)];
}
// END SOLUTION

/** Task 2: the board as three numbered rows separated by ---+---+---. */
export function renderBoard(board: Board): string {
  // BEGIN SOLUTION renderBoard
  const rows = [0, 1, 2].map((row) => ` ${rowLabels(board, row).join(' | ')} `);
  return rows.join(`\n${NUMBERED_SEPARATOR}\n`);
  // END SOLUTION
}

/** Task 3: the board with a frame of dashes and bars around every cell. */
export function renderFramed(board: Board): string {
  // BEGIN SOLUTION renderFramed
  const rows = [0, 1, 2].map((row) => `| ${rowLabels(board, row).join(' | ')} |`);
  const framedRows = rows.join(`\n${FRAME_LINE}\n`);
  return `${FRAME_LINE}\n${framedRows}\n${FRAME_LINE}`;
  // END SOLUTION
}

/** Task 4: a new grid of three separate rows, every cell '.'. */
export function createGrid(): Grid {
  // BEGIN SOLUTION createGrid
  return Array.from({ length: 3 }, (): GridCell[] => ['.', '.', '.']);
  // END SOLUTION
}

/** Task 5: the grid with column numbers on top and a row number before each row. */
export function renderGrid(grid: Grid): string {
  // BEGIN SOLUTION renderGrid
  const rows = grid.map((row, index) => `${index + 1} ${row.join(' | ')}`);
  return `${GRID_HEADER}\n${rows.join(`\n${GRID_SEPARATOR}\n`)}`;
  // END SOLUTION
}
