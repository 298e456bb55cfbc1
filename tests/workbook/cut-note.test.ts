/**
 * The note that ends a cut text ("(… 3,999,800 more lines)") in the report's language: the grader's
 * child cuts an answer in English before sending it on, and the report says the same in the
 * student's words, with the count the answer really had.
 */
import { expect, test } from 'vitest';
import { boundText, SHOWN_CHARS, SHOWN_LINES } from '../../scripts/lib/core/bounded-text.ts';
import { cutNote, diffLines, shownLines } from '../../scripts/lib/report/textdiff.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';

const manyLines = boundText('\n'.repeat(4_000_000));
const oneLongLine = boundText('x'.repeat(8_000_000));

test('a text cut already is cut again to the same text, its note counting what the answer had', () => {
  for (const cut of [manyLines, oneLongLine, boundText('a\nb\nc', 2)]) expect(boundText(cut, SHOWN_LINES, SHOWN_CHARS)).toBe(cut);
  expect(boundText(boundText('a\nb\nc', 2), 2)).toBe('a\nb\n(… 1 more line)');
  // Smaller bounds cut it further; a text that only ends with such a line is no cut text.
  expect(boundText(manyLines, 1, 200)).toBe('\n(… 200 more lines)');
  expect(boundText('a\n(… 3 more lines)')).toBe('a\n(… 3 more lines)');
});

test.each([
  ['en', '(… 3,999,800 more lines)', '(… 7,990,000 more characters)'],
  ['ru', `(… ещё ${(3_999_800).toLocaleString('ru')} строк)`, `(… ещё ${(7_990_000).toLocaleString('ru')} символов)`],
  ['ca', '(… 3.999.800 línies més)', '(… 7.990.000 caràcters més)'],
  ['zh', '（… 还有 3,999,800 行）', '（… 还有 7,990,000 个字符）'],
] as const)('the report says in %s how much a cut answer left out', (language, lines, characters) => {
  const note = cutNote(translator(language));
  expect(shownLines(manyLines, note).at(-1)).toEqual({ text: lines, lineEnd: false, textEnd: false });
  expect(shownLines(oneLongLine, note).at(-1)?.text).toBe(characters);
  expect(diffLines(' 1 | 2 | 3\n', manyLines, note).at(-1)?.text).toBe(lines);
});

test('Russian counts lines with its three plural forms', () => {
  const note = cutNote(translator('ru'));
  expect([1, 3, 5, 21].map((count) => note({ lines: count }))).toEqual(['(… ещё 1 строка)', '(… ещё 3 строки)', '(… ещё 5 строк)', '(… ещё 21 строка)']);
});
