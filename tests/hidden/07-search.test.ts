/**
 * Teacher-only tests for lesson 07 (never in a student edition). Every run draws new positions for
 * bestMove and new strategies for audit (fast-check, seeded by the grader); the answers are worked
 * out in tests/support/search-model.ts from the lesson text alone, without any student code.
 * countGames and countPositions take no input: the visible suite already checks all they can answer.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../07-search.test.ts';
import { expect, test } from 'vitest';
import { audit, bestMove, type Strategy } from '@workbook/07-search/search';
import { holdsOnPositions, judgeEach, PLENTY_MS } from './support/legal-play.ts';
import { lessonTasks } from '../support/lesson.ts';
import { fc, SHRINKS } from '../support/property.ts';
import { besideTheCode } from '../support/sealed.ts';
import { bestCells, expectedAudit, minimaxScore } from './support/search-model.ts';
import { firstEmptyOf as localFirstEmptyOf } from '../support/strategies.ts';
import { withMark } from './support/computer-rules.ts';
import { other } from '../support/opponents.ts';

const task = lessonTasks('07-search', { hidden: true });

/** What a minimax number means for the player, in words. */
function meaning(score: number): string {
  if (score === 0) return 'a draw';
  return score > 0 ? `a win with ${score - 1} empty cells left` : `a loss with ${-score - 1} empty cells left`;
}

task(3, () => {
  test(
    'bestMove plays a cell with the highest minimax number (quickest win, latest loss) on positions reached by play',
    () => {
      holdsOnPositions(200, 2, (list) =>
        judgeEach('bestMove', bestMove, list, ({ board, mover }, answer) => {
          const cells = bestCells(board, mover);
          if (cells.includes(answer as number)) return null;
          const best = minimaxScore(board, mover);
          const got =
            typeof answer === 'number' && board[answer] === ' '
              ? ` (${answer} leads to ${meaning(-minimaxScore(withMark(board, answer, mover), other(mover)))})`
              : '';
          return `${cells.join(' or ')}, for ${meaning(best)}${got}`;
        }),
      );
    },
    PLENTY_MS,
  );
});

/** A strategy that plays the first empty cell of a list in its own order, and gives up when all are taken. */
const listStrategy = fc.limitShrink(
  fc.record({
    cells: fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8], { minLength: 1, maxLength: 9 }),
    seat: fc.constantFrom('first' as const, 'second' as const),
  }),
  SHRINKS.batch,
);

task(4, () => {
  test(
    'audit of a strategy that plays the first empty cell of a list of its own: every count and every lost line',
    () => {
      fc.assert(
        fc.property(listStrategy, ({ cells, seat }) => {
          const strategy = besideTheCode('strategies', 'firstEmptyOf', localFirstEmptyOf, cells) as Strategy;
          const expected = expectedAudit(localFirstEmptyOf(cells), seat);
          expect(audit(strategy, seat), `audit(first empty of [${cells.join(', ')}], '${seat}')`).toEqual(expected);
        }),
        { numRuns: 4 },
      );
    },
    PLENTY_MS,
  );
});
