/**
 * Lesson 08's game worked out for the hidden suite from the lesson text alone, without any student
 * code: the four drawings, typed lines of every kind with what each one means to each reading (made
 * by construction, so no parser is needed to know the answer), profiles of every shape, and whole
 * games with the transcript a player would see.
 */
import { fc } from '../../support/property.ts';
import type { TestBoard, TestCell } from '../../support/boards.ts';
import { emptyCellsOf, type TestMark } from '../../support/opponents.ts';
import { lineOwner } from './lines.ts';
import { expectedHeuristicMove, expectedRuleMove, withMark } from './computer-rules.ts';

/** A text a profile prints (the lesson's Phrase). */
export interface ModelPhrase {
  text: string;
  source: string;
}

/** How a profile draws, reads and speaks (the lesson's Profile, repeated so no student code is imported). */
export interface ModelProfile {
  name: 'ru-maps' | 'ru-maps-computer' | 'ru-lines' | 'ca-lab' | 'zh-grid';
  layout: Layout;
  reading: Reading;
  first: 'X' | 'lot';
  computer: 'rules' | 'heuristic' | null;
  readsWords: boolean;
  words: {
    banner: ModelPhrase[];
    prompt: ModelPhrase;
    wrongShape: ModelPhrase | null;
    notANumber: ModelPhrase | null;
    outOfRange: ModelPhrase | null;
    taken: ModelPhrase | null;
    computerTurn: ModelPhrase | null;
    computerPlays: ModelPhrase | null;
    computerWins: ModelPhrase | null;
    win: ModelPhrase | null;
    draw: ModelPhrase | null;
    noMove: ModelPhrase | null;
    noMoveWinner: string | null;
  };
}

export type Layout = 'maps' | 'lines' | 'lab' | 'grid';
export type Reading = 'python-int' | 'python-digits' | 'cin' | 'row-column';
export const LAYOUTS: readonly Layout[] = ['maps', 'lines', 'lab', 'grid'];
export const READINGS: readonly Reading[] = ['python-int', 'python-digits', 'cin', 'row-column'];

// ---------------------------------------------------------------- drawings

/** The indexes of row 0, 1 or 2. */
const rowOf = (row: number): number[] => [row * 3, row * 3 + 1, row * 3 + 2];

/** What a cell shows where empty cells show their number 1-9. */
const numbered = (board: readonly TestCell[], index: number): string => (board[index] === ' ' ? String(index + 1) : (board[index] as string));

/** The board as the lesson says each layout draws it, without the last line end. */
export function expectedDrawing(layout: Layout, board: readonly TestCell[]): string {
  const rows = [0, 1, 2].map(rowOf);
  if (layout === 'maps') return rows.map((row) => row.map((index) => numbered(board, index)).join(' ')).join('\n');
  if (layout === 'lines') return rows.map((row) => ` ${row.map((index) => numbered(board, index)).join(' | ')} `).join('\n---+---+---\n');
  if (layout === 'lab') return `${rows.map((row) => row.map((index) => ` | ${index} ${board[index]} |`).join('')).join('\n')}\n${'-'.repeat(52)}`;
  const lines = rows.map((row, number) => `${number + 1} ${row.map((index) => board[index]).join(' | ')}`);
  return `\n  1   2   3\n${lines.join('\n  ---------\n')}\n`;
}

// ---------------------------------------------------------------- typed lines

/** What a typed line means to a reading, known by how it was made. */
export type Meaning = { kind: 'number'; value: number } | { kind: 'junk' } | { kind: 'pair'; row: number | null; col: number | null } | { kind: 'shape' };

/** A typed line (or, for 'cin', a word) and what it means. */
export interface Token {
  text: string;
  meaning: Meaning;
}

/** The code points of 0 in scripts whose digits Python reads: ASCII, full-width, Arabic-Indic, Devanagari, mathematical bold. */
const ZEROS = [0x30, 0xff10, 0x660, 0x966, 0x1d7ce];

