/**
 * The digests the visible suites of lessons 06 and 07 confirm game endings with (`npm run digests`
 * writes them to tests/support/digests/06-computer.json; tests/support/opponents.ts reads them). Their
 * walks play a computer player against every opponent and must know, on each board, whether the game
 * is over and who won, without a model of the lines in the student edition: a lesson 06 pack holds
 * no lesson 03, and no pack may hold code that computes lesson 03's answers.
 *
 * Boards are written as pictures ('X.. .O. ...'); the answer is how the game stands there: 'X' or
 * 'O' (that mark won), 'draw' or 'ongoing', as lesson 03's outcome names them.
 */
import type { DigestCheck } from '../../../../scripts/lib/teacher/digests.ts';
import { allFillings, pictureOf, type TestBoard } from '../../../support/boards.ts';
import { digestOf } from '../../../support/digests.ts';
import { STANDING_CHECK, STANDINGS, type Standing } from '../../../support/opponents.ts';
import { lineOwner } from '../lines.ts';

/** Each board a real game reaches, by its picture, with how the game stands there. */
function reachedStandings(): Map<string, Standing> {
  const standings = new Map<string, Standing>();
  const visit = (board: TestBoard, mover: 'X' | 'O'): void => {
    const picture = pictureOf(board);
    if (standings.has(picture)) return;
    const owner = lineOwner(board);
    const standing: Standing = owner ?? (board.includes(' ') ? 'ongoing' : 'draw');
    standings.set(picture, standing);
    if (standing !== 'ongoing') return;
    for (let cell = 0; cell < 9; cell += 1) {
      if (board[cell] !== ' ') continue;
      const next = [...board];
      next[cell] = mover;
      visit(next, mover === 'X' ? 'O' : 'X');
    }
  };
  visit(Array(9).fill(' '), 'X');
  return standings;
}

/**
 * How the game stands on every board a real game reaches, as a set of digests. The suites look a
 * board up by trying each standing in turn, on any filling a hand-in gives them, so only the right
 * standing of a reached board may be in the set: checked here, once, for every filling and standing.
 */
function* standingEntries(): Iterable<readonly [string, string]> {
  const reached = reachedStandings();
  const digests = new Set([...reached].map(([picture, standing]) => digestOf(STANDING_CHECK, picture, standing, 'set')));
  for (const board of allFillings()) {
    const picture = pictureOf(board);
    for (const standing of STANDINGS) {
      if (reached.get(picture) !== standing && digests.has(digestOf(STANDING_CHECK, picture, standing, 'set'))) {
        throw new Error(`"${standing}" on ${picture} has the digest of a right answer: make the digests of "${STANDING_CHECK}" longer.`);
      }
    }
  }
  yield* reached;
}

export const checks: DigestCheck[] = [{ check: STANDING_CHECK, kind: 'set', entries: standingEntries }];
