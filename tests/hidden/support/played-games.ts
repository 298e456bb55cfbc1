/**
 * Every board a real game can reach, with how the game stands there: a model of lesson 03's
 * `outcome` (and so of `hasWon`, `winner` and `positionError`), teacher-only. The digests of lesson
 * 03's visible suite are worked out from it (tests/hidden/support/digests/03-win.ts).
 */
import { linesOfThree, type TestBoard } from '../../support/boards.ts';

/** How a game that was played by the rules stands on a board. */
export type Ending = 'X' | 'O' | 'draw' | 'ongoing';

/** A board a real game can reach, and how the game stands there. */
export interface PlayedBoard {
  board: TestBoard;
  ending: Ending;
}

/**
 * Every board that a real game can reach, with how the game stands there. Games are played out from
 * the empty board: X moves first, the players alternate, and a game stops as soon as the player who
 * just moved owns all three cells of a line (that player won) or all nine cells are taken (a draw).
 * The ending is recorded while playing, from the lines through the cell just played, so no check of
 * a whole board is needed to know it. Fewest marks first, then in the order of their text (' ' before
 * 'O' before 'X'), the order of allFillings() in tests/support/boards.ts; 5,478 boards.
 */
export function playAllGames(): readonly PlayedBoard[] {
  played ??= playGames();
  return played;
}

let played: readonly PlayedBoard[] | undefined;

/** Plays the games playAllGames returns (once per module). */
function playGames(): PlayedBoard[] {
  const linesThrough = linesThroughEachCell();
  const seen = new Map<string, PlayedBoard>();
  // The boards met, by how many marks they hold, each as its text (its key in `seen`).
  const bySize: string[][] = Array.from({ length: 10 }, () => []);

  /** Whether the mark just played in `cell` gives its player all three cells of a line through it. */
  const completesLine = (board: TestBoard, cell: number): boolean => {
    const mover = board[cell];
    for (const [a, b, c] of linesThrough[cell] as number[][]) {
      if (board[a as number] === mover && board[b as number] === mover && board[c as number] === mover) return true;
    }
    return false;
  };

  /** Plays every possible next move from a board where the game is still going (`marks` marks on it). */
  const explore = (board: TestBoard, mover: 'X' | 'O', marks: number): void => {
    for (let cell = 0; cell < 9; cell += 1) {
      if (board[cell] !== ' ') continue;
      const next = [...board];
      next[cell] = mover;
      const key = next.join('');
      if (seen.has(key)) continue;
      let ending: Ending = 'ongoing';
      if (completesLine(next, cell)) {
        ending = mover;
      } else if (marks + 1 === 9) {
        ending = 'draw';
      }
      seen.set(key, { board: next, ending });
      (bySize[marks + 1] as string[]).push(key);
      if (ending === 'ongoing') explore(next, mover === 'X' ? 'O' : 'X', marks + 1);
    }
  };

  const empty: TestBoard = Array(9).fill(' ');
  const emptyKey = empty.join('');
  seen.set(emptyKey, { board: empty, ending: 'ongoing' });
  (bySize[0] as string[]).push(emptyKey);
  explore(empty, 'X', 0);
  // Fewest marks first, then by text: ' ' before 'O' before 'X', as sort() orders strings by default.
  return bySize.flatMap((keys) => keys.sort().map((key) => seen.get(key) as PlayedBoard));
}

/** For each cell, the lines of three that pass through it. */
function linesThroughEachCell(): number[][][] {
  const lines = linesOfThree();
  return Array.from({ length: 9 }, (_, cell) => lines.filter((line) => line.includes(cell)));
}
