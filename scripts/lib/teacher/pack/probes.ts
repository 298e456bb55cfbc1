/**
 * The graded functions of every lesson and the sample inputs the behavioural leak check calls them
 * on (teacher-only, never packed). The check calls every function a pack ships on the same inputs,
 * next to the reference solution, and refuses the pack when one gives the same answers as a graded
 * function (see models.ts). A graded function is one whose body the lesson's solution marks
 * `BEGIN SOLUTION name`; each is either probed here or listed in UNPROBED with the reason.
 *
 * Samples are chosen so that agreeing on all of them means something: many inputs, several
 * different answers, none of them most of the time (models.ts checks this against the reference).
 */
import { seededRandom } from '../../core/seeded-random.ts';

/** An IO made afresh for each call: `input` returns these lines in turn, then null; what is asked and printed is compared. */
export class ScriptedLines {
  constructor(readonly lines: readonly string[]) {}
}

/** A random source made afresh for each call: it returns these numbers in turn, then again from the first. */
export class RandomSource {
  constructor(readonly values: readonly number[]) {}
}

/** A lesson's reference solution: the exports of all its files. */
export type Reference = (lessonId: string) => Record<string, unknown>;

/** A function of unknown arguments, as the check calls it. */
export type AnyFunction = (...args: unknown[]) => unknown;

/** One graded function and the inputs it is called on. */
export interface Probe {
  lesson: string;
  /** The graded function, as the lesson's file names it ("hasWon", or a method: "TicTacToe.winner"). */
  name: string;
  /** Argument lists: plain data (copied for every call), ScriptedLines, RandomSource, or functions. */
  samples(reference: Reference): unknown[][];
  /** How the reference answers a sample; by default the lesson's export of that name. */
  answer?(reference: Reference): AnyFunction;
  /** True for a function without input: its one answer is telling enough alone (a count, a whole transcript). */
  constant?: boolean;
}

/** A graded function the check does not call, and why. */
export interface Unprobed {
  lesson: string;
  name: string;
  why: string;
}

type Board = string[];
type Mark = 'X' | 'O';

const MARKS: Mark[] = ['X', 'O'];

/** Boards with each cell drawn from `cells` (a seeded, repeatable choice). */
function randomBoards(count: number, seed: number, cells = 'XO '): Board[] {
  const rng = seededRandom(seed);
  return Array.from({ length: count }, () => Array.from({ length: 9 }, () => cells[Math.floor(rng() * cells.length)] as string));
}

/** The same boards drawn as lesson 01's grids (rows of 'X', 'O' or '.'). */
function gridOf(board: Board): string[][] {
  return [0, 3, 6].map((start) => board.slice(start, start + 3).map((cell) => (cell === ' ' ? '.' : cell)));
}

/** A board of a real game and the player to move (the game may be over). */
interface Position {
  board: Board;
  toMove: Mark;
  over: boolean;
}

/** Positions of random games (seeded): each game played to the end, or stopped at a random move. */
function gamePositions(reference: Reference, count: number, seed: number): Position[] {
  const hasWon = reference('03-win').hasWon as (board: Board, mark: Mark) => boolean;
  const rng = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const board: Board = Array(9).fill(' ');
    const stopAfter = rng() < 0.5 ? 9 : Math.floor(rng() * 9);
    let toMove: Mark = 'X';
    let over = false;
    for (let move = 0; move < stopAfter && !over; move += 1) {
      const empty = board.flatMap((cell, index) => (cell === ' ' ? [index] : []));
      board[empty[Math.floor(rng() * empty.length)] as number] = toMove;
      over = hasWon(board, toMove) || !board.includes(' ');
      toMove = toMove === 'X' ? 'O' : 'X';
    }
    return { board, toMove, over };
  });
}

/** Positions of random games still going, with at least `marks` marks, as [board, player to move]: what a computer player is asked. */
function turns(reference: Reference, count: number, seed: number, marks = 0): unknown[][] {
  const turns: unknown[][] = [];
  for (let next = seed; turns.length < count; next += 1000) {
    for (const { board, toMove, over } of gamePositions(reference, count, next)) {
      if (!over && board.filter((cell) => cell !== ' ').length >= marks && turns.length < count) turns.push([board, toMove]);
    }
  }
  return turns;
}

/** The boards of random games (some over, some not): what the lessons say who won on. */
const gameBoards = (reference: Reference, count: number, seed: number): Board[] => gamePositions(reference, count, seed).map((position) => position.board);

/** Every argument list of `first` followed by every one of `second`. */
function cross(first: unknown[][], second: unknown[][]): unknown[][] {
  return first.flatMap((a) => second.map((b) => [...a, ...b]));
}

