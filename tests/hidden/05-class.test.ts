/**
 * Teacher-only tests for lesson 05 (never in a student edition). Games are played through the class
 * move by move, and each game is asked again after every move: telling games written out here (games
 * that go on after a win, two games played in turns) beside games and boards drawn on every run
 * (fast-check, seeded by the grader). What each call must give is worked out in
 * tests/hidden/support/class-model.ts from the lesson text alone, without any student code.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../05-class.test.ts';
import { test } from 'vitest';
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
  movesOf,
  newGame,
  someGrid,
  TELLING_GAMES,
  TWO_GAMES_IN_TURNS,
  type GridMove,
  type ModelGame,
  type ModelGrid,
  wholeGame,
} from './support/class-model.ts';
import { failIf, holdsFor, PLENTY_MS, wholeFailure } from './support/legal-play.ts';
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

/** The calls made on a new game so far, as the teacher reads them: "new TicTacToe(), move(0, 0), move(1, 0)". */
function callsText(moves: readonly GridMove[]): string {
  return ['new TicTacToe()', ...moves.map(([row, col]) => `move(${row}, ${col})`)].join(', ');
}

/**
 * What a question gives: `ask` on the class, `expect` on the model, and `accepts` (when the lesson
 * allows more than one answer) whether an answer of the class is right.
 */
interface Question {
  name: string;
  ask: (game: TicTacToe) => unknown;
  expect: (game: ModelGame) => string;
  accepts?: (game: ModelGame, answer: string) => boolean;
}

/** The game's board and player, read from its fields. */
const STATE: Question = { name: 'the board and the player', ask: (game) => stateOf(game), expect: stateOf };

/** winner(): the mark with three in a line, else '.'; on a board where both have a line (a game played on), either. */
const WINNER: Question = {
  name: 'winner()',
  ask: (game) => game.winner(),
  expect: ({ board }) => lineOwners(board).join(' or ') || '.',
  accepts: ({ board }, answer) => (lineOwners(board).length === 0 ? answer === '.' : (lineOwners(board) as string[]).includes(answer)),
};

const IS_FULL: Question = { name: 'isFull()', ask: (game) => game.isFull(), expect: ({ board }) => String(gridIsFull(board)) };

const IS_OVER: Question = { name: 'isOver()', ask: (game) => game.isOver(), expect: ({ board }) => String(lineOwners(board).length > 0 || gridIsFull(board)) };

const DRAWING: Question = {
  name: 'toString() and `${game}`',
  ask: (game) => `${game.toString()}\n\n${game}`,
  expect: ({ board }) => `${drawGrid(board)}\n\n${drawGrid(board)}`,
};

