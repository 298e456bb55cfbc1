/**
 * Generated inputs for the hidden suites (fast-check, seeded by support/property.ts): typed lines and
 * whole games (the boards come from legal-play.ts), and `forEachGenerated`, which checks a batch of
 * generated inputs in one crossing into the graded code. Nothing here imports student code.
 */
import type { TestCell, TestGridCell } from '../../support/boards.ts';
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
