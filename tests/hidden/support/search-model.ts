/**
 * Lesson 07's searches worked out for the hidden suite, from the lesson text alone and without any
 * student code: the minimax score of a board (seen from the player to move, quicker wins worth more)
 * and the audit of a strategy against every possible sequence of opponent moves.
 */
import type { TestBoard, TestCell } from '../../support/boards.ts';
import { emptyCellsOf, type TestMark } from '../../support/opponents.ts';
import { lineOwner, other } from './lines.ts';
import { withMark } from './computer-rules.ts';

const scores = new Map<string, number>();

/**
 * The lesson's minimax score of `board` for `player`, who moves next: 0 for a draw, minus
 * (1 + empty cells) when the game was won (by the other player, who moved last), otherwise the
 * highest, over every empty cell, of minus the next board's score for the opponent.
 */
export function minimaxScore(board: readonly TestCell[], player: TestMark): number {
  const key = `${board.join('')}${player}`;
  const known = scores.get(key);
  if (known !== undefined) return known;
  const empty = emptyCellsOf(board);
  let score: number;
  if (lineOwner(board) !== null) score = -(1 + empty.length);
  else if (empty.length === 0) score = 0;
  else score = Math.max(...empty.map((cell) => -minimaxScore(withMark(board, cell, player), other(player))));
  scores.set(key, score);
  return score;
}

/** The cells with the highest minimax number for `me`: the answers bestMove may give. */
export function bestCells(board: readonly TestCell[], me: TestMark): number[] {
  const best = minimaxScore(board, me);
  return emptyCellsOf(board).filter((cell) => -minimaxScore(withMark(board, cell, me), other(me)) === best);
}

/** What the lesson's audit returns. */
export interface ExpectedAudit {
  lines: number;
  wins: number;
  draws: number;
  losses: number;
  gaveUp: number;
  losingLines: number[][];
}

/** A strategy as lesson 07 has it: the cell to play, or null to give up. */
export type ModelStrategy = (board: readonly string[], me: string) => number | null;

/**
 * The audit of `strategy` in `seat`: it plays X when first, O when second; at its turns it is asked
 * once and its answer played (null ends the line as "gave up"); at the opponent's turns every empty
 * cell is tried from 0 to 8. Lost lines are listed with every move, in the order they were played.
 */
export function expectedAudit(strategy: ModelStrategy, seat: 'first' | 'second'): ExpectedAudit {
  const me: TestMark = seat === 'first' ? 'X' : 'O';
  const result: ExpectedAudit = { lines: 0, wins: 0, draws: 0, losses: 0, gaveUp: 0, losingLines: [] };
  const walk = (board: TestBoard, toMove: TestMark, moves: number[]): void => {
    const owner = lineOwner(board);
    if (owner !== null || emptyCellsOf(board).length === 0) {
      result.lines += 1;
      if (owner === me) result.wins += 1;
      else if (owner === null) result.draws += 1;
      else {
        result.losses += 1;
        result.losingLines.push(moves);
      }
      return;
    }
    if (toMove !== me) {
      for (const cell of emptyCellsOf(board)) walk(withMark(board, cell, toMove), me, [...moves, cell]);
      return;
    }
    const cell = strategy([...board], me);
    if (cell === null) {
      result.lines += 1;
      result.gaveUp += 1;
      return;
    }
    walk(withMark(board, cell, me), other(me), [...moves, cell]);
  };
  walk(Array(9).fill(' '), 'X', []);
  return result;
}

/** A position a real game reaches where a move is still possible, with the mark to move there. */
export interface ReachedPosition {
  board: TestBoard;
  mover: TestMark;
}
