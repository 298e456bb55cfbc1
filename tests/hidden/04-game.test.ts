/**
 * Teacher-only tests for lesson 04 (never in a student edition). They count only in class grading;
 * a student's feedback says how many failed, never which. Whole games and matches are generated
 * from the run's seed (support/generated.ts): random cells in a random order, wrong lines between
 * them, input ending early, either player first, coins of every size. Beside them, fixed telling
 * cases hold every rule on every seed: a win on each of the eight lines by each player, input ending
 * after each line of a game, 25 wrong lines in one turn, every way of giving options, every answer to
 * "Play again?" the lesson lists and many it does not, a match of twelve games, coins at the edges
 * with the moment rng is called, and no Math.random when an rng is given. What the players must see
 * is worked out by playing the game by the lesson's six steps in support/rules.ts, without the
 * lesson's code or the reference.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../04-game.test.ts';
import { test } from 'vitest';
import { playGame, playMatch, type GameOptions, type MatchOptions } from '@workbook/04-game/game';
import type { IO } from '@workbook/02-input/input';
import {
  againAnswer,
  coin,
  failWhole,
  firstDifference,
  gameScript,
  shown,
  stopAnswer,
  thrownText,
  unclearAnswer,
  type GameKind,
  type GameScript,
} from './support/generated.ts';
import { scriptedIO, type ScriptedIO } from '../support/io.ts';
import { lessonTasks } from '../support/lesson.ts';
import { fc, SHRINKS } from '../support/property.ts';
import { holdsFor } from './support/legal-play.ts';
import { expectedGame, expectedMatch, type GameRecord } from './support/rules.ts';
import { callEach, watchMathRandom } from '../support/sealed.ts';

const task = lessonTasks('04-game', { hidden: true });

/** How many games one crossing plays, and how many crossings a property makes. */
const GAMES = { batch: 4, crossings: 2 };

/** A game and the options playGame gets for it (none: X moves first). */
interface GameCase {
  script: GameScript;
  options?: GameOptions;
}

/** Games of one kind, played with no options (X moves first). */
function plainGames(kind: Omit<GameKind, 'first'>, keep: (game: GameRecord) => boolean = () => true): fc.Arbitrary<GameCase> {
  return gameScript({ ...kind, first: fc.constant('X') })
    .filter((script) => keep(expectedGame(script.lines, script.first)))
    .map((script) => ({ script }));
}

/** Plays the generated games (a batch per crossing) and compares each with the game the lesson's steps give. */
function checkGames(cases: fc.Arbitrary<GameCase>): void {
  holdsFor(fc.limitShrink(fc.array(cases, { minLength: 1, maxLength: GAMES.batch }), SHRINKS.game), GAMES.crossings, (games) => {
    expectGames(games.map(({ script, options }) => (options === undefined ? { lines: script.lines } : { lines: script.lines, options })));
    return null;
  });
}

// Fixed telling cases: the same on every seed.

/** The lines typed for a game, from cell numbers ('1 4 2 5 3'). */
function typedMoves(list: string): string[] {
  return list.split(' ');
}

/** Plays fixed games in one crossing and fails on the first that differs from the lesson's steps: what was typed, and the first line the players see differently (or the result), whole. */
function expectGames(cases: readonly { lines: string[]; options?: GameOptions }[]): void {
  const ios: ScriptedIO[] = cases.map(({ lines }) => scriptedIO(lines));
  const outcomes = callEach(
    playGame as (io: IO, options?: GameOptions) => unknown,
    cases.map(({ options }, index): [IO] | [IO, GameOptions] => (options === undefined ? [ios[index] as IO] : [ios[index] as IO, options])),
  );
  cases.forEach(({ lines, options }, index) => {
    const outcome = outcomes[index];
    if (outcome === undefined) return;
    const call = `playGame(io${options === undefined ? '' : `, ${JSON.stringify(options)}`}) with the lines ${shown(lines)}`;
    const expected = expectedGame(lines, options?.first ?? 'X');
    if (!outcome.ok) failWhole(call, `the result ${shown(expected.result)}`, thrownText(outcome.error));
    const different = firstDifference(expected.transcript, (ios[index] as ScriptedIO).transcript());
    if (different !== null) failWhole(call, different.expected, different.actual);
    if (outcome.value !== expected.result) failWhole(call, `playGame returns ${shown(expected.result)}`, `it returned ${shown(outcome.value)}`);
  });
}

/** For each of the eight lines, an order of moves in which the first player completes it on the fifth move (the other player plays two cells off it). */
const WIN_ON_EACH_LINE: readonly string[] = ['1 4 2 5 3', '4 1 5 2 6', '7 1 8 2 9', '1 2 4 3 7', '2 1 5 3 8', '3 1 6 2 9', '1 2 5 3 9', '3 1 5 2 7'];

