/**
 * Teacher-only tests for lesson 08 (never in a student edition). Fixed telling cases hold every rule
 * on every run: every board a real game reaches in every layout, typed lines with every character
 * where Python's white space and digits differ from JavaScript's (and what Number() reads that
 * Python and C++ do not), the lot with and without options.first, class games of the test's own.
 * Beside them, every run draws more boards, lines, profiles and whole games from the grader's seed.
 * What the game must print is worked out in tests/hidden/support/tutorial-model.ts (and lesson 05's
 * class in class-model.ts) from the lesson text alone, without any student code. A failure names
 * the smallest failing input and both answers.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../08-tutorials.test.ts';
import { expect, test } from 'vitest';
import {
  drawBoard,
  playClassGames,
  playTutorial,
  PROFILES,
  readMove,
  type ClassGame,
  type Profile,
  type TutorialOptions,
} from '@workbook/08-tutorials/tutorials';
import type { Board } from '@workbook/01-board/board';
import { boardOf, pictureOf, type TestBoard } from '../support/boards.ts';
import { programIO } from '../support/io.ts';
import { anyFilling, PLENTY_MS } from './support/legal-play.ts';
import { lessonTasks } from '../support/lesson.ts';
import { fc, runSeed } from '../support/property.ts';
import { callEach, type CallOutcome } from '../support/sealed.ts';
import { afterMove, lineOwners, newGame, type GridMove } from './support/class-model.ts';
import {
  customProfile,
  expectedDrawing,
  expectedFirst,
  expectedGame,
  expectedReading,
  LAYOUTS,
  READINGS,
  tellingTokens,
  tokenFor,
  type Layout,
  type ModelGame,
  type ModelProfile,
  type Token,
} from './support/tutorial-model.ts';
import type { TestMark } from '../support/opponents.ts';

const task = lessonTasks('08-tutorials', { hidden: true });

/** The five shipped profiles, as the graded file has them (data). */
const shipped = Object.values(PROFILES) as unknown as ModelProfile[];

/** Draws `count` values from the grader's seed (the same on every run with that seed). */
function drawn<T>(arbitrary: fc.Arbitrary<T>, count: number): T[] {
  return fc.sample(arbitrary, { numRuns: count, seed: runSeed });
}

/** A profile in a few words, for failure messages. */
function summary(profile: ModelProfile): string {
  const custom = shipped.includes(profile) ? '' : 'a profile of its own, ';
  return `${custom}${profile.name}: ${profile.layout}, ${profile.reading}, ${profile.computer ?? 'two players'}, first ${profile.first}`;
}

/** What one call gave, as a failure message shows it. */
function shown(outcome: CallOutcome<unknown> | undefined): string {
  if (outcome === undefined) return 'not asked';
  return outcome.ok
    ? (JSON.stringify(outcome.value) ?? String(outcome.value))
    : `threw ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`;
}

/** Fails with the first case whose answer differs from the expected one: both whole, in JSON. */
function firstWrong<C>(cases: readonly C[], outcomes: readonly CallOutcome<unknown>[], call: (one: C) => string, expected: (one: C) => unknown): void {
  for (const [index, one] of cases.entries()) {
    const want = JSON.stringify(expected(one));
    const got = shown(outcomes[index]);
    if (got !== want) expect.fail(`${call(one)}: expected ${want}, got ${got}`);
  }
}

/**
 * Boards where every cell shows each of its three states: the empty board, one mark alone in each
 * cell, full boards of one mark and of both. The fewest marks first.
 */
function tellingBoards(): TestBoard[] {
  const empty = (): TestBoard => Array(9).fill(' ');
  const alone = (['X', 'O'] as const).flatMap((mark) =>
    empty().map((_, cell) => {
      const board = empty();
      board[cell] = mark;
      return board;
    }),
  );
  const full = ['XXXXXXXXX', 'OOOOOOOOO', 'XOXOXOXOX', 'OXOXOXOXO', 'XXOOXXOOX'].map((cells) => [...cells] as TestBoard);
  return [empty(), ...alone, ...full];
}

task(1, () => {
  test(
    'drawBoard draws boards where every cell shows each of its states, and boards of any filling, in every layout as the lesson describes it',
    () => {
      const boards = [...tellingBoards(), ...drawn(anyFilling, 100)];
      const cases = boards.flatMap((board) => LAYOUTS.map((layout) => [layout, board] as [Layout, TestBoard]));
      const outcomes = callEach(
        drawBoard,
        cases.map(([layout, board]) => [layout, [...board] as Board] as [Layout, Board]),
      );
      firstWrong(
        cases,
        outcomes,
        ([layout, board]) => `drawBoard('${layout}', board '${pictureOf(board)}')`,
        ([layout, board]) => expectedDrawing(layout, board),
      );
    },
    PLENTY_MS,
  );
});

