/**
 * A "memorising" hand-in for lesson 02 (for the workbook's own tests, never a model): for the lines
 * and boards the visible tests use it answers exactly as the lesson says; for any other line it falls
 * back on parseInt, which reads "5abc" as 5 and "+5" as 5 (the lesson's first pitfall). It scores 100
 * with the visible suite alone; the hidden suite's generated lines must find it out.
 */
import { EMPTY, type Board, type Grid, type Mark } from '../01-board/board';

/** What parseMove returns. */
export type MoveResult = { ok: true; index: number } | { ok: false; error: string };

/** What parseCoordinates returns. */
export type CoordinatesResult = { ok: true; row: number; col: number } | { ok: false; error: string };

/** How the game talks to a player. */
export interface IO {
  input(prompt: string): string | null;
  print(text: string): void;
}

export const NOT_A_WHOLE_NUMBER = 'Please type a whole number, using digits only.';
export const OUT_OF_RANGE = 'Please type a number from 1 to 9.';
export const CELL_TAKEN = 'That cell is already taken. Please choose an empty one.';
export const NOT_TWO_PARTS = 'Please type two numbers, the row and then the column, like: 2 3';
export const COORDINATES_NOT_WHOLE = 'Row and column must both be whole numbers, using digits only.';
export const COORDINATES_OUT_OF_RANGE = 'Row and column must both be from 1 to 3.';

/** The question for a move. */
export function movePrompt(player: Mark): string {
  return `Player ${player}, choose a cell (1-9): `;
}

/** The lines the visible tests give parseMove, with the board (cell by cell) they give it. */
const SEEN_MOVES: ReadonlyArray<readonly [string, string]> = [
  ['', '         '],
  ['', 'X   X   O'],
  ['', 'XX O     '],
  ['\t', '         '],
  ['\t0x5\t', '         '],
  ['\t7', '         '],
  [' ', '         '],
  [' \t9\t ', '         '],
  ['   ', '         '],
  [' 1 ', 'X        '],
  [' 1.5 ', '         '],
  [' 5 ', '         '],
  [' 5abc ', '         '],
  [' 7', 'X   X   O'],
  ['+5', '         '],
  ['+5', '    X    '],
  ['-0', '         '],
  ['-1', '         '],
  ['0', '         '],
  ['0', 'X   X   O'],
  ['0', 'XOXXOOOXX'],
  ['00', '         '],
  ['05', '         '],
  ['0b101', '         '],
  ['0o7', '         '],
  ['0x5', '         '],
  ['1', '         '],
  ['1', '      X  '],
  ['1', '    O    '],
  ['1', '    X    '],
  ['1', 'X        '],
  ['1', 'X   O    '],
  ['1', 'XOXXOOOXX'],
  ['1 2', '         '],
  ['1.5', '         '],
  ['10', '         '],
  ['10', 'XOXXOOOXX'],
  ['10', 'XX O     '],
  ['1e1', '         '],
  ['2', '         '],
  ['2', 'O     XX '],
  ['2', 'O   X    '],
  ['2', 'O  X     '],
  ['2', 'O O X   X'],
  ['2', 'X        '],
  ['2', 'X   O    '],
  ['2', 'X  O     '],
  ['2', 'XOXXOOOXX'],
  ['3', '         '],
  ['3', 'O   X   X'],
  ['3', 'O  OXX   '],
  ['3', 'OO XX    '],
  ['3', 'OX  X    '],
  ['3', 'X   O    '],
  ['3', 'XO  X    '],
  ['3', 'XOXXOOOXX'],
  ['3', 'XX OO    '],
  ['3   ', '         '],
  ['4', '         '],
  ['4', '    X    '],
  ['4', 'O        '],
  ['4', 'O   XX   '],
  ['4', 'OXO X    '],
  ['4', 'OXO X  OX'],
  ['4', 'X        '],
  ['4', 'XOXXOOOXX'],
  ['5', '         '],
  ['5', '    X    '],
  ['5', 'OO X     '],
  ['5', 'X   O    '],
  ['5', 'X   X   O'],
  ['5', 'XO       '],
  ['5', 'XOXXOOOXX'],
  ['5', 'XX O     '],
  ['5 5', '         '],
  ['5.', '         '],
  ['5.0', '         '],
  ['5abc', '         '],
  ['5abc', '    X    '],
  ['5abc', 'X   X   O'],
  ['5e0', '         '],
  ['6', '         '],
  ['6', '    X    '],
  ['6', 'O   X    '],
  ['6', 'OXOXX    '],
  ['6', 'OXOXX  OX'],
  ['6', 'XOXXOOOXX'],
  ['7', '         '],
  ['7', 'O XOXX   '],
  ['7', 'OXOXXO  X'],
  ['7', 'OXOXXO OX'],
  ['7', 'X O O   X'],
  ['7', 'XOXXOOOXX'],
  ['8', '         '],
  ['8', 'O     X  '],
  ['8', 'OXO X   X'],
  ['8', 'OXOXXOO X'],
  ['8', 'XOXXOOOXX'],
  ['9', '         '],
  ['9', 'O   X    '],
  ['9', 'OO    XX '],
  ['9', 'OXOXXO   '],
  ['9', 'X   O    '],
  ['9', 'X O O    '],
  ['9', 'XOO X    '],
  ['9', 'XOXOXOOX '],
  ['9', 'XOXXOOOXX'],
  ['99999', '         '],
  ['99999999999999999999999', '         '],
  ['Infinity', '         '],
  ['NaN', '         '],
  ['abc', '         '],
  ['five', '         '],
  ['five', 'X        '],
  ['x', '         '],
  ['٥', '         '],
  ['৫', '         '],
  ['５', '         '],
];

