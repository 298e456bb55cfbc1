/**
 * Teacher-only tests for lesson 02 (never in a student edition). They count only in class grading;
 * a student's feedback says how many failed, never which. Beside lines and boards generated from the
 * run's seed (support/property.ts), fixed telling cases hold every rule on every seed: each cell typed
 * every way the text allows, every digit of every other writing system, every ASCII character and
 * the invisible characters trim leaves around or inside a digit, whole numbers up to 999 and the
 * ones 32-bit arithmetic wraps into 1 to 9, every cell taken or alone empty, askMove after 0 to 30
 * wrong lines, and a board changed in place between calls. The answers are worked out from the
 * lesson's rules (support/rules.ts).
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../02-input.test.ts';
import { test } from 'vitest';
import { askMove, parseCoordinates, parseMove } from '@workbook/02-input/input';
import type { Board, Grid, Mark } from '@workbook/01-board/board';
import { boardOf, pictureOf, type TestBoard, type TestGridCell } from '../support/boards.ts';
import { foreignDigits } from './support/foreign-digits.ts';
import {
  anyLine,
  asGrid,
  blanks,
  CHANGING_BOARD,
  expectAlongChanges,
  expectEach,
  expectSame,
  failWhole,
  firstDifference,
  firstDifferentAnswer,
  forEachGenerated,
  pictureOfCells,
  quoted,
  shown,
  spaces,
  thrownText,
  typedCell,
  wholeOutOfRange,
  writeBoard,
  writeGrid,
  type TellingCase,
} from './support/generated.ts';
import { anyFilling, holdsFor, playedBoard } from './support/legal-play.ts';
import { scriptedIO, type ScriptedIO } from '../support/io.ts';
import { lessonTasks } from '../support/lesson.ts';
import { fc, SHRINKS } from '../support/property.ts';
import { expectedAsk, expectedCoordinates, expectedMove, isDigitsOnly, TRIMMED, withoutWhiteSpaceAround } from './support/rules.ts';
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
  raw: anyLine.filter((line) => !isDigitsOnly(withoutWhiteSpaceAround(line))),
  board: fc.oneof(playedBoard, anyFilling),
});

// Fixed telling cases: the same on every seed.

/** The empty board, and a full one (so a line wrongly read as a cell number is "taken" there, not "not a whole number"). */
const EMPTY_PICTURE = '... ... ...';
const FULL_PICTURE = 'XOX XOO OXX';

/** A board where only cell `number` (1 to 9) is empty, or only it is taken, the other cells filled with X and O in turn. */
function onlyEmpty(number: number): TestBoard {
  return Array.from({ length: 9 }, (_, index) => (index === number - 1 ? ' ' : index % 2 === 0 ? 'X' : 'O'));
}
function onlyTaken(number: number, mark: 'X' | 'O'): TestBoard {
  return Array.from({ length: 9 }, (_, index) => (index === number - 1 ? mark : ' '));
}

/** The ways the lesson allows a cell number to be typed: white space around it (what trim() removes), leading zeros. */
function typings(number: number): string[] {
  return [
    `${number}`,
    `\u00a0${number}\u3000`,
    `${number}\r`,
    `\ufeff${number}\r\n`,
    ` ${number}`,
    `\t${number}`,
    `${number} `,
    `${number}\t`,
    ` \t${number}\t `,
    `0${number}`,
    `000${number}`,
    ` 0${number}\t`,
    `${'0'.repeat(60)}${number}`,
    `${'0'.repeat(5000)}${number}`,
  ];
}

/** parseMove cases for lines on boards, each answered by the lesson's three questions. */
function moveCases(lines: readonly string[], boards: readonly TestBoard[]): TellingCase<[string, Board], unknown>[] {
  return boards.flatMap((board) => {
    // One array per board for all its lines: the calls of a batch get copies, so none sees another's changes.
    const given = [...board];
    return lines.map((raw) => ({
      args: [raw, given] as [string, Board],
      call: `parseMove(${quoted(raw)}, ${pictureOf(board)})`,
      expected: expectedMove(raw, board),
    }));
  });
}

