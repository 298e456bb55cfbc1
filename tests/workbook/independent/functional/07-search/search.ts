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

/** The counts of no games at all. */
const NO_GAMES: GameCounts = { total: 0, xWins: 0, oWins: 0, draws: 0 };

/** One finished game, counted by how it ended. */
const oneGame = (result: Mark | 'draw'): GameCounts => ({
  total: 1,
  xWins: result === 'X' ? 1 : 0,
  oWins: result === 'O' ? 1 : 0,
  draws: result === 'draw' ? 1 : 0,
});

/** Two sets of counts added up. */
const addCounts = (a: GameCounts, b: GameCounts): GameCounts => ({
  total: a.total + b.total,
  xWins: a.xWins + b.xWins,
  oWins: a.oWins + b.oWins,
  draws: a.draws + b.draws,
});

/** Every game that can still be played from this board, with `player` to move. */
const gamesFrom = (board: Board, player: Mark): GameCounts => {
  const result = outcome(board);
  if (result !== 'ongoing') return oneGame(result);
  return emptyCells(board)
    .map((cell) => gamesFrom(withMove(board, cell, player), otherPlayer(player)))
    .reduce(addCounts, NO_GAMES);
};

/** Task 1: every possible game from the empty board, played until a win or a full board. */
export function countGames(): GameCounts {
  return gamesFrom(createBoard(), 'X');
}

/** The keys of every board reachable from this one (itself included) that `seen` does not hold yet, added to it. */
const collectPositions = (board: Board, player: Mark, seen: Set<string>): Set<string> => {
  const key = board.join('');
  if (seen.has(key)) return seen;
  seen.add(key);
  if (outcome(board) !== 'ongoing') return seen;
  return emptyCells(board).reduce((found, cell) => collectPositions(withMove(board, cell, player), otherPlayer(player), found), seen);
};

/** Task 2: how many different boards real games can reach, the empty board included. */
export function countPositions(): number {
  return collectPositions(createBoard(), 'X', new Set<string>()).size;
}

/** Scores already worked out, keyed by the board as text and the player to move. */
const knownScores = new Map<string, number>();

/** The score of a finished board for the player to move: 0 for a draw, otherwise a loss worth more the sooner it came. */
const finishedScore = (board: Board, result: Mark | 'draw', player: Mark): number => {
  if (result === 'draw') return 0;
  const size = 1 + emptyCells(board).length;
  return result === player ? size : -size;
};

/** For each empty cell, the score of playing there, seen from `player`. */
const moveScores = (board: Board, player: Mark): { cell: number; score: number }[] =>
  emptyCells(board).map((cell) => ({ cell, score: -scoreFor(withMove(board, cell, player), otherPlayer(player)) }));

/** How good the board is for `player`, who moves next (minimax, remembered). */
function scoreFor(board: Board, player: Mark): number {
  const key = board.join('') + player;
  const known = knownScores.get(key);
  if (known !== undefined) return known;
  const result = outcome(board);
  const score = result === 'ongoing' ? Math.max(...moveScores(board, player).map((move) => move.score)) : finishedScore(board, result, player);
  knownScores.set(key, score);
  return score;
}

/** Task 3: minimax: the move that wins fastest, or draws, or loses as late as possible. */
export function bestMove(board: Board, me: Mark): number {
  const best = moveScores(board, me).reduce((chosen, move) => (move.score >= chosen.score ? move : chosen));
  return best.cell;
}

/** An audit that found nothing yet. */
const NO_LINES: AuditResult = { lines: 0, wins: 0, draws: 0, losses: 0, gaveUp: 0, losingLines: [] };

/** Two audits added up; the losing lines keep their order. */
const addAudits = (a: AuditResult, b: AuditResult): AuditResult => ({
  lines: a.lines + b.lines,
  wins: a.wins + b.wins,
  draws: a.draws + b.draws,
  losses: a.losses + b.losses,
  gaveUp: a.gaveUp + b.gaveUp,
  losingLines: [...a.losingLines, ...b.losingLines],
});

/** One finished line, seen from the strategy's mark. */
const finishedLine = (result: Mark | 'draw', me: Mark, moves: readonly number[]): AuditResult => {
  if (result === 'draw') return { ...NO_LINES, lines: 1, draws: 1 };
  if (result === me) return { ...NO_LINES, lines: 1, wins: 1 };
  return { ...NO_LINES, lines: 1, losses: 1, losingLines: [[...moves]] };
};

/** Plays every line on from this board: the strategy's answer at its turns, every empty cell at the opponent's. */
const auditFrom = (strategy: Strategy, me: Mark, board: Board, player: Mark, moves: readonly number[]): AuditResult => {
  const result = outcome(board);
  if (result !== 'ongoing') return finishedLine(result, me, moves);
  const next = (cell: number): AuditResult => auditFrom(strategy, me, withMove(board, cell, player), otherPlayer(player), [...moves, cell]);
  if (player !== me) return emptyCells(board).map(next).reduce(addAudits, NO_LINES);
  const answer = strategy(board, me);
  return answer === null ? { ...NO_LINES, lines: 1, gaveUp: 1 } : next(answer);
};

/** Task 4: plays the strategy against every possible sequence of opponent moves. */
export function audit(strategy: Strategy, seat: Seat): AuditResult {
  const me: Mark = seat === 'first' ? 'X' : 'O';
  return auditFrom(strategy, me, createBoard(), 'X', []);
}