/** For each of the eight lines, an order of moves in which the second player completes it on the sixth move. */
const SECOND_WINS_ON_EACH_LINE: readonly string[] = [
  '4 1 5 2 9 3',
  '1 4 2 5 9 6',
  '1 7 2 8 4 9',
  '2 1 3 4 5 7',
  '1 2 3 5 4 8',
  '1 3 2 6 4 9',
  '2 1 3 5 4 9',
  '1 3 2 5 4 7',
];

/** A full game with no line (a draw), and one whose ninth move completes a line. */
const DRAW = '5 1 9 3 2 8 4 6 7';
const NINTH_MOVE_WIN = '5 1 2 3 4 6 9 7 8';

/** A match to play: the rng's numbers and the lines typed. */
interface FixedMatch {
  coins: number[];
  lines: string[];
}

/**
 * Plays fixed matches in one crossing and fails on the first that differs from the lesson: the
 * first line the players see differently, the score, how many times rng was called, and what the
 * players had seen when it was called (each call comes just before its round heading).
 */
function expectMatches(cases: readonly FixedMatch[]): void {
  const ios: ScriptedIO[] = cases.map(({ lines }) => scriptedIO(lines));
  const seenAtCalls: string[][] = cases.map(() => []);
  const rngs = cases.map(({ coins }, index) => () => {
    const seen = seenAtCalls[index] as string[];
    seen.push((ios[index] as ScriptedIO).transcript());
    return coins[seen.length - 1] ?? 0.1;
  });
  const outcomes = callEach(
    playMatch as (io: IO, options: MatchOptions) => unknown,
    cases.map((_, index): [IO, MatchOptions] => [ios[index] as IO, { rng: rngs[index] as () => number }]),
  );
  cases.forEach(({ coins, lines }, index) => {
    const outcome = outcomes[index];
    if (outcome === undefined) return;
    const call = `playMatch with rng giving ${shown(coins)} and the lines ${shown(lines)}`;
    const expected = expectedMatch(lines, coins);
    if (!outcome.ok) failWhole(call, `the score ${shown(expected.score)}`, thrownText(outcome.error));
    const different = firstDifference(expected.transcript, (ios[index] as ScriptedIO).transcript());
    if (different !== null) failWhole(call, different.expected, different.actual);
    const calls = seenAtCalls[index] as string[];
    if (calls.length !== expected.rngCalls) failWhole(call, `rng() called ${expected.rngCalls} times, once per game`, `rng() called ${calls.length} times`);
    calls.forEach((seen, at) => {
      const heading = expected.transcript.indexOf(`Round ${at + 1}: `);
      const before = expected.transcript.slice(0, heading);
      if (seen !== before) {
        const lastLine = (text: string): string => (text === '' ? 'nothing yet' : shown(text.replace(/\n$/, '').split('\n').pop()));
        failWhole(
          call,
          `rng() call ${at + 1} just before "Round ${at + 1}", after the players saw ${lastLine(before)}`,
          `it came after the players saw ${lastLine(seen)}`,
        );
      }
    });
    if (!sameScore(outcome.value, expected.score)) failWhole(call, `playMatch returns ${shown(expected.score)}`, `it returned ${shown(outcome.value)}`);
  });
}

/** True when a returned value is the score { X, O, draws } (in any key order, nothing else). */
function sameScore(value: unknown, score: { X: number; O: number; draws: number }): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, inner]) => inner !== undefined);
  return entries.length === 3 && entries.every(([key, inner]) => (score as unknown as Record<string, unknown>)[key] === inner);
}

/** The lines of a game the first player wins quickly, and of one the second player wins. */
const QUICK_WIN = typedMoves('1 4 2 5 3');
const SECOND_WINS = typedMoves('4 1 5 2 9 3');

/** Answers to "Play again?" that play on, that stop, and that are neither (the lesson: y/yes, n/no, capitals and spaces around do not matter). */
const YES_ANSWERS = ['y', 'Y', 'yes', 'YES', 'Yes', 'yEs', 'yeS', ' y', 'y ', '  yes  ', ' Y '];
const NO_ANSWERS = ['n', 'N', 'no', 'NO', 'No', 'nO', ' n', 'n ', '  no  ', ' N '];
const UNCLEAR_ANSWERS = [
  '',
  ' ',
  'ye',
  'yess',
  'yy',
  'yyes',
  'nn',
  'noo',
  'nope',
  'nah',
  'yeah',
  'yep',
  'yes please',
  'no thanks',
  'y n',
  'n y',
  'y y',
  'oui',
  'non',
  '1',
  '0',
  'true',
  'ｙ',
  'ｎ',
  'y.',
  'no!',
  '"y"',
  'Y E S',
  'n-o',
  'quit',
];