/** Every character Python's str.split() splits at (str.isspace()): tab to carriage return, U+001C to U+001F, the spaces of Unicode. */
export const PYTHON_SPLIT_SPACES: readonly string[] = [
  ...'\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680',
  ...Array.from({ length: 11 }, (_, step) => String.fromCharCode(0x2000 + step)),
  ...'\u2028\u2029\u202f\u205f\u3000',
];

/** The white space Python's int() skips around a number: split's, but not U+001C to U+001F. */
export const PYTHON_INT_SPACES: readonly string[] = PYTHON_SPLIT_SPACES.filter((space) => space < '\x1c' || space > '\x1f');

/** Characters that are no white space to Python: U+FEFF (JavaScript's \s and trim() take it for one), and invisible ones. */
export const NOT_PYTHON_SPACES: readonly string[] = ['\ufeff', '\u180e', '\u200b', '\u2060'];

/** White space Python's int() skips (and split() splits at), mostly the plain space. */
const SPACE = fc.oneof({ weight: 3, arbitrary: fc.constant(' ') }, { weight: 2, arbitrary: fc.constantFrom(...PYTHON_INT_SPACES) });
const spaces = (min: number) => fc.array(SPACE, { minLength: min, maxLength: 3 }).map((list) => list.join(''));

/** White space split() splits at, U+001C to U+001F too. */
const SPLIT_SPACE = fc.oneof({ weight: 3, arbitrary: fc.constant(' ') }, { weight: 2, arbitrary: fc.constantFrom(...PYTHON_SPLIT_SPACES) });
const splitSpaces = (min: number) => fc.array(SPLIT_SPACE, { minLength: min, maxLength: 3 }).map((list) => list.join(''));

/** Words no reading takes for a number: letters, a superscript two, a decimal point, doubled signs and underscores, hex. */
const NOT_NUMBERS = ['x', 'пять', 'seven', '七', '²', '7.0', '1e1', '--7', '+-1', '_7', '7_', '1__0', '0x7', '٣a', '+', '-', '五'];
const junkWord = fc.constantFrom(...NOT_NUMBERS);

/** The digits of a number ≥ 0 in one script, perhaps after leading zeros (a very long line when there are many). */
const digitsOf = (value: number) =>
  fc
    .tuple(fc.constantFrom(...ZEROS), fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 40, max: 120 })))
    .map(([zero, pad]) => [...('0'.repeat(pad) + String(value))].map((digit) => String.fromCodePoint(zero + Number(digit))).join(''));

/** A number as Python's int() reads it: a sign, digits of any script, single underscores between digits. */
const pythonWord = (value: number) =>
  fc.tuple(digitsOf(Math.abs(value)), fc.constantFrom('', '+'), fc.boolean()).map(([digits, plus, underscores]) => {
    const chars = [...digits];
    const joined = underscores && chars.length > 1 ? `${chars.slice(0, -1).join('')}_${chars.at(-1)}` : chars.join('');
    return `${value < 0 ? '-' : plus}${joined}`;
  });

/** A number as C++'s cin >> index reads it: a sign and the ASCII digits 0-9. */
const cinWord = (value: number) =>
  fc.tuple(fc.constantFrom('', '+'), fc.integer({ min: 0, max: 2 })).map(([plus, pad]) => `${value < 0 ? '-' : plus}${'0'.repeat(pad)}${Math.abs(value)}`);

/** Numbers mostly on the board, sometimes just off it. */
const cellNumber = (low: number, high: number) =>
  fc.oneof({ weight: 4, arbitrary: fc.integer({ min: low, max: high }) }, { weight: 1, arbitrary: fc.integer({ min: low - 2, max: high + 2 }) });

const numberToken = (value: number, text: string): Token => ({ text, meaning: { kind: 'number', value } });
const junk = (text: string): Token => ({ text, meaning: { kind: 'junk' } });

/** Lines for 'python-int': numbers with spaces around, signs and scripts; words; an empty line. */
const pythonIntToken: fc.Arbitrary<Token> = fc.oneof(
  {
    weight: 5,
    arbitrary: cellNumber(1, 9).chain((value) =>
      fc.tuple(spaces(0), pythonWord(value), spaces(0)).map(([before, word, after]) => numberToken(value, before + word + after)),
    ),
  },
  { weight: 1, arbitrary: fc.oneof(junkWord, fc.constant(''), fc.constant('1 2')).map(junk) },
);

