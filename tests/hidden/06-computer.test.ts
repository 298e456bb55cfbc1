/**
 * Teacher-only tests for lesson 06 (never in a student edition). Every run draws new boards reached
 * by legal play (fast-check, seeded by the grader), and each answer is judged by the rules the lesson
 * states, worked out in tests/support/computer-rules.ts without any student code.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../06-computer.test.ts';
import { expect, test } from 'vitest';
import { computerMove, heuristicMove, randomMove, ruleMove } from '@workbook/06-computer/computer';
import type { Board, Mark } from '@workbook/01-board/board';
import { pictureOf, type TestBoard } from '../support/boards.ts';
import { expectedHeuristicMove, expectedRuleMove, hardChoices } from './support/computer-rules.ts';
import { holdsOnPositions, judgeEach, ongoingPosition, PLENTY_MS, positions, type Position } from './support/legal-play.ts';
import { lessonTasks } from '../support/lesson.ts';
import { emptyCellsOf, other } from '../support/opponents.ts';
import { winningCellsFor } from './support/lines.ts';
import { fc, runSeed, SHRINKS } from '../support/property.ts';
import { callEach, sandboxRandom, watchMathRandom } from '../support/sealed.ts';

const task = lessonTasks('06-computer', { hidden: true });

/** A position with at least three empty cells (where unfair rounding shows). */
const roomyPosition = fc.limitShrink(
  ongoingPosition.filter(({ board }) => emptyCellsOf(board).length >= 3),
  SHRINKS.batch,
);

/**
 * How often a random player answered each cell when asked `perCell` times per empty cell of
 * `position`: a text per cell, "about right" when every count is within 30% of `perCell` (about five
 * standard deviations for 250 draws), so a fair player passes and Math.round's rounding (a third or
 * more too few for the first and last of four or more empty cells, half too many for the middle one of three) does not.
 */
function fairness(position: Position, answers: unknown[], perCell: number): string {
  const empty = emptyCellsOf(position.board);
  const strays = answers.filter((answer) => !empty.includes(answer as number));
  if (strays.length > 0) return `on ${pictureOf(position.board)}: answered ${String(strays[0])}, which is not an empty cell`;
  const counts = empty.map((cell) => answers.filter((answer) => answer === cell).length);
  const skewed = counts.findIndex((count) => Math.abs(count - perCell) > perCell * 0.3);
  if (skewed < 0) return `on ${pictureOf(position.board)}: every empty cell about ${perCell} times`;
  return `on ${pictureOf(position.board)}: cell ${empty[skewed]} came up ${counts[skewed]} times in ${answers.length} (about ${perCell} expected)`;
}

/** What `play(board, ...rest, rng)` answered, asked `times` times on one board in one crossing, with one seeded rng. */
function askRepeatedly<R extends unknown[]>(
  play: (board: Board, ...rest: [...R, () => number]) => unknown,
  board: TestBoard,
  times: number,
  ...rest: R
): unknown[] {
  const rng = sandboxRandom(runSeed + times);
  const outcomes = callEach(
    play,
    Array.from({ length: times }, () => [[...board] as Board, ...rest, rng] as [Board, ...R, () => number]),
  );
  return outcomes.map((outcome) => (outcome.ok ? outcome.value : `threw ${String(outcome.error)}`));
}

/** What fairness says of a fair player. */
function fairText(position: Position, perCell: number): string {
  return `on ${pictureOf(position.board)}: every empty cell about ${perCell} times`;
}

task(1, () => {
  test(
    'randomMove answers every empty cell about equally often, and nothing else, on boards reached by play',
    () => {
      const perCell = 250;
      fc.assert(
        fc.property(roomyPosition, (position) => {
          const answers = askRepeatedly(randomMove, position.board, perCell * emptyCellsOf(position.board).length);
          expect(fairness(position, answers, perCell)).toBe(fairText(position, perCell));
        }),
        { numRuns: 1 },
      );
    },
    PLENTY_MS,
  );

  test(
    'randomMove takes its randomness from rng only, on boards reached by play',
    () => {
      fc.assert(
        fc.property(positions(30), (list) => {
          const rng = sandboxRandom(runSeed);
          const { result, calls } = watchMathRandom(() =>
            callEach(
              randomMove,
              list.map(({ board }) => [[...board] as Board, rng] as [Board, () => number]),
            ),
          );
          const answered = result.every((outcome, index) => outcome.ok && emptyCellsOf((list[index] as Position).board).includes(outcome.value));
          expect({ answered: answered && result.length === list.length, mathRandomCalls: calls }).toEqual({ answered: true, mathRandomCalls: 0 });
        }),
        { numRuns: 1 },
      );
    },
    PLENTY_MS,
  );
});