task(2, () => {
  test('playGame shows, asks, places and announces any game a player wins before the board is full', () => {
    checkGames(plainGames({ wrongLines: false, quit: fc.constant(false) }, (game) => game.result !== 'draw' && game.moves < 9));
  });

  test('playGame announces a win on each of the eight lines, by the first and by the second player, and reads no line after it', () => {
    const after = ['9', '8', 'x'];
    expectGames([...WIN_ON_EACH_LINE, ...SECOND_WINS_ON_EACH_LINE].map((list) => ({ lines: [...typedMoves(list), ...after] })));
  });
});

task(3, () => {
  test('playGame ends any game that fills the board with the win of the ninth move, or else a draw', () => {
    checkGames(plainGames({ wrongLines: false, quit: fc.constant(false) }, (game) => game.moves === 9));
  });

  test('playGame ends the draw and the game won on the ninth move as the lesson shows, for either player first', () => {
    expectGames([DRAW, NINTH_MOVE_WIN].flatMap((list) => [{ lines: typedMoves(list) }, { lines: typedMoves(list), options: { first: 'O' } }]));
  });
});

task(4, () => {
  test('wrong lines of any kind typed during a game change neither the board nor whose turn it is', () => {
    checkGames(plainGames({ wrongLines: true, quit: fc.constant(false) }));
  });

  test('when input ends at any point of a game, playGame says goodbye and returns quit', () => {
    checkGames(plainGames({ wrongLines: false, quit: fc.constant(true) }));
  });

  test('playGame says goodbye when input ends after each line of a game, wrong lines included', () => {
    const lines = ['5', 'x', '1', '', '5', '10', '9', '3', '0', '7', '2', '8', '4', '6'];
    expectGames(lines.map((_, cut) => ({ lines: lines.slice(0, cut) })));
  });

  test('playGame asks the same player again after 25 wrong lines in one turn, then goes on', () => {
    const wrong = Array.from({ length: 25 }, (_, index) => ['x', '10', '5', '', '0', '5.0'][index % 6] as string);
    expectGames([{ lines: ['5', ...wrong, '1', '9', ...wrong, '3', '2', '8'] }, { lines: ['5', ...wrong] }]);
  });
});

task(5, () => {
  test('playGame lets the player that options name move first, and X when options or first are left out', () => {
    const options = fc.constantFrom<GameOptions | undefined>({ first: 'O' }, { first: 'O' }, { first: 'X' }, {}, undefined);
    const cases = options.chain((chosen) =>
      gameScript({ first: fc.constant(chosen?.first ?? 'X'), wrongLines: false, quit: fc.constant(false) }).map(
        (script): GameCase => (chosen === undefined ? { script } : { script, options: chosen }),
      ),
    );
    checkGames(cases);
  });

  test('playGame lets O move first with { first: "O" }, and X with { first: "X" }, {} and no options, in fixed games', () => {
    const optionsList: (GameOptions | undefined)[] = [{ first: 'O' }, { first: 'X' }, {}, undefined];
    expectGames(
      optionsList.flatMap((options) =>
        [WIN_ON_EACH_LINE[6] as string, SECOND_WINS_ON_EACH_LINE[2] as string, DRAW].map((list) => ({
          lines: typedMoves(list),
          ...(options === undefined ? {} : { options }),
        })),
      ),
    );
  });
});

/** A generated match: the rng's numbers and the lines typed. */
interface MatchCase {
  coins: number[];
  lines: string[];
}

/** How the last game of a match ends it: input ends during the game, at "Play again?", or the answer is no. */
type MatchEnd = 'quit' | 'no input' | 'no';

/** Unclear answers, then one that plays on (or stops). */
function answers(last: fc.Arbitrary<string>): fc.Arbitrary<string[]> {
  return fc.tuple(fc.array(unclearAnswer, { maxLength: 2 }), last).map(([unclear, answer]) => [...unclear, answer]);
}

