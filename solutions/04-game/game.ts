/**
 * Lesson 04: the game loop.
 *
 * One game: show the board, ask the player whose turn it is, place the mark, show the board
 * again, look for a win, then for a draw, and hand the turn to the other player. A match is
 * several games in a row with a running score. All talking goes through an IO (lesson 02),
 * so the same code plays in a terminal and in the tests.
 */
import { createBoard, renderBoard, type Mark } from '../01-board/board';
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
  // BEGIN SOLUTION otherPlayer
  if (player === 'X') {
    return 'O';
  }
  return 'X';
  // END SOLUTION
}

/** Tasks 2-5: plays one game through `io` and returns how it ended. */
export function playGame(io: IO, options: GameOptions = {}): GameResult {
  // BEGIN SOLUTION playGame
  const board = createBoard();
  let player = options.first ?? 'X';
  io.print(renderBoard(board));
  while (true) {
    const index = askMove(io, board, player);
    if (index === null) {
      io.print(GOODBYE);
      return 'quit';
    }
    board[index] = player;
    io.print(renderBoard(board));
    if (hasWon(board, player)) {
      io.print(winMessage(player));
      return player;
    }
    if (isFull(board)) {
      io.print(DRAW_MESSAGE);
      return 'draw';
    }
    player = otherPlayer(player);
  }
  // END SOLUTION
}

// BEGIN SOLUTION ONLY
/** Who moves first in a round: X when rng gives a number below 0.5, otherwise O. */
function chooseFirst(rng: () => number): Mark {
  if (rng() < 0.5) {
    return 'X';
  }
  return 'O';
}

/** A new score with one more win for the winner, or one more draw. */
function addResult(score: Score, result: Mark | 'draw'): Score {
  if (result === 'draw') {
    return { ...score, draws: score.draws + 1 };
  }
  if (result === 'X') {
    return { ...score, X: score.X + 1 };
  }
  return { ...score, O: score.O + 1 };
}

/** Asks PLAY_AGAIN until the answer is yes or no; the end of input counts as no. */
function wantsAnotherGame(io: IO): boolean {
  while (true) {
    const line = io.input(PLAY_AGAIN);
    if (line === null) {
      return false;
    }
    const answer = line.trim().toLowerCase();
    if (answer === 'y' || answer === 'yes') {
      return true;
    }
    if (answer === 'n' || answer === 'no') {
      return false;
    }
    io.print(ANSWER_Y_OR_N);
  }
}
// END SOLUTION

/** Task 6: plays games until the players stop or input ends, and returns the final score. */
export function playMatch(io: IO, options: MatchOptions = {}): Score {
  // BEGIN SOLUTION playMatch
  const rng = options.rng ?? Math.random;
  let score: Score = { X: 0, O: 0, draws: 0 };
  let round = 1;
  while (true) {
    const first = chooseFirst(rng);
    io.print(roundHeading(round, first));
    const result = playGame(io, { first });
    if (result === 'quit') {
      break;
    }
    score = addResult(score, result);
    io.print(scoreLine(score));
    if (!wantsAnotherGame(io)) {
      break;
    }
    round += 1;
  }
  io.print(finalScoreLine(score));
  return score;
  // END SOLUTION
}
