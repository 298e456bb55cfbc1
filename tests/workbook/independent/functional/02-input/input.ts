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

/** Takes away the spaces and tabs at both ends of a line. */
const stripBlanks = (raw: string): string => raw.replace(/^[ \t]+|[ \t]+$/g, '');

/** The ten characters a whole number may consist of. */
const DIGITS = '0123456789';

/** True when the text is one or more of the ten digits and nothing else. */
const isWholeNumber = (text: string): boolean => text.length > 0 && [...text].every((char) => DIGITS.includes(char));

/** The value of a text that is known to be a whole number. */
const valueOf = (digits: string): number => [...digits].reduce((total, char) => total * 10 + DIGITS.indexOf(char), 0);

/** True when a number lies between low and high, both included. */
const isBetween =
  (low: number, high: number) =>
  (value: number): boolean =>
    value >= low && value <= high;

/** A rejected result carrying its message. */
const rejected = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** Task 1-3: turns a typed cell number 1-9 into the index of a free cell, or says what is wrong. */
export function parseMove(raw: string, board: Board): MoveResult {
  const text = raw.trim();
  if (!isWholeNumber(text)) return rejected(NOT_A_WHOLE_NUMBER);
  const cellNumber = valueOf(text);
  if (!isBetween(1, 9)(cellNumber)) return rejected(OUT_OF_RANGE);
  const index = cellNumber - 1;
  return board[index] === EMPTY ? { ok: true, index } : rejected(CELL_TAKEN);
}

/** Task 4: turns a typed "row column" (each 1-3) into 0-based numbers of a free grid cell, or says what is wrong. */
export function parseCoordinates(raw: string, grid: Grid): CoordinatesResult {
  const parts = stripBlanks(raw).split(/[ \t]+/);
  if (parts.length !== 2) return rejected(NOT_TWO_PARTS);
  if (!parts.every(isWholeNumber)) return rejected(COORDINATES_NOT_WHOLE);
  const numbers = parts.map(valueOf);
  if (!numbers.every(isBetween(1, 3))) return rejected(COORDINATES_OUT_OF_RANGE);
  const [row, col] = numbers.map((value) => value - 1);
  return grid[row][col] === '.' ? { ok: true, row, col } : rejected(CELL_TAKEN);
}

/** Task 5: asks the player until a valid cell is typed and returns its index, or null as soon as input ends. */
export function askMove(io: IO, board: Board, player: Mark): number | null {
  const line = io.input(movePrompt(player));
  if (line === null) return null;
  const result = parseMove(line, board);
  if (result.ok) return result.index;
  io.print(result.error);
  return askMove(io, board, player);
}
