/**
 * Computer players put to the test: a walk that plays a player against every possible sequence of
 * opponent moves, replays of documented games, and a seeded random source. Whether a game is over,
 * and who won, the walk reads from digests of every board a real game reaches
 * (tests/support/digests/06-computer.json, made by `npm run digests` from a teacher-only model),
 * never from student code, so a bug in a lesson cannot change what the tests expect; and nothing
 * here computes a lesson's answers.
 */
import { replayLine } from '../../scripts/lib/student/arena-format.ts';
export { seededRandom } from '../../scripts/lib/core/seeded-random.ts';
import { drawBoard, pictureOf, type TestBoard } from './boards.ts';
import { digestSet } from './digests.ts';
import { callEach } from './sealed.ts';

/** A mark, as lesson 01's Mark. */
export type TestMark = 'X' | 'O';

/** A computer player as the lessons write them: the cell it plays for `me`, or null when it gives up. */
export type TestPlayer = (board: TestBoard, me: TestMark) => number | null;

/** How a game stands on a board a real game reaches: won by a mark, drawn, or still going. */
export type Standing = TestMark | 'draw' | 'ongoing';

/** Every standing, in the order a board's standing is looked for (most boards are still going). */
export const STANDINGS: readonly Standing[] = ['ongoing', 'X', 'O', 'draw'];

/** The name of the digests of how the game stands on every board a real game reaches. */
export const STANDING_CHECK = 'how the game stands on a board a real game reaches';

/** The other mark. */
function other(mark: TestMark): TestMark {
  return mark === 'X' ? 'O' : 'X';
}

/** The empty cells of a board, from 0 to 8. */
export function emptyCellsOf(board: readonly string[]): number[] {
  return [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((index) => board[index] === ' ');
}

/** The board reached by playing `moves` (cell indexes, X first) from the empty board. */
export function boardAfter(moves: readonly number[]): TestBoard {
  const board: TestBoard = Array(9).fill(' ');
  moves.forEach((cell, index) => {
    board[cell] = index % 2 === 0 ? 'X' : 'O';
  });
  return board;
}

let standingDigests: ReturnType<typeof digestSet> | undefined;
/** The standings found so far, by the board as text: its nine cells joined ('X   O    '). */
const standings = new Map<string, Standing | 'unreached'>();

/** True when the digests confirm `standing` as how the game stands on the board `text`. */
function confirmed(text: string, standing: Standing): boolean {
  standingDigests ??= digestSet('06-computer', STANDING_CHECK);
  const picture = text.replaceAll(' ', '.');
  return standingDigests.confirms(`${picture.slice(0, 3)} ${picture.slice(3, 6)} ${picture.slice(6)}`, standing);
}

/** How the game stands on any board, as its digests confirm it; 'unreached' for a board no real game reaches. */
function standingOf(board: readonly unknown[]): Standing | 'unreached' {
  if (board.length !== 9 || !board.every((cell) => cell === 'X' || cell === 'O' || cell === ' ')) return 'unreached';
  const text = board.join('');
  let standing = standings.get(text);
  if (standing === undefined) {
    standing = STANDINGS.find((answer) => confirmed(text, answer)) ?? 'unreached';
    standings.set(text, standing);
  }
  return standing;
}

/**
 * How the game stands on a board (as text) one move made from a position of a real game still going:
 * the same answer as standingOf, with fewer digests to try. Nobody has three marks in a line before
 * the fifth mark, and a game that stops before the board is full was won by the player who just moved.
 */
function standingAfterMove(text: string): Standing {
  const known = standings.get(text);
  if (known !== undefined && known !== 'unreached') return known;
  const marks = 9 - (text.split(' ').length - 1);
  const mover: TestMark = marks % 2 === 1 ? 'X' : 'O';
  let standing: Standing;
  if (marks < 5 || confirmed(text, 'ongoing')) standing = 'ongoing';
  else if (marks < 9 || confirmed(text, mover)) standing = mover;
  else standing = 'draw';
  standings.set(text, standing);
  return standing;
}

/** The board `text` with `mark` in `cell`. */
function textWithMark(text: string, cell: number, mark: TestMark): string {
  return text.slice(0, cell) + mark + text.slice(cell + 1);
}

/** The board with `mark` in `cell` (a copy). */
function withMark(board: readonly string[], cell: number, mark: TestMark): TestBoard {
  const copy = [...board] as TestBoard;
  copy[cell] = mark;
  return copy;
}

/** True when `mark`, about to move on a position of a real game still going, wins by playing `cell`. */
function winsBy(board: readonly string[], cell: number, mark: TestMark): boolean {
  return standingAfterMove(textWithMark(board.join(''), cell, mark)) === mark;
}

/**
 * Whoever moves next on `board` (still going) plays `answer`; true when the opponent can then win
 * with their very next move.
 */
function leavesAWin(board: readonly string[], answer: number, mover: TestMark): boolean {
  const after = withMark(board, answer, mover);
  if (standingAfterMove(after.join('')) !== 'ongoing') return false;
  return emptyCellsOf(after).some((cell) => winsBy(after, cell, other(mover)));
}

/** A position of a real game where a move is still possible, with the mark to move. */
export interface PositionToPlay {
  board: TestBoard;
  me: TestMark;
}

let positions: PositionToPlay[] | undefined;

/** Every board a real game can reach where a move is still possible (4,520 of them), with the mark to move. */
export function positionsToPlay(): readonly PositionToPlay[] {
  if (positions !== undefined) return positions;
  // Boards as text while they are found (far quicker than arrays), made arrays at the end.
  const found = new Map<string, TestMark>();
  const visit = (text: string, me: TestMark): void => {
    if (found.has(text) || standingAfterMove(text) !== 'ongoing') return;
    found.set(text, me);
    for (let cell = 0; cell < 9; cell += 1) {
      if (text[cell] === ' ') visit(textWithMark(text, cell, me), other(me));
    }
  };
  visit(' '.repeat(9), 'X');
  positions = [...found].map(([text, me]) => ({ board: [...text] as TestBoard, me }));
  return positions;
}

/** What a player answered, in words: a cell index, null, or what it threw. */
function describeAnswer(answer: unknown): string {
  if (answer === null) return 'null (it gave up)';
  if (answer === undefined) return 'undefined (nothing was returned)';
  return JSON.stringify(answer) ?? String(answer);
}

/** Why the answer of the player `name` cannot be played on `board`, in one line, or null when it is an empty cell. */
function badAnswer(name: string, board: readonly string[], answer: unknown): string | null {
  if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 0 || answer > 8) {
    return `${name} answered ${describeAnswer(answer)}, which is not a cell index from 0 to 8`;
  }
  if (board[answer] !== ' ') return `${name} answered ${answer}, but cell ${answer} is already taken`;
  return null;
}