/** Other characters that stand for numbers: superscripts, subscripts, fractions, circled and Roman numerals. */
const OTHER_NUMBER_SIGNS = [...'²³¹⁵₅½①⑤⓹❺Ⅴⅴ〥'];
/**
 * Characters that are not spaces or tabs and that trim() leaves in place, so the lesson's rule
 * rejects a digit with one of them around it: controls other than the line ends, Python's extra
 * spaces (\x1c to \x1f, \x85), and the invisible ones (zero-width space, word joiner, soft hyphen, Mongolian vowel separator).
 */
const KEPT_BY_TRIM = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\u001c',
  '\u001d',
  '\u001e',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00ad',
  '\u180e',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
];

/** Spaces that trim() removes around a line but that are not allowed inside a number. */
const OTHER_SPACES = [
  '\u000a',
  '\u000b',
  '\u000c',
  '\u000d',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2007',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
];

/** Every printable ASCII character that is not a digit. */
const ASCII_NOT_DIGITS = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).filter((character) => !/[0-9 ]/.test(character));

/** Lines that are not whole numbers, each with a digit 1 to 9 in it, so a check that lets one through reads a cell. */
function notWholeLines(): string[] {
  const lines = [
    '',
    ' ',
    '   ',
    '\t',
    ' \t ',
    '5abc',
    '1.5',
    '5.0',
    '1e1',
    '0x5',
    '+5',
    '-1',
    '5 5',
    '٥',
    '５',
    '5.',
    '.5',
    '5e0',
    '0b1',
    '0o7',
    '1_0',
    'Infinity',
    '-0',
    '+0',
    '4\t4',
    '1 2',
    '0 5',
  ];
  for (const character of ASCII_NOT_DIGITS) lines.push(`${character}5`, `5${character}`, `1${character}2`);
  for (const character of KEPT_BY_TRIM) lines.push(`${character}5`, `5${character}`, `1${character}2`);
  for (const character of OTHER_SPACES) lines.push(`1${character}2`, `5${character}5`);
  for (const sign of OTHER_NUMBER_SIGNS) lines.push(sign, `1${sign}`, ` ${sign} `);
  // The digit five of each writing system beside an ASCII digit and between spaces (every digit alone is in foreignDigitLines).
  for (const five of foreignDigits().filter((_, index) => index % 10 === 5)) lines.push(`1${five}`, ` ${five} `);
  return lines;
}

/** Whole numbers that are not cell numbers: 0 to 999 outside 1 to 9, leading zeros, and ones whose value wraps into 1 to 9 in 32 or 64 bits. */
function outOfRangeLines(): string[] {
  const lines = ['0', '00', '000', ' 0 ', '\t0', '0'.repeat(60), '010', '0010', ' 99999 '];
  for (let number = 10; number <= 999; number += 1) lines.push(String(number));
  for (let cell = 1; cell <= 9; cell += 1) {
    lines.push(
      String(2 ** 32 + cell),
      String(2 ** 31 + cell),
      `${2 ** 53 + cell}`,
      `${cell}${'0'.repeat(30)}`,
      `1${'0'.repeat(400)}${cell}`,
      `1${'0'.repeat(5000)}${cell}`,
      `${'9'.repeat(20)}${cell}`,
    );
  }
  return lines;
}

/** Checks askMove on the cases in one crossing: what the player saw and what it returned, the first wrong case shown whole. */
function expectAsks(cases: readonly { lines: string[]; board: TestBoard; player: Mark }[]): void {
  const ios: ScriptedIO[] = cases.map(({ lines }) => scriptedIO(lines));
  const outcomes = callEach(
    askMove,
    cases.map(({ board, player }, index) => [ios[index] as ScriptedIO, [...board], player] as [ScriptedIO, Board, Mark]),
  );
  cases.forEach(({ lines, board, player }, index) => {
    const outcome = outcomes[index];
    if (outcome === undefined) return;
    const call = `askMove for ${player} on ${pictureOf(board)}, typed ${lines.length} lines: ${shown(lines)}`;
    const expected = expectedAsk(lines, board, player);
    if (!outcome.ok) failWhole(call, `the answer ${shown(expected.result)}`, thrownText(outcome.error));
    const different = firstDifference(expected.transcript, (ios[index] as ScriptedIO).transcript());
    if (different !== null) failWhole(call, different.expected, different.actual);
    if (outcome.value !== expected.result) failWhole(call, `askMove returns ${shown(expected.result)}`, `it returned ${shown(outcome.value)}`);
  });
}