/** Boards to read on: only index 4 taken (the lesson's table), and one with indexes 0, 4 and 6 taken. */
const READING_BOARDS: readonly TestBoard[] = [boardOf('... .X. ...') as TestBoard, boardOf('O.. .X. X..') as TestBoard];

/** A profile of the test's own for a reading: a message of its own for every rejection. */
function ownProfileFor(reading: ModelProfile['reading']): ModelProfile {
  const phrase = (text: string) => ({ text, source: 'hidden test' });
  const base = PROFILES['ru-lines'] as unknown as ModelProfile;
  return {
    ...base,
    reading,
    readsWords: reading === 'cin',
    words: {
      ...base.words,
      wrongShape: phrase('Two words, please.'),
      notANumber: phrase('A number, please.'),
      outOfRange: phrase('Not on the board.'),
      taken: phrase(reading === 'cin' ? 'Cell {cell} is taken.' : 'Taken.'),
    },
  };
}

/** One call of readMove: the profile, the typed line and what it means, the board. */
type ReadCase = [ModelProfile, Token, TestBoard];

/** Asks readMove about every case in one crossing and fails with the first wrong answer. */
function checkReadings(cases: readonly ReadCase[]): void {
  const outcomes = callEach(
    readMove,
    cases.map(([profile, token, board]) => [profile as unknown as Profile, token.text, [...board] as Board] as [Profile, string, Board]),
  );
  firstWrong(
    cases,
    outcomes,
    ([profile, token, board]) => `readMove(${summary(profile)}; ${JSON.stringify(token.text)}; board '${pictureOf(board)}')`,
    ([profile, token, board]) => expectedReading(profile, token.meaning, board),
  );
}

task(2, () => {
  test(
    "readMove reads the telling lines of each reading: every white space of Python's split() and int() and every character JavaScript counts apart, digits of other scripts, what Number() reads and Python and C++ do not, each check in the table's order",
    () => {
      const cases = READINGS.flatMap((reading) => {
        const profiles = [...shipped.filter((profile) => profile.reading === reading), ownProfileFor(reading)];
        return tellingTokens(reading).flatMap((token) => profiles.flatMap((profile) => READING_BOARDS.map((board) => [profile, token, board] as ReadCase)));
      });
      // The shortest line first: a failure names the smallest one that fails.
      checkReadings(cases.sort((a, b) => [...a[1].text].length - [...b[1].text].length));
    },
    PLENTY_MS,
  );

  test(
    'readMove reads typed lines of every kind the way each reading does, for the shipped profiles and profiles of its own',
    () => {
      const oneCase = fc
        .oneof(fc.constantFrom(...shipped), customProfile(false))
        .chain((profile) => fc.tuple(fc.constant(profile), tokenFor(profile.reading), anyFilling));
      const cases = drawn(oneCase, 200).sort((a, b) => [...a[1].text].length - [...b[1].text].length);
      checkReadings(cases);
    },
    PLENTY_MS,
  );
});

/** Plays a game through the graded code with the typed tokens and returns what the player saw. */
function played(profile: ModelProfile, tokens: readonly Token[], options?: TutorialOptions): ModelGame {
  const io = programIO(tokens.map((token) => token.text));
  const result = options === undefined ? playTutorial(profile as unknown as Profile, io) : playTutorial(profile as unknown as Profile, io, options);
  return { screen: io.screen(), result: result as ModelGame['result'], asked: io.asked() };
}

/** Where a game's screen first differs from the expected one, in a few lines with both lines whole; null when the games agree. */
function gameDifference(expected: ModelGame, actual: ModelGame): string | null {
  if (expected.screen !== actual.screen) {
    const want = expected.screen.split('\n');
    const got = actual.screen.split('\n');
    const line = want.findIndex((text, index) => text !== got[index]);
    const at = line === -1 ? want.length : line;
    return `the screens differ at line ${at + 1}:\nexpected ${JSON.stringify(want[at] ?? '(the end)')}\ngot      ${JSON.stringify(got[at] ?? '(the end)')}`;
  }
  if (expected.result !== actual.result) return `it returned ${JSON.stringify(actual.result)}, expected ${JSON.stringify(expected.result)}`;
  if (expected.asked !== actual.asked) return `it asked for a line ${actual.asked} times, expected ${expected.asked}`;
  return null;
}

