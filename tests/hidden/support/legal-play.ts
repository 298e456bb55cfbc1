/**
 * Generated boards for the hidden suites (fast-check): boards reached by legal play and arbitrary
 * fillings. Whether a game is over is decided here, with the lines of boards.ts, never with student
 * code, so a bug in a lesson cannot change what the tests expect.
 */
import { expect } from 'vitest';
import { fc, SHRINKS } from '../../support/property.ts';
import { countMarks, pictureOf, type TestBoard, type TestCell } from '../../support/boards.ts';
import { emptyCellsOf, type TestMark } from '../../support/opponents.ts';
import { lineOwner } from './lines.ts';
import { callEach } from '../../support/sealed.ts';
import { verdictOf } from '../../../scripts/lib/core/failure.ts';
import { knownPositions, type KnownPosition } from './positions.ts';

/** A position a real game reached, with the mark to move there. */
export interface Position {
  board: TestBoard;
  mover: TestMark;
}

/** Whose turn it is on a board of a real game: X when both have as many marks. */
export function moverOn(board: readonly TestCell[]): TestMark {
  return countMarks(board, 'X') === countMarks(board, 'O') ? 'X' : 'O';
}

/** True when nobody owns a line and a cell is still empty. */
export function isOngoing(board: readonly TestCell[]): boolean {
  return lineOwner(board) === null && emptyCellsOf(board).length > 0;
}

/**
 * The board reached by playing X, O, X, … in the given order of cells, stopping when the game is
 * over or after `moves` marks. `order` is a shuffle of the nine cells.
 */
export function playOrder(order: readonly number[], moves: number): TestBoard {
  const board: TestBoard = Array(9).fill(' ');
  for (const [index, cell] of order.slice(0, moves).entries()) {
    if (!isOngoing(board)) break;
    board[cell] = index % 2 === 0 ? 'X' : 'O';
  }
  return board;
}

/** A shuffle of the nine cells. */
export const cellOrder: fc.Arbitrary<number[]> = fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8], { minLength: 9, maxLength: 9 });

/** A board a real game reached after 0 to 9 moves (perhaps a finished one). */
export const playedBoard: fc.Arbitrary<TestBoard> = fc.tuple(cellOrder, fc.integer({ min: 0, max: 9 })).map(([order, moves]) => playOrder(order, moves));

/** A position a real game reached where a move is still possible, with the mark to move. */
export const ongoingPosition: fc.Arbitrary<Position> = fc.tuple(cellOrder, fc.integer({ min: 0, max: 8 })).map(([order, moves]) => {
  let board = playOrder(order, moves);
  // A game that ended early: step back to the last position where it was still going.
  for (let back = moves - 1; !isOngoing(board) && back >= 0; back -= 1) board = playOrder(order, back);
  return { board, mover: moverOn(board) };
});

/** Any filling of the nine cells with X, O or empty, reachable or not. */
export const anyFilling: fc.Arbitrary<TestBoard> = fc.array(fc.constantFrom<TestCell>(' ', 'X', 'O'), { minLength: 9, maxLength: 9 });

/**
 * The time limit of a test that makes thousands of calls (or plays whole games), in milliseconds: far
 * more than it needs, so that a busy machine never fails correct code. A call that never returns is
 * stopped by the grader's own deadline, long before this.
 */
export const PLENTY_MS = 10_000;

/** A list of up to `count` positions (the failure message names the first one that fails). */
export function positions(count: number): fc.Arbitrary<Position[]> {
  return fc.limitShrink(fc.array(ongoingPosition, { minLength: 1, maxLength: count, size: 'max' }), SHRINKS.batch);
}

/** A position as a failure message shows it: the picture and the mark to move. */
export function showPosition({ board, mover }: Position): string {
  return `${pictureOf(board)} (${mover} to move)`;
}

/** How one answer was judged: null when it is right, else what the lesson expects there. */
export type Judge<R, P extends Position = Position> = (position: P, answer: R) => string | null;

/**
 * A verdict on many answers: two texts for `expect(actual).toBe(expected)`, equal when every answer is
 * right, otherwise both naming the smallest wrong position (fewest marks), what was answered there and
 * what was expected; `failure` then says the same in a few whole lines for the teacher (see expectRight).
 */
export interface Verdict {
  expected: string;
  actual: string;
  failure?: string;
}

/** How many marks a board holds: the smaller of two failing positions is the one with fewer. */
function marksOn(board: readonly TestCell[]): number {
  return board.filter((cell) => cell !== ' ').length;
}

/**
 * Calls `fn(board, mover, ...extra)` on every position in one crossing into the graded code and
 * judges each answer. Returns a verdict: equal texts when every answer is right, otherwise texts and a
 * failure message naming the smallest wrong position (fewest marks, then the first in the list), what
 * was answered and what was expected. A call that threw ends the calls (see callEach): what it threw
 * is the failure, unless a smaller position before it was answered wrong.
 */
