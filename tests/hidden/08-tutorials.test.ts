/**
 * Teacher-only tests for lesson 08 (never in a student edition). Every run draws new boards, typed
 * lines of every kind (digits of other scripts, signs, spaces, tabs, empty, very long), profiles of
 * its own and whole games (fast-check, seeded by the grader); what the game must print is worked out
 * in tests/support/tutorial-model.ts from the lesson text alone, without any student code.
 * playClassGames takes no input: the visible suite already checks all it can print.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../08-tutorials.test.ts';
import { expect, test } from 'vitest';
import { drawBoard, playTutorial, PROFILES, readMove, type Profile, type TutorialOptions } from '@workbook/08-tutorials/tutorials';
import type { Board } from '@workbook/01-board/board';
import { pictureOf } from '../support/boards.ts';
import { programIO } from '../support/io.ts';
import { anyFilling, PLENTY_MS } from './support/legal-play.ts';
import { lessonTasks } from '../support/lesson.ts';
import { fc, SHRINKS } from '../support/property.ts';
import { callEach } from '../support/sealed.ts';
import {
  customProfile,
  expectedDrawing,
  expectedFirst,
  expectedGame,
  expectedReading,
  LAYOUTS,
  tokenFor,
  type ModelProfile,
  type Token,
} from './support/tutorial-model.ts';

const task = lessonTasks('08-tutorials', { hidden: true });

/** The five shipped profiles, as the graded file has them (data). */
const shipped = Object.values(PROFILES) as unknown as ModelProfile[];

/** A profile in a few words, for failure messages. */
function summary(profile: ModelProfile): string {
  const custom = shipped.includes(profile) ? '' : 'a profile of its own, ';
  return `${custom}${profile.name}: ${profile.layout}, ${profile.reading}, ${profile.computer ?? 'two players'}, first ${profile.first}`;
}

/** A profile and typed lines for its reading. */
function withTokens(profiles: fc.Arbitrary<ModelProfile>, maxTokens: number): fc.Arbitrary<{ profile: ModelProfile; tokens: Token[] }> {
  const games = profiles.chain((profile) =>
    fc.record({ profile: fc.constant(profile), tokens: fc.array(tokenFor(profile.reading), { maxLength: maxTokens }) }),
  );
  return fc.limitShrink(games, SHRINKS.game);
}

task(1, () => {
  test(
    'drawBoard draws any board in every layout as the lesson describes it',
    () => {
      fc.assert(
        fc.property(
          fc.limitShrink(fc.array(fc.tuple(fc.constantFrom(...LAYOUTS), anyFilling), { minLength: 1, maxLength: 50, size: 'max' }), SHRINKS.batch),
          (cases) => {
            const outcomes = callEach(
              drawBoard,
              cases.map(([layout, board]) => [layout, [...board] as Board] as [typeof layout, Board]),
            );
            const shown = cases.map(([layout, board], index) => {
              const outcome = outcomes[index];
              const drawn = outcome === undefined ? 'not asked' : outcome.ok ? JSON.stringify(outcome.value) : `threw ${String(outcome.error)}`;
              return {
                actual: `drawBoard('${layout}', ${pictureOf(board)}) → ${drawn}`,
                expected: `drawBoard('${layout}', ${pictureOf(board)}) → ${JSON.stringify(expectedDrawing(layout, board))}`,
              };
            });
            const wrong = shown.find(({ actual, expected }) => actual !== expected);
            expect(wrong?.actual ?? 'all right').toBe(wrong?.expected ?? 'all right');
          },
        ),
        { numRuns: 2 },
      );
    },
    PLENTY_MS,
  );
});

task(2, () => {
  test(
    'readMove reads typed lines of every kind the way each reading does, for the shipped profiles and profiles of its own',
    () => {
      const oneCase = fc
        .oneof(fc.constantFrom(...shipped), customProfile(false))
        .chain((profile) => fc.tuple(fc.constant(profile), tokenFor(profile.reading), anyFilling));
      fc.assert(
        fc.property(fc.limitShrink(fc.array(oneCase, { minLength: 1, maxLength: 100, size: 'max' }), SHRINKS.batch), (cases) => {
          const outcomes = callEach(
            readMove,
            cases.map(([profile, token, board]) => [profile as unknown as Profile, token.text, [...board] as Board] as [Profile, string, Board]),
          );
          const shown = cases.map(([profile, token, board], index) => {
            const outcome = outcomes[index];
            const read = outcome === undefined ? 'not asked' : outcome.ok ? JSON.stringify(outcome.value) : `threw ${String(outcome.error)}`;
            const call = `readMove(${summary(profile)}; ${JSON.stringify(token.text)}; ${pictureOf(board)})`;
            return { actual: `${call} → ${read}`, expected: `${call} → ${JSON.stringify(expectedReading(profile, token.meaning, board))}` };
          });
          const wrong = shown.find(({ actual, expected }) => actual !== expected);
          expect(wrong?.actual ?? 'all right').toBe(wrong?.expected ?? 'all right');
        }),
        { numRuns: 2 },
      );
    },
    PLENTY_MS,
  );
});

/** Plays a game through the graded code with the typed tokens and returns what the player saw. */
function played(profile: ModelProfile, tokens: Token[], options?: TutorialOptions): { screen: string; result: unknown; asked: number } {
  const io = programIO(tokens.map((token) => token.text));
  const result = options === undefined ? playTutorial(profile as unknown as Profile, io) : playTutorial(profile as unknown as Profile, io, options);
  return { screen: io.screen(), result, asked: io.asked() };
}

task(3, () => {
  test(
    'whole games of two players, with lines of every kind typed, for the shipped profiles and profiles of its own',
    () => {
      const twoPlayers = shipped.filter((profile) => profile.computer === null);
      fc.assert(
        fc.property(withTokens(fc.oneof(fc.constantFrom(...twoPlayers), customProfile(false)), 14), ({ profile, tokens }) => {
          expect(played(profile, tokens), `a game of ${summary(profile)}`).toEqual(expectedGame(profile, tokens, 'X'));
        }),
        { numRuns: 3 },
      );
    },
    PLENTY_MS,
  );
});

task(4, () => {
  test(
    'whole games against the computer, the lot drawn by rng or fixed by options.first, for the shipped profiles and profiles of its own',
    () => {
      const computers = shipped.filter((profile) => profile.computer !== null);
      const options = fc.oneof(
        fc.constantFrom<'X' | 'O'>('X', 'O').map((first) => ({ first, drawn: 0 })),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }).map((drawn) => ({ first: undefined, drawn })),
      );
      fc.assert(
        fc.property(withTokens(fc.oneof(fc.constantFrom(...computers), customProfile(true)), 8), options, ({ profile, tokens }, { first, drawn }) => {
          let calls = 0;
          const rng = (): number => {
            calls += 1;
            return drawn;
          };
          const game = played(profile, tokens, first === undefined ? { rng } : { first });
          const rngCalls = profile.first === 'lot' && first === undefined ? 1 : 0;
          const starter = expectedFirst(profile, first, drawn);
          const what = `a game of ${summary(profile)}, ${first === undefined ? `rng() giving ${drawn}` : `options.first '${first}'`}`;
          expect({ ...game, rngCalls: calls }, what).toEqual({ ...expectedGame(profile, tokens, starter), rngCalls });
        }),
        { numRuns: 3 },
      );
    },
    PLENTY_MS,
  );
});
