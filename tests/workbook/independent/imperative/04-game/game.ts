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
  switch (player) {
    case 'O':
      return 'X';
    default:
      return 'O';
  }
}

/** Tasks 2-5: plays one game through `io` and returns how it ended. */
export function playGame(io: IO, options: GameOptions = {}): GameResult {
  const board = createBoard();
  let player: Mark = 'X';
  if (options.first === 'O') {
    player = 'O';
  }
  io.print(renderBoard(board));
  for (;;) {
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
}

/** The answer with capital letters made small and the spaces and tabs around it taken away. */
function cleanAnswer(answer: string): string {
  let start = 0;
  let end = answer.length;
  while (start < end && (answer[start] === ' ' || answer[start] === '\t')) {
    start += 1;
  }
  while (end > start && (answer[end - 1] === ' ' || answer[end - 1] === '\t')) {
    end -= 1;
  }
  return answer.slice(start, end).toLowerCase();
}

/** Asks PLAY_AGAIN until the answer is yes or no: true for yes, false for no or when input ends. */
function wantsAnotherGame(io: IO): boolean {
  for (;;) {
    const answer = io.input(PLAY_AGAIN);
    if (answer === null) {
      return false;
    }
    switch (cleanAnswer(answer)) {
      case 'yes':
      case 'y':
        return true;
      case 'no':
      case 'n':
        return false;
      default:
        io.print(ANSWER_Y_OR_N);
    }
  }
}

/** Task 6: plays games until the players stop or input ends, and returns the final score. */
export function playMatch(io: IO, options: MatchOptions = {}): Score {
  let rng = Math.random;
  if (options.rng !== undefined) {
    rng = options.rng;
  }
  const score: Score = { X: 0, O: 0, draws: 0 };
  let round = 1;
  let playing = true;
  while (playing) {
    let first: Mark = 'O';
    if (rng() < 0.5) {
      first = 'X';
    }
    io.print(roundHeading(round, first));
    const result = playGame(io, { first: first });
    if (result === 'quit') {
      break;
    }
    switch (result) {
      case 'X':
        score.X += 1;
        break;
      case 'O':
        score.O += 1;
        break;
      case 'draw':
        score.draws += 1;
        break;
    }
    io.print(scoreLine(score));
    playing = wantsAnotherGame(io);
    round += 1;
  }
  io.print(finalScoreLine(score));
  return score;
}
