import { expect, test } from 'vitest';
import { audit, bestMove, countGames, countPositions, type AuditResult, type Strategy } from '@workbook/07-search/search';
import { heuristicMove, ruleMove } from '@workbook/06-computer/computer';
import type { Board, Mark } from '@workbook/01-board/board';
import { arenaWords, auditTable, replayLine, type AuditRow } from '../scripts/lib/student/arena-format.ts';
import { translator } from '../scripts/lib/i18n/messages.ts';
import { boardOf, pictureOf } from './support/boards.ts';
import { CAUSE, example, exampleLanguage, lessonTasks } from './support/lesson.ts';
import { isStopped } from '../scripts/lib/core/failure.ts';
import { besideTheCode, checkedBesideTheCode, crossingCost, timedEach } from './support/sealed.ts';
import { firstEmptyOf as localFirstEmptyOf, quitter as localQuitter } from './support/strategies.ts';
import { askedOnce, improperQuestion, lostLineProblem, playEveryOpponent, positionsToPlay, verdictOf, type TestMark } from './support/opponents.ts';

const task = lessonTasks('07-search');

/**
 * The words of `npm run arena` in the language of the lesson text: its audit tables and replay are
 * the arena's output (words=arena), so the student's figures are printed as the arena prints them
 * and compared with the text they read.
 */
const arena = arenaWords(translator(exampleLanguage()));

/** A board for the lesson's functions from a picture like 'X.. .O. ...'. */
function board(picture: string): Board {
  return boardOf(picture) as Board;
}

/** Counts as the lesson writes them: { total: 1, xWins: 2, oWins: 3, draws: 4 }. */
function countsText(counts: { total: number; xWins: number; oWins: number; draws: number }): string {
  return `{ total: ${counts.total}, xWins: ${counts.xWins}, oWins: ${counts.oWins}, draws: ${counts.draws} }`;
}

/** One row of an audit table: the strategy's audit in one seat. */
function auditRow(player: string, strategy: Strategy, seat: 'first' | 'second'): AuditRow {
  const result = audit(strategy, seat);
  return { player, seat, ...result };
}

/** The strategy that plays the first of `cells` that is empty, or gives up (made beside the graded code). */
function firstEmptyOf(cells: number[]): Strategy {
  return besideTheCode('strategies', 'firstEmptyOf', localFirstEmptyOf, cells) as Strategy;
}

/** The strategy that gives up at once. */
function quitter(): Strategy {
  return besideTheCode('strategies', 'quitter', localQuitter) as Strategy;
}

/** The strategy that plays the centre if it is empty, otherwise gives up. */
function centreOnly(): Strategy {
  return firstEmptyOf([4]);
}

/** The figures of an audit without its losing lines, for comparisons. */
function figures(result: AuditResult): Omit<AuditResult, 'losingLines'> {
  return { lines: result.lines, wins: result.wins, draws: result.draws, losses: result.losses, gaveUp: result.gaveUp };
}

/** What playing bestMove against every opponent showed, per seat (each seat is walked only once). */
interface BestMoveWalk {
  verdict: { expected: string; actual: string };
  /** The first position where it could win at once and did not, or null. */
  missedWin: string | null;
  /** The first position where it had to block the one threat and did not, or null. */
  missedBlock: string | null;
  /** What stopped the walk (a throw, a taken cell), or null: then the two checks above are incomplete. */
  problem: string | null;
}

const bestMoveWalks = new Map<TestMark, BestMoveWalk>();

/** Plays bestMove in `seat` against every opponent once (the walk notes its missed wins and blocks on the way). */
function bestMoveWalk(seat: TestMark): BestMoveWalk {
  const known = bestMoveWalks.get(seat);
  if (known !== undefined) return known;
  const report = playEveryOpponent('bestMove', askedOnce(bestMove, seat), seat);
  const walk = { verdict: verdictOf('bestMove', seat, report), missedWin: report.missedWin, missedBlock: report.missedBlock, problem: report.problem };
  bestMoveWalks.set(seat, walk);
  return walk;
}

/**
 * How long bestMove takes to answer every position once, in milliseconds, and what went wrong first,
 * if anything. The grader's own clock times one crossing into the graded code (stopped after `limit`
 * milliseconds), less `cost()`: what sending the positions there and back takes by itself. The cost
 * is measured only when the time is over `allowedMs` (under it, taking the cost off changes nothing).
 */
function answerAll(asked: [Board, Mark][], cost: () => number, allowedMs: number, limit: number): { ms: number; problem: string } {
  try {
    const { outcomes, ms } = timedEach(bestMove, asked, limit);
    const threw = outcomes.find((outcome) => !outcome.ok);
    if (threw && !threw.ok) return { ms, problem: `bestMove threw ${String(threw.error)}` };
    return { ms: ms <= allowedMs ? ms : Math.max(0, ms - cost()), problem: 'none' };
  } catch (error) {
    if (!isStopped(error)) throw error;
    return { ms: Infinity, problem: 'none' };
  }
}

