/**
 * Every message shape of vitest (and vite) that the grader reads, made by vitest itself: a small run
 * in tests/workbook/vitest-wording/ fails once per shape, and each error goes through toFailure, as the
 * grader's reporter sends it. A vitest upgrade that words a message differently fails here, by name.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { toFailure } from '../../scripts/lib/grader/contracts/child-protocol.ts';
import { assertionWording, asPlainObjects, notCallableName, syntaxError, testTimeoutMs } from '../../scripts/lib/core/vitest-wording.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';

const FIXTURES = join(ROOT, 'tests', 'workbook', 'vitest-wording');

/** The errors of the fixture run, by test name ("module NAME" for a file that did not load). */
const errors = new Map<string, Record<string, unknown>>();

beforeAll(() => {
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], {
    cwd: FIXTURES,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: 120_000,
  });
  const line = run.stdout.split('\n').find((candidate) => candidate.startsWith('ERRORS '));
  if (line === undefined) throw new Error(`the fixture run printed no errors:\n${run.stdout}\n${run.stderr}`);
  for (const error of JSON.parse(line.slice('ERRORS '.length)) as Array<{ test: string } & Record<string, unknown>>) errors.set(error.test, error);
});

/** The fixture test's error as the grader keeps it. */
function failureOfTest(name: string): ReturnType<typeof toFailure> {
  const error = errors.get(name);
  if (error === undefined) throw new Error(`the fixture run has no error for "${name}"`);
  return toFailure(error, FIXTURES);
}

describe('vitest words its failures as the grader expects', () => {
  test('a test past its time limit: "Test timed out in 50ms."', () => {
    const failure = failureOfTest('timeout');
    expect(testTimeoutMs(failure.message)).toBe(50);
    expect(failure).toMatchObject({ kind: 'test-timeout', limitMs: 50 });
  });

  test("toBe with text, and the label given to expect: \"the prompt: expected 'a ' to be 'a'\"", () => {
    const failure = failureOfTest('toBe text');
    expect(failure).toMatchObject({ kind: 'assertion', name: 'AssertionError', expected: 'a', actual: 'a ' });
    expect(assertionWording(failure.message)).toEqual({ label: 'the prompt', actualIsText: true, expectedIsText: true });
  });

  test('toBe when the code gave nothing: "expected undefined to be \' a \\nb\'"', () => {
    const failure = failureOfTest('toBe undefined');
    expect(failure).toMatchObject({ kind: 'assertion', actual: 'undefined' });
    expect(assertionWording(failure.message)).toEqual({ actualIsText: false, expectedIsText: true });
  });

  test("toStrictEqual with text: \"the board: expected 'ab' to strictly equal 'a b'\"", () => {
    const failure = failureOfTest('toStrictEqual text');
    expect(assertionWording(failure.message)).toEqual({ label: 'the board', actualIsText: true, expectedIsText: true });
  });

  test("toEqual with text: \"the row: expected '1 | 2' to deeply equal ' 1 | 2'\"", () => {
    const failure = failureOfTest('toEqual text');
    expect(failure).toMatchObject({ kind: 'assertion', expected: ' 1 | 2', actual: '1 | 2' });
    expect(assertionWording(failure.message)).toEqual({ label: 'the row', actualIsText: true, expectedIsText: true });
  });

  test('an object made in another realm: "expected Object{ ok: false, …(1) } to deeply equal { ok: true, …(1) }", shown as a plain one', () => {
    const error = errors.get('toEqual, an object of another realm');
    expect(String(error?.message)).toMatch(/^expected Object\{ ok: false, /);
    expect(failureOfTest('toEqual, an object of another realm').message).toMatch(/^expected \{ ok: false, .* to deeply equal \{ ok: true, /);
    expect(asPlainObjects('expected Object{ ok: false } to deeply equal { a: Object{ b: 1 } }')).toBe('expected { ok: false } to deeply equal { a: { b: 1 } }');
  });

  test('toEqual with values: "expected [ 1, 2 ] to deeply equal [ 1, 3 ]", expected and actual as text', () => {
    const failure = failureOfTest('toEqual numbers');
    expect(failure).toMatchObject({ kind: 'assertion', expected: '[\n  1,\n  3,\n]', actual: '[\n  1,\n  2,\n]' });
    expect(assertionWording(failure.message)).toEqual({ actualIsText: false, expectedIsText: false });
  });

  test('a missing export called as a function or a class: "createBoard is not a function"', () => {
    expect(notCallableName(failureOfTest('not a function').message)).toBe('createBoard');
    expect(notCallableName(failureOfTest('not a function, imported by name').message)).toBe('createGrid');
    expect(notCallableName(failureOfTest('not a constructor').message)).toBe('Game');
    expect(failureOfTest('not a function').kind).toBe('thrown');
  });

  test('a file that does not parse: "Transform failed … [PARSE_ERROR] …", with the file, line and code', () => {
    const failure = failureOfTest('module broken-import.fixture.ts');
    expect(failure.kind).toBe('syntax');
    expect(syntaxError(failure.message)).toMatchObject({ what: 'Unexpected token', file: 'syntax-error.fixture-module.ts', line: 3, column: 10 });
    expect(syntaxError(failure.message)?.codeLine).toMatch(/3 │ +return export 1;/);
  });
});

describe("the grader's verdict on an error travels with it, as vitest sends the error on", () => {
  test('a stop: its limit and the lines the code printed, from the verdict', () => {
    expect(failureOfTest('stopped by the grader')).toMatchObject({ kind: 'stopped', limitMs: 3000, printed: ['round 1', 'round 2'] });
  });

  test('the sentence alone is no stop: it is any error', () => {
    expect(failureOfTest('the sentence of a stop, without the verdict')).toMatchObject({ kind: 'thrown', message: 'Stopped by the grader after 3000ms.' });
  });
});
