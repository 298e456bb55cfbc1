/**
 * The note that ends a cut text ("(… 3,999,800 more lines)") in the report's language: the test
 * support cuts an answer before vitest sees it and sends how much it left out beside it as data, the
 * grader's child does the same with a thrown error's message, and the report says so in the student's
 * words, with the count the text really had.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { shownPart, withCutNote } from '../../scripts/lib/core/bounded-text.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { cutNote, diffLines, shownLines, visibleLine } from '../../scripts/lib/report/textdiff.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';
import { toFailure } from '../../scripts/lib/grader/contracts/child-protocol.ts';
import { withVerdict } from '../../scripts/lib/core/failure.ts';
import { OUTPUT_CUT_LINE } from '../../scripts/lib/core/output-cut.ts';
import { explainFailure, failureText } from '../../scripts/lib/report/report.ts';
import type { TestOutcome } from '../../scripts/lib/core/results.ts';

const manyLines = shownPart('\n'.repeat(4_000_000));
const oneLongLine = shownPart('x'.repeat(8_000_000));

test('a cut keeps the part shown and says how much it left out as data; the note is made from that data', () => {
  expect(manyLines.left).toEqual({ lines: 3_999_800 });
  expect(oneLongLine).toEqual({ kept: 'x'.repeat(10_000), left: { characters: 7_990_000 } });
  expect(shownPart('a\nb\nc', 2)).toEqual({ kept: 'a\nb\n', left: { lines: 1 } });
  expect(shownPart('a\nb\n', 2)).toEqual({ kept: 'a\nb\n' });
  expect(withCutNote(shownPart('a\nb\nc', 2))).toBe('a\nb\n(… 1 more line)');
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

/** The line after the first one that ends with `end`, without the spaces it is indented by. */
function lineAfter(text: string, end: string): string | undefined {
  const lines = text.split('\n');
  return lines[lines.findIndex((line) => line.endsWith(end)) + 1]?.trim();
}

/** A failed test with `failure`, as a report explains it, in plain text. */
function explained(error: unknown, language: 'en' | 'ru'): string {
  const test: TestOutcome = { name: 'a test', task: 1, hidden: false, status: 'failed', durationMs: 1, failure: toFailure(error, 'lessons') };
  return explainFailure(test, (_colour, text) => text, translator(language)).join('\n');
}

test("a thrown error's long message keeps its shown part, with how much was left out as data", () => {
  const failure = toFailure(new RangeError('y'.repeat(25_000)), 'lessons');
  expect(failure).toMatchObject({ kind: 'thrown', name: 'RangeError', message: 'y'.repeat(10_000), messageCut: { characters: 15_000 } });
  expect(failureText(failure)).toBe(`RangeError: ${'y'.repeat(10_000)}\n(… 15,000 more characters)`);
  const ru = explained(new RangeError('y'.repeat(25_000)), 'ru');
  expect(lineAfter(ru, 'y'.repeat(10_000))).toBe(cutNote(translator('ru'))({ characters: 15_000 }));
  expect(ru).not.toContain('more characters');
  // A message that is not cut carries no note, even when it ends like one.
  expect(toFailure(new Error('a\n(… 3 more lines)'), 'lessons')).not.toHaveProperty('messageCut');
});

test('a long name, and the long last lines the code printed before a stop, are cut without English words', () => {
  const named = Object.assign(new Error('boom'), { name: 'N'.repeat(5_000) });
  expect(toFailure(named, 'lessons').name).toBe(`${'N'.repeat(200)}…`);
  const printed = ['a line', 'z'.repeat(20_000)];
  const failure = toFailure(withVerdict(new Error('Stopped by the grader after 1000ms.'), { kind: 'stopped', limitMs: 1000, printed }), 'lessons');
  expect(failure).toMatchObject({ kind: 'stopped', printed: ['a line', 'z'.repeat(9_993), OUTPUT_CUT_LINE] });
  const ru = explained(withVerdict(new Error('Stopped'), { kind: 'stopped', limitMs: 1000, printed }), 'ru');
  expect(ru).toContain(translator('ru')('input.outputCut'));
  expect(ru).not.toContain(OUTPUT_CUT_LINE);
});

const scratch = mkdtempSync(join(tmpdir(), 'workbook-cut-note-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What `npm run check 01 --lang ru` prints for the reference of lesson 01 with `line` put first in the function `header` opens. */
function checkInRussian(folder: string, header: string, line: string): string {
  const target = join(scratch, folder, 'lessons');
  cpSync(join(ROOT, 'solutions', '01-board'), join(target, '01-board'), { recursive: true });
  const file = join(target, '01-board', 'board.ts');
  const source = readFileSync(file, 'utf8');
  expect(source).toContain(header);
  writeFileSync(file, source.replace(header, `${header}  ${line}\n`));
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/check.ts'), '01', '--target', target, '--no-typecheck', '--lang', 'ru'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 300_000,
  });
  return run.stdout;
}

test('a check in Russian of a renderBoard that returns 8 million characters says how many were cut, in Russian', () => {
  const stdout = checkInRussian('returns', 'export function renderBoard(board: Board): string {\n', "if (board.length === 9) return 'x'.repeat(8_000_000);");
  // The diff draws the note as a line of the answer, its spaces as ·.
  expect(stdout).toContain(visibleLine(cutNote(translator('ru'))({ characters: 7_990_000 })));
  expect(stdout).not.toContain('more characters');
});

test('a check in Russian of a renderFramed that throws a message of 25,000 characters says how many were cut, in Russian', () => {
  const stdout = checkInRussian(
    'throws',
    'export function renderFramed(board: Board): string {\n',
    "if (board.length === 9) throw new Error('y'.repeat(25_000));",
  );
  expect(lineAfter(stdout, 'y'.repeat(10_000))).toBe(cutNote(translator('ru'))({ characters: 15_000 }));
  expect(stdout).not.toContain('more characters');
});