/** One timed pass over every position, judged in words: allowed `allowedMs`, stopped after `limit`. */
function timedPass(asked: [Board, Mark][], cost: () => number, allowedMs: number, limit: number): string {
  return timingVerdict(answerAll(asked, cost, allowedMs, limit), allowedMs, limit);
}

/** What the timing of one pass over every position says, in words: within the time allowed, or how long it took. */
function timingVerdict(pass: { ms: number; problem: string }, allowedMs: number, limit: number): string {
  if (pass.problem !== 'none') return pass.problem;
  if (pass.ms <= allowedMs) return `answered within ${allowedMs} ms`;
  const took = pass.ms === Infinity ? `was still working after ${limit} ms and was stopped` : `took ${Math.round(pass.ms)} ms`;
  return `${took}: it works every position out again instead of remembering it`;
}

task(1, () => {
  test('countGames finds the numbers of the lesson', () => {
    expect(countsText(countGames())).toBe(example('07-search', 'count-games'));
  });

  test('countGames gives the same numbers when it is called again', () => {
    const first = countsText(countGames());
    expect(countsText(countGames()), 'the second call (expected: what the call before it gave)').toBe(first);
  });
});

task(2, () => {
  test('countPositions finds the number of the lesson', () => {
    expect(String(countPositions())).toBe(example('07-search', 'count-positions'));
  });

  test('countPositions gives the same number when it is called again', () => {
    const first = countPositions();
    expect(countPositions(), 'the second call (expected: what the call before it gave)').toBe(first);
  });
});

task(3, () => {
  test('bestMove never loses as X, against every possible sequence of opponent moves', () => {
    const { verdict } = bestMoveWalk('X');
    expect(verdict.actual, 'how the games against every possible opponent ended').toBe(verdict.expected);
  });

  test('bestMove never loses as O, against every possible sequence of opponent moves', () => {
    const { verdict } = bestMoveWalk('O');
    expect(verdict.actual, 'how the games against every possible opponent ended').toBe(verdict.expected);
  });

  test('bestMove wins at once whenever it can (in every game of both seats)', () => {
    for (const seat of ['X', 'O'] as const) {
      const walk = bestMoveWalk(seat);
      expect(walk.missedWin ?? walk.problem ?? 'always won at once', `as ${seat}`).toBe('always won at once');
    }
  });

  test('bestMove blocks the one line the opponent threatens when it cannot win at once (in every game of both seats)', () => {
    for (const seat of ['X', 'O'] as const) {
      const walk = bestMoveWalk(seat);
      expect(walk.missedBlock ?? walk.problem ?? 'always blocked', `as ${seat}`).toBe('always blocked');
    }
  });

  test('bestMove takes the win in front of it, not a slower one', () => {
    // X wins at once on 2; any move but 2 or 5 would even let O win on 5.
    expect(bestMove(board('XX. OO. ...'), 'X'), "the cell bestMove(board 'XX. OO. ...', 'X') plays").toBe(2);
  });

  test('bestMove loses as late as it can: O blocks cell 8, though X still wins with a fork afterwards', () => {
    expect(bestMove(board('XO. .X. ...'), 'O'), "the cell bestMove(board 'XO. .X. ...', 'O') plays").toBe(8);
  });

  test('bestMove leaves the board unchanged', CAUSE, () => {
    const position = board('X.. .O. ..X');
    bestMove(position, 'O');
    expect(pictureOf(position), 'the board after bestMove').toBe('X.. .O. ..X');
  });

  test('bestMove remembers solved positions: asked about all 4,520 positions with a move left a second time, it answers within a quarter of a second', () => {
    const asked = positionsToPlay().map(({ board: cells, me }) => [[...cells] as Board, me] as [Board, Mark]);
    let measured: number | undefined;
    const cost = (): number => (measured ??= crossingCost(bestMove, asked));
    const first = timedPass(asked, cost, 2000, 4000);
    expect(first, `bestMove asked about all ${asked.length} positions a first time`).toBe('answered within 2000 ms');
    const again = timedPass(asked, cost, 250, 2000);
    expect(again, `bestMove asked about the same ${asked.length} positions a second time`).toBe('answered within 250 ms');
  }, 10_000);
});

