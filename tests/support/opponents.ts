/**
 * Computer players put to the test: a walk that plays a player against every possible sequence of
 * opponent moves, replays of documented games, and a seeded random source. The walk decides who won
 * with its own lines (worked out from the geometry in boards.ts), never with student code, so a bug
 * in a lesson cannot change what the tests expect.
 */
import { replayLine } from '../../scripts/lib/student/arena-format.ts';
export { seededRandom } from '../../scripts/lib/core/seeded-random.ts';
import { linesOfThree, playAllGames, type TestBoard } from './boards.ts';
import { callEach } from './sealed.ts';

/** A mark, as lesson 01's Mark. */
export type TestMark = 'X' | 'O';

/** A computer player as the lessons write them: the cell it plays for `me`, or null when it gives up. */
export type TestPlayer = (board: TestBoard, me: TestMark) => number | null;

const LINES = linesOfThree();

/** The other mark. */
export function other(mark: TestMark): TestMark {
  return mark === 'X' ? 'O' : 'X';
}

/** The mark that owns a whole line of this board, or null. */
export function lineOwner(board: readonly string[]): TestMark | null {
  for (const line of LINES) {
    const [a, b, c] = line.map((index) => board[index]);
    if ((a === 'X' || a === 'O') && a === b && b === c) return a;
  }
  return null;
}

/** The empty cells of a board, from 0 to 8. */
export function emptyCellsOf(board: readonly string[]): number[] {
  return [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((index) => board[index] === ' ');
}

/** The cells where `mark` would complete a line at once (two of its marks and an empty cell). */
export function winningCellsFor(board: readonly string[], mark: TestMark): number[] {
  const cells = new Set<number>();
  for (const line of LINES) {
    const mine = line.filter((index) => board[index] === mark).length;
    const empty = line.filter((index) => board[index] === ' ');
    if (mine === 2 && empty.length === 1) cells.add(empty[0] as number);
  }
  return [...cells].sort((a, b) => a - b);
}

/** The board reached by playing `moves` (cell indexes, X first) from the empty board. */
export function boardAfter(moves: readonly number[]): TestBoard {
  const board: TestBoard = Array(9).fill(' ');
  moves.forEach((cell, index) => {
    board[cell] = index % 2 === 0 ? 'X' : 'O';
  });
  return board;
}

/** What a player answered, in words: a cell index, null, or what it threw. */
function describeAnswer(answer: unknown): string {
  if (answer === null) return 'null (it gave up)';
  if (answer === undefined) return 'undefined (nothing was returned)';
  return JSON.stringify(answer) ?? String(answer);
}

/** Why an answer cannot be played on `board`, or null when it is an empty cell. */
function badAnswer(board: readonly string[], answer: unknown): string | null {
  if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 0 || answer > 8) {
    return `answered ${describeAnswer(answer)}, which is not a cell index from 0 to 8`;
  }
  if (board[answer] !== ' ') return `answered ${answer}, but cell ${answer} is already taken`;
  return null;
}

/** A position shown for a failure message: the moves that led to it, replayed as boards. */
function showPosition(moves: readonly number[]): string {
  return moves.length === 0 ? 'on the empty board' : `after these moves:\n${replayLine(moves)}`;
}

/** How a player did against every possible opponent. */
export interface WalkReport {
  /** Games played to the end (a win or a full board). */
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** The first lost game (cell indexes from the first move), or null. */
  firstLoss: number[] | null;
  /**
   * The first thing that was not a proper answer (a taken cell, null, a throw, or what `inspect`
   * objected to), with the position where it happened; null when every answer was fine.
   */
  problem: string | null;
}

/**
 * Plays `player` in `seat` against every possible sequence of opponent moves: at each opponent turn
 * every empty cell is tried, from 0 to 8; at the player's turns it answers. Stops at the first
 * problem. `inspect` may look at each answer and return a complaint to stop there.
 */