/** Lines for 'python-digits': digits only (any script), or anything isdigit refuses: a sign, a space, an underscore, a word. */
const digitsToken: fc.Arbitrary<Token> = fc.oneof(
  {
    weight: 5,
    arbitrary: cellNumber(1, 9)
      .filter((value) => value >= 0)
      .chain((value) => digitsOf(value).map((text) => numberToken(value, text))),
  },
  { weight: 1, arbitrary: fc.oneof(junkWord, fc.constant(''), fc.constantFrom(' 7', '7 ', '+7', '1_0', '-1')).map(junk) },
);

/** Words for 'cin': a sign and ASCII digits, or anything else (digits of other scripts too). */
const cinToken: fc.Arbitrary<Token> = fc.oneof(
  { weight: 5, arbitrary: cellNumber(0, 8).chain((value) => cinWord(value).map((text) => numberToken(value, text))) },
  { weight: 1, arbitrary: fc.oneof(junkWord, fc.constantFrom('７', '٣', '𝟕')).map(junk) },
);

/** One word of a 'row-column' line: a number Python reads, or a word it does not. */
const pairWord: fc.Arbitrary<{ text: string; value: number | null }> = fc.oneof(
  { weight: 6, arbitrary: cellNumber(1, 3).chain((value) => pythonWord(value).map((text) => ({ text, value }))) },
  { weight: 1, arbitrary: junkWord.map((text) => ({ text, value: null })) },
);

/** Lines for 'row-column': two words with spaces around and between them, or another number of words. */
const rowColumnToken: fc.Arbitrary<Token> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(splitSpaces(0), pairWord, splitSpaces(1), pairWord, splitSpaces(0)).map(([a, row, between, col, b]) => ({
      text: `${a}${row.text}${between}${col.text}${b}`,
      meaning: { kind: 'pair', row: row.value, col: col.value } as Meaning,
    })),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.constant(0), fc.constant(1), fc.constant(3)).chain((count) =>
      fc.tuple(fc.array(pairWord, { minLength: count, maxLength: count }), splitSpaces(1), splitSpaces(0)).map(([words, between, around]) => ({
        text: around + words.map((word) => word.text).join(between),
        meaning: { kind: 'shape' } as Meaning,
      })),
    ),
  },
);

/** Typed lines (words for 'cin') for a reading. */
export function tokenFor(reading: Reading): fc.Arbitrary<Token> {
  return { 'python-int': pythonIntToken, 'python-digits': digitsToken, cin: cinToken, 'row-column': rowColumnToken }[reading];
}

// ---------------------------------------------------------------- reading

/** What readMove gives (the lesson's MoveReading). */
export type ModelReading = { ok: true; index: number } | { ok: false; message: string | null };

