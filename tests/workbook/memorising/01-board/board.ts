/**
 * A "memorising" hand-in for lesson 01 (for the workbook's own tests, never a model): it answers the
 * boards the visible tests draw exactly as the lesson says, and any other board with a classic
 * mistake (cells numbered from 0, a space at the end of grid lines). It scores 100 with the visible
 * suite alone; the hidden suite's generated boards must find it out.
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

/** The boards the visible tests draw, cell by cell. */
const SEEN_BOARDS = ['         ', ' X O    X', 'O   X    ', 'X   O    ', 'XOXOXOOXO', ' X    O  ', 'X   O   X', 'XXOOOXXOX'];

/** The grids the visible tests draw, row by row. */
const SEEN_GRIDS = ['... ... ...', '.X. ... ..O', 'X.. ..O ...', 'XOO OXX XXO'];

/** Task 1: a new board with nine empty cells. */
export function createBoard(): Board {
  return Array.from({ length: 9 }, () => EMPTY);
}

/** The label of a cell: its mark, or its number (from 1 on a board the tests know, from 0 otherwise). */
function label(board: Board, index: number, firstNumber: number): string {
  const cell = board[index];
  return cell === EMPTY ? String(index + firstNumber) : String(cell);
}

/** The three labels of one row. */
function rowLabels(board: Board, row: number): string[] {
  const firstNumber = SEEN_BOARDS.includes(board.join('')) ? 1 : 0;
  return [0, 1, 2].map((column) => label(board, row * 3 + column, firstNumber));
}

/** Task 2: the numbered board. */
export function renderBoard(board: Board): string {
  return [0, 1, 2].map((row) => ` ${rowLabels(board, row).join(' | ')} `).join('\n---+---+---\n');
}

/** Task 3: the framed board. */
export function renderFramed(board: Board): string {
  const frame = '-------------';
  const rows = [0, 1, 2].map((row) => `| ${rowLabels(board, row).join(' | ')} |`);
  return `${frame}\n${rows.join(`\n${frame}\n`)}\n${frame}`;
}

/** Task 4: a new grid of three separate rows. */
export function createGrid(): Grid {
  return Array.from({ length: 3 }, (): GridCell[] => ['.', '.', '.']);
}

/** Task 5: the grid with coordinates (a stray space at the end of each row on grids the tests do not know). */
export function renderGrid(grid: Grid): string {
  const known = SEEN_GRIDS.includes(grid.map((row) => row.join('')).join(' '));
  const rows = grid.map((row, index) => `${index + 1} ${row.join(' | ')}${known ? '' : ' '}`);
  return `  1   2   3\n${rows.join('\n  ---------\n')}`;
}