export function playEveryOpponent(
  name: string,
  player: TestPlayer,
  seat: TestMark,
  inspect: (board: TestBoard, answer: number) => string | null = () => null,
): WalkReport {
  const report: WalkReport = { games: 0, wins: 0, draws: 0, losses: 0, firstLoss: null, problem: null };

  const walk = (moves: number[]): void => {
    if (report.problem !== null) return;
    const board = boardAfter(moves);
    const owner = lineOwner(board);
    if (owner !== null || emptyCellsOf(board).length === 0) {
      report.games += 1;
      if (owner === seat) report.wins += 1;
      else if (owner === null) report.draws += 1;
      else {
        report.losses += 1;
        report.firstLoss ??= moves;
      }
      return;
    }
    const toMove: TestMark = moves.length % 2 === 0 ? 'X' : 'O';
    if (toMove !== seat) {
      for (const cell of emptyCellsOf(board)) walk([...moves, cell]);
      return;
    }
    let answer: unknown;
    try {
      answer = player([...board], seat);
    } catch (error) {
      report.problem = `${name} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)} ${showPosition(moves)}`;
      return;
    }
    const complaint = badAnswer(board, answer) ?? inspect(board, answer as number);
    if (complaint !== null) {
      report.problem = `${name} ${complaint} ${showPosition(moves)}`;
      return;
    }
    walk([...moves, answer as number]);
  };

  walk([]);
  return report;
}

/**
 * A player that answers from a table: `fn(board, seat, ...extra)` asked once for every position a
 * game can reach with `seat` to move, in one crossing into the graded code (a walk would otherwise
 * cross once per move). Only for a function the lesson says is pure (its answer depends on the
 * board alone), or one that plays at random where any of its answers will do (a walk that looks for
 * one lost game); a position the table lacks (the batch stops at a call that throws) is asked directly.
 */
export function askedOnce<E extends unknown[]>(fn: (board: never, seat: never, ...extra: E) => unknown, seat: TestMark, ...extra: E): TestPlayer {
  const call = fn as (board: TestBoard, seat: TestMark, ...extra: E) => unknown;
  const positions = playAllGames()
    .filter(({ ending, board }) => ending === 'ongoing' && toMoveOn(board) === seat)
    .map(({ board }) => board);
  const outcomes = callEach(
    call,
    positions.map((board) => [[...board], seat, ...extra] as [TestBoard, TestMark, ...E]),
  );
  const table = new Map(outcomes.map((outcome, index) => [(positions[index] as TestBoard).join(''), outcome]));
  return (board, me) => {
    const outcome = table.get(board.join(''));
    if (outcome === undefined || me !== seat) return call([...board] as TestBoard, me, ...extra) as number | null;
    if (!outcome.ok) throw outcome.error;
    return outcome.value as number | null;
  };
}

/** Whose turn it is on a board of a real game: X when both have as many marks. */
function toMoveOn(board: readonly string[]): TestMark {
  const xs = board.filter((cell) => cell === 'X').length;
  const os = board.filter((cell) => cell === 'O').length;
  return xs === os ? 'X' : 'O';
}

/**
 * The verdict "never loses" of a walk as two texts for toBe: equal when the player never lost and
 * every answer was a proper cell; otherwise the actual text shows the lost game (or the problem).
 */
export function verdictOf(name: string, seat: TestMark, report: WalkReport): { expected: string; actual: string } {
  const expected = `${name} never loses as ${seat}`;
  if (report.problem !== null) return { expected, actual: report.problem };
  if (report.firstLoss !== null) {
    return { expected, actual: `${name} lost this game as ${seat}:\n${replayLine(report.firstLoss)}` };
  }
  return { expected, actual: expected };
}

/** Plays `player` in `seat` against every opponent and gives the verdict "never loses" (see verdictOf). */
export function neverLosesVerdict(name: string, player: TestPlayer, seat: TestMark): { expected: string; actual: string } {
  return verdictOf(name, seat, playEveryOpponent(name, player, seat));
}

/**
 * Replays a documented game: the human plays `humanMoves` as X, the player answers as O after each
 * of them, until someone wins or the board is full. Returns the replay as boards (arena format), or
 * the replay up to the first improper answer followed by what the player answered.
 */
export function replayDocumentedGame(name: string, player: TestPlayer, humanMoves: readonly number[]): string {
  const moves: number[] = [];
  for (const human of humanMoves) {
    moves.push(human);
    const board = boardAfter(moves);
    if (lineOwner(board) !== null || emptyCellsOf(board).length === 0) break;
    let answer: unknown;
    try {
      answer = player([...board], 'O');
    } catch (error) {
      return `${replayLine(moves)}\n${name} threw ${error instanceof Error ? error.message : String(error)}`;
    }
    const complaint = badAnswer(board, answer);
    if (complaint !== null) return `${replayLine(moves)}\n${name} ${complaint}`;
    moves.push(answer as number);
    if (lineOwner(boardAfter(moves)) !== null) break;
  }
  return replayLine(moves);
}
