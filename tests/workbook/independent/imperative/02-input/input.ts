/**
 * Lesson 02: reading a move from a player.
 *
 * Whatever a player types arrives as text. Before the game uses it, the text is checked:
 * is it a whole number, is it in range, is the cell still free? Only then does it become
 * an index. Checking never changes the board and never throws.
 */
import { EMPTY, type Board, type Grid, type Mark } from '../01-board/board';

/** What parseMove returns: the 0-based index of a free cell, or why the text was rejected. */
export type MoveResult = { ok: true; index: number } | { ok: false; error: string };

/** What parseCoordinates returns: the 0-based row and column of a free cell, or why the text was rejected. */
export type CoordinatesResult = { ok: true; row: number; col: number } | { ok: false; error: string };

/** How the game talks to a player. `input` shows a prompt and returns the typed line, or null when input has ended. */
export interface IO {
  input(prompt: string): string | null;
  print(text: string): void;
}

/** parseMove's message for text that is not a whole number. */
export const NOT_A_WHOLE_NUMBER = 'Please type a whole number, using digits only.';

/** parseMove's message for a whole number outside 1 to 9. */
export const OUT_OF_RANGE = 'Please type a number from 1 to 9.';

/** The message for a cell that already holds a mark (parseMove and parseCoordinates). */
export const CELL_TAKEN = 'That cell is already taken. Please choose an empty one.';

/** parseCoordinates' message when the text is not exactly two parts. */
export const NOT_TWO_PARTS = 'Please type two numbers, the row and then the column, like: 2 3';

/** parseCoordinates' message when the row or the column is not a whole number. */
export const COORDINATES_NOT_WHOLE = 'Row and column must both be whole numbers, using digits only.';

/** parseCoordinates' message when the row or the column is outside 1 to 3. */
export const COORDINATES_OUT_OF_RANGE = 'Row and column must both be from 1 to 3.';

/** The question askMove asks, for example "Player X, choose a cell (1-9): ". */
export function movePrompt(player: Mark): string {
  return `Player ${player}, choose a cell (1-9): `;
}

/** True for the two characters between and around a row and a column: a space and a tab. */
function isBlank(character: string): boolean {
  return character === ' ' || character === '\t';
}

/** The characters allowed around a cell number: the white space and line ends the lesson lists (what trim() removes). */
const WHITE_SPACE = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** The text without the white space at its start and at its end. */
function stripWhiteSpace(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && WHITE_SPACE.includes(raw[start])) {
    start += 1;
  }
  while (end > start && WHITE_SPACE.includes(raw[end - 1])) {
    end -= 1;
  }
  return raw.slice(start, end);
}

/** The value of a text made only of the digits 0-9, or -1 when it is empty or holds anything else. Values above 99 are reported as 99. */
function wholeNumberValue(text: string): number {
  if (text.length === 0) {
    return -1;
  }
  let value = 0;
  for (let position = 0; position < text.length; position++) {
    const code = text.charCodeAt(position);
    if (code < 48 || code > 57) {
      return -1;
    }
    if (value <= 99) {
      value = value * 10 + (code - 48);
    }
  }
  if (value > 99) {
    return 99;
  }
  return value;
}

/** The parts of a line between runs of spaces and tabs. */
function splitAtBlanks(raw: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let position = 0; position < raw.length; position++) {
    const character = raw[position];
    if (isBlank(character)) {
      if (current !== '') {
        parts.push(current);
        current = '';
      }
    } else {
      current += character;
    }
  }
  if (current !== '') {
    parts.push(current);
  }
  return parts;
}

/** Task 1-3: turns a typed cell number 1-9 into the index of a free cell, or says what is wrong. */
export function parseMove(raw: string, board: Board): MoveResult {
  const number = wholeNumberValue(stripWhiteSpace(raw));
  if (number < 0) {
    return { ok: false, error: NOT_A_WHOLE_NUMBER };
  }
  if (number < 1 || number > 9) {
    return { ok: false, error: OUT_OF_RANGE };
  }
  const index = number - 1;
  if (board[index] !== EMPTY) {
    return { ok: false, error: CELL_TAKEN };
  }
  return { ok: true, index: index };
}

/** Task 4: turns a typed "row column" (each 1-3) into 0-based numbers of a free grid cell, or says what is wrong. */
export function parseCoordinates(raw: string, grid: Grid): CoordinatesResult {
  const parts = splitAtBlanks(raw);
  if (parts.length !== 2) {
    return { ok: false, error: NOT_TWO_PARTS };
  }
  const row = wholeNumberValue(parts[0]);
  const col = wholeNumberValue(parts[1]);
  if (row < 0 || col < 0) {
    return { ok: false, error: COORDINATES_NOT_WHOLE };
  }
  if (row < 1 || row > 3 || col < 1 || col > 3) {
    return { ok: false, error: COORDINATES_OUT_OF_RANGE };
  }
  if (grid[row - 1][col - 1] !== '.') {
    return { ok: false, error: CELL_TAKEN };
  }
  return { ok: true, row: row - 1, col: col - 1 };
}

/** Task 5: asks the player until a valid cell is typed and returns its index, or null as soon as input ends. */
export function askMove(io: IO, board: Board, player: Mark): number | null {
  const prompt = movePrompt(player);
  for (;;) {
    const line = io.input(prompt);
    if (line === null) {
      return null;
    }
    const result = parseMove(line, board);
    if (result.ok) {
      return result.index;
    }
    io.print(result.error);
  }
}
