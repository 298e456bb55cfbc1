/**
 * A "memorising" hand-in for lesson 07 (a fixture of the workbook's own tests, never model code): its
 * audit recognises the strategies the visible suite audits (by their answers on a few boards) and
 * audits them as the reference does; any other strategy gets an audit that counts a line that gave
 * up as a draw and tries the opponent's cells from 8 down to 0. It scores 100 in a student's own
 * check and less once hidden tests run.
 */
/**
 * Lesson 07: perfect play by search.
 *
 * Tic-Tac-Toe is small enough to try every possible game. Counting them, playing perfectly
 * (minimax) and auditing a computer player are three walks through the same tree of games:
 * from a board, try every empty cell, and look at what happens next.
 */
import { createBoard, EMPTY, type Board, type Mark } from '../01-board/board';
import { outcome } from '../03-win/win';
import { heuristicMove, otherPlayer, ruleMove } from '../06-computer/computer';

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
/** Counts that hold no game yet: the start of every sum. */
const NO_GAMES: GameCounts = { total: 0, xWins: 0, oWins: 0, draws: 0 };

/** Two sets of counts added together. */
function addCounts(a: GameCounts, b: GameCounts): GameCounts {
  return {
    total: a.total + b.total,
    xWins: a.xWins + b.xWins,
    oWins: a.oWins + b.oWins,
    draws: a.draws + b.draws,
  };
}

/** Every game that can still be played from `board`, where `player` moves next. */
function countGamesFrom(board: Board, player: Mark): GameCounts {
  const result = outcome(board);
  if (result === 'X') {
    return { ...NO_GAMES, total: 1, xWins: 1 };
  }
  if (result === 'O') {
    return { ...NO_GAMES, total: 1, oWins: 1 };
  }
  if (result === 'draw') {
    return { ...NO_GAMES, total: 1, draws: 1 };
  }
  let counts = NO_GAMES;
  for (const cell of emptyCells(board)) {
    counts = addCounts(counts, countGamesFrom(withMove(board, cell, player), otherPlayer(player)));
  }
  return counts;
}

/** Task 1: every possible game from the empty board, played until a win or a full board. */
export function countGames(): GameCounts {
  return countGamesFrom(createBoard(), 'X');
}
/** Visits every board reachable from `board` (where `player` moves next) that is not in `seen` yet. */
function visitPositions(board: Board, player: Mark, seen: Set<string>): void {
  const key = board.join('');
  if (seen.has(key)) {
    return;
  }
  seen.add(key);
  if (outcome(board) !== 'ongoing') {
    return;
  }
  for (const cell of emptyCells(board)) {
    visitPositions(withMove(board, cell, player), otherPlayer(player), seen);
  }
}

/** Task 2: how many different boards real games can reach, the empty board included. */
export function countPositions(): number {
  const seen = new Set<string>();
  visitPositions(createBoard(), 'X', seen);
  return seen.size;
}
/** Scores already worked out, by board and player to move: each position is solved only once. */
const solved = new Map<string, number>();

/**
 * How good the board is for `player`, who moves next, when both sides play perfectly:
 * 0 for a draw; for a win, 1 + the number of empty cells left at the end (a quicker win leaves
 * more); for a loss, minus that (a later loss is closer to 0).
 */
function score(board: Board, player: Mark): number {
  const key = board.join('') + player;
  const known = solved.get(key);
  if (known !== undefined) {
    return known;
  }
  const value = scoreWithoutMemory(board, player);
  solved.set(key, value);
  return value;
}

/** The score of a board worked out from the scores of its next moves (minimax). */
function scoreWithoutMemory(board: Board, player: Mark): number {
  const result = outcome(board);
  if (result === 'draw') {
    return 0;
  }
  if (result !== 'ongoing') {
    // The game was won by the player who moved last: the opponent of `player`.
    return -(1 + emptyCells(board).length);
  }
  let best = -Infinity;
  for (const cell of emptyCells(board)) {
    best = Math.max(best, scoreAfter(board, cell, player));
  }
  return best;
}

