/**
 * Teacher-only tests for lesson 06 (never in a student edition). Each rule the lesson text states is
 * checked on every position a real game can reach where a move is still possible (4,520 of them, asked
 * in a few crossings into the graded code), beside telling cases written out here and new boards drawn
 * on every run (fast-check, seeded by the grader) where a check needs many answers on one board. What
 * each answer must be is worked out in tests/hidden/support/computer-rules.ts without any student code.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../06-computer.test.ts';
import { test } from 'vitest';
import { computerMove, heuristicMove, randomMove, ruleMove } from '@workbook/06-computer/computer';
import type { Board, Mark } from '@workbook/01-board/board';
import { boardOf, pictureOf, type TestBoard } from '../support/boards.ts';
import { expectedRuleMove, mediumChoices } from './support/computer-rules.ts';
import type { KnownPosition } from './support/positions.ts';
import {
  everyOngoingPosition,
  expectRight,
  failWith,
  holdsFor,
  holdsOnPositions,
  judgeEach,
  ongoingPosition,
  PLENTY_MS,
  positions,
  type Position,
  showPosition,
  type Verdict,
  wholeFailure,
} from './support/legal-play.ts';
import { lessonTasks } from '../support/lesson.ts';
import { emptyCellsOf } from '../support/opponents.ts';
import { fc, runSeed, SHRINKS } from '../support/property.ts';
import { callEach, type CallOutcome, sandboxRandom, watchMathRandom } from '../support/sealed.ts';
import { seededRandom } from '../../scripts/lib/core/seeded-random.ts';

const task = lessonTasks('06-computer', { hidden: true });

/** A position with at least three empty cells (where unfair rounding shows). */
const roomyPosition = fc.limitShrink(
  ongoingPosition.filter(({ board }) => emptyCellsOf(board).length >= 3),
  SHRINKS.batch,
);

/**
 * How often a random player answered each cell when asked `perCell` times per empty cell of
 * `position`: null when every count is within 30% of `perCell` (about five standard deviations for
 * 250 draws), so a fair player passes and Math.round's rounding (a third or more too few for the first
 * and last of four or more empty cells, half too many for the middle one of three) does not.
 */
