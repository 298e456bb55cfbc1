/**
 * Teacher-only tests for lesson 07 (never in a student edition). bestMove is asked about every
 * position a real game reaches (4,520: exhaustive, so no seed decides whether a wrong answer is
 * found); audit plays fixed telling strategies and a few drawn from the grader's seed. The answers
 * are worked out in tests/hidden/support/search-model.ts from the lesson text alone, without any
 * student code. countGames and countPositions take no input: the visible suite already checks all
 * they can answer.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../07-search.test.ts';
import { expect, test } from 'vitest';
import { audit, bestMove, type AuditResult, type Strategy } from '@workbook/07-search/search';
import type { Board, Mark } from '@workbook/01-board/board';
import { everyOngoingPosition, PLENTY_MS } from './support/legal-play.ts';
import type { KnownPosition } from './support/positions.ts';
import { lessonTasks } from '../support/lesson.ts';
import { boardOf, pictureOf, type TestBoard } from '../support/boards.ts';
import { fc, runSeed } from '../support/property.ts';
import { besideTheCode, callEach, checkedBesideTheCode, type CallOutcome } from '../support/sealed.ts';
import { expectedAudit, minimaxScore, type ExpectedAudit, type ReachedPosition } from './support/search-model.ts';
import { firstEmptyOf as localFirstEmptyOf } from '../support/strategies.ts';
import { withMark } from './support/computer-rules.ts';
import type { TestMark } from '../support/opponents.ts';
import { other } from './support/lines.ts';

const task = lessonTasks('07-search', { hidden: true });

/** What a minimax number means for the player, in words. */
function meaning(score: number): string {
  if (score === 0) return 'a draw';
  return score > 0 ? `a win with ${score - 1} empty cells left` : `a loss with ${-score - 1} empty cells left`;
}

/** A call of bestMove as a failure message names it. */
function bestMoveCall({ board, mover }: ReachedPosition): string {
  return `bestMove(board '${pictureOf(board)}', '${mover}')`;
}

/** What is wrong with bestMove's answer on one position (it must be a cell with the highest minimax number), or null. */
function bestMoveProblem(position: KnownPosition, outcome: CallOutcome<unknown> | undefined): string | null {
  const { board, mover, best } = position;
  if (outcome === undefined) return null;
  const call = bestMoveCall(position);
  if (!outcome.ok) return `${call} threw ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`;
  const answer = outcome.value;
  if (best.cells.includes(answer as number)) return null;
  const expected = `${best.cells.join(' or ')} (${meaning(best.score)})`;
  const legal = typeof answer === 'number' && board[answer] === ' ';
  const got = legal ? `${answer} (${meaning(-minimaxScore(withMark(board, answer, mover), other(mover)))})` : JSON.stringify(answer);
  return `${call}: expected ${expected}, got ${got}`;
}

/**
 * Positions where a search that writes on the board it was given shows it: the empty board, X or O
 * can win at once, must block, faces a fork, has one cell left.
 */
const TELLING_POSITIONS: readonly ReachedPosition[] = [
  ['... ... ...', 'X'],
  ['XX. OO. ...', 'X'],
  ['XX. OO. X..', 'O'],
  ['XO. .X. ...', 'O'],
  ['X.. .O. ..X', 'O'],
  ['X.. ... ...', 'O'],
  ['XOX XOO OX.', 'X'],
].map(([picture, mover]) => ({ board: boardOf(picture as string) as TestBoard, mover: mover as TestMark }));

/**
 * A position of a game where O moved first: `position` with X and O swapped. Its best cells are the
 * same, and the same board can come up with the other player to move, so a memory keyed by the board
 * alone answers it from the other player's score.
 */
function withMarksSwapped(position: KnownPosition): KnownPosition {
  const swap = (cell: TestBoard[number]): TestBoard[number] => (cell === 'X' ? 'O' : cell === 'O' ? 'X' : cell);
  return { ...position, board: position.board.map(swap) as TestBoard, mover: other(position.mover) };
}

task(3, () => {
  test(
    'bestMove plays a cell with the highest minimax number (quickest win, latest loss) on every position a real game reaches, X or O having moved first',
    () => {
      const positions = [...everyOngoingPosition(), ...everyOngoingPosition().map(withMarksSwapped)];
      const outcomes = callEach(
        bestMove,
        positions.map(({ board, mover }) => [[...board] as Board, mover as Mark] as [Board, Mark]),
      );
      for (const [index, position] of positions.entries()) {
        const problem = bestMoveProblem(position, outcomes[index]);
        if (problem !== null) expect.fail(problem);
      }
    },
    PLENTY_MS,
  );

  test('bestMove leaves the board it was given as it was: where it can win at once, must block, faces a fork, has one cell left', () => {
    for (const position of TELLING_POSITIONS) {
      const given = [...position.board] as Board;
      bestMove(given, position.mover as Mark);
      const after = pictureOf(given);
      const before = pictureOf(position.board);
      if (after !== before) expect.fail(`${bestMoveCall(position)} changed the board it was given: expected it to stay '${before}', got '${after}'`);
    }
  });
});

