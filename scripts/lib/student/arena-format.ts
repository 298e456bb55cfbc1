/**
 * The text of `npm run arena`, shared with lesson 07's suite so that the lesson text, the suite and
 * the arena show audits the same way: a table of audit figures, and a game line replayed as boards.
 * The words (column headings, the move above each board, how a line ended) are the student's
 * language's: English unless the caller passes another language's (`arenaWords`). Player names and
 * seats ('first', 'second') are the values lesson 07's code uses, and stay as they are.
 */
import { linesInReadingOrder } from '../core/boards.ts';
import { displayWidth, padEndColumns, padStartColumns } from '../core/text.ts';
import type { Translate } from '../i18n/messages.ts';

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

/** The words of an audit table and a replay in one language. */
export interface ArenaWords {
  /** The column headings. */
  player: string;
  seat: string;
  lines: string;
  wins: string;
  draws: string;
  losses: string;
  gaveUp: string;
  /** The heading above a board of a replay: "X at 4". */
  move(mark: string, cell: number): string;
  /** The end of a line someone won: "X wins with cells 0, 1, 2." */
  won(mark: string, cells: readonly number[]): string;
  /** The end of a line that stopped before anyone won. */
  ongoing: string;
  /** The end of a line that filled the board without a winner. */
  draw: string;
}

/** The English words, as lesson 07's text shows them. */
export const ENGLISH_WORDS: ArenaWords = {
  player: 'player',
  seat: 'seat',
  lines: 'lines',
  wins: 'wins',
  draws: 'draws',
  losses: 'losses',
  gaveUp: 'gave up',
  move: (mark, cell) => `${mark} at ${cell}`,
  won: (mark, cells) => `${mark} wins with cells ${cells.join(', ')}.`,
  ongoing: 'Nobody has won yet.',
  draw: 'The board is full: a draw.',
};

/** The words of a language, from its catalog (`arena.table.*`, `arena.replay.*`). */
export function arenaWords(t: Translate): ArenaWords {
  return {
    player: t('arena.table.player'),
    seat: t('arena.table.seat'),
    lines: t('arena.table.lines'),
    wins: t('arena.table.wins'),
    draws: t('arena.table.draws'),
    losses: t('arena.table.losses'),
    gaveUp: t('arena.table.gaveUp'),
    move: (mark, cell) => t('arena.replay.move', { mark, cell }),
    won: (mark, cells) => t('arena.replay.won', { mark, first: cells[0] ?? 0, second: cells[1] ?? 0, third: cells[2] ?? 0 }),
    ongoing: t('arena.replay.ongoing'),
    draw: t('arena.replay.draw'),
  };
}

/** The figure columns of an audit table: the heading's key and the figure shown under it. */
const FIGURES: readonly { heading: 'lines' | 'wins' | 'draws' | 'losses' | 'gaveUp'; figure: (row: AuditRow) => number }[] = [
  { heading: 'lines', figure: (row) => row.lines },
  { heading: 'wins', figure: (row) => row.wins },
  { heading: 'draws', figure: (row) => row.draws },
  { heading: 'losses', figure: (row) => row.losses },
  { heading: 'gaveUp', figure: (row) => row.gaveUp },
];

/**
 * The width of a column, in terminal columns: its heading's, but never narrower than the English
 * heading's, so the figures stand where lesson 07's tables show them in every language.
 */
function columnWidth(heading: string, english: string): number {
  return Math.max(displayWidth(heading), displayWidth(english));
}

/** Width of the player column: its heading or the longest name. */
function playerWidth(names: readonly string[], words: ArenaWords): number {
  return Math.max(columnWidth(words.player, ENGLISH_WORDS.player), ...names.map((name) => displayWidth(name)));
}

/** Width of the seat column: its heading or the longer seat, "second". */
function seatWidth(words: ArenaWords): number {
  return Math.max(displayWidth(words.seat), 'second'.length);
}

/** The first two columns of a table line (player and seat), padded to their widths. */
function nameColumns(player: string, seat: string, names: readonly string[], words: ArenaWords): string {
  return `${padEndColumns(player, playerWidth(names, words))}  ${padEndColumns(seat, seatWidth(words))}`;
}

/** The heading line of an audit table whose player names are `names`. */
export function auditHeading(names: readonly string[], words: ArenaWords = ENGLISH_WORDS): string {
  const figures = FIGURES.map((column) => padStartColumns(words[column.heading], columnWidth(words[column.heading], ENGLISH_WORDS[column.heading]))).join('  ');
  return `${nameColumns(words.player, words.seat, names, words)}  ${figures}`.trimEnd();
}

