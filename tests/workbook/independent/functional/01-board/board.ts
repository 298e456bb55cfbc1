/**
 * Lesson 01: the board and how to draw it (functional style).
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

/** Task 1: a new board with nine empty cells. */
export function createBoard(): Board {
  return new Array<Cell>(9).fill(EMPTY);
}

/** The text shown for a cell: its mark, or its number 1 to 9 when empty. */
const labelOf = (cell: Cell, index: number): string => (cell === EMPTY ? `${index + 1}` : cell);

/** The board's nine labels grouped into three rows. */
const labelRows = (board: readonly Cell[]): string[][] =>
  [0, 1, 2].map((row) => board.slice(row * 3, row * 3 + 3).map((cell, col) => labelOf(cell, row * 3 + col)));

/** Wraps each label in one space on both sides. */
const padded = (labels: readonly string[]): string[] => labels.map((label) => ` ${label} `);

/** Task 2: the board as three numbered rows separated by ---+---+---. */
export function renderBoard(board: Board): string {
  return labelRows(board)
    .map((labels) => padded(labels).join('|'))
    .join('\n---+---+---\n');
}

/** Task 3: the board with a frame of dashes and bars around every cell. */
export function renderFramed(board: Board): string {
  const frame = '-'.repeat(13);
  const rows = labelRows(board).map((labels) => `|${padded(labels).join('|')}|`);
  return [frame, ...rows.flatMap((row) => [row, frame])].join('\n');
}

/** Task 4: a new grid of three separate rows, every cell '.'. */
export function createGrid(): Grid {
  return [0, 1, 2].map((): GridCell[] => ['.', '.', '.']);
}

/** Task 5: the grid with column numbers on top and a row number before each row. */
export function renderGrid(grid: Grid): string {
  const header = ['1', '2', '3'].join('   ');
  const rows = grid.map((row, index) => `${index + 1} ${row.join(' | ')}`);
  return [`  ${header}`, rows.join(`\n  ${'-'.repeat(9)}\n`)].join('\n');
}