const one = (values: unknown[]): unknown[][] => values.map((value) => [value]);

/** Typed lines that test a reader: numbers in and out of range, spaces, signs, letters, other digits. */
const TYPED_CELLS = ['1', '5', '9', '0', '10', ' 7 ', 'x', '', '5.0', '-1', '+3', '٣', '07', '1e0', '3 4', '２'];

/** Typed "row column" lines. */
const TYPED_PAIRS = ['1 1', '2 3', '3 3', '3 1', '1', '1 2 3', '0 1', '4 2', 'a b', ' 2   2 ', '2\t3', '1.0 2', '', '+1 2', '12', '٢ ٢'];

/** Games typed cell by cell: each cell 1-9 in a seeded order, with a wrong line now and then. */
function typedGames(count: number, seed: number): string[][] {
  const rng = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const cells = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
    for (let index = cells.length - 1; index > 0; index -= 1) {
      const other = Math.floor(rng() * (index + 1));
      [cells[index], cells[other]] = [cells[other] as string, cells[index] as string];
    }
    const lines = cells.flatMap((cell) => (rng() < 0.15 ? ['x', cell] : [cell]));
    return lines.slice(0, Math.floor(rng() * lines.length) + (rng() < 0.7 ? lines.length : 0));
  });
}

/** Strategies of lesson 07's audit: lesson 06's two players, and three simple ones (one gives up). */
function strategies(reference: Reference): AnyFunction[] {
  const computer = reference('06-computer');
  const empties = (board: Board): number[] => board.flatMap((cell, index) => (cell === ' ' ? [index] : []));
  return [
    computer.ruleMove as AnyFunction,
    computer.heuristicMove as AnyFunction,
    (board) => empties(board as Board)[0] ?? null,
    (board) => empties(board as Board).at(-1) ?? null,
    (board) => ((board as Board)[4] === ' ' ? 4 : null),
  ];
}

/** A question lesson 05's TicTacToe answers, asked about games whose boards are these boards (drawn as grids). */
function classQuestion(method: 'winner' | 'isFull' | 'isOver', boards: (reference: Reference) => Board[]): Probe {
  return {
    lesson: '05-class',
    name: `TicTacToe.${method}`,
    samples: (reference) => one(boards(reference).map(gridOf)),
    answer: (reference) => {
      const TicTacToe = reference('05-class').TicTacToe as new () => Record<string, unknown> & { board: unknown };
      return (grid) => {
        const game = new TicTacToe();
        game.board = grid;
        return (game[method] as () => unknown).call(game);
      };
    },
  };
}