/** A game of a profile with typed tokens. */
interface GameCase {
  profile: ModelProfile;
  tokens: Token[];
}

/** A profile and typed lines for its reading, the shortest games first. */
function gameCases(profiles: fc.Arbitrary<ModelProfile>, maxTokens: number, count: number): GameCase[] {
  const games = profiles.chain((profile) =>
    fc.record({ profile: fc.constant(profile), tokens: fc.array(tokenFor(profile.reading), { maxLength: maxTokens }) }),
  );
  return drawn(games, count).sort((a, b) => a.tokens.length - b.tokens.length);
}

/** A game as a failure message names it. */
function gameCall({ profile, tokens }: GameCase, how = ''): string {
  return `a game of ${summary(profile)}${how}, typed ${JSON.stringify(tokens.map((token) => token.text))}`;
}

/** A phrase of the test's own. */
const own = (text: string) => ({ text, source: 'hidden test' });

/** Every phrase a profile has, in words of the test's own (none of them the shipped ones). */
const OWN_WORDS: ModelProfile['words'] = {
  banner: [own('Welcome.'), own('Two lines of banner.')],
  prompt: own('{player} (player {number}), your move: '),
  wrongShape: own('Two words, please.'),
  notANumber: own('A number, please.'),
  outOfRange: own('Not on the board.'),
  taken: own('Taken.'),
  computerTurn: own('My turn.'),
  computerPlays: own('I play {cell}.'),
  computerWins: own('I win!'),
  win: own('Winner: {winner}'),
  draw: own('A draw.'),
  noMove: own('No move left.'),
  noMoveWinner: 'nobody',
};

/** A profile of the test's own: ru-lines's shape with its own words, and the given changes. */
function ownProfile(changes: Partial<ModelProfile>, words: Partial<ModelProfile['words']> = {}): ModelProfile {
  const base = PROFILES['ru-lines'] as unknown as ModelProfile;
  return { ...base, ...changes, words: { ...OWN_WORDS, ...words } };
}

/** Typed lines as tokens: a line of ASCII digits (or two, for row-column) means that number, anything else nothing. */
function typed(reading: ModelProfile['reading'], texts: readonly string[]): Token[] {
  return texts.map((text) => {
    if (reading === 'row-column') {
      const [row, col, more] = text.split(' ');
      const value = (word: string | undefined): number | null => (word !== undefined && /^\d+$/.test(word) ? Number(word) : null);
      return { text, meaning: col === undefined || more !== undefined ? { kind: 'shape' } : { kind: 'pair', row: value(row), col: value(col) } };
    }
    return { text, meaning: /^\d+$/.test(text) ? { kind: 'number', value: Number(text) } : { kind: 'junk' } };
  });
}

/**
 * Games of profiles of the test's own that reach every ending on every run: a full board with no draw
 * phrase (the no-move ending with its own noMoveWinner and with none, with its noMove phrase and
 * without), a draw, a win, a win on the ninth move beside a draw phrase, input ending, bad lines between.
 */
const TELLING_TWO_PLAYER_GAMES: readonly GameCase[] = [
  {
    profile: ownProfile({ layout: 'grid', reading: 'python-digits' }, { draw: null }),
    tokens: typed('python-digits', ['5', '1', '9', 'x', '3', '2', '0', '8', '4', '6', '7']),
  },
  { profile: ownProfile({ layout: 'lab', reading: 'cin', readsWords: true }), tokens: typed('cin', ['4', '0', '8', '2', '1', '7', '3', '5', '6']) },
  {
    profile: ownProfile({ layout: 'maps', reading: 'row-column' }, { win: null }),
    tokens: typed('row-column', ['2 2', '1', '1 1', '2 2', '1 2', '3 3', '1 3']),
  },
  { profile: ownProfile({ layout: 'lines', reading: 'python-int' }), tokens: typed('python-int', ['5', '5', '1']) },
  // A win that fills the board, in a profile with a draw phrase: the win is checked first.
  { profile: ownProfile({ layout: 'lines', reading: 'python-int' }), tokens: typed('python-int', ['1', '2', '3', '4', '5', '6', '8', '7', '9']) },
  {
    profile: ownProfile({ layout: 'maps', reading: 'python-int' }, { draw: null, noMoveWinner: null }),
    tokens: typed('python-int', ['5', '1', '9', '3', '2', '8', '4', '6', '7']),
  },
  // The no-move ending without its phrase: the board is still printed once more, with the win line and without it.
  {
    profile: ownProfile({ layout: 'grid', reading: 'python-int' }, { draw: null, noMove: null }),
    tokens: typed('python-int', ['5', '1', '9', '3', '2', '8', '4', '6', '7']),
  },
  {
    profile: ownProfile({ layout: 'lab', reading: 'python-int' }, { draw: null, noMove: null, noMoveWinner: null }),
    tokens: typed('python-int', ['5', '1', '9', '3', '2', '8', '4', '6', '7']),
  },
];