/** The lines the visible tests give parseCoordinates, with the grid (row by row). */
const SEEN_COORDINATES: ReadonlyArray<readonly [string, string]> = [
  ['', '... ... ...'],
  ['   ', '... ... ...'],
  ['  2   3 ', '... ... ...'],
  ['+1 2', '... ... ...'],
  ['-1 2', '... ... ...'],
  ['0 0', '... ... ...'],
  ['0 1', '... ... ...'],
  ['0x1 1', '... ... ...'],
  ['1\t3', '... ... ...'],
  ['1 0', '... ... ...'],
  ['1 1', '... ... ...'],
  ['1 1', 'X.. .O. ...'],
  ['1 1.5', '... ... ...'],
  ['1 2', '... ... ...'],
  ['1 2 3', '... ... ...'],
  ['1 3', '... ... ...'],
  ['1 b', '... ... ...'],
  ['1e0 1', '... ... ...'],
  ['2 1', '... ... ...'],
  ['2 10', '... ... ...'],
  ['2 2', '... ... ...'],
  ['2 2', 'X.. .O. ...'],
  ['2 3', '... ... ...'],
  ['2 3', '... ..X ...'],
  ['2 4', '... ... ...'],
  ['2 ３', '... ... ...'],
  ['2,3', '... ... ...'],
  ['3', '... ... ...'],
  ['3 1', '... ... ...'],
  ['3 2', '... ... ...'],
  ['3 2', '... ..X ...'],
  ['3 3', '... ... ...'],
  ['3 3', 'X.. .O. ...'],
  ['4 2', '... ... ...'],
  ['4 2', 'XOX XOO OXX'],
  ['4 x', '... ... ...'],
  ['9 9 9', '... ... ...'],
  ['a 1', '... ... ...'],
  ['a 9', '... ... ...'],
];

/** True when the visible tests use this line with this board or grid. */
function seen(list: ReadonlyArray<readonly [string, string]>, raw: string, picture: string): boolean {
  return list.some(([line, cells]) => line === raw && cells === picture);
}

/** The number a line means: digits only on lines the tests use, parseInt's reading otherwise. */
function readNumber(text: string, strict: boolean): number {
  if (strict) return /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  return Number.parseInt(text, 10);
}

/** Tasks 1-3: a typed cell number, checked in the lesson's order. */
export function parseMove(raw: string, board: Board): MoveResult {
  const number = readNumber(raw.trim(), seen(SEEN_MOVES, raw, board.join('')));
  if (Number.isNaN(number)) return { ok: false, error: NOT_A_WHOLE_NUMBER };
  if (number < 1 || number > 9) return { ok: false, error: OUT_OF_RANGE };
  if (board[number - 1] !== EMPTY) return { ok: false, error: CELL_TAKEN };
  return { ok: true, index: number - 1 };
}

/** Task 4: a row and a column. */
export function parseCoordinates(raw: string, grid: Grid): CoordinatesResult {
  const strict = seen(SEEN_COORDINATES, raw, grid.map((row) => row.join('')).join(' '));
  const parts = strict ? raw.trim().split(/\s+/) : raw.trim().split(' ');
  if (parts.length !== 2) return { ok: false, error: NOT_TWO_PARTS };
  const [row, col] = parts.map((part) => readNumber(part, strict)) as [number, number];
  if (Number.isNaN(row) || Number.isNaN(col)) return { ok: false, error: COORDINATES_NOT_WHOLE };
  if (row < 1 || row > 3 || col < 1 || col > 3) return { ok: false, error: COORDINATES_OUT_OF_RANGE };
  if (grid[row - 1]?.[col - 1] !== '.') return { ok: false, error: CELL_TAKEN };
  return { ok: true, row: row - 1, col: col - 1 };
}

/** Task 5: asks until a line is accepted, or input ends. */
export function askMove(io: IO, board: Board, player: Mark): number | null {
  for (;;) {
    const line = io.input(movePrompt(player));
    if (line === null) return null;
    const result = parseMove(line, board);
    if (result.ok) return result.index;
    io.print(result.error);
  }
}
