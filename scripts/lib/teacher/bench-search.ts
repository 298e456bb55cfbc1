/**
 * Times lesson 07's reference search in a fresh process (so every cache starts empty) and prints
 * the timings as JSON: `node --import tsx scripts/lib/teacher/bench-search.ts`.
 */
import { createBoard } from '../../../solutions/01-board/board.ts';
import { ruleMove } from '../../../solutions/06-computer/computer.ts';
import { audit, bestMove, countGames, countPositions } from '../../../solutions/07-search/search.ts';
import { boardOf } from '../core/boards.ts';

function time(action: () => unknown): number {
  const started = performance.now();
  action();
  return performance.now() - started;
}

const midGame = [boardOf('X.. .O. ...'), boardOf('XO. .X. ..O'), boardOf('X.O .X. O..')];
const timings = {
  bestMoveEmptyCold: time(() => bestMove(createBoard(), 'X')),
  bestMoveEmptyWarm: time(() => bestMove(createBoard(), 'X')),
  bestMoveMidGame: time(() => midGame.forEach((board) => bestMove(board, 'X'))),
  auditRules: time(() => audit(ruleMove, 'first')),
  auditBest: time(() => audit(bestMove, 'second')),
  countGames: time(() => countGames()),
  countPositions: time(() => countPositions()),
};
/** The names of the timings printed. */
export type SearchTiming = keyof typeof timings;

process.stdout.write(`${JSON.stringify(timings)}\n`);
