/**
 * Teacher-only tests for lesson 04 (never in a student edition). They count only in class grading;
 * a student's feedback says how many failed, never which. Whole games and matches are generated
 * from the run's seed (support/generated.ts): random cells in a random order, wrong lines between
 * them, input ending early, either player first, coins of every size. What the players must see is
 * worked out by playing the game by the lesson's six steps in support/rules.ts, without the lesson's
 * code or the reference.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../04-game.test.ts';
import { expect, test } from 'vitest';
import { playGame, playMatch, type GameOptions, type MatchOptions } from '@workbook/04-game/game';
import type { IO } from '@workbook/02-input/input';
import { againAnswer, coin, gameScript, stopAnswer, unclearAnswer, type GameKind, type GameScript } from './support/generated.ts';
import { scriptedIO, type ScriptedIO } from '../support/io.ts';
import { lessonTasks } from '../support/lesson.ts';
import { fc, SHRINKS } from '../support/property.ts';
import { expectedGame, expectedMatch, type GameRecord } from './support/rules.ts';
import { callEach } from '../support/sealed.ts';

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
  fc.assert(
    fc.property(fc.limitShrink(fc.array(cases, { minLength: 1, maxLength: GAMES.batch }), SHRINKS.game), (games) => {
      const ios: ScriptedIO[] = games.map(({ script }) => scriptedIO(script.lines));
      const argumentLists = games.map(({ options }, index): [IO] | [IO, GameOptions] =>
        options === undefined ? [ios[index] as IO] : [ios[index] as IO, options],
      );
      const outcomes = callEach(playGame as (io: IO, options?: GameOptions) => unknown, argumentLists);
      games.forEach(({ script, options }, index) => {
        const outcome = outcomes[index];
        if (outcome === undefined) return;
        const label = `playGame(io${options === undefined ? '' : `, ${JSON.stringify(options)}`}) with the lines ${JSON.stringify(script.lines)}`;
        if (!outcome.ok) throw new Error(`${label} threw ${String(outcome.error)}`);
        const expected = expectedGame(script.lines, script.first);
        expect((ios[index] as ScriptedIO).transcript(), `${label}: what the players saw`).toBe(expected.transcript);
        expect(outcome.value, `${label}: what playGame returned`).toBe(expected.result);
      });
    }),
    { numRuns: GAMES.crossings },
  );
}

task(2, () => {
  test('playGame shows, asks, places and announces any game a player wins before the board is full', () => {
    checkGames(plainGames({ wrongLines: false, quit: fc.constant(false) }, (game) => game.result !== 'draw' && game.moves < 9));
  });
});

task(3, () => {
  test('playGame ends any game that fills the board with the win of the ninth move, or else a draw', () => {
    checkGames(plainGames({ wrongLines: false, quit: fc.constant(false) }, (game) => game.moves === 9));
  });
});

task(4, () => {
  test('wrong lines of any kind typed during a game change neither the board nor whose turn it is', () => {
    checkGames(plainGames({ wrongLines: true, quit: fc.constant(false) }));
  });

  test('when input ends at any point of a game, playGame says goodbye and returns quit', () => {
    checkGames(plainGames({ wrongLines: false, quit: fc.constant(true) }));
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

/** An rng that gives the match's coins in order, counting its calls (it lives here, beside the suite). */
function coinRng(coins: number[]): { rng: () => number; calls: () => number } {
  let calls = 0;
  return {
    rng: () => {
      calls += 1;
      return coins[calls - 1] ?? 0.1;
    },
    calls: () => calls,
  };
}

task(6, () => {
  test('playMatch plays, scores and ends any match as the lesson says, calling rng once per game', () => {
    fc.assert(
      fc.property(fc.limitShrink(fc.array(matchCase, { minLength: 1, maxLength: 2 }), SHRINKS.game), (matches) => {
        const ios: ScriptedIO[] = matches.map(({ lines }) => scriptedIO(lines));
        const rngs = matches.map(({ coins }) => coinRng(coins));
        const outcomes = callEach(
          playMatch as (io: IO, options: MatchOptions) => unknown,
          matches.map((_, index): [IO, MatchOptions] => [ios[index] as IO, { rng: rngs[index]?.rng as () => number }]),
        );
        matches.forEach(({ coins, lines }, index) => {
          const outcome = outcomes[index];
          if (outcome === undefined) return;
          const label = `playMatch with rng giving ${JSON.stringify(coins)} and the lines ${JSON.stringify(lines)}`;
          if (!outcome.ok) throw new Error(`${label} threw ${String(outcome.error)}`);
          const expected = expectedMatch(lines, coins);
          expect((ios[index] as ScriptedIO).transcript(), `${label}: what the players saw`).toBe(expected.transcript);
          expect(outcome.value, `${label}: what playMatch returned`).toEqual(expected.score);
          expect(rngs[index]?.calls(), `${label}: how many times rng() was called`).toBe(expected.rngCalls);
        });
      }),
      { numRuns: 2 },
    );
  });
});