/** One to three games, each started by its coin, with the answers between them. */
const matchCase: fc.Arbitrary<MatchCase> = fc
  .tuple(fc.array(coin, { minLength: 1, maxLength: 3 }), fc.constantFrom<MatchEnd>('quit', 'no input', 'no'))
  .chain(([coins, end]) => {
    const games = coins.map((value, index) => {
      const last = index === coins.length - 1;
      const first = fc.constant(value < 0.5 ? ('X' as const) : ('O' as const));
      const script = gameScript({ first, wrongLines: false, quit: fc.constant(last && end === 'quit') });
      const after = !last
        ? answers(againAnswer)
        : end === 'no'
          ? answers(stopAnswer)
          : end === 'no input'
            ? fc.array(unclearAnswer, { maxLength: 2 })
            : fc.constant([]);
      return fc.tuple(script, after).map(([game, typed]) => [...game.lines, ...typed]);
    });
    return fc.tuple(...games).map((lines): MatchCase => ({ coins, lines: lines.flat() }));
  });

task(6, () => {
  test('playMatch plays, scores and ends any match as the lesson says, calling rng once per game', () => {
    holdsFor(fc.limitShrink(fc.array(matchCase, { minLength: 1, maxLength: 2 }), SHRINKS.game), 2, (matches) => {
      expectMatches(matches);
      return null;
    });
  });

  test('playMatch plays on after every "yes" answer the lesson allows and stops after every "no" answer', () => {
    const playsOn = YES_ANSWERS.map((answer) => ({ coins: [0.2, 0.7], lines: [...QUICK_WIN, answer, ...SECOND_WINS, 'n'] }));
    const stops = NO_ANSWERS.map((answer) => ({ coins: [0.2, 0.7], lines: [...QUICK_WIN, answer, ...SECOND_WINS, 'n'] }));
    expectMatches([...playsOn, ...stops]);
  });

  test('playMatch asks again after each of 30 answers that are neither y/yes nor n/no, then plays on or stops, or ends when input ends', () => {
    expectMatches([
      { coins: [0.2, 0.2], lines: [...QUICK_WIN, ...UNCLEAR_ANSWERS, 'y', ...QUICK_WIN, 'n'] },
      { coins: [0.7], lines: [...QUICK_WIN, ...UNCLEAR_ANSWERS, 'n'] },
      { coins: [0.7], lines: [...QUICK_WIN, ...UNCLEAR_ANSWERS] },
    ]);
  });

  test('playMatch plays a match of twelve games, counting wins and draws, with the coin at its edges', () => {
    const coins = [0, 0.4999999, 0.5, 0.9999999, 0.25, 0.75, 0.1, 0.6, 0.3, 0.8, 0.4, 0.55];
    const games = [QUICK_WIN, SECOND_WINS, QUICK_WIN, typedMoves(DRAW)];
    const lines = coins.flatMap((_, index) => [...(games[index % games.length] as string[]), index === coins.length - 1 ? 'n' : 'y']);
    expectMatches([{ coins, lines }]);
  });

  test('playMatch ends when input ends in any game of a match, and does not count that game', () => {
    const played = [...QUICK_WIN, 'y', ...typedMoves(DRAW), 'y', ...SECOND_WINS, 'y'];
    expectMatches([
      { coins: [0.2, 0.7, 0.9, 0.1], lines: [...played, '5', '1'] },
      { coins: [0.2, 0.7, 0.9, 0.1], lines: played },
      { coins: [0.5], lines: ['5'] },
      { coins: [0.4], lines: [] },
    ]);
  });

  test('playMatch without an rng calls Math.random once per game, as it would call rng', () => {
    const lines = [...QUICK_WIN, 'y', ...QUICK_WIN, 'y', ...QUICK_WIN, 'n'];
    const { calls } = watchMathRandom(() => playMatch(scriptedIO(lines)), 0.99);
    if (calls !== 3)
      failWhole('playMatch with no rng, three games, while Math.random gives 0.99', 'Math.random called 3 times', `Math.random called ${calls} times`);
  });

  test('playMatch uses the rng it is given and never Math.random', () => {
    const io = scriptedIO([...QUICK_WIN, 'y', ...QUICK_WIN, 'n']);
    const coins = [0.2, 0.9];
    let calls = 0;
    const rng = (): number => coins[calls++] ?? 0.1;
    const { result, calls: randomCalls } = watchMathRandom(() => playMatch(io, { rng }), 0.99);
    const expected = expectedMatch([...QUICK_WIN, 'y', ...QUICK_WIN, 'n'], coins);
    const call = `playMatch with rng giving ${shown(coins)}, while Math.random gives 0.99`;
    if (randomCalls !== 0) failWhole(call, 'Math.random never called', `Math.random called ${randomCalls} times`);
    const different = firstDifference(expected.transcript, io.transcript());
    if (different !== null) failWhole(call, different.expected, different.actual);
    if (!sameScore(result, expected.score)) failWhole(call, `playMatch returns ${shown(expected.score)}`, `it returned ${shown(result)}`);
  });
});
