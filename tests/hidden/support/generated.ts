/**
 * Generated inputs for the hidden suites (fast-check, seeded by support/property.ts): typed lines and
 * whole games (the boards come from legal-play.ts), and `forEachGenerated`, which checks a batch of
 * generated inputs in one crossing into the graded code. Nothing here imports student code.
 */
import { expect } from 'vitest';
import { boardOf, pictureOf, type TestCell, type TestGridCell } from '../../support/boards.ts';
import { cellOrder, holdsFor, wholeMessageOf } from './legal-play.ts';
import { fc, SHRINKS } from '../../support/property.ts';
import { callEach } from '../../support/sealed.ts';
import { expectedGame, type TestMark } from './rules.ts';

/** How many generated inputs one crossing carries, and how many crossings a property makes, unless it says otherwise. */
const BATCH = 20;
const CROSSINGS = 2;

/**
 * The fewest inputs a crossing carries (or the whole batch, when a property asks for fewer). fast-check
 * favours short lists: without a floor, a property of two crossings could check two or three inputs
 * on one seed and forty on another, and a partly wrong hand-in would score better on a lucky seed.
 */
const MIN_BATCH = 10;

/**
 * Checks `check(input, answer)` for generated inputs: each of `crossings` runs sends a batch of
 * `MIN_BATCH` to `batch` inputs to `fn` in one crossing. A wrong answer (or a throw) fails the
 * property, which fast-check then shrinks a few times (SHRINKS.batch) towards smaller inputs; the
 * message names the one input of the shrunk batch that failed and what went wrong there, whole, for
 * the teacher (fast-check's own report would show the whole batch first, and the assertion's message
 * only the first few dozen characters of each answer).
 */
export function forEachGenerated<I, A extends unknown[], R>(
  inputs: fc.Arbitrary<I>,
  fn: (...args: A) => R,
  argsOf: (input: I) => A,
  check: (input: I, answer: R) => void,
  { batch = BATCH, crossings = CROSSINGS }: { batch?: number; crossings?: number } = {},
): void {
  const cases = fc.limitShrink(fc.array(inputs, { minLength: Math.min(MIN_BATCH, batch), maxLength: batch }), SHRINKS.batch);
  /** The first input of the batch that failed and what went wrong there, or null. */
  const firstFailure = (list: I[]): string | null => {
    const outcomes = callEach(fn, list.map(argsOf));
    for (const [index, input] of list.entries()) {
      // The batch stops at the first call that threw, so there is an outcome up to it.
      const outcome = outcomes[index];
      if (outcome === undefined) return null;
      const shown = `Counterexample: ${fc.stringify(argsOf(input))}`;
      if (!outcome.ok) return `${shown}\nthe call threw ${describeError(outcome.error)}`;
      try {
        check(input, outcome.value);
      } catch (error) {
        return `${shown}\n${wholeMessageOf(error)}`;
      }
    }
    return null;
  };
  holdsFor(cases, crossings, firstFailure);
}

/** A thrown value in a few words. */
function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
}

// Fixed and exhaustive cases.

/**
 * How many cases expectEach sends at a time: a hand-in that fails is stopped after the chunk with its
 * first wrong answer, and the grader never holds the answers of more cases than this at once.
 */
const CASES_PER_CHUNK = 256;

/** One case the lesson text decides: the arguments, the call as the teacher reads it, and the answer the text gives. */
export interface TellingCase<A extends unknown[], R> {
  args: A;
  call: string;
  expected: R;
}

/**
 * Fails with one message that holds the expected and the actual answer and the call, each whole, on
 * three lines, the call last (the gradebook keeps the first 600 characters of a message: the answers
 * come first so that a very long call cannot push them out).
 */
export function failWhole(call: string, expected: string, actual: string): never {
  const failure = new Error(`expected: ${expected}\nactual:   ${actual}\nfor:      ${call}`);
  // Named as the test tools name a failed expectation, so reports say a check failed, not that the code threw.
  failure.name = 'AssertionError';
  throw failure;
}