/** Wrong lines of the three kinds in turn: not a whole number, out of range, a taken cell of the board. */
function wrongLines(count: number, board: TestBoard): string[] {
  const taken = board.flatMap((cell, index) => (cell === ' ' ? [] : [String(index + 1)]));
  const kinds = [(n: number) => ['x', '', '5.0', ' ', '+1'][n % 5] as string, (n: number) => String(10 + n), (n: number) => taken[n % taken.length] ?? '0'];
  return Array.from({ length: count }, (_, n) => (kinds[n % 3] as (n: number) => string)(n));
}

/** Checks parseMove's answer for generated cases against the lesson's three questions. */
function checkParseMove(cases: fc.Arbitrary<MoveCase>): void {
  forEachGenerated(
    cases,
    parseMove,
    ({ raw, board }: MoveCase) => [raw, [...board]] as [string, Board],
    ({ raw, board }, answer) => {
      expectSame(`parseMove(${quoted(raw)}, ${pictureOf(board)})`, answer, expectedMove(raw, board));
    },
  );
}

task(1, () => {
  test('parseMove accepts any empty cell of any board, typed with spaces, tabs or leading zeros', () => {
    checkParseMove(emptyCellTyped);
  });

  test('parseMove accepts each cell typed every way the lesson allows, on the empty board and where it is the only empty cell', () => {
    for (let number = 1; number <= 9; number += 1) expectEach(parseMove, moveCases(typings(number), [boardOf(EMPTY_PICTURE), onlyEmpty(number)]));
  });

  test('parseMove allows each character trim() removes, before and after a cell number', () => {
    // The lesson's list is JavaScript's: trim() removes exactly these characters of the first 65,536.
    const removed = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((character) => character.trim() === '');
    if ([...removed].sort().join('') !== [...TRIMMED].sort().join('')) throw new Error(`TRIMMED is not what trim() removes: ${JSON.stringify(removed)}`);
    const lines = TRIMMED.flatMap((character) => [`${character}5`, `5${character}`, `${character}${character}7${character}`]);
    expectEach(parseMove, moveCases(lines, [boardOf(EMPTY_PICTURE)]));
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

  test('parseMove rejects every line of the table, every ASCII sign, trim-proof invisible character and foreign digit around or inside a digit', () => {
    const lines = notWholeLines().sort((a, b) => a.length - b.length);
    expectEach(parseMove, moveCases(lines, [boardOf(EMPTY_PICTURE), boardOf(FULL_PICTURE)]));
  });

  test('parseMove rejects each digit of every other writing system (Unicode decimal digits that are not 0 to 9)', () => {
    expectEach(parseMove, moveCases(foreignDigits(), [boardOf(EMPTY_PICTURE)]));
  });
});

task(3, () => {
  test('parseMove says "out of range" for any whole number below 1 or above 9, even very long ones, on any board', () => {
    checkParseMove(fc.record({ raw: wholeOutOfRange, board: fc.oneof(playedBoard, anyFilling) }));
  });

  test('parseMove says "taken" for any taken cell of any board, however it is typed', () => {
    checkParseMove(takenCellTyped);
  });

  test('parseMove says "out of range" for 0, every whole number from 10 to 999, and the ones 32-bit or 64-bit arithmetic would wrap into 1 to 9', () => {
    const lines = outOfRangeLines();
    // On a full board too, where checking the board before the range would say "taken".
    const onFullBoard = lines.filter((line) => line.trim().length !== 3);
    expectEach(parseMove, [...moveCases(lines, [boardOf(EMPTY_PICTURE)]), ...moveCases(onFullBoard, [boardOf(FULL_PICTURE)])]);
  });

  test('parseMove says "taken" for each cell held by X or O, typed every way the lesson allows, where it is the only taken cell', () => {
    for (let number = 1; number <= 9; number += 1) expectEach(parseMove, moveCases(typings(number), [onlyTaken(number, 'X'), onlyTaken(number, 'O')]));
  });

  test('parseMove answers about one board as it is now, after each change made to it in place, and never changes it', () => {
    const numbers = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
    expectAlongChanges(
      Array<TestBoard[number]>(9).fill(' '),
      CHANGING_BOARD,
      writeBoard,
      (board) => numbers.map((raw) => parseMove(raw, board)),
      (picture) => numbers.map((raw) => expectedMove(raw, boardOf(picture))),
      (picture, step) =>
        `parseMove("1") to parseMove("9") on the same board object, changed in place to ${picture} (change ${step + 1} of ${CHANGING_BOARD.length})`,
      pictureOfCells,
      firstDifferentAnswer(numbers.map((raw) => `parseMove("${raw}", board)`)),
    );
  });
});

/** parseCoordinates cases for lines on boards (as grids), each answered by the lesson's four checks. */
function coordinatesCases(lines: readonly string[], boards: readonly TestBoard[]): TellingCase<[string, Grid], unknown>[] {
  return boards.flatMap((board) => {
    const grid = asGrid(board);
    return lines.map((raw) => ({
      args: [raw, grid] as [string, Grid],
      call: `parseCoordinates(${quoted(raw)}, ${pictureOf(board)})`,
      expected: expectedCoordinates(raw, grid),
    }));
  });
}

/** A row and a column (1 to 3) typed the ways the lesson allows: one or more spaces or tabs between, spaces around, leading zeros. */
function coordinateTypings(row: number, col: number): string[] {
  return [`${row} ${col}`, `${row}\t${col}`, ` ${row}   ${col} `, `${row} \t ${col}`, `0${row} 00${col}`, `  ${row}\t\t${col}  `];
}

/** Parts that are not whole numbers: signs, points, letters, foreign digits, number words JavaScript reads. */
const NOT_WHOLE_PARTS = [
  'a',
  '1.5',
  '1.',
  '-1',
  '+1',
  '1e0',
  '0x1',
  '0b1',
  '1_0',
  'Infinity',
  'NaN',
  '٢',
  '３',
  '²',
  '½',
  '1,',
  ',1',
  '१',
  '\u200b1',
  '1\u0085',
];

/** Lines with a bad part beside a number, both ways round, next to 0 and 4 so the whole-number check must come before the range check. */
function notWholeCoordinates(): string[] {
  return NOT_WHOLE_PARTS.flatMap((part) => [`${part} 2`, `2 ${part}`, `${part} 0`, `0 ${part}`, `${part} 4`, `4 ${part}`, `${part} ${part}`]);
}

/** Lines that are not exactly two parts. */
const NOT_TWO_PARTS_LINES = ['', ' ', '   ', '\t', '3', '12', '2,3', '2;3', '2-3', '1 2 3', '1\t2\t3', ' 1  2  3 ', '1 2 3 4', 'a b c', '0 0 0', '4 4 4'];

/** Rows and columns out of range: 0, 4 to 10, large ones, leading zeros, ones that wrap into 1 to 3 in 32 bits. */
function outOfRangeCoordinates(): string[] {
  const values = ['0', '00', '4', '5', '9', '10', '99', '4294967297', '4294967299', `1${'0'.repeat(30)}`];
  return values.flatMap((bad) => [`${bad} 1`, `1 ${bad}`, `${bad} 3`, `3 ${bad}`, `${bad} ${bad}`]);
}

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
        expectSame(`parseCoordinates(${quoted(raw)}, ${pictureOf(board)})`, answer, expectedCoordinates(raw, asGrid(board)));
      },
    );
  });

  test('parseCoordinates reads every row and column typed every way the lesson allows, on the empty grid and where it is the only empty cell', () => {
    for (let cell = 1; cell <= 9; cell += 1) {
      const [row, col] = [Math.ceil(cell / 3), ((cell - 1) % 3) + 1];
      expectEach(parseCoordinates, coordinatesCases(coordinateTypings(row, col), [boardOf(EMPTY_PICTURE), onlyEmpty(cell)]));
    }
  });

  test('parseCoordinates says "taken" for every cell held by X or O, where it is the only taken cell', () => {
    for (let cell = 1; cell <= 9; cell += 1) {
      const [row, col] = [Math.ceil(cell / 3), ((cell - 1) % 3) + 1];
      expectEach(parseCoordinates, coordinatesCases(coordinateTypings(row, col), [onlyTaken(cell, 'X'), onlyTaken(cell, 'O')]));
    }
  });

  test('parseCoordinates gives the first error of the four checks, in the lesson order, for lines wrong in one or more ways', () => {
    const lines = [...NOT_TWO_PARTS_LINES, ...notWholeCoordinates(), ...outOfRangeCoordinates()];
    expectEach(parseCoordinates, coordinatesCases(lines, [boardOf(EMPTY_PICTURE), boardOf(FULL_PICTURE)]));
  });

  test('parseCoordinates answers about one grid as it is now, after each change made to it in place, and never changes it', () => {
    const lines = ['1 1', '1 2', '1 3', '2 1', '2 2', '2 3', '3 1', '3 2', '3 3'];
    expectAlongChanges(
      asGrid(boardOf(EMPTY_PICTURE)),
      CHANGING_BOARD,
      writeGrid,
      (grid: TestGridCell[][]) => lines.map((raw) => parseCoordinates(raw, grid as Grid)),
      (picture) => lines.map((raw) => expectedCoordinates(raw, asGrid(boardOf(picture)))),
      (picture, step) =>
        `parseCoordinates("1 1") to parseCoordinates("3 3") on the same grid object, changed in place to ${picture} (change ${step + 1} of ${CHANGING_BOARD.length})`,
      pictureOfCells,
      firstDifferentAnswer(lines.map((raw) => `parseCoordinates("${raw}", grid)`)),
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
    holdsFor(fc.limitShrink(fc.array(askCase, { minLength: 1, maxLength: 6 }), SHRINKS.batch), 2, (cases) => {
      expectAsks(cases);
      return null;
    });
  });

  test('askMove keeps asking after 0 to 30 wrong lines of every kind, then returns the valid cell, or null when input ends', () => {
    const board = boardOf('X.. .O. ..X');
    const cases = [];
    for (let count = 0; count <= 30; count += 1) {
      const wrong = wrongLines(count, board);
      cases.push({ lines: [...wrong, count % 2 === 0 ? '3' : ' 07\t'], board, player: (count % 2 === 0 ? 'O' : 'X') as Mark });
      cases.push({ lines: wrong, board, player: (count % 2 === 0 ? 'X' : 'O') as Mark });
    }
    expectAsks(cases);
  });

  test('askMove stops at the first valid line, whatever follows it', () => {
    const board = boardOf('X.. .O. ...');
    expectAsks([
      { lines: ['2', '3'], board, player: 'O' },
      { lines: ['1', '5', '9', '8', 'x'], board, player: 'X' },
      { lines: ['9', ''], board, player: 'X' },
    ]);
  });

  test('askMove answers about one board as it is now, after each change made to it in place, and never changes it', () => {
    expectAlongChanges(
      Array<TestBoard[number]>(9).fill(' '),
      CHANGING_BOARD,
      writeBoard,
      (board) => {
        // Every taken cell, then every cell: the first empty one is the move.
        const lines = [...board.flatMap((cell, index) => (cell === ' ' ? [] : [String(index + 1)])), '1', '2', '3', '4', '5', '6', '7', '8', '9'];
        const io = scriptedIO(lines);
        const result = askMove(io, board, 'O');
        return { result, saw: io.transcript() };
      },
      (picture) => {
        const board = boardOf(picture);
        const lines = [...board.flatMap((cell, index) => (cell === ' ' ? [] : [String(index + 1)])), '1', '2', '3', '4', '5', '6', '7', '8', '9'];
        const expected = expectedAsk(lines, board, 'O');
        return { result: expected.result, saw: expected.transcript };
      },
      (picture, step) =>
        `askMove for O on the same board object, changed in place to ${picture} (change ${step + 1} of ${CHANGING_BOARD.length}), typed its taken cells and then 1 to 9`,
      pictureOfCells,
      (expected, actual) => {
        const wanted = expected as { result: number | null; saw: string };
        const got = actual as { result: unknown; saw: string };
        return (
          firstDifference(wanted.saw, got.saw) ??
          (got.result === wanted.result ? null : { expected: `askMove returns ${shown(wanted.result)}`, actual: `it returned ${shown(got.result)}` })
        );
      },
    );
  });
});
