/**
 * Boards for tests: written as small pictures, generated in bulk (every filling of the nine
 * cells, every board that legal play can reach), and the smallest failing board of a bulk
 * check drawn as a 3×3 grid. Nothing here imports student code, so a bug there cannot
 * change what the tests expect.
 */
import { boardOf, linesOfThree, pictureOf, type Board, type Cell } from '../../scripts/lib/core/boards.ts';
import { callEach, type CallOutcome } from './sealed.ts';

/** Boards as pictures and the lines of three come from the tools' own board helpers, which import no lesson code either. */
export { boardOf, linesOfThree, pictureOf };

/** A cell as the lessons store it: a mark, or ' ' when empty (the same values as lesson 01's Cell). */
export type TestCell = Cell;

/** Nine cells, row by row, like lesson 01's Board. */
export type TestBoard = Board;

/** A grid cell as lesson 01's Grid stores it: a mark, or '.' when empty. */
export type TestGridCell = 'X' | 'O' | '.';

/** How a game that was played by the rules stands on a board. */
export type Ending = 'X' | 'O' | 'draw' | 'ongoing';

/** A grid from a picture like 'X.. ..O ...'. */
export function gridOf(picture: string): TestGridCell[][] {
  return picture.split(' ').map((row) => [...row].map((cell): TestGridCell => (cell === 'X' || cell === 'O' ? cell : '.')));
}

/** A board drawn as three lines of three cells, '.' for empty: easy to read in a failure message. */
export function drawBoard(board: readonly TestCell[]): string {
  return pictureOf(board)
    .split(' ')
    .map((row) => [...row].join(' '))
    .join('\n');
}

/** How many cells of a board hold the given mark (or ' ' for empty cells). */
export function countMarks(board: readonly TestCell[], mark: TestCell): number {
  return board.filter((cell) => cell === mark).length;
}

/** All 3^9 = 19,683 ways to fill the nine cells with X, O or empty, fewest marks first, then in the order of their text. */
export function allFillings(): readonly TestBoard[] {
  fillings ??= listFillings();
  return fillings;
}

let fillings: readonly TestBoard[] | undefined;

/** What a cell can hold, in the order boards are listed: empty, then O, then X (the order of their text). */
const CELL_VALUES: readonly TestCell[] = [' ', 'O', 'X'];

/** Builds the list allFillings returns (once per test file). */
function listFillings(): TestBoard[] {
  // Filling the cells from first to last, each with ' ', 'O', then 'X', lists the boards in the order
  // of their text; sorting them into buckets by how many marks they hold keeps that order. (Each board
  // is built as text first and split into cells at the end: far quicker than growing 19,683 arrays.)
  const bySize: TestBoard[][] = Array.from({ length: 10 }, () => []);
  const fill = (text: string, marks: number): void => {
    if (text.length === 9) {
      (bySize[marks] as TestBoard[]).push(text.split('') as TestBoard);
      return;
    }
    for (const value of CELL_VALUES) fill(text + value, value === ' ' ? marks : marks + 1);
  };
  fill('', 0);
  return bySize.flat();
}

/** A board a real game can reach, and how the game stands there. */
export interface PlayedBoard {
  board: TestBoard;
  ending: Ending;
}

/**
 * Every board that a real game can reach, with how the game stands there. Games are played out from
 * the empty board: X moves first, the players alternate, and a game stops as soon as the player who
 * just moved owns all three cells of a line (that player won) or all nine cells are taken (a draw).
 * The ending is recorded while playing, from the lines through the cell just played, so no check of
 * a whole board is needed to know it. Fewest marks first, then in the order of their text (' ' before
 * 'O' before 'X'), so "the smallest board" is well defined; 5,478 boards.
 */
export function playAllGames(): readonly PlayedBoard[] {
  played ??= playGames();
  return played;
}

let played: readonly PlayedBoard[] | undefined;