/** Fails, with both answers whole, unless `actual` equals `expected` as toEqual sees it. */
export function expectSame(call: string, actual: unknown, expected: unknown): void {
  if (!equalAnswers(actual, expected)) failWhole(call, shown(expected), shown(actual));
}

/** How two answers differ, both whole, or null when they are equal as toEqual sees it. */
export function wholeDifference(expected: unknown, actual: unknown): { expected: string; actual: string } | null {
  return equalAnswers(actual, expected) ? null : { expected: shown(expected), actual: shown(actual) };
}

/** How two lists of answers to the `calls` differ: the first call whose answer differs, or null. */
export function firstDifferentAnswer(calls: readonly string[]): (expected: unknown, actual: unknown) => { expected: string; actual: string } | null {
  return (expected, actual) => {
    const wanted = expected as unknown[];
    const got = Array.isArray(actual) ? (actual as unknown[]) : [];
    const index = wanted.findIndex((answer, at) => !equalAnswers(got[at], answer));
    if (index === -1) return null;
    return { expected: `${calls[index]} → ${shown(wanted[index])}`, actual: `${calls[index]} → ${shown(got[index])}` };
  };
}

/** True when `actual` equals `expected` as toEqual sees it. */
function equalAnswers(actual: unknown, expected: unknown): boolean {
  // Most answers are right, and plainly so: toEqual is asked only about the rest.
  if (plainlyEqual(actual, expected)) return true;
  try {
    expect(actual).toEqual(expected);
    return true;
  } catch {
    return false;
  }
}

/**
 * True when two values are the same primitives (as Object.is sees them), or arrays or plain objects
 * with the same own keys whose values are plainly equal: equal as toEqual sees them too. False says
 * nothing (a value of any other kind is left to toEqual).
 */
function plainlyEqual(actual: unknown, expected: unknown): boolean {
  if (typeof actual !== 'object' || actual === null || typeof expected !== 'object' || expected === null) return Object.is(actual, expected);
  const arrays = Array.isArray(actual);
  if (arrays !== Array.isArray(expected)) return false;
  if (!arrays && (!isPlainObject(actual) || !isPlainObject(expected))) return false;
  const keys = Object.keys(expected);
  if (Object.keys(actual).length !== keys.length || Object.getOwnPropertySymbols(actual).length + Object.getOwnPropertySymbols(expected).length > 0)
    return false;
  if (arrays && (actual as unknown[]).length !== (expected as unknown[]).length) return false;
  return keys.every((key) => Object.hasOwn(actual, key) && plainlyEqual((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key]));
}

/** True for an object made by {} or Object.create(null), with no getters or setters. */
function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(Object.getOwnPropertyDescriptors(value)).every((descriptor) => 'value' in descriptor);
}

/** A value as a failure message shows it: text quoted with invisible characters spelled out, anything else as JSON. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  if (value === undefined) return 'undefined';
  return JSON.stringify(value) ?? String(value);
}

/** Text in double quotes, with tabs, line ends and every invisible or unusual space spelled out (\u00a0). */
export function quoted(text: string): string {
  return `"${spelledOut(text).replace(/"/g, '\\"')}"`;
}

