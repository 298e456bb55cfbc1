/**
 * Teacher-only tests for lesson 02 (never in a student edition). They count only in class grading;
 * a student's feedback says how many failed, never which. Lines and boards are generated from the
 * run's seed (support/property.ts): lines of every kind (digits of other scripts, signs, spaces,
 * tabs, empty, very long), and the answer is worked out from the lesson's rules (support/rules.ts).
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../02-input.test.ts';
import { expect, test } from 'vitest';
import { askMove, parseCoordinates, parseMove } from '@workbook/02-input/input';
import type { Board, Grid, Mark } from '@workbook/01-board/board';
import { pictureOf, type TestBoard } from '../support/boards.ts';
import { anyLine, asGrid, blanks, forEachGenerated, spaces, typedCell, wholeOutOfRange } from './support/generated.ts';
import { anyFilling, playedBoard } from './support/legal-play.ts';
import { scriptedIO, type ScriptedIO } from '../support/io.ts';
import { lessonTasks } from '../support/lesson.ts';
import { fc, SHRINKS } from '../support/property.ts';
import { expectedAsk, expectedCoordinates, expectedMove, isDigitsOnly, withoutSpacesAround } from './support/rules.ts';
import { callEach } from '../support/sealed.ts';

const task = lessonTasks('02-input', { hidden: true });

/** A typed line and a board, as parseMove gets them. */
interface MoveCase {
  raw: string;
  board: TestBoard;
}

/** A board with an empty cell, and that cell's number typed the ways the lesson allows. */
const emptyCellTyped: fc.Arbitrary<MoveCase> = fc
  .oneof(playedBoard, anyFilling)
  .filter((board) => board.includes(' '))
  .chain((board) => {
    const empty = board.flatMap((cell, index) => (cell === ' ' ? [index + 1] : []));
    return fc.constantFrom(...empty).chain((number) => typedCell(number).map((raw) => ({ raw, board })));
  });

/** A board with a taken cell, and that cell's number typed the ways the lesson allows. */
const takenCellTyped: fc.Arbitrary<MoveCase> = fc
  .oneof(playedBoard, anyFilling)
  .filter((board) => board.some((cell) => cell !== ' '))
  .chain((board) => {
    const taken = board.flatMap((cell, index) => (cell === ' ' ? [] : [index + 1]));
    return fc.constantFrom(...taken).chain((number) => typedCell(number).map((raw) => ({ raw, board })));
  });

/** A line that is not a whole number (after the spaces and tabs around it), on any board. */
const notWhole: fc.Arbitrary<MoveCase> = fc.record({
  raw: anyLine.filter((line) => !isDigitsOnly(withoutSpacesAround(line))),
  board: fc.oneof(playedBoard, anyFilling),
});

/** Checks parseMove's answer for generated cases against the lesson's three questions. */
function checkParseMove(cases: fc.Arbitrary<MoveCase>): void {
  forEachGenerated(
    cases,
    parseMove,
    ({ raw, board }: MoveCase) => [raw, [...board]] as [string, Board],
    ({ raw, board }, answer) => {
      expect(answer, `parseMove(${JSON.stringify(raw)}, board ${pictureOf(board)})`).toEqual(expectedMove(raw, board));
    },
  );
}

task(1, () => {
  test('parseMove accepts any empty cell of any board, typed with spaces, tabs or leading zeros', () => {
    checkParseMove(emptyCellTyped);
  });
});

task(2, () => {
  test('parseMove rejects every generated line that is not a whole number, on any board', () => {
    checkParseMove(notWhole);
  });

  test('parseMove rejects number traps and foreign digits with blanks around them', () => {
    const traps = fc.tuple(
      blanks,
      fc.constantFrom('1e1', '0x5', '+5', '-1', '5.0', '1.5', '٥', '５', '５5', '5٥', '0b1', '1_0', '5e0', '5 5', '4\t4', 'Infinity'),
      blanks,
    );
    checkParseMove(fc.record({ raw: traps.map((parts) => parts.join('')), board: playedBoard }));
  });
});

task(3, () => {
  test('parseMove says "out of range" for any whole number below 1 or above 9, even very long ones, on any board', () => {
    checkParseMove(fc.record({ raw: wholeOutOfRange, board: fc.oneof(playedBoard, anyFilling) }));
  });

  test('parseMove says "taken" for any taken cell of any board, however it is typed', () => {
    checkParseMove(takenCellTyped);
  });
});

/** A typed row-and-column line and a grid, as parseCoordinates gets them. */
interface CoordinatesCase {
  raw: string;
  board: TestBoard;
}

