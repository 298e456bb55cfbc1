/**
 * Lesson 04: the game loop.
 *
 * One game: show the board, ask the player whose turn it is, place the mark, show the board
 * again, look for a win, then for a draw, and hand the turn to the other player. A match is
 * several games in a row with a running score. All talking goes through an IO (lesson 02),
 * so the same code plays in a terminal and in the tests.
 */
import { createBoard, renderBoard, type Board, type Cell, type Mark } from '../01-board/board';
import { askMove, type IO } from '../02-input/input';
import { hasWon, isFull } from '../03-win/win';

/** How a game ended: the winner's mark, a draw, or 'quit' when input ended before the end. */
export type GameResult = Mark | 'draw' | 'quit';

/** Choices for one game. `first` is the mark that moves first (X when left out). */
export interface GameOptions {
  first?: Mark;
}

/** Games won by each player and games drawn. */
export interface Score {
  X: number;
  O: number;
  draws: number;
}

/** Choices for a match. `rng` returns a number from 0 (included) to 1 (excluded), like Math.random. */
export interface MatchOptions {
  rng?: () => number;
}

/** What playGame prints when a player has three in a row, for example "Player X wins!". */
export function winMessage(player: Mark): string {
  return `Player ${player} wins!`;
}

/** What playGame prints when the board is full and nobody has won. */
export const DRAW_MESSAGE = "It's a draw!";

/** What playGame prints when input ends before the game is over. */
export const GOODBYE = 'Input ended before the game was over. Goodbye!';

/** What playMatch prints before each game, for example "Round 2: O moves first.". */
export function roundHeading(round: number, first: Mark): string {
  return `Round ${round}: ${first} moves first.`;
}

/** The three numbers of a score in words, for example "X 1, O 0, draws 2". */
function scoreText(score: Score): string {
  return `X ${score.X}, O ${score.O}, draws ${score.draws}`;
}

/** The score as playMatch prints it after each game, for example "Score: X 1, O 0, draws 2". */
export function scoreLine(score: Score): string {
  return `Score: ${scoreText(score)}`;
}

/** The last line playMatch prints, for example "Final score: X 1, O 0, draws 2". */
export function finalScoreLine(score: Score): string {
  return `Final score: ${scoreText(score)}`;
}

/** The question playMatch asks after each finished game (note the space at the end). */
export const PLAY_AGAIN = 'Play again? (y/n) ';

/** What playMatch prints when the answer to PLAY_AGAIN is neither yes nor no. */
export const ANSWER_Y_OR_N = 'Please answer y or n.';

/** Task 1: the other player: 'O' for 'X' and 'X' for 'O'. */
export function otherPlayer(player: Mark): Mark {
  return player === 'O' ? 'X' : 'O';
}

/** A new board with the player's mark in the cell at `index`; the old board stays as it was. */
const withMark = (board: readonly Cell[], index: number, player: Mark): Board => board.map((cell, position) => (position === index ? player : cell));

/** Plays turns from the given board until the game ends, and returns how it ended. */
const playTurns = (io: IO, board: Board, player: Mark): GameResult => {
  const index = askMove(io, board, player);
  if (index === null) {
    io.print(GOODBYE);
    return 'quit';
  }
  const next = withMark(board, index, player);
  io.print(renderBoard(next));
  if (hasWon(next, player)) {
    io.print(winMessage(player));
    return player;
  }
  if (isFull(next)) {
    io.print(DRAW_MESSAGE);
    return 'draw';
  }
  return playTurns(io, next, otherPlayer(player));
};

/** Tasks 2-5: plays one game through `io` and returns how it ended. */
export function playGame(io: IO, options: GameOptions = {}): GameResult {
  const board = createBoard();
  io.print(renderBoard(board));
  return playTurns(io, board, options.first ?? 'X');
}

/** The first player a coin value picks: below one half means X. */
const firstFromCoin = (coin: number): Mark => (coin < 0.5 ? 'X' : 'O');

/** A new score with one more game for the finished game's result. */
const addResult = (score: Score, result: Mark | 'draw'): Score =>
  result === 'draw' ? { ...score, draws: score.draws + 1 } : { ...score, [result]: score[result] + 1 };

/** The answers to PLAY_AGAIN, and whether each means "play again". */
const ANSWERS: Readonly<Record<string, boolean>> = { y: true, yes: true, n: false, no: false };

/** Asks PLAY_AGAIN until the answer is clear: true for another game, false to stop (also when input ended). */
const wantsAnotherGame = (io: IO): boolean => {
  const line = io.input(PLAY_AGAIN);
  if (line === null) return false;
  const answer = line.trim().toLowerCase();
  if (Object.hasOwn(ANSWERS, answer)) return ANSWERS[answer];
  io.print(ANSWER_Y_OR_N);
  return wantsAnotherGame(io);
};

/** Plays the match from the given round on and returns the score when it is over. */
const playRounds = (io: IO, rng: () => number, round: number, score: Score): Score => {
  const first = firstFromCoin(rng());
  io.print(roundHeading(round, first));
  const result = playGame(io, { first });
  if (result === 'quit') return score;
  const updated = addResult(score, result);
  io.print(scoreLine(updated));
  return wantsAnotherGame(io) ? playRounds(io, rng, round + 1, updated) : updated;
};

/** Task 6: plays games until the players stop or input ends, and returns the final score. */
export function playMatch(io: IO, options: MatchOptions = {}): Score {
  const score = playRounds(io, options.rng ?? Math.random, 1, { X: 0, O: 0, draws: 0 });
  io.print(finalScoreLine(score));
  return score;
}
