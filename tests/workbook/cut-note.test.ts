/**
 * The note that ends a cut text ("(… 3,999,800 more lines)") in the report's language: the test
 * support cuts an answer before vitest sees it and sends how much it left out beside it as data, and
 * the report says so in the student's words, with the count the answer really had.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { boundText, shownPart, withCutNote } from '../../scripts/lib/core/bounded-text.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { cutNote, diffLines, shownLines, visibleLine } from '../../scripts/lib/report/textdiff.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';

const manyLines = shownPart('\n'.repeat(4_000_000));
const oneLongLine = shownPart('x'.repeat(8_000_000));

test('a cut keeps the part shown and says how much it left out as data; the note is made from that data', () => {
  expect(manyLines.left).toEqual({ lines: 3_999_800 });
  expect(oneLongLine).toEqual({ kept: 'x'.repeat(10_000), left: { characters: 7_990_000 } });
  expect(shownPart('a\nb\nc', 2)).toEqual({ kept: 'a\nb\n', left: { lines: 1 } });
  expect(shownPart('a\nb\n', 2)).toEqual({ kept: 'a\nb\n' });
  expect(withCutNote(shownPart('a\nb\nc', 2))).toBe(boundText('a\nb\nc', 2));
  // A text that merely ends with a line like a note is a text like any other.
  expect(shownPart('a\n(… 3 more lines)')).toEqual({ kept: 'a\n(… 3 more lines)' });
});

test.each([
  ['en', '(… 3,999,800 more lines)', '(… 7,990,000 more characters)'],
  ['ru', `(… ещё ${(3_999_800).toLocaleString('ru')} строк)`, `(… ещё ${(7_990_000).toLocaleString('ru')} символов)`],
  ['ca', '(… 3.999.800 línies més)', '(… 7.990.000 caràcters més)'],
  ['zh', '（… 还有 3,999,800 行）', '（… 还有 7,990,000 个字符）'],
] as const)('the report says in %s how much a cut answer left out', (language, lines, characters) => {
  const note = cutNote(translator(language));
  expect(shownLines(manyLines.kept, note, manyLines.left).at(-1)).toEqual({ text: lines, lineEnd: false, textEnd: false });
  expect(shownLines(oneLongLine.kept, note, oneLongLine.left).at(-1)?.text).toBe(characters);
  expect(diffLines(' 1 | 2 | 3\n', manyLines.kept, note, { actual: manyLines.left }).at(-1)?.text).toBe(lines);
});

test('Russian counts lines with its three plural forms', () => {
  const note = cutNote(translator('ru'));
  expect([1, 3, 5, 21].map((count) => note({ lines: count }))).toEqual(['(… ещё 1 строка)', '(… ещё 3 строки)', '(… ещё 5 строк)', '(… ещё 21 строка)']);
});

const scratch = mkdtempSync(join(tmpdir(), 'workbook-cut-note-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('a check in Russian of a renderBoard that returns 8 million characters says how many were cut, in Russian', () => {
  const target = join(scratch, 'lessons');
  cpSync(join(ROOT, 'solutions', '01-board'), join(target, '01-board'), { recursive: true });
  const file = join(target, '01-board', 'board.ts');
  const header = 'export function renderBoard(board: Board): string {\n';
  const source = readFileSync(file, 'utf8');
  expect(source).toContain(header);
  writeFileSync(file, source.replace(header, `${header}  if (board.length === 9) return 'x'.repeat(8_000_000);\n`));
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/check.ts'), '01', '--target', target, '--no-typecheck', '--lang', 'ru'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 300_000,
  });
  // The diff draws the note as a line of the answer, its spaces as ·.
  expect(run.stdout).toContain(visibleLine(cutNote(translator('ru'))({ characters: 7_990_000 })));
  expect(run.stdout).not.toContain('more characters');
});