/** Plays the games playAllGames returns (once per test file). */
function playGames(): PlayedBoard[] {
  const linesThrough = linesThroughEachCell();
  const seen = new Map<string, PlayedBoard>();
  // The boards met, by how many marks they hold, each as its text (its key in `seen`).
  const bySize: string[][] = Array.from({ length: 10 }, () => []);

  /** Whether the mark just played in `cell` gives its player all three cells of a line through it. */
  const completesLine = (board: TestBoard, cell: number): boolean => {
    const mover = board[cell];
    for (const [a, b, c] of linesThrough[cell] as number[][]) {
      if (board[a as number] === mover && board[b as number] === mover && board[c as number] === mover) return true;
    }
    return false;
  };

  /** Plays every possible next move from a board where the game is still going (`marks` marks on it). */
  const explore = (board: TestBoard, mover: 'X' | 'O', marks: number): void => {
    for (let cell = 0; cell < 9; cell += 1) {
      if (board[cell] !== ' ') continue;
      const next = [...board];
      next[cell] = mover;
      const key = next.join('');
      if (seen.has(key)) continue;
      let ending: Ending = 'ongoing';
      if (completesLine(next, cell)) {
        ending = mover;
      } else if (marks + 1 === 9) {
        ending = 'draw';
      }
      seen.set(key, { board: next, ending });
      (bySize[marks + 1] as string[]).push(key);
      if (ending === 'ongoing') explore(next, mover === 'X' ? 'O' : 'X', marks + 1);
    }
  };

  const empty: TestBoard = Array(9).fill(' ');
  const emptyKey = empty.join('');
  seen.set(emptyKey, { board: empty, ending: 'ongoing' });
  (bySize[0] as string[]).push(emptyKey);
  explore(empty, 'X', 0);
  // Fewest marks first, then by text: ' ' before 'O' before 'X', as sort() orders strings by default.
  return bySize.flatMap((keys) => keys.sort().map((key) => seen.get(key) as PlayedBoard));
}

/** For each cell, the lines of three that pass through it. */
function linesThroughEachCell(): number[][][] {
  const lines = linesOfThree();
  return Array.from({ length: 9 }, (_, cell) => lines.filter((line) => line.includes(cell)));
}

/** A value as a failure message shows it: strings in quotes (so ' ' is visible), a throw as "threw …". */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (value === undefined) return 'undefined';
  return JSON.stringify(value) ?? String(value);
}

/** What a bulk check found, as two texts to compare with toBe: equal when every board passed. */
export interface BulkReport {
  expected: string;
  actual: string;
}

/**
 * Calls `fn(board, ...rest)` on every board (in a few crossings into the graded code), and finds the
 * smallest board whose answer differs from `expected` (or where the call throws). Returns texts for
 * `expect(report.actual).toBe(report.expected)`: when a board fails, both show that board as a grid
 * and the answer, so the difference is one line.
 */
export function checkEveryBoard<T, R extends unknown[]>(
  what: string,
  cases: readonly { board: TestBoard; expected: T }[],
  fn: (board: never, ...rest: R) => unknown,
  ...rest: R
): BulkReport {
  const call = fn as (board: TestBoard, ...rest: R) => unknown;
  const outcomes = callEach(
    call,
    cases.map(({ board }) => [[...board], ...rest] as [TestBoard, ...R]),
  );
  for (const [index, { board, expected }] of cases.entries()) {
    // The batch ends at the first call that threw, so an outcome is there for every board up to it.
    const outcome = outcomes[index] as CallOutcome<unknown>;
    if (outcome.ok && outcome.value === expected) continue;
    const error = outcome.ok ? undefined : outcome.error;
    const shown = outcome.ok ? showValue(outcome.value) : `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    const heading = `The smallest board where ${what} is wrong (${board.filter((cell) => cell !== ' ').length} marks):`;
    const picture = drawBoard(board);
    return {
      expected: `${heading}\n${picture}\n${what} → ${showValue(expected)}`,
      actual: `${heading}\n${picture}\n${what} → ${shown}`,
    };
  }
  const allRight = `${what} is right on all ${cases.length} boards`;
  return { expected: allRight, actual: allRight };
}