task(2, () => {
  test(
    'ruleMove follows the five rules, last fitting line and its last empty cell, on boards reached by play',
    () => {
      holdsOnPositions(120, 2, (list) =>
        judgeEach('ruleMove', ruleMove, list, ({ board, mover }, answer) => {
          const wanted = expectedRuleMove(board, mover);
          return answer === wanted ? null : JSON.stringify(wanted);
        }),
      );
    },
    PLENTY_MS,
  );
});

task(3, () => {
  test(
    "heuristicMove follows the C++ tutorial's order and scores, on boards reached by play",
    () => {
      holdsOnPositions(120, 2, (list) =>
        judgeEach('heuristicMove', heuristicMove, list, ({ board, mover }, answer) => {
          const wanted = expectedHeuristicMove(board, mover);
          return answer === wanted ? null : JSON.stringify(wanted);
        }),
      );
    },
    PLENTY_MS,
  );
});

task(4, () => {
  test(
    "'medium' wins when it can, else blocks, else plays an empty cell, whatever rng gives, on boards reached by play",
    () => {
      fc.assert(
        fc.property(positions(100), fc.integer(), (list, seed) => {
          const rng = sandboxRandom(seed);
          const report = judgeEach(
            "computerMove 'medium'",
            computerMove,
            list,
            ({ board, mover }, answer) => {
              const wins = winningCellsFor(board, mover);
              const blocks = winningCellsFor(board, other(mover));
              const allowed = wins.length > 0 ? wins : blocks.length > 0 ? blocks : emptyCellsOf(board);
              const kind = wins.length > 0 ? 'a winning cell' : blocks.length > 0 ? 'a blocking cell' : 'an empty cell';
              return allowed.includes(answer as number) ? null : `${kind}: ${allowed.join(' or ')}`;
            },
            'medium',
            rng,
          );
          expect(report.actual).toBe(report.expected);
        }),
        { numRuns: 2 },
      );
    },
    PLENTY_MS,
  );

  test(
    "'easy', and 'medium' when it can neither win nor block, can play every empty cell, with rng only",
    () => {
      const quiet = ongoingPosition.filter(
        ({ board, mover }) => winningCellsFor(board, mover).length === 0 && winningCellsFor(board, other(mover)).length === 0,
      );
      fc.assert(
        fc.property(fc.limitShrink(fc.tuple(ongoingPosition, quiet), SHRINKS.batch), ([easy, medium]) => {
          const played = (position: Position, level: 'easy' | 'medium'): string => {
            const times = 30 * emptyCellsOf(position.board).length;
            const answers = askRepeatedly(computerMove, position.board, times, position.mover as Mark, level);
            return `'${level}' on ${pictureOf(position.board)} played ${[...new Set(answers.map(String))].sort().join(' ')}`;
          };
          const expected = (position: Position, level: string): string =>
            `'${level}' on ${pictureOf(position.board)} played ${emptyCellsOf(position.board).join(' ')}`;
          const { result, calls } = watchMathRandom(() => [played(easy, 'easy'), played(medium, 'medium')]);
          expect([...result, `Math.random called ${calls} times`]).toEqual([expected(easy, 'easy'), expected(medium, 'medium'), 'Math.random called 0 times']);
        }),
        { numRuns: 1 },
      );
    },
    PLENTY_MS,
  );
});

task(5, () => {
  test(
    "'hard' plays a cell of the first of its seven rules that finds any, on boards reached by play",
    () => {
      const rules = ['', 'win', 'block', 'fork', 'stop their fork', 'centre', 'corner', 'any empty cell'];
      holdsOnPositions(150, 2, (list) =>
        judgeEach(
          "computerMove 'hard'",
          computerMove,
          list,
          ({ board, mover }, answer) => {
            const { rule, cells } = hardChoices(board, mover);
            return cells.includes(answer as number) ? null : `rule ${rule} (${rules[rule]}): ${cells.join(' or ')}`;
          },
          'hard',
        ),
      );
    },
    PLENTY_MS,
  );

  test(
    "'hard' leaves the board it looks at unchanged, on boards reached by play",
    () => {
      fc.assert(
        fc.property(fc.limitShrink(ongoingPosition, SHRINKS.call), ({ board, mover }) => {
          const given = [...board] as Board;
          computerMove(given, mover as Mark, 'hard');
          expect(pictureOf(given as TestBoard), 'the board after computerMove').toBe(pictureOf(board));
        }),
        { numRuns: 8 },
      );
    },
    PLENTY_MS,
  );
});