/** An audited strategy: plays the first empty cell of `cells`, gives up when all are taken. */
interface AuditCase {
  cells: number[];
  seat: 'first' | 'second';
}

/**
 * Strategies whose audits tell the lesson's rules apart on every run: every cell in order and in
 * reverse (a ninth-move win, many draws), centre and corners first, a short list (gives up often),
 * one that wins fast as X, one that loses often as O.
 */
const TELLING_ORDERS: readonly number[][] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8],
  [8, 7, 6, 5, 4, 3, 2, 1, 0],
  [4, 0, 2, 6, 8, 1, 3, 5, 7],
  [2, 4, 6],
  [7, 8],
];

/** More strategies drawn from the grader's seed: the first empty cell of a list in its own order. */
const drawnCase: fc.Arbitrary<AuditCase> = fc.record({
  cells: fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8], { minLength: 1, maxLength: 9 }),
  seat: fc.constantFrom('first' as const, 'second' as const),
});

/** The telling cases in both seats, then the drawn ones. */
function auditCases(): AuditCase[] {
  const telling = TELLING_ORDERS.flatMap((cells) => (['first', 'second'] as const).map((seat) => ({ cells, seat })));
  return [...telling, ...fc.sample(drawnCase, { numRuns: 4, seed: runSeed })];
}

/** The figures of an audit as one line, without the lost lines. */
function figuresText(result: ExpectedAudit | AuditResult): string {
  return `lines ${result.lines}, wins ${result.wins}, draws ${result.draws}, losses ${result.losses}, gave up ${result.gaveUp}, ${result.losingLines.length} lost lines listed`;
}

/** Where two audits differ, in a few words and with both answers whole; null when they agree. */
function auditDifference(expected: ExpectedAudit, actual: AuditResult): string | null {
  if (figuresText(expected) !== figuresText(actual)) return `expected ${figuresText(expected)}\ngot      ${figuresText(actual)}`;
  const index = expected.losingLines.findIndex((line, at) => JSON.stringify(line) !== JSON.stringify(actual.losingLines[at]));
  if (index === -1) return null;
  return `lost line ${index + 1} of ${expected.losingLines.length}: expected [${expected.losingLines[index]?.join(', ')}], got ${JSON.stringify(actual.losingLines[index])}`;
}

/**
 * Audits one strategy through the graded code. With `withCount`, it also counts how often the strategy
 * was asked (each call is told back across the sandbox, which costs time: only a few cases do it).
 */
function audited({ cells, seat }: AuditCase, withCount: boolean): { result: AuditResult; asked: number | null } {
  if (!withCount) return { result: audit(besideTheCode('strategies', 'firstEmptyOf', localFirstEmptyOf, cells) as Strategy, seat), asked: null };
  let asked = 0;
  const own = localFirstEmptyOf(cells);
  // Beside the code under the grader: every call its twin tells is counted here (see checkedBesideTheCode).
  const strategy: Strategy = checkedBesideTheCode(
    (position: Board, me: Mark) => {
      asked += 1;
      return own(position, me);
    },
    'strategies',
    'toldFirstEmptyOf',
    cells,
  );
  return { result: audit(strategy, seat), asked };
}

/** Whether an audit's calls are counted: only for short lists, so few calls are told back. */
function counted(cells: readonly number[]): boolean {
  return cells.length <= 3;
}

task(4, () => {
  test(
    'audit of strategies that play the first empty cell of a list: every count, every lost line in order, and the strategy asked once per turn',
    () => {
      for (const auditCase of auditCases()) {
        const { cells, seat } = auditCase;
        const call = `audit(first empty of [${cells.join(', ')}], '${seat}')`;
        let turns = 0;
        const own = localFirstEmptyOf(cells);
        const expected = expectedAudit((position, me) => {
          turns += 1;
          return own(position, me);
        }, seat);
        const { result, asked } = audited(auditCase, counted(cells));
        const difference = auditDifference(expected, result);
        if (difference !== null) expect.fail(`${call}: ${difference}`);
        if (asked !== null && asked !== turns)
          expect.fail(`${call}: expected the strategy to be asked ${turns} times (once at each of its turns), got ${asked}`);
      }
    },
    PLENTY_MS,
  );
});
