/**
 * Lesson 07: perfect play by search.
 *
 * Tic-Tac-Toe is small enough to try every possible game. Counting them, playing perfectly
 * (minimax) and auditing a computer player are three walks through the same tree of games:
 * from a board, try every empty cell, and look at what happens next.
 */
import { createBoard, EMPTY, type Board, type Mark } from '../01-board/board';
import { outcome } from '../03-win/win';
import { otherPlayer } from '../06-computer/computer';

/** A computer player: the cell it plays for `me` on this board, or null when it gives up. */
export type Strategy = (board: Board, me: Mark) => number | null;

/** Where the audited player sits: 'first' plays X and moves first, 'second' plays O. */
export type Seat = 'first' | 'second';

/** How many complete games there are, and how each one ends. */
export interface GameCounts {
  total: number;
  xWins: number;
  oWins: number;
  draws: number;
}

/** What an audit found: one line is one complete game against one sequence of opponent moves. */
export interface AuditResult {
  lines: number;
  wins: number;
  draws: number;
  losses: number;
  gaveUp: number;
  /** Every lost game as its moves from the first one, as cell indexes 0 to 8. */
  losingLines: number[][];
}

/** The indexes of the empty cells, from 0 to 8. */
export function emptyCells(board: Board): number[] {
  const cells: number[] = [];
  board.forEach((cell, index) => {
    if (cell === EMPTY) {
      cells.push(index);
    }
  });
  return cells;
}

/** A copy of the board with `mark` placed in `cell`; the board itself stays as it was. */
export function withMove(board: Board, cell: number, mark: Mark): Board {
  const copy = [...board];
  copy[cell] = mark;
  return copy;
}

/** One board still to look at during a walk, and the player who moves next on it. */
interface Pending {
  board: Board;
  player: Mark;
}

/** Task 1: every possible game from the empty board, played until a win or a full board. */
export function countGames(): GameCounts {
  const counts: GameCounts = { total: 0, xWins: 0, oWins: 0, draws: 0 };
  const stack: Pending[] = [{ board: createBoard(), player: 'X' }];
  while (stack.length > 0) {
    const current = stack.pop() as Pending;
    const result = outcome(current.board);
    switch (result) {
      case 'X':
        counts.xWins += 1;
        counts.total += 1;
        break;
      case 'O':
        counts.oWins += 1;
        counts.total += 1;
        break;
      case 'draw':
        counts.draws += 1;
        counts.total += 1;
        break;
      case 'ongoing': {
        const cells = emptyCells(current.board);
        for (let position = 0; position < cells.length; position++) {
          stack.push({ board: withMove(current.board, cells[position], current.player), player: otherPlayer(current.player) });
        }
        break;
      }
    }
  }
  return counts;
}

/** Task 2: how many different boards real games can reach, the empty board included. */
export function countPositions(): number {
  const start = createBoard();
  const seen = new Set<string>();
  seen.add(start.join(''));
  const stack: Pending[] = [{ board: start, player: 'X' }];
  while (stack.length > 0) {
    const current = stack.pop() as Pending;
    if (outcome(current.board) !== 'ongoing') {
      continue;
    }
    const cells = emptyCells(current.board);
    for (let position = 0; position < cells.length; position++) {
      const next = withMove(current.board, cells[position], current.player);
      const key = next.join('');
      if (!seen.has(key)) {
        seen.add(key);
        stack.push({ board: next, player: otherPlayer(current.player) });
      }
    }
  }
  return seen.size;
}

/** Scores already worked out, keyed by the board as text and the player to move. */
const knownScores = new Map<string, number>();

/** How many cells of the board are empty. */
function countEmpty(board: Board): number {
  let count = 0;
  for (let index = 0; index < board.length; index++) {
    if (board[index] === EMPTY) {
      count += 1;
    }
  }
  return count;
}

/** Minimax: how good the board is for `player`, who moves next; quicker wins score higher. */
function score(board: Board, player: Mark): number {
  const key = board.join('') + player;
  const known = knownScores.get(key);
  if (known !== undefined) {
    return known;
  }
  const result = outcome(board);
  let value = 0;
  if (result === 'draw') {
    value = 0;
  } else if (result !== 'ongoing') {
    value = -(1 + countEmpty(board));
  } else {
    let best = -Infinity;
    for (let cell = 0; cell < 9; cell++) {
      if (board[cell] !== EMPTY) {
        continue;
      }
      const mine = -score(withMove(board, cell, player), otherPlayer(player));
      if (mine > best) {
        best = mine;
      }
    }
    value = best;
  }
  knownScores.set(key, value);
  return value;
}

/** Task 3: minimax: the move that wins fastest, or draws, or loses as late as possible. */
export function bestMove(board: Board, me: Mark): number {
  let bestCell = -1;
  let bestScore = -Infinity;
  for (let cell = 0; cell < 9; cell++) {
    if (board[cell] !== EMPTY) {
      continue;
    }
    const mine = -score(withMove(board, cell, me), otherPlayer(me));
    if (mine >= bestScore) {
      bestScore = mine;
      bestCell = cell;
    }
  }
  return bestCell;
}

/** One unfinished line of an audit: the board, whose turn it is, and the moves that led there. */
interface AuditStep {
  board: Board;
  player: Mark;
  moves: number[];
}

/** Task 4: plays the strategy against every possible sequence of opponent moves. */
export function audit(strategy: Strategy, seat: Seat): AuditResult {
  const result: AuditResult = { lines: 0, wins: 0, draws: 0, losses: 0, gaveUp: 0, losingLines: [] };
  let me: Mark = 'O';
  if (seat === 'first') {
    me = 'X';
  }
  const stack: AuditStep[] = [{ board: createBoard(), player: 'X', moves: [] }];
  while (stack.length > 0) {
    const step = stack.pop() as AuditStep;
    const state = outcome(step.board);
    if (state !== 'ongoing') {
      result.lines += 1;
      if (state === 'draw') {
        result.draws += 1;
      } else if (state === me) {
        result.wins += 1;
      } else {
        result.losses += 1;
        result.losingLines.push(step.moves.slice());
      }
      continue;
    }
    if (step.player === me) {
      const cell = strategy(step.board, me);
      if (cell === null) {
        result.lines += 1;
        result.gaveUp += 1;
        continue;
      }
      const moves = step.moves.slice();
      moves.push(cell);
      stack.push({ board: withMove(step.board, cell, me), player: otherPlayer(me), moves: moves });
      continue;
    }
    for (let cell = 8; cell >= 0; cell--) {
      if (step.board[cell] !== EMPTY) {
        continue;
      }
      const moves = step.moves.slice();
      moves.push(cell);
      stack.push({ board: withMove(step.board, cell, step.player), player: me, moves: moves });
    }
  }
  return result;
}