function unfairness(what: string, position: Position, answers: unknown[], perCell: number): string | null {
  const empty = emptyCellsOf(position.board);
  const asked = `${what}, asked ${answers.length} times on ${showPosition(position)}`;
  const strays = answers.filter((answer) => !empty.includes(answer as number));
  if (strays.length > 0) return wholeFailure(asked, `only empty cells: ${empty.join(' ')}`, String(strays[0]));
  const counts = empty.map((cell) => answers.filter((answer) => answer === cell).length);
  const skewed = counts.findIndex((count) => Math.abs(count - perCell) > perCell * 0.3);
  if (skewed < 0) return null;
  return wholeFailure(
    asked,
    `every empty cell about ${perCell} times`,
    `cell ${empty[skewed]} ${counts[skewed]} times (${empty.map((cell, index) => `${cell}: ${counts[index]}`).join(', ')})`,
  );
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

/** A count of calls in words: "once", "3 times". */
function times(count: number): string {
  return count === 1 ? 'once' : `${count} times`;
}

/** What a call gave, in words. */
function answerText(outcome: CallOutcome<unknown> | undefined): string {
  if (outcome === undefined) return 'no answer';
  if (!outcome.ok) return `threw ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`;
  return JSON.stringify(outcome.value) ?? String(outcome.value);
}

/**
 * An rng for one call that gives `first`, then seeded numbers (so a player that draws again until it
 * finds an empty cell still finishes), and counts how often it was called.
 */
function countingRng(first: number): { rng: () => number; calls: () => number } {
  const rest = seededRandom(Math.round(first * 1e6));
  let calls = 0;
  return {
    rng: () => {
      calls += 1;
      return calls === 1 ? first : rest();
    },
    calls: () => calls,
  };
}

/** Boards with 1 to 9 empty cells, the lesson's own board among them (empty 1 3 5 7 8). */
const PICK_BOARDS = ['XOX OXO .XO', 'XOX XOO .X.', 'XOX OXO ...', 'XOX .O. .X.', 'X.O .X. O..', 'XO. .X. ...', 'X.O ... ...', '... .X. ...', '... ... ...'];

/**
 * Numbers for rng() inside the share of [0, 1) that position `share` of a list of `count` empty cells
 * gets with Math.floor(rng() * count): just after its start (0 for the first), its middle, and just
 * before its end (clear of the edges, where rounding could go either way).
 */
function sharePoints(share: number, count: number): number[] {
  return [share === 0 ? 0 : share / count + 1e-9, (share + 0.5) / count, (share + 1) / count - 1e-9];
}

/** The first `count` positions (fewest marks first) where each of the hard level's seven rules decides, rule by rule. */
function positionsPerHardRule(count: number): Position[] {
  const all = everyOngoingPosition();
  return [1, 2, 3, 4, 5, 6, 7].flatMap((rule) => all.filter(({ hard }) => hard.rule === rule).slice(0, count));
}

/** What computerMove(board, mover, 'hard', rngFor(index)) answered on each position, in one crossing. */
function askHard(list: readonly Position[], rngFor: (index: number) => () => number): CallOutcome<number>[] {
  return callEach(
    computerMove,
    list.map(({ board, mover }, index) => [[...board] as Board, mover as Mark, 'hard', rngFor(index)] as [Board, Mark, 'hard', () => number]),
  );
}

/** Null when `play` left its copy of the position's board as it was, else the failure: a player only chooses a cell. */
function leftUnchanged(what: string, position: Position, play: (board: Board) => unknown): string | null {
  const given = [...position.board] as Board;
  play(given);
  const before = pictureOf(position.board);
  const after = pictureOf(given as TestBoard);
  return after === before ? null : wholeFailure(`${what} on ${showPosition(position)}`, `the board unchanged: ${before}`, `the board after: ${after}`);
}

/** The cells a level of computerMove may play on a position, and why (the rule that gives them). */
type Choices = { why: string; cells: number[] };

/**
 * `level` of computerMove asked on each position (with `rng`, for medium), in one crossing: the
 * verdict on its answers, judged by the cells `choicesOf` allows there.
 */
function levelOn(
  level: 'medium' | 'hard',
  list: readonly KnownPosition[],
  choicesOf: (position: KnownPosition) => Choices,
  ...rng: [] | [() => number]
): Verdict {
  return judgeEach(
    `computerMove '${level}'`,
    computerMove,
    list,
    (position, answer) => {
      const { why, cells } = choicesOf(position);
      return cells.includes(answer as number) ? null : `${why}: ${cells.join(' or ')}`;
    },
    level,
    ...rng,
  );
}

task(1, () => {
  test(
    'randomMove answers every empty cell about equally often, and nothing else, on boards reached by play',
    () => {
      const perCell = 250;
      holdsFor(roomyPosition, 1, (position) =>
        unfairness('randomMove', position, askRepeatedly(randomMove, position.board, perCell * emptyCellsOf(position.board).length), perCell),
      );
    },
    PLENTY_MS,
  );

  test(
    'randomMove takes its randomness from rng only: Math.random is never called, on boards reached by play',
    () => {
      holdsFor(positions(30), 1, (list) => {
        const rng = sandboxRandom(runSeed);
        const { result, calls } = watchMathRandom(() =>
          callEach(
            randomMove,
            list.map(({ board }) => [[...board] as Board, rng] as [Board, () => number]),
          ),
        );
        const stray = list.findIndex((position, index) => result[index]?.ok !== true || !emptyCellsOf(position.board).includes(result[index].value));
        if (stray >= 0) return wholeFailure(`randomMove on ${showPosition(list[stray] as Position)}`, 'an empty cell', answerText(result[stray]));
        return calls === 0
          ? null
          : wholeFailure(
              `randomMove on ${list.length} positions, from ${showPosition(list[0] as Position)}`,
              'Math.random not called',
              `Math.random called ${times(calls)}`,
            );
      });
    },
    PLENTY_MS,
  );

  test(
    'randomMove leaves the board it looks at unchanged, on boards reached by play',
    () => {
      holdsFor(fc.limitShrink(ongoingPosition, SHRINKS.call), 8, (position) =>
        leftUnchanged('randomMove', position, (board) => randomMove(board, sandboxRandom(runSeed))),
      );
    },
    PLENTY_MS,
  );

  test(
    'randomMove lets one rng() number choose a position in the list of empty cells: each empty cell gets an equal share of [0, 1)',
    () => {
      // The list's order is the student's: the test asks which cell each share of [0, 1) gives, at its start, middle and end.
      for (const picture of PICK_BOARDS) {
        const empty = emptyCellsOf(boardOf(picture));
        const numbers = empty.flatMap((_cell, share) => sharePoints(share, empty.length));
        const counters = numbers.map((first) => countingRng(first));
        const outcomes = callEach(
          randomMove,
          counters.map((counter) => [boardOf(picture) as Board, counter.rng] as [Board, () => number]),
        );
        const asked = (index: number): string => `randomMove(board ${picture}, rng) where rng() gives ${numbers[index]} first`;
        for (const [index, counter] of counters.entries()) {
          if (outcomes[index]?.ok !== true || !empty.includes(outcomes[index].value))
            failWith(asked(index), `an empty cell: ${empty.join(' or ')}`, answerText(outcomes[index]));
          if (counter.calls() !== 1) failWith(asked(index), 'rng called once', `rng called ${times(counter.calls())}`);
        }
        const cellOf = (index: number): number => (outcomes[index] as { value: number }).value;
        for (let index = 0; index < numbers.length; index += 1) {
          const start = index - (index % 3);
          if (cellOf(index) !== cellOf(start))
            failWith(
              asked(index),
              `${cellOf(start)}, as for ${numbers[start]}: with ${empty.length} empty cells, every number from ${start / 3}/${empty.length} to just below ${start / 3 + 1}/${empty.length} chooses the same position`,
              String(cellOf(index)),
            );
        }
        const chosen = numbers.map((_number, index) => cellOf(index)).filter((_cell, index) => index % 3 === 0);
        if (new Set(chosen).size !== empty.length)
          failWith(
            `randomMove(board ${picture}, rng) where rng() gives ${numbers.filter((_number, index) => index % 3 === 0).join(', ')} first`,
            `each of the ${empty.length} empty cells once (${empty.join(' ')}), in some order`,
            chosen.join(' '),
          );
      }
    },
    PLENTY_MS,
  );
});

task(2, () => {
  test(
    'ruleMove follows the five rules, last fitting line and its last empty cell, on every position',
    () => {
      expectRight(judgeEach('ruleMove', ruleMove, everyOngoingPosition(), ({ rule }, answer) => (answer === rule ? null : JSON.stringify(rule))));
    },
    PLENTY_MS,
  );

  test(
    'ruleMove leaves the board it looks at unchanged, on boards reached by play',
    () => {
      holdsFor(fc.limitShrink(ongoingPosition, SHRINKS.call), 8, (position) =>
        leftUnchanged('ruleMove', position, (board) => ruleMove(board, position.mover as Mark)),
      );
    },
    PLENTY_MS,
  );

  test('ruleMove keeps the last line that fits under every rule, and its last empty cell', () => {
    // Each board has two lines that fit the rule that decides; the first line's cell is not the answer.
    const cases: [picture: string, me: Mark, rule: string][] = [
      ['X.X .OO X.O', 'X', 'rule 1: row 0-1-2 and column 0-3-6 both win; the column comes later'],
      ['XX. X.O .OO', 'X', 'rule 1: row 0-1-2 and column 0-3-6 both win'],
      ['XX. XO. ..O', 'O', 'rule 2: row 0-1-2 and column 0-3-6 both block'],
      ['O.. .X. ..X', 'O', 'rule 3: row 0-1-2 and column 0-3-6 both build; the last empty cell of the column'],
      ['X.. ... ..O', 'X', 'rule 3 as X'],
    ];
    for (const [picture, me, rule] of cases) {
      const board = boardOf(picture);
      const wanted = expectedRuleMove(board, me);
      const verdict = judgeEach(`ruleMove (${rule})`, ruleMove, [{ board, mover: me }], (_position, answer) =>
        answer === wanted ? null : JSON.stringify(wanted),
      );
      expectRight(verdict);
    }
  });
});

task(3, () => {
  test(
    "heuristicMove follows the C++ tutorial's order and scores, on every position",
    () => {
      expectRight(
        judgeEach('heuristicMove', heuristicMove, everyOngoingPosition(), ({ heuristic }, answer) => (answer === heuristic ? null : JSON.stringify(heuristic))),
      );
    },
    PLENTY_MS,
  );

  test(
    'heuristicMove leaves the board it looks at unchanged, on boards reached by play',
    () => {
      holdsFor(fc.limitShrink(ongoingPosition, SHRINKS.call), 8, (position) =>
        leftUnchanged('heuristicMove', position, (board) => heuristicMove(board, position.mover as Mark)),
      );
    },
    PLENTY_MS,
  );
});

task(4, () => {
  test(
    "'medium' wins when it can, else blocks, whatever rng gives, on every position where it can",
    () => {
      // Where medium can neither win nor block, any empty cell will do: the tests below look at those positions.
      const deciding = everyOngoingPosition().filter(({ medium }) => medium.why !== 'an empty cell');
      expectRight(levelOn('medium', deciding, ({ medium }) => medium, sandboxRandom(runSeed)));
    },
    PLENTY_MS,
  );

  test(
    "'easy' plays an empty cell, whatever rng gives, on boards reached by play",
    () => {
      holdsOnPositions(100, 1, (list) =>
        judgeEach(
          "computerMove 'easy'",
          computerMove,
          list,
          ({ board }, answer) => (emptyCellsOf(board).includes(answer as number) ? null : `an empty cell: ${emptyCellsOf(board).join(' or ')}`),
          'easy',
          sandboxRandom(runSeed),
        ),
      );
    },
    PLENTY_MS,
  );

  test(
    "'easy' answers every empty cell about equally often, as randomMove does, on boards reached by play",
    () => {
      const perCell = 250;
      holdsFor(roomyPosition, 1, (position) =>
        unfairness(
          "computerMove 'easy'",
          position,
          askRepeatedly(computerMove, position.board, perCell * emptyCellsOf(position.board).length, position.mover as Mark, 'easy'),
          perCell,
        ),
      );
    },
    PLENTY_MS,
  );

  test(
    "'easy', and 'medium' when it can neither win nor block, can play every empty cell, with rng only",
    () => {
      const quiet = ongoingPosition.filter(({ board, mover }) => mediumChoices(board, mover).why === 'an empty cell');
      holdsFor(fc.limitShrink(fc.tuple(ongoingPosition, quiet), SHRINKS.batch), 1, ([easy, medium]) => {
        const played = (position: Position, level: 'easy' | 'medium'): string => {
          const times = 30 * emptyCellsOf(position.board).length;
          const answers = askRepeatedly(computerMove, position.board, times, position.mover as Mark, level);
          return [...new Set(answers.map(String))].sort().join(' ');
        };
        const { result, calls } = watchMathRandom(() => [played(easy, 'easy'), played(medium, 'medium')]);
        for (const [index, [position, level]] of (
          [
            [easy, 'easy'],
            [medium, 'medium'],
          ] as const
        ).entries()) {
          const wanted = emptyCellsOf(position.board).join(' ');
          if (result[index] !== wanted)
            return wholeFailure(
              `computerMove '${level}', asked ${30 * emptyCellsOf(position.board).length} times on ${showPosition(position)}`,
              `played ${wanted}`,
              `played ${result[index]}`,
            );
        }
        return calls === 0
          ? null
          : wholeFailure(
              `computerMove 'easy' and 'medium' on ${showPosition(easy)} and ${showPosition(medium)}`,
              'Math.random not called',
              `Math.random called ${times(calls)}`,
            );
      });
    },
    PLENTY_MS,
  );

  test(
    "'medium' leaves the board it looks at unchanged, on boards reached by play",
    () => {
      holdsFor(fc.limitShrink(ongoingPosition, SHRINKS.call), 8, (position) =>
        leftUnchanged("computerMove 'medium'", position, (board) => computerMove(board, position.mover as Mark, 'medium', sandboxRandom(runSeed))),
      );
    },
    PLENTY_MS,
  );
});

task(5, () => {
  test(
    "'hard' plays a cell of the first of its seven rules that finds any, on every position",
    () => {
      const rules = ['', 'win', 'block', 'fork', 'stop their fork', 'centre', 'corner', 'any empty cell'];
      expectRight(levelOn('hard', everyOngoingPosition(), ({ hard: { rule, cells } }) => ({ why: `rule ${rule} (${rules[rule]})`, cells })));
    },
    PLENTY_MS,
  );

  test(
    "'hard' never calls rng, on up to 30 positions where each of its rules decides",
    () => {
      // Each position gets an rng of its own, on the tests' side: a call of it costs a crossing, so the list stays short.
      const list = positionsPerHardRule(30);
      const counters = list.map(() => countingRng(0.5));
      const outcomes = askHard(list, (index) => (counters[index] as ReturnType<typeof countingRng>).rng);
      for (const [index, position] of list.entries()) {
        const calls = (counters[index] as ReturnType<typeof countingRng>).calls();
        if (outcomes[index]?.ok !== true) failWith(`computerMove 'hard' on ${showPosition(position)}`, 'a cell', answerText(outcomes[index]));
        if (calls > 0) failWith(`computerMove 'hard' on ${showPosition(position)}`, 'rng not called', `rng called ${times(calls)}`);
      }
    },
    PLENTY_MS,
  );

  test(
    "'hard' leaves the board it looks at unchanged, on boards reached by play",
    () => {
      holdsFor(fc.limitShrink(ongoingPosition, SHRINKS.call), 8, (position) =>
        leftUnchanged("computerMove 'hard'", position, (board) => computerMove(board, position.mover as Mark, 'hard')),
      );
    },
    PLENTY_MS,
  );
});