/** A part of a row-and-column line: a whole number (small, large, leading zeros) or something else. */
const part: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }).map(String) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('0', '00'), fc.integer({ min: 0, max: 5 })).map(([zeros, digit]) => `${zeros}${digit}`) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 10 ** 6 }).map(String) },
  { weight: 2, arbitrary: anyLine.map((line) => line.replace(/[ \t]/g, '')).filter((text) => text !== '') },
);

/** Parts joined by one or more spaces or tabs, with spaces around the whole line. */
const coordinatesLine: fc.Arbitrary<string> = fc
  .tuple(spaces, fc.array(fc.tuple(part, fc.string({ unit: fc.constantFrom(' ', '\t'), minLength: 1, maxLength: 3 })), { maxLength: 4 }), part, spaces)
  .map(([before, parts, last, after]) => `${before}${parts.map(([text, gap]) => `${text}${gap}`).join('')}${last}${after}`);

/** Two parts most of the time (so every later check is reached), any number of parts otherwise. */
const coordinatesCase: fc.Arbitrary<CoordinatesCase> = fc.record({
  raw: fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(spaces, part, fc.string({ unit: fc.constantFrom(' ', '\t'), minLength: 1, maxLength: 3 }), part, spaces)
        .map((pieces) => pieces.join('')),
    },
    { weight: 1, arbitrary: coordinatesLine },
    { weight: 1, arbitrary: spaces },
  ),
  board: fc.oneof(playedBoard, anyFilling),
});

task(4, () => {
  test('parseCoordinates answers any generated line on any grid by the four checks, in the lesson order', () => {
    forEachGenerated(
      coordinatesCase,
      parseCoordinates,
      ({ raw, board }: CoordinatesCase) => [raw, asGrid(board)] as [string, Grid],
      ({ raw, board }, answer) => {
        expect(answer, `parseCoordinates(${JSON.stringify(raw)}, grid ${pictureOf(board)})`).toEqual(expectedCoordinates(raw, asGrid(board)));
      },
    );
  });
});

/** What a player types to askMove: some lines, then maybe the end of input. */
interface AskCase {
  lines: string[];
  board: TestBoard;
  player: Mark;
}

/** Wrong lines (of every kind, taken cells included), then a valid cell or the end of input. */
const askCase: fc.Arbitrary<AskCase> = fc
  .tuple(
    fc.oneof(playedBoard, anyFilling).filter((board) => board.includes(' ')),
    fc.constantFrom<Mark>('X', 'O'),
    fc.boolean(),
  )
  .chain(([board, player, ends]) => {
    const taken = board.flatMap((cell, index) => (cell === ' ' ? [] : [index + 1]));
    const empty = board.flatMap((cell, index) => (cell === ' ' ? [index + 1] : []));
    const wrong = fc.oneof(
      notWhole.map((generated) => generated.raw),
      wholeOutOfRange,
      ...(taken.length > 0 ? [fc.constantFrom(...taken).chain(typedCell)] : []),
    );
    const last = ends
      ? fc.constant([])
      : fc
          .constantFrom(...empty)
          .chain(typedCell)
          .map((line) => [line]);
    return fc.tuple(fc.array(wrong, { maxLength: 5 }), last).map(([lines, valid]) => ({ lines: [...lines, ...valid], board, player }));
  });

task(5, () => {
  test('askMove prints each error, asks again, and returns the index of the first valid cell or null when input ends', () => {
    fc.assert(
      fc.property(fc.limitShrink(fc.array(askCase, { minLength: 1, maxLength: 6 }), SHRINKS.batch), (cases) => {
        const ios: ScriptedIO[] = cases.map(({ lines }) => scriptedIO(lines));
        const outcomes = callEach(
          askMove,
          cases.map(({ board, player }, index) => [ios[index] as ScriptedIO, [...board], player] as [ScriptedIO, Board, Mark]),
        );
        cases.forEach(({ lines, board, player }, index) => {
          const outcome = outcomes[index];
          if (outcome === undefined) return;
          const label = `askMove for ${player} on ${pictureOf(board)}, typed ${JSON.stringify(lines)}`;
          if (!outcome.ok) throw new Error(`${label} threw ${String(outcome.error)}`);
          const expected = expectedAsk(lines, board, player);
          expect((ios[index] as ScriptedIO).transcript(), `${label}: what the player saw`).toBe(expected.transcript);
          expect(outcome.value, `${label}: what askMove returned`).toBe(expected.result);
        });
      }),
      { numRuns: 2 },
    );
  });
});
