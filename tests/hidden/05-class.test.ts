/**
 * Teacher-only tests for lesson 05 (never in a student edition). Every run plays new games through
 * the class and tries new boards (fast-check, seeded by the grader); what each call must give is
 * worked out in tests/support/class-model.ts from the lesson text alone, without any student code.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../05-class.test.ts';
import { expect, test } from 'vitest';
import { TicTacToe } from '@workbook/05-class/tictactoe';
import type { Grid } from '@workbook/01-board/board';
import {
  afterMove,
  anyGrid,
  drawGrid,
  endingGrid,
  fullishGrid,
  gridIsFull,
  gridMove,
  gridPicture,
  lineOwners,
  newGame,
  someGrid,
  type GridMove,
  type ModelGame,
  type ModelGrid,
} from './support/class-model.ts';
import { PLENTY_MS } from './support/legal-play.ts';
import { lessonTasks } from '../support/lesson.ts';
import { fc, SHRINKS } from '../support/property.ts';

const task = lessonTasks('05-class', { hidden: true });

/** A game's state as one line, for comparing the class with the rules. */
function stateOf(game: { board: unknown; player: unknown }): string {
  const board = Array.isArray(game.board) ? gridPicture(game.board as ModelGrid) : JSON.stringify(game.board);
  return `board ${board}, ${String(game.player)} to move`;
}

/** A copy of a grid, so the class gets an array of its own. */
function copyOf(board: ModelGrid): Grid {
  return board.map((row) => [...row]) as Grid;
}

/** Plays the moves on a new TicTacToe and on the model, and returns both games' states after every move. */
function playBoth(moves: GridMove[]): { actual: string[]; expected: string[]; game: TicTacToe; model: ModelGame } {
  const game = new TicTacToe();
  let model = newGame();
  const actual = [`new game: ${stateOf(game)}`];
  const expected = [`new game: ${stateOf(model)}`];
  for (const move of moves) {
    game.move(move[0], move[1]);
    model = afterMove(model, move);
    actual.push(`move(${move.join(', ')}): ${stateOf(game)}`);
    expected.push(`move(${move.join(', ')}): ${stateOf(model)}`);
  }
  return { actual, expected, game, model };
}

/** One game whose board the tests set before asking it a question. */
let asked: TicTacToe | undefined;

/** The game `question` is asked about, holding a copy of `board`, and its state afterwards. */
function askAbout<T>(board: ModelGrid, question: (game: TicTacToe) => T): { answer: T; after: string } {
  asked ??= new TicTacToe();
  asked.board = copyOf(board);
  asked.player = 'O';
  const answer = question(asked);
  return { answer, after: stateOf(asked) };
}

task(1, () => {
  test(
    'a new game is empty with X to move, whatever was played in games before it',
    () => {
      fc.assert(
        fc.property(fc.limitShrink(fc.array(gridMove, { maxLength: 6 }), SHRINKS.game), (moves) => {
          const earlier = playBoth(moves).game;
          const before = stateOf(earlier);
          const fresh = new TicTacToe();
          expect(stateOf(fresh), `a new game after another played ${moves.length} moves`).toBe(stateOf(newGame()));
          expect(stateOf(earlier), 'the earlier game, after the new one was made').toBe(before);
        }),
        { numRuns: 3 },
      );
    },
    PLENTY_MS,
  );
});

task(2, () => {
  test(
    'any list of moves, taken cells included, gives the board and the player the rules give after every move',
    () => {
      fc.assert(
        fc.property(fc.limitShrink(fc.array(gridMove, { minLength: 1, maxLength: 12 }), SHRINKS.game), (moves) => {
          const { actual, expected } = playBoth(moves);
          expect(actual.join('\n')).toBe(expected.join('\n'));
        }),
        { numRuns: 4 },
      );
    },
    PLENTY_MS,
  );
});

task(3, () => {
  test(
    "winner() finds the mark with three in a line, '.' when there is none, and changes nothing, on any board",
    () => {
      fc.assert(
        fc.property(
          fc.limitShrink(
            someGrid.filter((board) => lineOwners(board).length <= 1),
            SHRINKS.call,
          ),
          (board) => {
            const { answer, after } = askAbout(board, (game) => game.winner());
            const wanted = lineOwners(board)[0] ?? '.';
            expect(`${gridPicture(board)}: winner() ${String(answer)}, then ${after}`).toBe(
              `${gridPicture(board)}: winner() ${wanted}, then ${stateOf({ board, player: 'O' })}`,
            );
          },
        ),
        { numRuns: 15 },
      );
    },
    PLENTY_MS,
  );
});

task(4, () => {
  test(
    'isFull() is true exactly when no cell is empty, on any board',
    () => {
      fc.assert(
        fc.property(fc.limitShrink(fullishGrid, SHRINKS.call), (board) => {
          const { answer } = askAbout(board, (game) => game.isFull());
          expect(`${gridPicture(board)}: isFull() ${String(answer)}`).toBe(`${gridPicture(board)}: isFull() ${gridIsFull(board)}`);
        }),
        { numRuns: 10 },
      );
    },
    PLENTY_MS,
  );
});

task(5, () => {
  test(
    'isOver() is true exactly when someone has three in a line or the board is full, on any board',
    () => {
      fc.assert(
        fc.property(fc.limitShrink(endingGrid, SHRINKS.call), (board) => {
          const { answer } = askAbout(board, (game) => game.isOver());
          const over = lineOwners(board).length > 0 || gridIsFull(board);
          expect(`${gridPicture(board)}: isOver() ${String(answer)}`).toBe(`${gridPicture(board)}: isOver() ${over}`);
        }),
        { numRuns: 10 },
      );
    },
    PLENTY_MS,
  );
});

task(6, () => {
  test(
    'toString() and `${game}` draw any board as lesson 01 draws a grid',
    () => {
      fc.assert(
        fc.property(fc.limitShrink(anyGrid, SHRINKS.call), (board) => {
          const { answer } = askAbout(board, (game) => [game.toString(), `${game}`]);
          expect(answer, `the drawings of ${gridPicture(board)}`).toEqual([drawGrid(board), drawGrid(board)]);
        }),
        { numRuns: 5 },
      );
    },
    PLENTY_MS,
  );
});
