/**
 * Teacher-only tests for lesson 03 (never in a student edition). They count only in class grading;
 * a student's feedback says how many failed, never which. The visible suite asks about every board
 * a real game reaches (and positionError about all 19,683 fillings); these ask about boards no real
 * game reaches, where the lesson's rules still say what the answer is (a line of the player's own
 * marks; X's line, O's line or none): 1,533 fillings with one mark on any set of cells, boards of
 * one player's line with the other mark or nothing on the other cells, and boards drawn from the
 * run's seed among all fillings. And they ask every function about one board object changed in
 * place between calls, as a game changes its board. Answers are worked out in support/rules.ts.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../03-win.test.ts';
import { test } from 'vitest';
import { hasWon, isFull, outcome, positionError, winner } from '@workbook/03-win/win';
import type { Board, Mark } from '@workbook/01-board/board';
import { boardOf, linesOfThree, pictureOf, type TestBoard } from '../support/boards.ts';
import {
  CHANGING_BOARD,
  everySetOfCells,
  expectAlongChanges,
  expectEach,
  expectSame,
  firstDifferentAnswer,
  forEachGenerated,
  pictureOfCells,
  writeBoard,
  type TellingCase,
} from './support/generated.ts';
import { anyFilling } from './support/legal-play.ts';
import { lessonTasks } from '../support/lesson.ts';
import { fc } from '../support/property.ts';
import { expectedOutcome, expectedPositionError, ownsALine } from './support/rules.ts';

const task = lessonTasks('03-win', { hidden: true });

/** Fillings where at most one player has a line: the lesson says who won there, whatever the counts. */
const oneWinnerAtMost = anyFilling.filter((board) => !(ownsALine(board, 'X') && ownsALine(board, 'O')));

/** Fillings with one mark on any set of cells and the other mark or nothing on the rest, fewest marks first. */
const SETS_OF_CELLS = everySetOfCells();

/**
 * Each board where `player` owns one line and every other cell is the other mark or empty, in every
 * combination (8 × 64): the answer is true whatever the other player's count or the room left.
 */
function oneLineAmongOthers(player: Mark): TestBoard[] {
  const other = player === 'X' ? 'O' : 'X';
  return linesOfThree().flatMap((line) => {
    const around = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((index) => !line.includes(index));
    // Bit k of `combination` says whether the k-th cell around the line holds the other mark.
    return Array.from({ length: 2 ** around.length }, (_, combination) =>
      Array.from({ length: 9 }, (_, index): TestBoard[number] => {
        if (line.includes(index)) return player;
        return (combination >> around.indexOf(index)) & 1 ? other : ' ';
      }),
    );
  });
}

/** Those of SETS_OF_CELLS where at most one player has a line. */
const SETS_ONE_WINNER_AT_MOST = SETS_OF_CELLS.filter((board) => !(ownsALine(board, 'X') && ownsALine(board, 'O')));

/** Calls of a function of the board on some boards, each with the answer the lesson gives. */
function boardCases<R>(name: string, boards: readonly TestBoard[], expectedOf: (board: TestBoard) => R): TellingCase<[Board], R>[] {
  return boards.map((board) => ({ args: [[...board]], call: `${name}(${pictureOf(board)})`, expected: expectedOf(board) }));
}

/** Asks `ask` about one board object changed in place through CHANGING_BOARD, `calls` naming its answers. */
function alongChanges(what: string, calls: string[], ask: (board: Board) => unknown[], expectedOf: (board: TestBoard) => unknown[]): void {
  expectAlongChanges(
    Array<TestBoard[number]>(9).fill(' '),
    CHANGING_BOARD,
    writeBoard,
    ask,
    (picture) => expectedOf(boardOf(picture)),
    (picture, step) => `${what} on the same board object, changed in place to ${picture} (change ${step + 1} of ${CHANGING_BOARD.length})`,
    pictureOfCells,
    firstDifferentAnswer(calls),
  );
}

