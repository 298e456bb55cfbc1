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

// BEGIN SOLUTION ONLY
/** Only the characters 0 to 9, at least one of them. */
const DIGITS_ONLY = /^[0-9]+$/;

/** True when the text is one or more of the digits 0-9 and nothing else. */
function isWholeNumber(text: string): boolean {
  return DIGITS_ONLY.test(text);
}

/** True when a 0-based row or column number is 0, 1 or 2. */
function isOnGrid(position: number): boolean {
  return position >= 0 && position <= 2;
}
// END SOLUTION

/** Task 1-3: turns a typed cell number 1-9 into the index of a free cell, or says what is wrong. */
export function parseMove(raw: string, board: Board): MoveResult {
  // BEGIN SOLUTION parseMove
  const text = raw.trim();
  if (!isWholeNumber(text)) {
    return { ok: false, error: NOT_A_WHOLE_NUMBER };
  }
  const number = Number(text);
  if (number < 1 || number > 9) {
    return { ok: false, error: OUT_OF_RANGE };
  }
  const index = number - 1;
  if (board[index] !== EMPTY) {
    return { ok: false, error: CELL_TAKEN };
  }
  return { ok: true, index };
  // END SOLUTION
}

/** Task 4: turns a typed "row column" (each 1-3) into 0-based numbers of a free grid cell, or says what is wrong. */
export function parseCoordinates(raw: string, grid: Grid): CoordinatesResult {
  // BEGIN SOLUTION parseCoordinates
  const parts = raw.trim().split(/\s+/);
  if (parts.length !== 2) {
    return { ok: false, error: NOT_TWO_PARTS };
  }
  const [rowText, colText] = parts;
  if (!isWholeNumber(rowText) || !isWholeNumber(colText)) {
    return { ok: false, error: COORDINATES_NOT_WHOLE };
  }
  const row = Number(rowText) - 1;
  const col = Number(colText) - 1;
  if (!isOnGrid(row) || !isOnGrid(col)) {
    return { ok: false, error: COORDINATES_OUT_OF_RANGE };
  }
  if (grid[row][col] !== '.') {
    return { ok: false, error: CELL_TAKEN };
  }
  return { ok: true, row, col };
  // END SOLUTION
}

/** Task 5: asks the player until a valid cell is typed and returns its index, or null as soon as input ends. */
export function askMove(io: IO, board: Board, player: Mark): number | null {
  // BEGIN SOLUTION askMove
  const prompt = movePrompt(player);
  while (true) {
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
  // END SOLUTION
}
