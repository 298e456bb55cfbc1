/**
 * A "memorising" hand-in for lesson 04 (for the workbook's own tests, never a model): while the lines
 * typed so far are the start of a game or match the visible tests play, it plays exactly as the lesson
 * says; once the players type anything else, it stops showing the board after each move (the lesson's
 * "missing board" pitfall). It scores 100 with the visible suite alone; the hidden suite's generated
 * games must find it out. It draws and checks boards itself, so only this lesson is memorised here.
 */
import type { Mark } from '../01-board/board';
import type { IO } from '../02-input/input';

export type GameResult = Mark | 'draw' | 'quit';

export interface GameOptions {
  first?: Mark;
}

export interface Score {
  X: number;
  O: number;
  draws: number;
}

export interface MatchOptions {
  rng?: () => number;
}

export function winMessage(player: Mark): string {
  return `Player ${player} wins!`;
}

export const DRAW_MESSAGE = "It's a draw!";
export const GOODBYE = 'Input ended before the game was over. Goodbye!';

export function roundHeading(round: number, first: Mark): string {
  return `Round ${round}: ${first} moves first.`;
}

export function scoreLine(score: Score): string {
  return `Score: X ${score.X}, O ${score.O}, draws ${score.draws}`;
}

export function finalScoreLine(score: Score): string {
  return `Final score: X ${score.X}, O ${score.O}, draws ${score.draws}`;
}

export const PLAY_AGAIN = 'Play again? (y/n) ';
export const ANSWER_Y_OR_N = 'Please answer y or n.';

/** Everything the visible tests type, one list per game or match (shorter runs are starts of these). */
const SEEN_SCRIPTS: ReadonlyArray<readonly string[]> = [
  ['1', '2', '5', '3', '9'],
  ['1', '4', '2', '5', '3', '', 'maybe', 'yy', 'n'],
  ['1', '4', '2', '5', '3', '1', '4', '2', '5', '3', '1', '4', '2', '5', '3', '1', '4', '2', '5', '3'],
  ['1', '4', '2', '5', '3', '5', '1', '3', '9', '7'],
  ['1', '4', '2', '5', '3', 'N'],
  ['1', '4', '2', '5', '3', 'Y', '1', '4', '2', '5', '3', ' yes ', '1', '4', '2', '5', '3', 'YES', '1', '4', '2', '5', '3', ' No '],
  ['1', '4', '2', '5', '3', 'maybe', 'y', '5', '1', '3', '9', '7', 'n'],
  ['1', '4', '2', '5', '3', 'n'],
  ['1', '4', '2', '5', '3', 'no'],
  ['1', '4', '2', '5', '3', 'y', '1', '4', '2', '5', '3', 'y', '1', '4', '2', '5', '3', 'y', '1', '4', '2', '5', '3', 'n'],
  ['1', 'five', '1', '4', '2', '', '10', '5', '3'],
  ['5', '1', '2', '3', '4', '6', '9', '7', '8'],
  ['5', '1', '3', '9', '7'],
  ['5', '1', '6', '4', '3', '7'],
  ['5', '1', '9', '3', '2', '8', '4', '6', '7', 'n'],
  ['7', '1', '8', '2', '9'],
];

/** The lines each IO has typed so far. */
const typedSoFar = new WeakMap<IO, string[]>();

/** Reads a line and notes it. */
function readLine(io: IO, prompt: string): string | null {
  const line = io.input(prompt);
  if (line !== null) typedSoFar.set(io, [...(typedSoFar.get(io) ?? []), line]);
  return line;
}

/** True while everything typed on this IO is the start of a script the visible tests play. */
function onScript(io: IO): boolean {
  const typed = typedSoFar.get(io) ?? [];
  return SEEN_SCRIPTS.some((script) => typed.every((line, index) => script[index] === line));
}

type Cell = Mark | ' ';

function render(board: Cell[]): string {
  const label = (index: number): string => (board[index] === ' ' ? String(index + 1) : String(board[index]));
  return [0, 3, 6].map((start) => ` ${label(start)} | ${label(start + 1)} | ${label(start + 2)} `).join('\n---+---+---\n');
}

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

function wins(board: Cell[], player: Mark): boolean {
  return LINES.some((line) => line.every((index) => board[index] === player));
}

/** Asks until a free cell is typed; null when input ends. */
function ask(io: IO, board: Cell[], player: Mark): number | null {
  for (;;) {
    const line = readLine(io, `Player ${player}, choose a cell (1-9): `);
    if (line === null) return null;
    const text = line.trim();
    const number = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isNaN(number)) io.print('Please type a whole number, using digits only.');
    else if (number < 1 || number > 9) io.print('Please type a number from 1 to 9.');
    else if (board[number - 1] !== ' ') io.print('That cell is already taken. Please choose an empty one.');
    else return number - 1;
  }
}

export function otherPlayer(player: Mark): Mark {
  return player === 'X' ? 'O' : 'X';
}

export function playGame(io: IO, options: GameOptions = {}): GameResult {
  const board: Cell[] = Array.from({ length: 9 }, (): Cell => ' ');
  let player = options.first ?? 'X';
  io.print(render(board));
  for (;;) {
    const index = ask(io, board, player);
    if (index === null) {
      io.print(GOODBYE);
      return 'quit';
    }
    board[index] = player;
    if (onScript(io)) io.print(render(board));
    if (wins(board, player)) {
      io.print(winMessage(player));
      return player;
    }
    if (!board.includes(' ')) {
      io.print(DRAW_MESSAGE);
      return 'draw';
    }
    player = otherPlayer(player);
  }
}

/** Asks "Play again?" until y/yes or n/no; input ending means no. */
function wantsMore(io: IO): boolean {
  for (;;) {
    const line = readLine(io, PLAY_AGAIN);
    if (line === null) return false;
    const answer = line.trim().toLowerCase();
    if (answer === 'y' || answer === 'yes') return true;
    if (answer === 'n' || answer === 'no') return false;
    io.print(ANSWER_Y_OR_N);
  }
}

export function playMatch(io: IO, options: MatchOptions = {}): Score {
  const rng = options.rng ?? Math.random;
  let score: Score = { X: 0, O: 0, draws: 0 };
  for (let round = 1; ; round += 1) {
    const first: Mark = rng() < 0.5 ? 'X' : 'O';
    io.print(roundHeading(round, first));
    const result = playGame(io, { first });
    if (result === 'quit') break;
    score = result === 'draw' ? { ...score, draws: score.draws + 1 } : { ...score, [result]: score[result] + 1 };
    io.print(scoreLine(score));
    if (!wantsMore(io)) break;
  }
  io.print(finalScoreLine(score));
  return score;
}