/** One line of an audit table: figures right-aligned under their headings. */
export function auditLine(row: AuditRow, names: readonly string[], words: ArenaWords = ENGLISH_WORDS): string {
  const figures = FIGURES.map((column) => padStartColumns(String(column.figure(row)), columnWidth(words[column.heading], ENGLISH_WORDS[column.heading]))).join(
    '  ',
  );
  return `${nameColumns(row.player, row.seat, names, words)}  ${figures}`;
}

/** A line of an audit table that holds a note instead of figures (for a player that could not play). */
export function auditNote(player: string, seat: string, note: string, names: readonly string[], words: ArenaWords = ENGLISH_WORDS): string {
  return `${nameColumns(player, seat, names, words)}  ${note}`;
}

/**
 * A whole audit table, for example:
 *
 *     player  seat    lines  wins  draws  losses  gave up
 *     rules   first      77    71      3       0        3
 */
export function auditTable(rows: readonly AuditRow[], words: ArenaWords = ENGLISH_WORDS): string {
  const names = rows.map((row) => row.player);
  return [auditHeading(names, words), ...rows.map((row) => auditLine(row, names, words))].join('\n');
}

/** The eight lines of three cells. */
const LINES = linesInReadingOrder();

/** Room for one board of a replay (at least), and the space between two boards. */
const COLUMN_WIDTH = 6;
const GAP = '   ';

/** A board as three rows of three cells, '.' for an empty cell: "X . ." */
function boardRows(cells: readonly string[]): string[] {
  return [0, 3, 6].map((start) => cells.slice(start, start + 3).join(' '));
}

/** What happened at the end of a line: who completed which line, or that it stopped without a winner. */
function ending(cells: readonly string[], words: ArenaWords): string {
  for (const line of LINES) {
    const [a, b, c] = line.map((index) => cells[index]);
    if (a !== undefined && a !== '.' && a === b && b === c) return words.won(a, line);
  }
  return cells.includes('.') ? words.ongoing : words.draw;
}

/**
 * A game line (cell indexes 0 to 8, X first) replayed as boards side by side, one per move,
 * each headed by the move ("O at 4"), then how the line ended. Boards show '.' for empty cells.
 */
export function replayLine(moves: readonly number[], words: ArenaWords = ENGLISH_WORDS): string {
  const cells: string[] = Array(9).fill('.');
  const columns: string[][] = moves.map((cell, index) => {
    const mark = index % 2 === 0 ? 'X' : 'O';
    cells[cell] = mark;
    return [words.move(mark, cell), ...boardRows(cells)];
  });
  const width = Math.max(COLUMN_WIDTH, ...columns.map((column) => displayWidth(column[0] as string)));
  const lines = [0, 1, 2, 3].map((row) =>
    columns
      .map((column) => padEndColumns(column[row] as string, width))
      .join(GAP)
      .trimEnd(),
  );
  return [...lines, ending(cells, words)].join('\n');
}

/** An English audit table's line of figures: player, seat, then lines, wins, draws, losses and gave up. */
const FIGURE_LINE = /^(\S+) +(first|second) +(\d+) +(\d+) +(\d+) +(\d+) +(\d+)$/;

/** The rows of an English audit table exactly as auditTable prints them, or undefined for any other text. */
function tableRows(english: string): AuditRow[] | undefined {
  const [, ...figureLines] = english.split('\n');
  const rows: AuditRow[] = [];
  for (const line of figureLines) {
    const match = FIGURE_LINE.exec(line);
    if (match === null) return undefined;
    const [lines, wins, draws, losses, gaveUp] = match.slice(3).map(Number) as [number, number, number, number, number];
    rows.push({ player: match[1] as string, seat: match[2] as 'first' | 'second', lines, wins, draws, losses, gaveUp });
  }
  return rows.length > 0 && auditTable(rows) === english ? rows : undefined;
}

/** The moves of an English replay exactly as replayLine prints it, or undefined for any other text. */
function replayMoves(english: string): number[] | undefined {
  const heading = english.split('\n')[0] ?? '';
  const moves = [...heading.matchAll(/\b[XO] at (\d)\b/g)].map((match) => Number(match[1]));
  return moves.length > 0 && replayLine(moves) === english ? moves : undefined;
}

/**
 * An audit table or a replay as lesson 07's English text shows it (the arena's English output),
 * printed again with `words`: the same rows or moves, as `npm run arena` prints them in that
 * language. Undefined when the text is neither, character for character.
 */
export function arenaTextIn(english: string, words: ArenaWords): string | undefined {
  const rows = tableRows(english);
  if (rows !== undefined) return auditTable(rows, words);
  const moves = replayMoves(english);
  return moves === undefined ? undefined : replayLine(moves, words);
}