/** Every graded function the check calls, lesson by lesson. */
export const PROBES: Probe[] = [
  { lesson: '01-board', name: 'renderBoard', samples: () => one(randomBoards(30, 101)) },
  { lesson: '01-board', name: 'renderFramed', samples: () => one(randomBoards(30, 102)) },
  { lesson: '01-board', name: 'renderGrid', samples: () => one(randomBoards(30, 103).map(gridOf)) },

  { lesson: '02-input', name: 'parseMove', samples: () => cross(one(TYPED_CELLS), one([Array(9).fill(' '), ...randomBoards(3, 201)])) },
  { lesson: '02-input', name: 'parseCoordinates', samples: () => cross(one(TYPED_PAIRS), one([Array(9).fill(' '), ...randomBoards(3, 202)].map(gridOf))) },
  {
    lesson: '02-input',
    name: 'askMove',
    samples: () =>
      cross(
        one([['5'], ['x', '5'], ['0', '10', 'abc', '9'], [], ['x'], ['1', '2', '3', '4', '5', '6', '7', '8', '9']].map((lines) => new ScriptedLines(lines))),
        cross(one([Array(9).fill(' '), ...randomBoards(2, 203, 'XO  ')]), one(MARKS)),
      ),
  },

  { lesson: '03-win', name: 'hasWon', samples: () => cross(one(randomBoards(40, 301)), one(MARKS)) },
  { lesson: '03-win', name: 'winner', samples: (reference) => one(gameBoards(reference, 60, 302)) },
  { lesson: '03-win', name: 'isFull', samples: () => one([...randomBoards(30, 304), ...randomBoards(30, 305, 'XO')]) },
  { lesson: '03-win', name: 'outcome', samples: (reference) => one(gameBoards(reference, 60, 306)) },
  {
    lesson: '03-win',
    name: 'positionError',
    samples: (reference) => one([...randomBoards(40, 308), ...gameBoards(reference, 30, 309)]),
  },

  {
    lesson: '04-game',
    name: 'playGame',
    samples: () => cross(one(typedGames(12, 401).map((lines) => new ScriptedLines(lines))), one([{ first: 'X' }, { first: 'O' }, {}])),
  },
  {
    lesson: '04-game',
    name: 'playMatch',
    samples: () =>
      typedGames(12, 402).map((lines, index) => [
        new ScriptedLines([...lines, ...(index % 3 === 0 ? ['maybe', 'y', ...lines] : index % 3 === 1 ? ['n'] : [])]),
        { rng: new RandomSource([(index % 5) / 5 + 0.1, 0.9, 0.2]) },
      ]),
  },

  classQuestion('winner', (reference) => gameBoards(reference, 50, 501)),
  classQuestion('isFull', () => [...randomBoards(20, 502), ...randomBoards(20, 503, 'XO')]),
  classQuestion('isOver', (reference) => gameBoards(reference, 50, 504)),
  {
    lesson: '05-class',
    name: 'TicTacToe.move',
    samples: () => {
      const rng = seededRandom(506);
      return one(Array.from({ length: 30 }, () => Array.from({ length: 1 + Math.floor(rng() * 8) }, () => [Math.floor(rng() * 3), Math.floor(rng() * 3)])));
    },
    answer: (reference) => {
      const TicTacToe = reference('05-class').TicTacToe as new () => { board: unknown; move(row: number, col: number): void };
      return (moves) => {
        const game = new TicTacToe();
        for (const [row, col] of moves as number[][]) game.move(row as number, col as number);
        return game.board;
      };
    },
  },

  {
    lesson: '06-computer',
    name: 'randomMove',
    samples: () =>
      cross(
        one(randomBoards(12, 601, 'XO  ').filter((board) => board.includes(' '))),
        one([0, 0.13, 0.5, 0.77, 0.999].map((value) => new RandomSource([value]))),
      ),
  },
  { lesson: '06-computer', name: 'ruleMove', samples: (reference) => turns(reference, 60, 602) },
  { lesson: '06-computer', name: 'heuristicMove', samples: (reference) => turns(reference, 60, 603) },
  {
    lesson: '06-computer',
    name: 'computerMove',
    samples: (reference) => cross(turns(reference, 20, 604), cross(one(['easy', 'medium', 'hard']), one([new RandomSource([0.3]), new RandomSource([0.8])]))),
  },

  // At least two marks: a model that searches without remembering positions answers in milliseconds.
  { lesson: '07-search', name: 'bestMove', samples: (reference) => turns(reference, 60, 701, 2) },
  { lesson: '07-search', name: 'countGames', samples: () => [[]], constant: true },
  { lesson: '07-search', name: 'countPositions', samples: () => [[]], constant: true },
  { lesson: '07-search', name: 'audit', samples: (reference) => cross(one(strategies(reference)), one(['first', 'second'])) },

  { lesson: '08-tutorials', name: 'drawBoard', samples: () => cross(one(['maps', 'lines', 'lab', 'grid']), one(randomBoards(10, 801))) },
  {
    lesson: '08-tutorials',
    name: 'readMove',
    samples: (reference) =>
      cross(
        one(Object.values(reference('08-tutorials').PROFILES as Record<string, unknown>)),
        cross(one([...TYPED_CELLS, '1 2', ' 3  1 ', '2\u30003', '9 9']), one([Array(9).fill(' '), ...randomBoards(1, 802, 'XO  ')])),
      ),
  },
  {
    lesson: '08-tutorials',
    name: 'playTutorial',
    samples: (reference) =>
      cross(
        one(Object.values(reference('08-tutorials').PROFILES as Record<string, unknown>)),
        cross(one(typedGames(3, 803).map((lines) => new ScriptedLines(lines))), one([{ first: 'X' }, { first: 'O', rng: new RandomSource([0.9]) }])),
      ),
  },
  { lesson: '08-tutorials', name: 'playClassGames', samples: () => [[new ScriptedLines([])]], constant: true },
];

/** Graded functions the check does not call: what an agreeing function would prove is too little. */
export const UNPROBED: Unprobed[] = [
  { lesson: '01-board', name: 'createBoard', why: 'no input, and its answer (nine empty cells) is stated in the lesson' },
  { lesson: '01-board', name: 'createGrid', why: "no input, and its answer (three rows of '.') is stated in the lesson" },
  { lesson: '03-win', name: 'WINNING_LINES', why: 'a list, not a function: the lesson draws the eight lines' },
  { lesson: '04-game', name: 'otherPlayer', why: 'two inputs: any function that swaps the marks agrees' },
  { lesson: '05-class', name: 'TicTacToe.constructor', why: 'no input: a new game, as the lesson states it' },
  { lesson: '05-class', name: 'TicTacToe.toString', why: "lesson 01's renderGrid of the game's board (probed as renderGrid)" },
];