task(4, () => {
  test('audit counts the lines of the two tiny strategies of the lesson', () => {
    const table = auditTable(
      [
        auditRow('quitter', quitter(), 'first'),
        auditRow('quitter', quitter(), 'second'),
        auditRow('centre-only', centreOnly(), 'first'),
        auditRow('centre-only', centreOnly(), 'second'),
      ],
      arena,
    );
    expect(table).toBe(example('07-search', 'audit-examples'));
  });

  test('audit counts wins: X playing the first empty cell of row 0-1-2 wins 30 lines and gives up in 18', () => {
    // X plays 0. If O answers 1 or 2, X takes the other one and then has nothing left: 2 × 6 lines
    // give up. Otherwise (6 answers) X plays 1; O blocks on 2 (gives up) or plays one of 5 other
    // cells and X wins on 2: 6 × (1 + 5) lines.
    expect(figures(audit(firstEmptyOf([0, 1, 2]), 'first'))).toEqual({ lines: 48, wins: 30, draws: 0, losses: 0, gaveUp: 18 });
  });

  test('audit counts losses: O playing 7, then 8, loses 24 lines and gives up in 207', () => {
    // X's first three moves can only make a line of the cells O leaves: 0-1-2, 3-4-5, 0-3-6 or 2-4-6,
    // in any order: 4 × 6 = 24 lost lines. Every other line gives up once 7 and 8 are taken.
    expect(figures(audit(firstEmptyOf([7, 8]), 'second'))).toEqual({ lines: 231, wins: 0, draws: 0, losses: 24, gaveUp: 207 });
  });

  test('audit lists the lost lines with every move from the first, opponent cells tried from 0 to 8', () => {
    const { losingLines } = audit(firstEmptyOf([7, 8]), 'second');
    expect(losingLines.length, 'how many lost lines are listed').toBe(24);
    const different = new Set(losingLines.map((moves) => JSON.stringify(moves))).size;
    expect(different, 'how many different lost lines are listed (each stored as a copy of its own)').toBe(24);
    expect(losingLines[0], 'the first lost line').toEqual([0, 7, 1, 8, 2]);
    expect(losingLines[23], 'the last lost line').toEqual([6, 7, 4, 8, 2]);
  });

  test('audit counts draws, and every listed lost line really is a lost game of the strategy', () => {
    const cells = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    // The audit asks the strategy beside the code; the lost lines are checked against this side's own copy.
    const lowestEmpty = firstEmptyOf(cells);
    const ownCopy = localFirstEmptyOf(cells);
    for (const [seat, me] of [
      ['first', 'X'],
      ['second', 'O'],
    ] as const) {
      const result = audit(lowestEmpty, seat);
      const sum = result.wins + result.draws + result.losses + result.gaveUp;
      expect(sum, `wins + draws + losses + gave up, ${seat} seat`).toBe(result.lines);
      expect(result.draws, `draws, ${seat} seat`).toBeGreaterThan(0);
      expect(result.losingLines.length, `lost lines listed, ${seat} seat`).toBe(result.losses);
      const wrong = result.losingLines
        .map((moves) => ({ moves: moves.join(' '), verdict: lostLineProblem(moves, ownCopy, me) }))
        .filter((line) => line.verdict !== 'fine');
      expect(wrong, `lost lines that are not lost games, ${seat} seat`).toEqual([]);
    }
  });

  test('audit asks the strategy only at its own turns, with its own mark, while the game is still going', CAUSE, () => {
    // The first board of each way the question was wrong.
    const complaints = new Map<string, string>();
    const order = [8, 7, 6, 5, 4, 3, 2, 1, 0];
    // Beside the code under the grader: it checks every call its twin reports (see checkedBesideTheCode).
    const watcher: Strategy = checkedBesideTheCode(
      (position: Board, me: Mark) => {
        const complaint = improperQuestion(position, me);
        if (complaint !== null && !complaints.has(complaint.why)) complaints.set(complaint.why, `${complaint.why}: first on ${complaint.board}`);
        return localFirstEmptyOf(order)(position, me);
      },
      'strategies',
      'toldFirstEmptyOf',
      order,
    );
    audit(watcher, 'first');
    audit(watcher, 'second');
    expect([...complaints.values()], 'the ways audit asked the strategy when it should not have, each with the first board it happened on').toEqual([]);
  });

  test('audit gives the same result when it is called again', () => {
    const first = audit(firstEmptyOf([7, 8]), 'second');
    const second = audit(firstEmptyOf([7, 8]), 'second');
    expect(second, 'the second audit (expected: what the audit before it gave)').toEqual(first);
  });
});

task(5, () => {
  test("the audits of lesson 06's ruleMove and heuristicMove give the figures in 'Check your answer'", () => {
    const table = auditTable(
      [
        auditRow('rules', ruleMove, 'first'),
        auditRow('rules', ruleMove, 'second'),
        auditRow('heuristic', heuristicMove, 'first'),
        auditRow('heuristic', heuristicMove, 'second'),
      ],
      arena,
    );
    expect(table).toBe(example('07-search', 'audit-answers'));
  });

  test("the first line ruleMove loses as O is the game replayed in 'Check your answer'", () => {
    const { losingLines } = audit(ruleMove, 'second');
    const first = losingLines[0];
    expect(first === undefined ? 'no lost line' : replayLine(first, arena)).toBe(example('07-search', 'losing-line'));
  });
});