/** Text with each control, format or space character other than " " written as an escape. */
function spelledOut(text: string): string {
  return text.replace(/[^\P{C}]|[^\P{Z}]/gu, (character) =>
    character === ' '
      ? ' '
      : character === '\t'
        ? '\\t'
        : character === '\n'
          ? '\\n'
          : `\\u${(character.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  );
}

/** A thrown value, as a failure message names it. */
export function thrownText(error: unknown): string {
  return `threw ${describeError(error)}`;
}

/**
 * Calls `fn` on every case, a chunk at a time, and fails on the first case (list them smallest
 * first) whose answer is not the one the lesson text gives, or that throws: the call, the expected
 * and the actual answer, whole. The calls cross in batches whose arguments are copies: a change the
 * code makes to them does not come back (expectAlongChanges checks that).
 */
export function expectEach<A extends unknown[], R>(fn: (...args: A) => unknown, cases: readonly TellingCase<A, R>[]): void {
  for (let start = 0; start < cases.length; start += CASES_PER_CHUNK) {
    const chunk = cases.slice(start, start + CASES_PER_CHUNK);
    const outcomes = callEach(
      fn,
      chunk.map((telling) => telling.args),
    );
    for (const [index, telling] of chunk.entries()) {
      // The calls stop at the first one that threw, so there is an outcome up to it.
      const outcome = outcomes[index];
      if (outcome === undefined) return;
      if (!outcome.ok) failWhole(telling.call, shown(telling.expected), thrownText(outcome.error));
      if (!equalAnswers(outcome.value, telling.expected)) failWhole(telling.call, shown(telling.expected), shown(outcome.value));
    }
  }
}

/**
 * Where two transcripts first differ, for a failure message: the line number and the two lines,
 * whole, or null when they are equal.
 */
export function firstDifference(expected: string, actual: string): { expected: string; actual: string } | null {
  if (expected === actual) return null;
  const wanted = expected.split('\n');
  const got = actual.split('\n');
  let line = 0;
  while (line < wanted.length && wanted[line] === got[line]) line += 1;
  const at = (lines: string[]): string => (line < lines.length ? quoted(lines[line] as string) : '(nothing: the text ends before it)');
  return { expected: `line ${line + 1} of what the players see is ${at(wanted)}`, actual: `line ${line + 1} is ${at(got)}` };
}

// One object changed in place.

/**
 * The boards one board object goes through, in order, in the tests of a board changed in place:
 * marks added one by one up to X's line, a mark moved so the counts stay and the line goes, O's
 * line, a full board, every mark swapped, and back to empty.
 */
export const CHANGING_BOARD: readonly string[] = [
  '... ... ...',
  'X.. ... ...',
  'X.. O.. ...',
  'XX. O.. ...',
  'XX. OO. ...',
  'XXX OO. ...',
  'XX. OO. X..',
  'XX. OOO X..',
  'XOX XOO OXX',
  'OXO OXX XOO',
  '... ... ...',
];

/** Writes the cells of `picture` into `board` in place (the same array, new contents). */
export function writeBoard(board: TestCell[], picture: string): void {
  boardOf(picture).forEach((cell, index) => {
    board[index] = cell;
  });
}

/** Writes the cells of `picture` into `grid` in place (the same rows, new contents). */
export function writeGrid(grid: TestGridCell[][], picture: string): void {
  asGrid(boardOf(picture)).forEach((row, rowIndex) => {
    row.forEach((cell, column) => {
      (grid[rowIndex] as TestGridCell[])[column] = cell;
    });
  });
}

/**
 * Asks `ask(target)` about one object that changes in place between the calls, as a game changes
 * its board: each of `states` in turn is written into the same `target`, and the test fails at the
 * first answer that is not `expectedOf(state)`, or when a call changed the object (`pictureOfTarget`
 * tells). Code that remembers its answer per object fails here. Each call crosses alone, so a change
 * the code makes to the object comes back to it. `differ` says how two answers differ (null: they do not).
 */
export function expectAlongChanges<T, S>(
  target: T,
  states: readonly S[],
  write: (target: T, state: S) => void,
  ask: (target: T) => unknown,
  expectedOf: (state: S) => unknown,
  callOf: (state: S, step: number) => string,
  pictureOfTarget: (target: T) => string,
  differ: (expected: unknown, actual: unknown) => { expected: string; actual: string } | null = wholeDifference,
): void {
  for (const [step, state] of states.entries()) {
    write(target, state);
    const before = pictureOfTarget(target);
    const expected = expectedOf(state);
    let answer: unknown;
    try {
      answer = ask(target);
    } catch (error) {
      failWhole(callOf(state, step), shown(expected), thrownText(error));
    }
    const different = differ(expected, answer);
    if (different !== null) failWhole(callOf(state, step), different.expected, different.actual);
    const after = pictureOfTarget(target);
    if (after !== before) failWhole(callOf(state, step), `the answer ${shown(expected)}, and ${before} left as it was`, `${before} changed to ${after}`);
  }
}

/** The picture of a board or of a grid ('X.. .O. ...'), for expectAlongChanges. */
export function pictureOfCells(target: readonly (TestCell | readonly TestGridCell[])[]): string {
  if (target.every((cell) => typeof cell === 'string')) return pictureOf(target as readonly TestCell[]);
  return (target as readonly (readonly TestGridCell[])[]).map((row) => row.join('')).join(' ');
}

/**
 * Boards no real game reaches, beside the ones it does: for each of the 512 sets of cells, X on
 * those cells with O on the rest, X on them with the rest empty, and O on them with the rest empty
 * (1,533 boards, fewest marks first). Any answer that depends on where one mark stands, or on both
 * marks of a full board, is asked here for every case it can meet.
 */
export function everySetOfCells(): readonly TestCell[][] {
  const boards = new Map<string, TestCell[]>();
  for (let set = 0; set < 512; set += 1) {
    const inSet = (index: number): boolean => (set & (1 << index)) !== 0;
    for (const [mark, rest] of [
      ['X', 'O'],
      ['X', ' '],
      ['O', ' '],
    ] as const) {
      const board = Array.from({ length: 9 }, (_, index): TestCell => (inSet(index) ? mark : rest));
      boards.set(board.join(''), board);
    }
  }
  const marks = (board: readonly TestCell[]): number => board.filter((cell) => cell !== ' ').length;
  return [...boards.values()].sort((a, b) => marks(a) - marks(b) || (a.join('') < b.join('') ? -1 : 1));
}

// Boards.

/** A board as a lesson 01 grid (rows of '.', 'X', 'O'). */
export function asGrid(board: readonly TestCell[]): TestGridCell[][] {
  return [0, 1, 2].map((row) => board.slice(row * 3, row * 3 + 3).map((cell): TestGridCell => (cell === ' ' ? '.' : cell)));
}

// Typed lines.

/** Spaces and tabs, the only characters allowed around a number. */
export const blanks: fc.Arbitrary<string> = fc.string({ unit: fc.constantFrom(' ', '\t'), maxLength: 3 });

/** Spaces only (around a row-and-column line, or a yes/no answer). */
export const spaces: fc.Arbitrary<string> = fc.string({ unit: fc.constant(' '), maxLength: 3 });

/** Digits of other writing systems (Arabic-Indic, Persian, Devanagari, Bengali, Thai, full-width, bold maths, superscripts, circled). */
const FOREIGN_DIGITS = [...'٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹०१२३४५६७८९০১২৩৪৫৬৭৮৯๐๑๒๓๔๕๖๗๘๙０１２３４５６７８９𝟎𝟏𝟓𝟗¹²³⁵①⑤'];

/** Characters that JavaScript's number parsing accepts around digits, and other things a player types. */
const OTHER_CHARACTERS = [...'+-−±.,_eExXobn/ *#aZé€🎲', 'Infinity', 'NaN', '0x', '1e', '0b', '0o'];

/** One piece of a typed line: a digit, a foreign digit, a sign or letter, a space or a tab. */
const piece: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...'0123456789') },
  { weight: 2, arbitrary: fc.constantFrom(...FOREIGN_DIGITS) },
  { weight: 2, arbitrary: fc.constantFrom(...OTHER_CHARACTERS) },
  { weight: 1, arbitrary: fc.constantFrom(' ', '\t') },
);

/** A line a player might type: mixtures of digits, foreign digits, signs, letters, spaces and tabs, empty, or very long. */
export const anyLine: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join('')) },
  { weight: 1, arbitrary: blanks },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.integer({ min: 200, max: 1000 }))
      .map(([pieces, times]) => pieces.join('').repeat(times)),
  },
);

/** Leading zeros (a whole number may have them). */
const zeros: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.string({ unit: fc.constant('0'), minLength: 1, maxLength: 40 }) },
);

/** A cell number typed the ways the lesson allows: spaces or tabs around it, leading zeros. */
export function typedCell(number: number): fc.Arbitrary<string> {
  return fc.tuple(blanks, zeros, blanks).map(([before, leading, after]) => `${before}${leading}${number}${after}`);
}

/** A whole number that is not a cell number: 0, 10 and above, very long; with leading zeros and blanks around. */
export const wholeOutOfRange: fc.Arbitrary<string> = fc
  .tuple(
    blanks,
    zeros,
    fc.oneof(
      fc.constant('0'),
      fc.integer({ min: 10, max: 10 ** 9 }).map(String),
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 12, maxLength: 400 }).map((digits) => `1${digits}`),
    ),
    blanks,
  )
  .map(([before, leading, digits, after]) => `${before}${leading}${digits}${after}`);

// Games.

/** A generated game: who starts, and the lines typed. */
export interface GameScript {
  first: TestMark;
  lines: string[];
}

/** A line a player gets wrong during a game: not a whole number, out of range, or (by number) a cell that may be taken. */
const wrongLine: fc.Arbitrary<{ kind: 'line'; line: string } | { kind: 'earlier'; back: number }> = fc.oneof(
  anyLine.filter((line) => !/^[ \t]*[0-9]+[ \t]*$/.test(line)).map((line) => ({ kind: 'line' as const, line })),
  wholeOutOfRange.map((line) => ({ kind: 'line' as const, line })),
  fc.integer({ min: 1, max: 8 }).map((back) => ({ kind: 'earlier' as const, back })),
);

/** How a generated game is typed: who starts, whether wrong lines come between the moves, whether input ends early. */
export interface GameKind {
  first: fc.Arbitrary<TestMark>;
  wrongLines: boolean;
  quit: fc.Arbitrary<boolean>;
}

/**
 * The lines of one game: the cells of a random order (typed with blanks after some), with wrong
 * lines between some of them when asked for; cut so the game reads them all (no line is left after
 * a win or a draw), or, when it quits, cut before the game is over so input ends in the middle.
 */
export function gameScript({ first, wrongLines, quit }: GameKind): fc.Arbitrary<GameScript> {
  const wrong = wrongLines ? fc.array(fc.tuple(fc.integer({ min: 0, max: 8 }), wrongLine), { minLength: 1, maxLength: 4 }) : fc.constant([]);
  const moves = fc.tuple(cellOrder, wrong, fc.array(blanks, { minLength: 9, maxLength: 9 }));
  return fc.tuple(first, moves, quit, fc.nat()).map(([starter, [order, wrongs, pads], ends, cut]) => {
    const lines: string[] = [];
    order.forEach((index, move) => {
      for (const [at, line] of wrongs) {
        if (at !== move) continue;
        const earlier = order[Math.max(0, move - (line.kind === 'earlier' ? line.back : 0))] as number;
        lines.push(line.kind === 'line' ? line.line : String(earlier + 1));
      }
      lines.push(`${index + 1}${pads[move] ?? ''}`);
    });
    const read = expectedGame(lines, starter).linesRead;
    return { first: starter, lines: lines.slice(0, ends ? cut % read : read) };
  });
}

/** An answer to "Play again?" that plays on, stops, or is asked again (capitals and spaces around do not matter). */
export const againAnswer: fc.Arbitrary<string> = fc.tuple(spaces, fc.constantFrom('y', 'Y', 'yes', 'YES', 'Yes', 'yEs'), spaces).map((parts) => parts.join(''));
export const stopAnswer: fc.Arbitrary<string> = fc.tuple(spaces, fc.constantFrom('n', 'N', 'no', 'NO', 'No', 'nO'), spaces).map((parts) => parts.join(''));
export const unclearAnswer: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', 'maybe', 'yy', 'ye', 'nope', 'yes please', 'y n', 'oui', 'да', '1', 'n0', 'ies'),
  anyLine.filter((line) => !['y', 'yes', 'n', 'no'].includes(line.trim().toLowerCase())),
);

/** A coin for a game of a match: the rng's number, from 0 up to 1, with the edges around 0.5 likely. */
export const coin: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, 0.5, 0.4999999, 0.5000001, 0.9999999),
  fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
);
