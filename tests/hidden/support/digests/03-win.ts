/**
 * The digests lesson 03's visible suite confirms answers with (`npm run digests` writes them to
 * tests/support/digests/03-win.json). The right answers come from the teacher-only model of played
 * games (../played-games.ts) and the lesson's rules for positionError; the pack holds only digests.
 *
 * Boards are written as their nine cells joined ('X   O    ') and answers as failure messages show
 * them (showValue: 'X', null, true). The boards a real game reaches are a set the suite finds them with;
 * every other check is kept in the order of its boards: all fillings, or the reached ones among them.
 */
import type { DigestCheck } from '../../../../scripts/lib/teacher/digests.ts';
import { allFillings, countMarks, showValue, type TestBoard } from '../../../support/boards.ts';
import { digestOf } from '../../../support/digests.ts';
import { playAllGames, type Ending, type PlayedBoard } from '../played-games.ts';

/**
 * The check the visible suite finds the boards of real games with, and the answer it looks up (as
 * showValue writes true). Both are also in tests/03-win.test.ts.
 */
const REACHED = 'a real game reaches the board';
const REACHED_ANSWER = 'true';

// The exact messages, as the lesson states them.
const O_STARTED = 'Wrong turn order: O started';
const X_WENT_TWICE = 'Wrong turn order: X went twice';
const PLAYED_AFTER_WIN = 'Impossible board: game should have ended after the game was won';

/** A board as the digests name it: its nine cells joined. */
function textOf(board: readonly string[]): string {
  return board.join('');
}

/** Each board a real game reaches, by its text, with how the game stands there. */
function endings(): Map<string, Ending> {
  return new Map(playAllGames().map(({ board, ending }: PlayedBoard) => [textOf(board), ending]));
}

/**
 * The boards of real games as a set of digests. The visible suite tries every filling against it, so
 * no other filling may share a digest with one of them: checked here, once, for the digests as they are.
 */
function* reachedBoards(): Iterable<readonly [string, string]> {
  const reached = endings();
  const digests = new Set([...reached.keys()].map((text) => digestOf(REACHED, text, REACHED_ANSWER, 'set')));
  for (const board of allFillings()) {
    const text = textOf(board);
    if (!reached.has(text) && digests.has(digestOf(REACHED, text, REACHED_ANSWER, 'set'))) {
      throw new Error(
        `The board '${text}', which no real game reaches, has the digest of a reached board: change the check's name or answer here and in tests/03-win.test.ts.`,
      );
    }
  }
  for (const text of reached.keys()) yield [text, REACHED_ANSWER];
}

/** A check over the boards of real games, in the order of allFillings(), answered from how each game stands. */
function onReachedBoards(check: string, answer: (ending: Ending) => unknown): DigestCheck {
  return {
    check,
    kind: 'ordered',
    *entries() {
      const reached = endings();
      for (const board of allFillings()) {
        const ending = reached.get(textOf(board));
        if (ending !== undefined) yield [textOf(board), showValue(answer(ending))];
      }
    },
  };
}

/** A check over all 19,683 fillings, in the order of allFillings(). */
function onEveryFilling(check: string, answer: (board: TestBoard, reached: Map<string, Ending>) => unknown): DigestCheck {
  return {
    check,
    kind: 'ordered',
    *entries() {
      const reached = endings();
      for (const board of allFillings()) yield [textOf(board), showValue(answer(board, reached))];
    },
  };
}

/**
 * The answer the lesson asks for, worked out without any win check: the counts decide the two
 * turn-order messages (they come first), and otherwise a board is fine exactly when a real game,
 * played out by the rules, reaches it.
 */
function expectedPositionError(board: TestBoard, reached: Map<string, Ending>): string | null {
  const xCount = countMarks(board, 'X');
  const oCount = countMarks(board, 'O');
  if (oCount > xCount) return O_STARTED;
  if (xCount > oCount + 1) return X_WENT_TWICE;
  return reached.has(textOf(board)) ? null : PLAYED_AFTER_WIN;
}

export const checks: DigestCheck[] = [
  { check: REACHED, kind: 'set', entries: reachedBoards },
  onReachedBoards("hasWon(board, 'X')", (ending) => ending === 'X'),
  onReachedBoards("hasWon(board, 'O')", (ending) => ending === 'O'),
  onReachedBoards('winner(board)', (ending) => (ending === 'X' || ending === 'O' ? ending : null)),
  onEveryFilling('isFull(board)', (board) => !board.includes(' ')),
  onReachedBoards('outcome(board)', (ending) => ending),
  onEveryFilling('positionError(board)', expectedPositionError),
];
