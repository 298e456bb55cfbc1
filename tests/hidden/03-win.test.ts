/**
 * Teacher-only tests for lesson 03 (never in a student edition). They count only in class grading;
 * a student's feedback says how many failed, never which. The visible suite asks about every board
 * a real game reaches; these ask about boards drawn from the run's seed among all 19,683 fillings
 * of the nine cells, where the lesson's rules still say what the answer is (a line of the player's
 * own marks; X's line, O's line or none), worked out in support/rules.ts.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../03-win.test.ts';
import { expect, test } from 'vitest';
import { hasWon, outcome, winner } from '@workbook/03-win/win';
import type { Board, Mark } from '@workbook/01-board/board';
import { drawBoard, type TestBoard } from '../support/boards.ts';
import { forEachGenerated } from './support/generated.ts';
import { anyFilling } from './support/legal-play.ts';
import { lessonTasks } from '../support/lesson.ts';
import { fc } from '../support/property.ts';
import { ownsALine } from './support/rules.ts';

const task = lessonTasks('03-win', { hidden: true });

/** Fillings where at most one player has a line: the lesson says who won there, whatever the counts. */
const oneWinnerAtMost = anyFilling.filter((board) => !(ownsALine(board, 'X') && ownsALine(board, 'O')));

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
        expect(answer, `hasWon(board, '${player}') on\n${drawBoard(board)}\n`).toBe(ownsALine(board, player));
      },
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
        expect(answer, `winner(board) on\n${drawBoard(board)}\n`).toBe(expectedWinner(board));
      },
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
        expect(answer, `outcome(board) on\n${drawBoard(board)}\n`).toBe(expected);
      },
    );
  });
});
