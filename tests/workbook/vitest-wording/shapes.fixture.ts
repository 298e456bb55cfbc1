// One failing test per message shape the grader reads (see scripts/lib/core/vitest-wording.ts).
import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { stoppedMessage, withVerdict } from '../../../scripts/lib/core/failure.ts';
import * as lesson from './lesson.fixture-module.ts';
// @ts-expect-error: the name is missing on purpose, as in a student's file that lacks the export
import { createGrid } from './lesson.fixture-module.ts';

test('timeout', () => new Promise(() => {}), 50);

test('toBe text', () => {
  expect('a ', 'the prompt').toBe('a');
});

test('toBe undefined', () => {
  expect(undefined).toBe(' a \nb');
});

test('toEqual, an object of another realm', () => {
  expect(runInNewContext('({ ok: false, error: "no" })')).toEqual({ ok: true, index: 4 });
});

test('toEqual numbers', () => {
  expect([1, 2]).toEqual([1, 3]);
});

test('not a function', () => {
  // @ts-expect-error: the name is missing on purpose, as in a student's file that lacks the export
  lesson.createBoard();
});

test('not a function, imported by name', () => {
  createGrid();
});

test('toStrictEqual text', () => {
  expect('ab', 'the board').toStrictEqual('a b');
});

test('toEqual text', () => {
  expect('1 | 2', 'the row').toEqual(' 1 | 2');
});

test('not a constructor', () => {
  // @ts-expect-error: the name is missing on purpose
  new lesson.Game();
});

test('stopped by the grader', () => {
  const printed = ['round 1', 'round 2'];
  throw withVerdict(new Error(stoppedMessage(3000, `\nThe last lines your code printed:\n${printed.join('\n')}`)), { kind: 'stopped', limitMs: 3000, printed });
});

test('the sentence of a stop, without the verdict', () => {
  throw new Error(stoppedMessage(3000, ''));
});