/** An answer as text (what a call threw, when it threw). */
function asked(question: Question, game: TicTacToe): string {
  try {
    return String(question.ask(game));
  } catch (error) {
    return `threw ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * Plays each game on a new TicTacToe and on the model, asking `question` of both games before the
 * first move and after every move. Returns null when every answer is right, else the failure with the
 * fewest moves: the calls made, the expected and the actual answer, whole.
 */
function askedAfterEveryMove(games: readonly (readonly GridMove[])[], question: Question): string | null {
  let first: { moves: number; failure: string } | undefined;
  for (const moves of games) {
    const game = new TicTacToe();
    let model = newGame();
    for (let made = 0; made <= moves.length && (first === undefined || made < first.moves); made += 1) {
      if (made > 0) {
        const move = moves[made - 1] as GridMove;
        game.move(move[0], move[1]);
        model = afterMove(model, move);
      }
      const answer = asked(question, game);
      const expected = question.expect(model);
      const right = question.accepts === undefined ? answer === expected : question.accepts(model, answer);
      if (!right) first = { moves: made, failure: wholeFailure(`${question.name} after ${callsText(moves.slice(0, made))}`, expected, answer) };
    }
  }
  return first?.failure ?? null;
}

/**
 * Two games played in turns, one move each (game A, then game B, …): after every move, both games'
 * boards and players must be what each game's own moves give. Returns null, or the first failure, whole.
 */
function twoGamesInTurns(movesOfA: readonly GridMove[], movesOfB: readonly GridMove[]): string | null {
  const games = [new TicTacToe(), new TicTacToe()];
  const models = [newGame(), newGame()];
  const made: string[] = ['a = new TicTacToe()', 'b = new TicTacToe()'];
  for (let turn = 0; turn < Math.max(movesOfA.length, movesOfB.length) * 2; turn += 1) {
    const which = turn % 2;
    const move = (which === 0 ? movesOfA : movesOfB)[Math.floor(turn / 2)];
    if (move === undefined) continue;
    (games[which] as TicTacToe).move(move[0], move[1]);
    models[which] = afterMove(models[which] as ModelGame, move);
    made.push(`${which === 0 ? 'a' : 'b'}.move(${move[0]}, ${move[1]})`);
    for (const [index, name] of ['a', 'b'].entries()) {
      const actual = stateOf(games[index] as TicTacToe);
      const expected = stateOf(models[index] as ModelGame);
      if (actual !== expected) return wholeFailure(`game ${name} after ${made.join(', ')}`, expected, actual);
    }
  }
  return null;
}

/** A whole game drawn on every run: the nine cells in a random order, every move made after a win too. */
const drawnWholeGame = fc.limitShrink(wholeGame, SHRINKS.game);

/** Checks a question after every move of the telling games and of `runs` whole games drawn on this run. */
function holdsAfterEveryMove(question: Question, runs: number): void {
  failIf(askedAfterEveryMove(TELLING_GAMES, question));
  holdsFor(drawnWholeGame, runs, (moves) => askedAfterEveryMove([moves], question));
}

/** One game whose board the tests set before asking it a question. */
let askedGame: TicTacToe | undefined;

/** The game `question` is asked about, holding a copy of `board`, and its state afterwards. */
function askAbout<T>(board: ModelGrid, question: (game: TicTacToe) => T): { answer: T; after: string } {
  askedGame ??= new TicTacToe();
  askedGame.board = copyOf(board);
  askedGame.player = 'O';
  const answer = question(askedGame);
  return { answer, after: stateOf(askedGame) };
}

task(1, () => {
  test(
    'a new game is empty with X to move, whatever was played in games before it',
    () => {
      holdsFor(fc.limitShrink(fc.array(gridMove, { maxLength: 6 }), SHRINKS.game), 3, (moves) => {
        const earlier = new TicTacToe();
        for (const [row, col] of moves) earlier.move(row, col);
        const before = stateOf(earlier);
        const fresh = new TicTacToe();
        if (stateOf(fresh) !== stateOf(newGame()))
          return wholeFailure(`a new game after another game had ${callsText(moves)}`, stateOf(newGame()), stateOf(fresh));
        if (stateOf(earlier) !== before) return wholeFailure(`the earlier game (${callsText(moves)}) after a new one was made`, before, stateOf(earlier));
        return null;
      });
    },
    PLENTY_MS,
  );
});

task(2, () => {
  test(
    'any list of moves, taken cells included, gives the board and the player the rules give after every move',
    () => {
      holdsFor(fc.limitShrink(fc.array(gridMove, { minLength: 1, maxLength: 12 }), SHRINKS.game), 4, (moves) => askedAfterEveryMove([moves], STATE));
    },
    PLENTY_MS,
  );

  test(
    'move() does not check for a winner: every move on an empty cell is made, after a win too',
    () => {
      holdsAfterEveryMove(STATE, 2);
    },
    PLENTY_MS,
  );

  test(
    "two games played in turns: a move in one changes neither the other's board nor its player",
    () => {
      for (const [movesOfA, movesOfB] of TWO_GAMES_IN_TURNS) {
        failIf(twoGamesInTurns(movesOf(movesOfA), movesOf(movesOfB)));
      }
      holdsFor(fc.limitShrink(fc.tuple(wholeGame, fc.array(gridMove, { maxLength: 9 })), SHRINKS.game), 3, ([movesOfA, movesOfB]) =>
        twoGamesInTurns(movesOfA, movesOfB),
      );
    },
    PLENTY_MS,
  );
});

task(3, () => {
  test(
    "winner() finds the mark with three in a line, '.' when there is none, and changes nothing, on any board",
    () => {
      holdsFor(
        fc.limitShrink(
          someGrid.filter((board) => lineOwners(board).length <= 1),
          SHRINKS.call,
        ),
        15,
        (board) => {
          const { answer, after } = askAbout(board, (game) => game.winner());
          const wanted = `winner() ${lineOwners(board)[0] ?? '.'}, then ${stateOf({ board, player: 'O' })}`;
          const actual = `winner() ${String(answer)}, then ${after}`;
          return actual === wanted ? null : wholeFailure(`winner() of a game whose board is ${gridPicture(board)}, O to move`, wanted, actual);
        },
      );
    },
    PLENTY_MS,
  );

  test(
    'winner() asked again after every move answers for the board as it is then',
    () => {
      holdsAfterEveryMove(WINNER, 2);
    },
    PLENTY_MS,
  );
});

task(4, () => {
  test(
    'isFull() is true exactly when no cell is empty, on any board',
    () => {
      holdsFor(fc.limitShrink(fullishGrid, SHRINKS.call), 10, (board) => {
        const { answer } = askAbout(board, (game) => game.isFull());
        return String(answer) === String(gridIsFull(board))
          ? null
          : wholeFailure(`isFull() of a game whose board is ${gridPicture(board)}`, String(gridIsFull(board)), String(answer));
      });
    },
    PLENTY_MS,
  );

  test(
    'isFull() asked again after every move answers for the board as it is then',
    () => {
      holdsAfterEveryMove(IS_FULL, 1);
    },
    PLENTY_MS,
  );
});

task(5, () => {
  test(
    'isOver() is true exactly when someone has three in a line or the board is full, on any board',
    () => {
      holdsFor(fc.limitShrink(endingGrid, SHRINKS.call), 10, (board) => {
        const { answer } = askAbout(board, (game) => game.isOver());
        const over = String(lineOwners(board).length > 0 || gridIsFull(board));
        return String(answer) === over ? null : wholeFailure(`isOver() of a game whose board is ${gridPicture(board)}`, over, String(answer));
      });
    },
    PLENTY_MS,
  );

  test(
    'isOver() asked again after every move answers for the board as it is then',
    () => {
      holdsAfterEveryMove(IS_OVER, 1);
    },
    PLENTY_MS,
  );
});

task(6, () => {
  test(
    'toString() and `${game}` draw any board as lesson 01 draws a grid',
    () => {
      holdsFor(fc.limitShrink(anyGrid, SHRINKS.call), 5, (board) => {
        const { answer } = askAbout(board, (game) => `${game.toString()}\n\n${game}`);
        const wanted = `${drawGrid(board)}\n\n${drawGrid(board)}`;
        return answer === wanted ? null : wholeFailure(`toString() and \`\${game}\` of a game whose board is ${gridPicture(board)}`, wanted, answer);
      });
    },
    PLENTY_MS,
  );

  test(
    'toString() asked again after every move draws the board as it is then',
    () => {
      holdsAfterEveryMove(DRAWING, 1);
    },
    PLENTY_MS,
  );
});