/**
 * A position shown for a failure message: the moves that led to it, replayed as boards. (A message
 * puts it on lines of its own, after the line that says what went wrong: one phrase a line, which the
 * report words in the student's language.)
 */
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
   * The first thing that was not a proper answer (a taken cell, null, a throw), with the position
   * where it happened; null when every answer was fine.
   */
  problem: string | null;
  /** The first position where the player could win at once and did not, or null. */
  missedWin: string | null;
  /** The first position where it could not win at once and did not block the one line the opponent threatens, or null. */
  missedBlock: string | null;
}

/** A position for a message about one answer: the board with the mark to move, and how the game got there. */
function showBoard(board: readonly string[], me: TestMark, moves: readonly number[]): string {
  const how = moves.length === 0 ? '' : `\nreached by these moves:\n${replayLine(moves)}`;
  return `on this board (${me} to move):\n${drawBoard(board as TestBoard)}${how}`;
}

/**
 * What is wrong with `answer` (an empty cell) on a position of a real game: a win at once left
 * aside, or the one line the opponent threatens left open while no win was there; null otherwise.
 */
function missedWinOrBlock(
  name: string,
  board: TestBoard,
  me: TestMark,
  answer: number,
  moves: readonly number[],
): { missedWin?: string; missedBlock?: string } {
  if (winsBy(board, answer, me)) return {};
  const wins = emptyCellsOf(board).filter((cell) => winsBy(board, cell, me));
  if (wins.length > 0) return { missedWin: `${name} played ${answer} instead of winning at once with ${wins.join(' or ')}\n${showBoard(board, me, moves)}` };
  if (!leavesAWin(board, answer, me)) return {};
  // The opponent threatens exactly one line when exactly one answer leaves them no win: the block.
  const blocks = emptyCellsOf(board).filter((cell) => !leavesAWin(board, cell, me));
  if (blocks.length !== 1) return {};
  return { missedBlock: `${name} played ${answer} instead of blocking ${blocks[0]}\n${showBoard(board, me, moves)}` };
}

/**
 * Plays `player` in `seat` against every possible sequence of opponent moves: at each opponent turn
 * every empty cell is tried, from 0 to 8; at the player's turns it answers. Stops at the first
 * improper answer. Notes on the way the first win at once it missed and the first block.
 */