task(3, () => {
  test(
    'whole games of two players, with lines of every kind typed, for the shipped profiles and profiles of its own (every ending of a game on every run)',
    () => {
      const twoPlayers = shipped.filter((profile) => profile.computer === null);
      for (const game of [...TELLING_TWO_PLAYER_GAMES, ...gameCases(fc.oneof(fc.constantFrom(...twoPlayers), customProfile(false)), 14, 3)]) {
        const difference = gameDifference(expectedGame(game.profile, game.tokens, 'X'), played(game.profile, game.tokens));
        if (difference !== null) expect.fail(`${gameCall(game)}: ${difference}`);
      }
    },
    PLENTY_MS,
  );
});

/** How one game against the computer is started: options.first, or the rng's number, or both. */
interface Start {
  first: TestMark | undefined;
  drawn: number;
  withRng: boolean;
}

/** Plays a game against the computer with the start's options and checks it, the rng's calls included. */
function checkComputerGame(game: GameCase, start: Start): void {
  let calls = 0;
  const rng = (): number => {
    calls += 1;
    return start.drawn;
  };
  const options: TutorialOptions = { ...(start.first === undefined ? {} : { first: start.first }), ...(start.withRng ? { rng } : {}) };
  const how = `, options ${start.first === undefined ? '' : `first '${start.first}'`}${start.first !== undefined && start.withRng ? ' and ' : ''}${start.withRng ? `rng() giving ${start.drawn}` : ''}`;
  const expected = expectedGame(game.profile, game.tokens, expectedFirst(game.profile, start.first, start.drawn));
  const difference = gameDifference(expected, played(game.profile, game.tokens, options));
  if (difference !== null) expect.fail(`${gameCall(game, how)}: ${difference}`);
  const rngCalls = start.withRng && game.profile.first === 'lot' && start.first === undefined ? 1 : 0;
  if (calls !== rngCalls) expect.fail(`${gameCall(game, how)}: expected rng to be called ${rngCalls} times, got ${calls}`);
}

/**
 * Games against the computer in words of the test's own: the rules computer finds no move (1, 2, 7, 6), the heuristic wins,
 * and the heuristic's turn comes on a full board (no draw phrase).
 */
const TELLING_COMPUTER_GAMES: readonly GameCase[] = [
  {
    profile: ownProfile({ layout: 'lab', reading: 'cin', readsWords: true, computer: 'heuristic' }, { draw: null }),
    tokens: typed('cin', ['4', '1', '6', '5', '8']),
  },
  { profile: ownProfile({ layout: 'maps', reading: 'python-int', computer: 'rules' }, { draw: null }), tokens: typed('python-int', ['1', '2', '7', '6']) },
  { profile: ownProfile({ layout: 'grid', reading: 'cin', readsWords: true, computer: 'heuristic' }), tokens: typed('cin', ['0', '8', '1', '6', '5', '3']) },
];