export function judgeEach<E extends unknown[], P extends Position = Position>(
  what: string,
  fn: (board: never, me: never, ...extra: E) => unknown,
  list: readonly P[],
  judge: Judge<unknown, P>,
  ...extra: E
): Verdict {
  const call = fn as (board: TestBoard, me: TestMark, ...extra: E) => unknown;
  const outcomes = callEach(
    call,
    list.map(({ board, mover }) => [[...board], mover, ...extra] as [TestBoard, TestMark, ...E]),
  );
  let worst: { position: P; wanted: string; answered: string } | undefined;
  for (const [index, position] of list.entries()) {
    const outcome = outcomes[index];
    let wrong: { wanted: string; answered: string } | undefined;
    if (outcome === undefined || !outcome.ok) {
      const error = outcome?.ok === false ? outcome.error : undefined;
      wrong = { wanted: 'an answer', answered: `threw ${error instanceof Error ? error.message : String(error)}` };
    } else {
      const wanted = judge(position, outcome.value);
      if (wanted !== null) wrong = { wanted, answered: JSON.stringify(outcome.value) ?? String(outcome.value) };
    }
    if (wrong !== undefined && (worst === undefined || marksOn(position.board) < marksOn(worst.position.board))) worst = { position, ...wrong };
    if (outcome === undefined || !outcome.ok) break;
  }
  if (worst === undefined) {
    const fine = `${what} is right on all ${list.length} positions`;
    return { expected: fine, actual: fine };
  }
  const where = `${what} on ${showPosition(worst.position)}`;
  return {
    expected: `${where}: ${worst.wanted}`,
    actual: `${where}: ${worst.answered}`,
    failure: wholeFailure(where, worst.wanted, worst.answered),
  };
}

/** A failure as the teacher reads it: what was asked, then the expected and the actual answer, each whole, on lines of their own. */
export function wholeFailure(asked: string, expected: string, actual: string): string {
  return `${asked}\n  expected: ${oneLine(expected)}\n  answered: ${oneLine(actual)}`;
}

/** A text on one line: as it is when it has no line break, else quoted with its line breaks as \n (a drawing, a transcript). */
function oneLine(text: string): string {
  return text.includes('\n') ? JSON.stringify(text) : text;
}

/** Fails the test with `failure` whole, when there is one (null: nothing failed). */
export function failIf(failure: string | null): void {
  if (failure !== null) expect.fail(failure);
}

/** Fails the test: what was asked, then the expected and the actual answer, whole (see wholeFailure). */
export function failWith(asked: string, expected: string, actual: string): never {
  return expect.fail(wholeFailure(asked, expected, actual));
}

/**
 * Fails the test when the verdict found a wrong answer, with its failure message whole. (An
 * `expect(actual).toBe(expected)` on long texts shows only their first few dozen characters, and
 * inside fast-check its counterexample comes first: the teacher saw neither the position nor the answers.)
 */
export function expectRight(verdict: Verdict): void {
  if (verdict.actual === verdict.expected) return;
  expect.fail(verdict.failure ?? wholeFailure('a check', verdict.expected, verdict.actual));
}

/**
 * Checks `check` on `numRuns` values of `arbitrary` (fast-check, seeded by the grader). `check` answers
 * null when the value passes, else what went wrong there (an assertion it makes that fails counts too,
 * see wholeMessageOf). The first value that fails is shrunk, and the test fails with what `check` says
 * of the shrunk value, whole (not fast-check's report, whose counterexample, a whole batch of inputs,
 * comes first and can fill all the teacher sees). When the grader stops the code (a call past its
 * limit, the test's or lesson's time spent), the test fails with the grader's error at once: the
 * code is called no more, so shrinking spends none of the lesson's time on calls that would be stopped too.
 */
export function holdsFor<T>(arbitrary: fc.Arbitrary<T>, numRuns: number, check: (value: T) => string | null): void {
  /** The grader's own error, once it stopped the code (its verdict says why). */
  let stop: unknown;
  const verdict = (value: T): string | null => {
    try {
      return check(value);
    } catch (error) {
      if (verdictOf(error) !== undefined) stop = error;
      return wholeMessageOf(error);
    }
  };
  // After a stop every further value counts as passing without a call, so fast-check keeps the value that was stopped.
  const details = fc.check(
    fc.property(arbitrary, (value) => stop !== undefined || verdict(value) === null),
    { numRuns },
  );
  if (!details.failed) return;
  // The grader stopped the code: the test fails with the grader's error, whose verdict the report reads.
  if (stop !== undefined) throw stop;
  const failure =
    details.counterexample === null
      ? `the check could not run: ${wholeMessageOf(details.errorInstance)}`
      : (verdict(details.counterexample[0]) ?? `failed once, then passed on ${fc.stringify(details.counterexample[0])}`);
  // (Asking again may meet a stop too: the lesson's time spent meanwhile.)
  if (stop !== undefined) throw stop;
  expect.fail(failure);
}

/**
 * What a failed check says, whole. An assertion error carries both values whole (up to the bounds of
 * tests/support/setup.ts): its label (the message given to expect) and the expected and actual value,
 * each whole; its own message shows only their first few dozen characters. Any other error: its message.
 */
export function wholeMessageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!('actual' in error && 'expected' in error)) return error.message;
  const label = /^([\s\S]*?): expected /.exec(error.message)?.[1] ?? 'the check';
  const shown = (value: unknown): string => (typeof value === 'string' ? value : fc.stringify(value));
  return wholeFailure(label, shown(error.expected), shown(error.actual));
}

/**
 * Asserts that `report` finds every answer right on lists of up to `count` positions reached by
 * play, `numRuns` lists in all (fast-check shrinks a failing list towards the position that fails).
 * A failure shows the smallest wrong position of the shrunk list and both answers, whole.
 */
export function holdsOnPositions(count: number, numRuns: number, report: (list: Position[]) => Verdict): void {
  holdsFor(positions(count), numRuns, (list) => {
    const verdict = report(list);
    return verdict.actual === verdict.expected ? null : (verdict.failure ?? wholeFailure('a list of positions', verdict.expected, verdict.actual));
  });
}

/**
 * Every position a real game can reach where a move is still possible (4,520 boards, each with the
 * mark to move there), fewest marks first, so the first that fails is a smallest one: the positions
 * of positions.ts, with what lessons 06 and 07 expect on each.
 */
export function everyOngoingPosition(): readonly KnownPosition[] {
  return knownPositions();
}