export function playEveryOpponent(name: string, player: TestPlayer, seat: TestMark): WalkReport {
  // With a seat that is neither mark the player is never asked, and the walk goes through every game for nothing.
  if (seat !== 'X' && seat !== 'O') throw new TypeError(`playEveryOpponent needs the seat 'X' or 'O', not ${String(seat)}`);
  const report: WalkReport = { games: 0, wins: 0, draws: 0, losses: 0, firstLoss: null, problem: null, missedWin: null, missedBlock: null };

  const walk = (moves: number[]): void => {
    if (report.problem !== null) return;
    const board = boardAfter(moves);
    const standing = standingAfterMove(board.join(''));
    if (standing !== 'ongoing') {
      report.games += 1;
      if (standing === seat) report.wins += 1;
      else if (standing === 'draw') report.draws += 1;
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
      report.problem = `${name} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n${showPosition(moves)}`;
      return;
    }
    const complaint = badAnswer(name, board, answer);
    if (complaint !== null) {
      report.problem = `${complaint}\n${showPosition(moves)}`;
      return;
    }
    if (report.missedWin === null || report.missedBlock === null) {
      const missed = missedWinOrBlock(name, board, seat, answer as number, moves);
      report.missedWin ??= missed.missedWin ?? null;
      report.missedBlock ??= missed.missedBlock ?? null;
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
  const asked = positionsToPlay()
    .filter(({ me }) => me === seat)
    .map(({ board }) => board);
  const outcomes = callEach(
    call,
    asked.map((board) => [[...board], seat, ...extra] as [TestBoard, TestMark, ...E]),
  );
  const table = new Map(outcomes.map((outcome, index) => [(asked[index] as TestBoard).join(''), outcome]));
  return (board, me) => {
    const outcome = table.get(board.join(''));
    if (outcome === undefined || me !== seat) return call([...board] as TestBoard, me, ...extra) as number | null;
    if (!outcome.ok) throw outcome.error;
    return outcome.value as number | null;
  };
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
    if (standingOf(board) !== 'ongoing') break;
    let answer: unknown;
    try {
      answer = player([...board], 'O');
    } catch (error) {
      return `${replayLine(moves)}\n${name} threw ${error instanceof Error ? error.message : String(error)}`;
    }
    const complaint = badAnswer(name, board, answer);
    if (complaint !== null) return `${replayLine(moves)}\n${complaint}`;
    moves.push(answer as number);
    if (standingOf(boardAfter(moves)) !== 'ongoing') break;
  }
  return replayLine(moves);
}

/**
 * Checks one lost line of an audit by replaying it: moves alternate from X, every move is an empty
 * cell, the strategy's moves (as `me`) are what it answers, nobody wins before the end, and the
 * opponent wins with the last move. Returns what is wrong, or 'fine'.
 */
export function lostLineProblem(moves: readonly number[], strategy: (board: TestBoard, me: TestMark) => unknown, me: TestMark): string {
  for (let index = 0; index < moves.length; index += 1) {
    const before = boardAfter(moves.slice(0, index));
    const cell = moves[index];
    const mover: TestMark = index % 2 === 0 ? 'X' : 'O';
    if (standingOf(before) !== 'ongoing') return `the game was already over before move ${index + 1}`;
    if (typeof cell !== 'number' || before[cell] !== ' ') return `move ${index + 1} plays cell ${describeAnswer(cell)}, which is not an empty cell`;
    if (mover === me && strategy([...before], me) !== cell) return `move ${index + 1} is not what the strategy plays there`;
  }
  return standingOf(boardAfter(moves)) === other(me) ? 'fine' : 'the opponent has not won at the end';
}

/**
 * Why a strategy should not have been asked for a move, as `me`, on `board` during an audit: not its
 * turn, or not a position of a game still going. Null when the question was proper; otherwise the
 * reason, and the board as a picture ('X.. .O. ...') to show as an example.
 */
export function improperQuestion(board: unknown, me: unknown): { why: string; board: string } | null {
  if (!Array.isArray(board) || board.length !== 9) return { why: 'asked with something that is not a board', board: describeAnswer(board) };
  if (!board.every((cell) => cell === 'X' || cell === 'O' || cell === ' ')) {
    return { why: "asked on a board with cells that are not 'X', 'O' or ' '", board: describeAnswer(board) };
  }
  const picture = pictureOf(board as TestBoard);
  const xs = board.filter((cell) => cell === 'X').length;
  const os = board.filter((cell) => cell === 'O').length;
  if (xs !== os && xs !== os + 1) return { why: 'asked on a board no real game reaches (X must have as many marks as O, or one more)', board: picture };
  // With the marks in turn, a board no real game reaches is one played on after the game was over.
  if (standingOf(board) !== 'ongoing') return { why: 'asked after the game was over', board: picture };
  const toMove = xs === os ? 'X' : 'O';
  return me === toMove ? null : { why: `asked as ${String(me)} when ${toMove} was to move`, board: picture };
}
