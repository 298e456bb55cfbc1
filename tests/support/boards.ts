/**
 * Boards for tests: written as small pictures, every filling of the nine cells, and the smallest
 * failing board of a bulk check drawn as a 3×3 grid. Nothing here imports student code or works out a
 * lesson's answers: a bulk check confirms them by their digests (tests/support/digests.ts).
 */
import { boardOf, linesOfThree as workOutLinesOfThree, pictureOf, type Board, type Cell } from '../../scripts/lib/core/boards.ts';
import { callEach, type CallOutcome } from './sealed.ts';

/** Boards as pictures come from the tools' own board helpers, which import no lesson code either. */
export { boardOf, pictureOf };

/** The lines of three, as the tools' board helpers work them out: once per test file. */
const LINES_OF_THREE: readonly (readonly number[])[] = workOutLinesOfThree();

/**
 * The eight lines of three (scripts/lib/core/boards.ts), each call with arrays of its own. Worked out
 * once, because the hidden suites' models ask for them for every board they judge.
 */
export function linesOfThree(): number[][] {
  return LINES_OF_THREE.map((line) => [...line]);
}

/** A cell as the lessons store it: a mark, or ' ' when empty (the same values as lesson 01's Cell). */
export type TestCell = Cell;

/** Nine cells, row by row, like lesson 01's Board. */
export type TestBoard = Board;

/** A grid cell as lesson 01's Grid stores it: a mark, or '.' when empty. */
export type TestGridCell = 'X' | 'O' | '.';

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

/**
 * A value as a failure message shows it: strings in quotes (so ' ' is visible),
 * and a boolean, number or string wrapped in an object (new Boolean(false), which is truthy) as such.
 */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (value === undefined) return 'undefined';
  const wrapped = typeof value === 'object' && value !== null ? /^\[object (Boolean|Number|String)\]$/.exec(Object.prototype.toString.call(value)) : null;
  if (wrapped) return `a ${wrapped[1]} object (${JSON.stringify(value)})`;
  return JSON.stringify(value) ?? String(value);
}

/** What a bulk check found, as two texts to compare with toBe: equal when every board passed. */
export interface BulkReport {
  expected: string;
  actual: string;
}

/**
 * How a bulk check knows the right answers without holding them (the student edition must not): it
 * confirms an answer by its digest (tests/support/digests.ts), and names the right answer only for the
 * one board that failed, by trying the few possible answers there. Answers are written as showValue
 * writes them.
 */
export interface AnswerCheck {
  /** True when `answer` is the right answer for `board`, the `index`th board of the check. */
  confirms(index: number, board: TestBoard, answer: string): boolean;
  /** The right answer for the `index`th board (asked only for the board that failed). */
  rightAnswer(index: number, board: TestBoard): string;
}

/**
 * Calls `fn(board, ...rest)` on every board (in a few crossings into the graded code), and finds the
 * smallest board whose answer `right` does not confirm (or where the call throws). Returns texts for
 * `expect(report.actual).toBe(report.expected)`: when a board fails, both show that board as a grid
 * and the answer, so the difference is one line.
 */
export function checkEveryBoard<R extends unknown[]>(
  what: string,
  boards: readonly TestBoard[],
  right: AnswerCheck,
  fn: (board: never, ...rest: R) => unknown,
  ...rest: R
): BulkReport {
  const call = fn as (board: TestBoard, ...rest: R) => unknown;
  const outcomes = callEach(
    call,
    boards.map((board) => [[...board], ...rest] as [TestBoard, ...R]),
  );
  for (const [index, board] of boards.entries()) {
    // The batch ends at the first call that threw, so an outcome is there for every board up to it.
    const outcome = outcomes[index] as CallOutcome<unknown>;
    if (outcome.ok && right.confirms(index, board, showValue(outcome.value))) continue;
    const error = outcome.ok ? undefined : outcome.error;
    const shown = outcome.ok ? showValue(outcome.value) : `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    const heading = `The smallest board where ${what} is wrong (${board.filter((cell) => cell !== ' ').length} marks):`;
    const picture = drawBoard(board);
    return {
      expected: `${heading}\n${picture}\n${what} → ${right.rightAnswer(index, board)}`,
      actual: `${heading}\n${picture}\n${what} → ${shown}`,
    };
  }
  const allRight = `${what} is right on all ${boards.length} boards`;
  return { expected: allRight, actual: allRight };
}
