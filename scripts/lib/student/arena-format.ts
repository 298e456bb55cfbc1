/**
 * The text of `npm run arena`, shared with lesson 07's suite so that the lesson text, the suite and
 * the arena show audits the same way: a table of audit figures, and a game line replayed as boards.
 */
import { linesInReadingOrder } from '../core/boards.ts';

/** One row of an audit table: a computer player in one seat and what its audit found. */
export interface AuditRow {
  player: string;
  seat: 'first' | 'second';
  lines: number;
  wins: number;
  draws: number;
  losses: number;
  gaveUp: number;
}

/** The columns of an audit table: heading and the figure shown under it. */
const FIGURES: readonly { heading: string; figure: (row: AuditRow) => number }[] = [
  { heading: 'lines', figure: (row) => row.lines },
  { heading: 'wins', figure: (row) => row.wins },
  { heading: 'draws', figure: (row) => row.draws },
  { heading: 'losses', figure: (row) => row.losses },
  { heading: 'gave up', figure: (row) => row.gaveUp },
];

/** Width of the player column: its heading or the longest name. */
function playerWidth(names: readonly string[]): number {
  return Math.max('player'.length, ...names.map((name) => name.length));
}

/** The first two columns of a table line (player and seat), padded to their widths. */
function nameColumns(player: string, seat: string, width: number): string {
  return `${player.padEnd(width)}  ${seat.padEnd('second'.length)}`;
}

/** The heading line of an audit table whose player names are `names`. */
export function auditHeading(names: readonly string[]): string {
  const figures = FIGURES.map((column) => column.heading).join('  ');
  return `${nameColumns('player', 'seat', playerWidth(names))}  ${figures}`;
}

/** One line of an audit table: figures right-aligned under their headings. */
export function auditLine(row: AuditRow, names: readonly string[]): string {
  const figures = FIGURES.map((column) => String(column.figure(row)).padStart(column.heading.length)).join('  ');
  return `${nameColumns(row.player, row.seat, playerWidth(names))}  ${figures}`;
}

/** A line of an audit table that holds a note instead of figures (for a player that could not play). */
export function auditNote(player: string, seat: string, note: string, names: readonly string[]): string {
  return `${nameColumns(player, seat, playerWidth(names))}  ${note}`;
}

/**
 * A whole audit table, for example:
 *
 *     player  seat    lines  wins  draws  losses  gave up
 *     rules   first      77    71      3       0        3
 */
export function auditTable(rows: readonly AuditRow[]): string {
  const names = rows.map((row) => row.player);
  return [auditHeading(names), ...rows.map((row) => auditLine(row, names))].join('\n');
}

/** The eight lines of three cells. */
const LINES = linesInReadingOrder();

/** Room for one board of a replay, and the space between two boards. */
const COLUMN_WIDTH = 6;
const GAP = '   ';

/** A board as three rows of three cells, '.' for an empty cell: "X . ." */
function boardRows(cells: readonly string[]): string[] {
  return [0, 3, 6].map((start) => cells.slice(start, start + 3).join(' '));
}

/** What happened at the end of a line: who completed which line, or that it stopped without a winner. */
function ending(cells: readonly string[]): string {
  for (const line of LINES) {
    const [a, b, c] = line.map((index) => cells[index]);
    if (a !== '.' && a === b && b === c) return `${a} wins with cells ${line.join(', ')}.`;
  }
  return cells.includes('.') ? 'Nobody has won yet.' : 'The board is full: a draw.';
}

/**
 * A game line (cell indexes 0 to 8, X first) replayed as boards side by side, one per move,
 * each headed by the move ("O at 4"), then how the line ended. Boards show '.' for empty cells.
 */
export function replayLine(moves: readonly number[]): string {
  const cells: string[] = Array(9).fill('.');
  const columns: string[][] = moves.map((cell, index) => {
    const mark = index % 2 === 0 ? 'X' : 'O';
    cells[cell] = mark;
    return [`${mark} at ${cell}`, ...boardRows(cells)];
  });
  const lines = [0, 1, 2, 3].map((row) =>
    columns
      .map((column) => (column[row] as string).padEnd(COLUMN_WIDTH))
      .join(GAP)
      .trimEnd(),
  );
  return [...lines, ending(cells)].join('\n');
}