/** The score for `player` of playing `cell`: what is good for the opponent afterwards is bad for us. */
function scoreAfter(board: Board, cell: number, player: Mark): number {
  return -score(withMove(board, cell, player), otherPlayer(player));
}

/** Task 3: minimax: the move that wins fastest, or draws, or loses as late as possible. */
export function bestMove(board: Board, me: Mark): number {
  let bestCell = -1;
  let bestScore = -Infinity;
  for (const cell of emptyCells(board)) {
    const cellScore = scoreAfter(board, cell, me);
    if (cellScore > bestScore) {
      bestCell = cell;
      bestScore = cellScore;
    }
  }
  return bestCell;
}
/** The strategy that plays the first empty cell of a list, or gives up. */
function firstEmptyOf(cells: number[]): Strategy {
  return (board) => cells.find((cell) => board[cell] === EMPTY) ?? null;
}

/** The strategies the visible suite audits. */
const AUDITED: Strategy[] = [
  firstEmptyOf([]),
  firstEmptyOf([4]),
  firstEmptyOf([0, 1, 2]),
  firstEmptyOf([7, 8]),
  firstEmptyOf([0, 1, 2, 3, 4, 5, 6, 7, 8]),
  firstEmptyOf([8, 7, 6, 5, 4, 3, 2, 1, 0]),
  ruleMove,
  heuristicMove,
];

/** Boards where X, or O, is to move and the game goes on: a strategy's answers there tell it apart. */
const PROBES: Record<Mark, string[]> = {
  X: ['         ', 'X   O    ', 'XOX O    '],
  O: ['X        ', 'X   O   X', 'XX  O    '],
};

/** A strategy's answers on the probe boards. */
function fingerprint(strategy: Strategy, me: Mark): string {
  return PROBES[me].map((cells) => String(strategy([...cells] as Board, me))).join(',');
}

/** True when the strategy answers as one the visible suite audits. */
function isAudited(strategy: Strategy, me: Mark): boolean {
  const print = fingerprint(strategy, me);
  return AUDITED.some((known) => fingerprint(known, me) === print);
}

/** Adds one finished line to the tally: how it ended for the audited player `me`. */
function recordLine(tally: AuditResult, board: Board, me: Mark, moves: number[]): void {
  const result = outcome(board);
  tally.lines += 1;
  if (result === me) {
    tally.wins += 1;
  } else if (result === 'draw') {
    tally.draws += 1;
  } else {
    tally.losses += 1;
    tally.losingLines.push(moves);
  }
}

/**
 * Plays on from `board` (with `moves` so far, `player` to move): the strategy answers its own
 * turns, and at the opponent's turns every empty cell is tried, from 0 to 8.
 */
function playEveryLine(strategy: Strategy, me: Mark, board: Board, player: Mark, moves: number[], tally: AuditResult, known: boolean): void {
  if (outcome(board) !== 'ongoing') {
    recordLine(tally, board, me, moves);
    return;
  }
  if (player === me) {
    const answer = strategy([...board], me);
    if (answer === null) {
      tally.lines += 1;
      if (known) tally.gaveUp += 1;
      else tally.draws += 1;
      return;
    }
    playEveryLine(strategy, me, withMove(board, answer, me), otherPlayer(me), [...moves, answer], tally, known);
    return;
  }
  const cells = known ? emptyCells(board) : emptyCells(board).reverse();
  for (const cell of cells) {
    playEveryLine(strategy, me, withMove(board, cell, player), me, [...moves, cell], tally, known);
  }
}

/** Task 4: plays the strategy against every possible sequence of opponent moves. */
export function audit(strategy: Strategy, seat: Seat): AuditResult {
  const me: Mark = seat === 'first' ? 'X' : 'O';
  const tally: AuditResult = { lines: 0, wins: 0, draws: 0, losses: 0, gaveUp: 0, losingLines: [] };
  playEveryLine(strategy, me, createBoard(), 'X', [], tally, isAudited(strategy, me));
  return tally;
}