/** Who has a line on a board where at most one player has one. */
function expectedWinner(board: TestBoard): Mark | null {
  if (ownsALine(board, 'X')) return 'X';
  return ownsALine(board, 'O') ? 'O' : null;
}

task(2, () => {
  test("hasWon is true exactly when one of the eight lines holds only the player's marks, on any filling of the board", () => {
    const cases = fc.record({ board: anyFilling, player: fc.constantFrom<Mark>('X', 'O') });
    forEachGenerated(
      cases,
      hasWon,
      ({ board, player }) => [[...board], player] as [Board, Mark],
      ({ board, player }, answer) => {
        expectSame(`hasWon(${pictureOf(board)}, '${player}')`, answer, ownsALine(board, player));
      },
    );
  });

  test("hasWon is right for X and for O on 1,533 fillings with one mark on any set of cells, and where the player's one line has the other mark or nothing around it", () => {
    for (const player of ['X', 'O'] as const) {
      const cases = [...SETS_OF_CELLS, ...oneLineAmongOthers(player)].map(
        (board): TellingCase<[Board, Mark], boolean> => ({
          args: [[...board], player],
          call: `hasWon(${pictureOf(board)}, '${player}')`,
          expected: ownsALine(board, player),
        }),
      );
      expectEach(hasWon, cases);
    }
  });

  test('hasWon answers about one board as it is now, after each change made to it in place, and never changes it', () => {
    alongChanges(
      "hasWon(board, 'X') and hasWon(board, 'O')",
      ["hasWon(board, 'X')", "hasWon(board, 'O')"],
      (board) => [hasWon(board, 'X'), hasWon(board, 'O')],
      (board) => [ownsALine(board, 'X'), ownsALine(board, 'O')],
    );
  });
});

task(3, () => {
  test('winner names the player with a line, or null, on any filling where at most one player has a line', () => {
    forEachGenerated(
      oneWinnerAtMost,
      winner,
      (board: TestBoard) => [[...board]] as [Board],
      (board, answer) => {
        expectSame(`winner(${pictureOf(board)})`, answer, expectedWinner(board));
      },
    );
  });

  test('winner is right on the fillings with one mark on any set of cells where at most one player has a line', () => {
    expectEach(winner, boardCases('winner', SETS_ONE_WINNER_AT_MOST, expectedWinner));
  });

  test('winner and isFull answer about one board as it is now, after each change made to it in place, and never change it', () => {
    alongChanges(
      'winner(board) and isFull(board)',
      ['winner(board)', 'isFull(board)'],
      (board) => [winner(board), isFull(board)],
      (board) => [expectedWinner(board), !board.includes(' ')],
    );
  });
});

task(4, () => {
  test('outcome is the player with a line, else draw on a full board, else ongoing, on any filling where at most one player has a line', () => {
    forEachGenerated(
      oneWinnerAtMost,
      outcome,
      (board: TestBoard) => [[...board]] as [Board],
      (board, answer) => {
        const expected = expectedWinner(board) ?? (board.includes(' ') ? 'ongoing' : 'draw');
        expectSame(`outcome(${pictureOf(board)})`, answer, expected);
      },
    );
  });

  test('outcome is right on the fillings with one mark on any set of cells where at most one player has a line', () => {
    expectEach(outcome, boardCases('outcome', SETS_ONE_WINNER_AT_MOST, expectedOutcome));
  });

  test('outcome answers about one board as it is now, after each change made to it in place, and never changes it', () => {
    alongChanges(
      'outcome(board)',
      ['outcome(board)'],
      (board) => [outcome(board)],
      (board) => [expectedOutcome(board)],
    );
  });
});

task(5, () => {
  test('positionError answers about one board as it is now, after each change made to it in place, and never changes it', () => {
    alongChanges(
      'positionError(board)',
      ['positionError(board)'],
      (board) => [positionError(board)],
      (board) => [expectedPositionError(board)],
    );
  });
});