/** A phrase's text with the values put in, as the lesson's fill does. */
export function filled(phrase: ModelPhrase | null, values: Record<string, string> = {}): string | null {
  if (phrase === null) return null;
  return phrase.text.replace(/\{(player|number|cell|winner)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The lesson's table "Reading a move the way each program does", applied to what a line means. */
export function expectedReading(profile: ModelProfile, meaning: Meaning, board: readonly TestCell[]): ModelReading {
  const { words } = profile;
  const reject = (phrase: ModelPhrase | null, values?: Record<string, string>): ModelReading => ({ ok: false, message: filled(phrase, values) });
  const freeCell = (index: number, taken: () => ModelReading): ModelReading => (board[index] === ' ' ? { ok: true, index } : taken());
  switch (profile.reading) {
    case 'python-int': {
      if (meaning.kind !== 'number' || meaning.value < 1 || meaning.value > 9) return reject(null);
      return freeCell(meaning.value - 1, () => reject(null));
    }
    case 'python-digits': {
      if (meaning.kind !== 'number') return reject(words.notANumber);
      if (meaning.value < 1 || meaning.value > 9) return reject(words.outOfRange);
      return freeCell(meaning.value - 1, () => reject(words.taken));
    }
    case 'cin': {
      if (meaning.kind !== 'number' || meaning.value < 0 || meaning.value > 8) return reject(null);
      const cell = meaning.value;
      return freeCell(cell, () => reject(words.taken, { cell: String(cell) }));
    }
    case 'row-column': {
      if (meaning.kind !== 'pair') return reject(words.wrongShape);
      const { row, col } = meaning;
      if (row === null || col === null) return reject(words.notANumber);
      if (row < 1 || row > 3 || col < 1 || col > 3) return reject(words.outOfRange);
      return freeCell((row - 1) * 3 + (col - 1), () => reject(words.taken));
    }
  }
}

// ---------------------------------------------------------------- profiles

const phrase = (text: string): ModelPhrase => ({ text, source: 'hidden test' });

/** A phrase from pieces in several scripts, with a trailing space or a line end inside now and then. */
const someText = fc
  .tuple(fc.constantFrom('Ход', 'Jugues', '玩家', 'Turn', 'Ναι', 'à la'), fc.constantFrom('', ' ', '！', '，', ':', '\n…'), fc.constantFrom('', ' '))
  .map(([word, mark, end]) => `${word}${mark}${end}`);

/** A phrase of some text, perhaps with one placeholder the lesson fills there, or null. */
const maybe = (placeholder: string | null) =>
  fc.option(
    fc.tuple(someText, fc.boolean()).map(([text, withPlaceholder]) => phrase(withPlaceholder && placeholder !== null ? `${text}{${placeholder}}!` : text)),
    { freq: 3 },
  );

/**
 * A profile of its own: any layout and reading, its own words (some null), X first and no computer
 * (task 3), or a computer in O's seat and perhaps the lot (task 4); with or without a draw phrase,
 * so a full board can come at the computer's turn, and with or without a noMoveWinner.
 */
export function customProfile(withComputer: boolean): fc.Arbitrary<ModelProfile> {
  return fc
    .record({
      layout: fc.constantFrom(...LAYOUTS),
      reading: fc.constantFrom(...READINGS),
      first: withComputer ? fc.constantFrom<'X' | 'lot'>('X', 'lot') : fc.constant<'X'>('X'),
      computer: withComputer ? fc.constantFrom<'rules' | 'heuristic'>('rules', 'heuristic') : fc.constant(null),
      banner: fc.array(someText.map(phrase), { maxLength: 2 }),
      prompt: fc.tuple(someText, fc.constantFrom('{player}', '{number}', '{player} {number}', '')).map(([text, holes]) => phrase(`${text}${holes}: `)),
      wrongShape: maybe(null),
      notANumber: maybe(null),
      outOfRange: maybe(null),
      taken: maybe('cell'),
      computerTurn: maybe(null),
      computerPlays: maybe('cell'),
      computerWins: maybe(null),
      win: maybe('winner'),
      draw: maybe(null),
      noMove: maybe(null),
      noMoveWinner: fc.option(fc.constantFrom('дружба', 'nobody', '平局'), { freq: 3 }),
    })
    .map((drawn) => {
      const cin = drawn.reading === 'cin';
      // Only ca-lab's reading fills {cell} into `taken`; elsewhere the lesson leaves it as it is, so no test relies on it.
      const taken = drawn.taken !== null && !cin ? phrase(drawn.taken.text.replace('{cell}', '')) : drawn.taken;
      return {
        name: 'ru-lines',
        layout: drawn.layout,
        reading: drawn.reading,
        first: drawn.first,
        computer: drawn.computer,
        readsWords: cin,
        words: { ...drawn, taken },
      } as unknown as ModelProfile;
    })
    .map((profile) => ({ ...profile, words: pickWords(profile.words as unknown as Record<string, unknown>) }));
}

/** Only the fields of Words, in the lesson's order. */
function pickWords(drawn: Record<string, unknown>): ModelProfile['words'] {
  const keys = [
    'banner',
    'prompt',
    'wrongShape',
    'notANumber',
    'outOfRange',
    'taken',
    'computerTurn',
    'computerPlays',
    'computerWins',
    'win',
    'draw',
    'noMove',
    'noMoveWinner',
  ];
  return Object.fromEntries(keys.map((key) => [key, drawn[key]])) as ModelProfile['words'];
}

// ---------------------------------------------------------------- games

/** How a game ended, and everything the player saw (each typed line right after its prompt). */
export interface ModelGame {
  screen: string;
  result: TestMark | 'draw' | 'quit';
  asked: number;
}

/** Who starts the game, as task 4 says; `drawn` is the rng's number when the lot is drawn. */
export function expectedFirst(profile: ModelProfile, first: TestMark | undefined, drawn: number): TestMark {
  if (profile.first === 'X') return 'X';
  if (first !== undefined) return first;
  return drawn < 0.5 ? 'X' : 'O';
}

/** Plays the lesson's steps (tasks 3 and 4) with the typed tokens; `starter` moves first. */
export function expectedGame(profile: ModelProfile, tokens: readonly Token[], starter: TestMark): ModelGame {
  const { words } = profile;
  let screen = '';
  let asked = 0;
  const print = (text: string | null): void => {
    if (text !== null) screen += `${text}\n`;
  };
  const queue = [...tokens];
  let board: TestBoard = Array(9).fill(' ');
  let player = starter;
  const noMove = (): ModelGame => {
    print(filled(words.noMove));
    print(expectedDrawing(profile.layout, board));
    if (words.noMoveWinner !== null) print(filled(words.win, { winner: words.noMoveWinner }));
    return { screen, result: 'draw', asked };
  };
  for (const banner of words.banner) print(banner.text);
  print(expectedDrawing(profile.layout, board));
  for (;;) {
    let cell: number;
    if (profile.computer !== null && player === 'O') {
      print(filled(words.computerTurn));
      if (emptyCellsOf(board).length === 0) return noMove();
      const answer = profile.computer === 'rules' ? expectedRuleMove(board, 'O') : expectedHeuristicMove(board, 'O');
      if (answer === null) return noMove();
      print(filled(words.computerPlays, { cell: String(answer) }));
      if (lineOwner(withMark(board, answer, 'O')) === 'O') print(filled(words.computerWins));
      cell = answer;
    } else {
      if (emptyCellsOf(board).length === 0) return noMove();
      const prompt = filled(words.prompt, { player, number: player === 'X' ? '1' : '2' }) as string;
      let reading: ModelReading | undefined;
      while (reading === undefined || !reading.ok) {
        asked += 1;
        const token = queue.shift();
        if (token === undefined) {
          screen += prompt;
          return { screen, result: 'quit', asked };
        }
        screen += `${prompt}${token.text}\n`;
        reading = expectedReading(profile, token.meaning, board);
        if (!reading.ok) print(reading.message);
      }
      cell = reading.index;
    }
    board = withMark(board, cell, player);
    print(expectedDrawing(profile.layout, board));
    if (lineOwner(board) === player) {
      print(filled(words.win, { winner: player }));
      return { screen, result: player, asked };
    }
    if (words.draw !== null && emptyCellsOf(board).length === 0) {
      print(words.draw.text);
      return { screen, result: 'draw', asked };
    }
    player = player === 'X' ? 'O' : 'X';
  }
}

// ---------------------------------------------------------------- telling lines

/** The information separators U+001C to U+001F: white space to split(), not to int(). */
const SEPARATORS: readonly string[] = ['\x1c', '\x1d', '\x1e', '\x1f'];

/** A seven in scripts whose digits Python reads, alone or after zeros of other scripts. */
const SEVENS: readonly string[] = ['٧', '７', '𝟕', '߇', '៧', '᠗', '٠٧', '0７', '007'];

/** Texts JavaScript reads as a number (Number, parseInt, parseFloat) that Python's int() and C++'s cin >> refuse. */
const JAVASCRIPT_ONLY_NUMBERS: readonly string[] = [
  '7.0',
  '7.',
  '.7e1',
  '0x7',
  '0o7',
  '0b1',
  '1e0',
  '7e0',
  'Infinity',
  '7a',
  '7_',
  '_7',
  '1__0',
  '+-7',
  '--7',
  '++7',
];

/** Lines no reading takes for a number: blanks and signs alone, digits isdigit() takes but int() cannot read, numerals that are no digits. */
const NO_NUMBERS: readonly string[] = ['', ' ', '+', '-', '²', '⑦', 'Ⅶ', '七', 'seven', '7 7'];

const number =
  (value: number) =>
  (text: string): Token => ({ text, meaning: { kind: 'number', value } });
const nothing = (text: string): Token => ({ text, meaning: { kind: 'junk' } });
const pair =
  (row: number | null, col: number | null) =>
  (text: string): Token => ({ text, meaning: { kind: 'pair', row, col } });
const shape = (text: string): Token => ({ text, meaning: { kind: 'shape' } });

/**
 * Lines (words for 'cin') that tell each reading's rules apart from near misses on every run: every
 * character where Python's white space and JavaScript's differ, around a number and between two,
 * digits of other scripts, what Number() and parseInt() read and Python and C++ do not, and each
 * check of the lesson's table in its order.
 */
export function tellingTokens(reading: Reading): Token[] {
  switch (reading) {
    case 'python-int':
      return [
        ...['7', '+7', '07', '0_7', '+0_7', '-7', '0', '10'].map((text) => number(Number(text.replace('_', '')))(text)),
        ...SEVENS.map(number(7)),
        ...PYTHON_INT_SPACES.map((space) => number(7)(`${space}7${space}`)),
        ...[...SEPARATORS, ...NOT_PYTHON_SPACES].flatMap((space) => [nothing(`${space}7`), nothing(`7${space}`)]),
        ...[...JAVASCRIPT_ONLY_NUMBERS, ...NO_NUMBERS].map(nothing),
      ];
    case 'python-digits':
      return [
        ...['7', '07', '0007', '1', '9'].map((text) => number(Number(text))(text)),
        ...SEVENS.filter((text) => /^\p{Nd}+$/u.test(text)).map(number(7)),
        ...['0', '٠', '００'].map(number(0)),
        ...['10', '１０'].map(number(10)),
        number(99)('99'),
        ...['+7', '-7', '1_0', ' 7', '7 ', '\x857', '７\u3000', '\ufeff7'].map(nothing),
        ...[...JAVASCRIPT_ONLY_NUMBERS, ...NO_NUMBERS].map(nothing),
      ];
    case 'cin':
      return [
        ...['6', '+6', '06', '0006', '0', '+0', '-0', '8', '9', '-1', '10'].map((text) => number(Number(text))(text)),
        ...['７', '٧', '𝟕', '߇', ' 7', '7 ', '\t7', '\ufeff7', '1_0', '0_7'].map(nothing),
        ...[...JAVASCRIPT_ONLY_NUMBERS, ...NO_NUMBERS].map(nothing),
      ];
    case 'row-column':
      return [
        ...['3 1', '٣ ١', '+3 01', '0_3 1', '３　１'].map(pair(3, 1)),
        ...PYTHON_SPLIT_SPACES.flatMap((space) => [
          pair(3, 1)(`3${space}1`),
          pair(3, 1)(`${space}3 1${space}`),
          pair(2, 2)(`${space}${space}2${space}${space}2`),
        ]),
        ...NOT_PYTHON_SPACES.flatMap((space) => [shape(`3${space}1`), pair(null, 1)(`${space}3 1`), pair(3, null)(`3 1${space}`)]),
        ...JAVASCRIPT_ONLY_NUMBERS.map((text) => pair(null, 1)(`${text} 1`)),
        pair(4, null)('4 a'),
        pair(null, 4)('a 4'),
        pair(0, null)('0 x'),
        pair(3, null)('3 ²'),
        ...['4 4', '0 3', '3 0', '-1 2', '1 4'].map((text) => {
          const [row, col] = text.split(' ').map(Number);
          return pair(row as number, col as number)(text);
        }),
        ...['', ' ', '\u3000', '3', '3 1 1', '3,1', '3\u200b1', '1 2 3'].map(shape),
      ];
  }
}