task(4, () => {
  test('the lot: rng is called once when it decides, and never when options.first decides or the profile has X start', () => {
    const caLab = PROFILES['ca-lab'] as unknown as ModelProfile;
    const rules = PROFILES['ru-maps-computer'] as unknown as ModelProfile;
    const starts: [GameCase, Start][] = [
      [
        { profile: caLab, tokens: typed('cin', ['4', '1']) },
        { first: 'X', drawn: 0.9, withRng: true },
      ],
      [
        { profile: caLab, tokens: typed('cin', ['0', '1']) },
        { first: 'O', drawn: 0.1, withRng: true },
      ],
      [
        { profile: caLab, tokens: typed('cin', ['4', '1']) },
        { first: undefined, drawn: 0.3, withRng: true },
      ],
      [
        { profile: caLab, tokens: typed('cin', ['0', '1']) },
        { first: undefined, drawn: 0.5, withRng: true },
      ],
      [
        { profile: rules, tokens: typed('python-int', ['1', '2']) },
        { first: undefined, drawn: 0.9, withRng: true },
      ],
      [
        { profile: rules, tokens: typed('python-int', ['1', '2']) },
        { first: 'O', drawn: 0.9, withRng: true },
      ],
      [
        { profile: ownProfile({ first: 'lot', computer: 'heuristic' }), tokens: typed('python-digits', ['9', '3', '4']) },
        { first: undefined, drawn: 0.2, withRng: true },
      ],
    ];
    for (const [game, start] of starts) checkComputerGame(game, start);
  });

  test(
    'whole games against the computer, the lot drawn by rng or fixed by options.first, for the shipped profiles and profiles of its own (the no-move ending and a computer win on every run)',
    () => {
      const computers = shipped.filter((profile) => profile.computer !== null);
      const starts = fc.oneof(
        fc.record({ first: fc.constantFrom<TestMark>('X', 'O'), drawn: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), withRng: fc.boolean() }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }).map((number): Start => ({ first: undefined, drawn: number, withRng: true })),
      );
      // Fixed first: the rules computer finding no move, in words of the test's own; its own computer
      // winning with computerWins before the board.
      for (const game of TELLING_COMPUTER_GAMES) checkComputerGame(game, { first: 'X', drawn: 0, withRng: false });
      const games = gameCases(fc.oneof(fc.constantFrom(...computers), customProfile(true)), 8, 3);
      const startsDrawn = drawn(starts, games.length);
      for (const [index, game] of games.entries()) checkComputerGame(game, startsDrawn[index] as Start);
    },
    PLENTY_MS,
  );
});

/** A result phrase of the test's own, with {winner} in it once, twice or not at all. */
const resultText = fc.constantFrom('Winner: {winner}', '{winner}', '{winner} and {winner} again', 'Game over.', 'Победил {winner}！');

/**
 * A game of the test's own: moves of lesson 05's move(row, col), taken cells now and then, up to the
 * first move that completes a line (so at most one player has three in a line).
 */
const classGame: fc.Arbitrary<ClassGame> = fc
  .tuple(fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })), { maxLength: 12 }), resultText)
  .map(([moves, text]) => {
    let game = newGame();
    const kept: GridMove[] = [];
    for (const move of moves) {
      if (lineOwners(game.board).length > 0) break;
      kept.push(move);
      game = afterMove(game, move);
    }
    return { moves: kept, result: { text, source: 'hidden test' } };
  });

/** What playClassGames prints for the games, as lesson 05's class plays them. */
function expectedClassGames(games: readonly ClassGame[]): string {
  return games
    .map((one) => {
      const game = one.moves.reduce((so, move) => afterMove(so, [move[0], move[1]]), newGame());
      const winner = lineOwners(game.board)[0] ?? '.';
      return `${one.result.text.replaceAll('{winner}', winner)}\n`;
    })
    .join('');
}

/** Games of the test's own that tell printing them from printing six fixed lines: fewer, more, reordered. */
const TELLING_CLASS_GAMES: readonly ClassGame[][] = [
  [],
  [
    {
      moves: [
        [1, 1],
        [0, 0],
        [2, 2],
        [0, 1],
        [0, 2],
        [0, 1],
        [2, 0],
      ] as GridMove[],
      result: { text: 'Winner: {winner}', source: 'hidden test' },
    },
  ],
  [
    {
      moves: [
        [0, 0],
        [1, 1],
        [0, 1],
        [2, 2],
        [1, 0],
        [0, 2],
        [2, 0],
      ] as GridMove[],
      result: { text: '{winner} wins!', source: 'hidden test' },
    },
    {
      moves: [
        [2, 0],
        [0, 0],
        [2, 1],
        [1, 1],
        [0, 2],
        [2, 2],
      ] as GridMove[],
      result: { text: '{winner} wins!', source: 'hidden test' },
    },
    { moves: [[1, 1]] as GridMove[], result: { text: 'No winner: {winner}', source: 'hidden test' } },
  ],
];

task(5, () => {
  test('playClassGames plays the games it is given, in order, each on a new lesson 05 TicTacToe, and prints each result', () => {
    const lists = [...TELLING_CLASS_GAMES, ...drawn(fc.array(classGame, { maxLength: 4 }), 5)];
    for (const games of lists) {
      const io = programIO([]);
      playClassGames(io, games);
      const expected = expectedClassGames(games);
      if (io.output() !== expected) {
        const given = games.map((game) => `{ moves: ${JSON.stringify(game.moves)}, result: ${JSON.stringify(game.result.text)} }`);
        expect.fail(`playClassGames(io, [${given.join(', ')}]): expected it to print ${JSON.stringify(expected)}, got ${JSON.stringify(io.output())}`);
      }
    }
  });
});
