/**
 * A lesson is never graded with a built-in that another lesson's code changed. The grader keeps one
 * sandbox process for a student's lessons; at each boot the sandbox says whether the built-ins and
 * globals are as they were before any code ran, and when they are not, the lesson gets a fresh process.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { grade } from './synthetic-class.ts';
import { bootsAfterLoading, framesInTurn } from './sandbox-run.ts';

/** Whether each boot after the first found the built-ins changed. */
function changedAtEachBoot(sources: string[]): boolean[] {
  return bootsAfterLoading(sources)
    .slice(1)
    .map((booted) => booted.builtInsChanged === true);
}

describe('the sandbox notices changed built-ins at its next boot', () => {
  test('not after code that only uses them', { timeout: 30_000 }, () => {
    const honest = [
      "export const cells = [1, 2, 3].map(String).includes('2');",
      'export const copied = structuredClone([1]).length + Math.random() + performance.now() + crypto.randomUUID().length;',
      'export const keys = Object.keys({ a: 1 }).concat([...new Set([1])].map(String), JSON.stringify(new Map()));',
      "export const when = new Date(0).toISOString() + /a(b)/.exec('ab')?.[1] + [3, 1, 2].sort().join();",
    ];
    expect(changedAtEachBoot(honest)).toEqual([false, false, false, false]);
  });

  const CHANGES: Record<string, string> = {
    'a method replaced': 'Array.prototype.includes = () => true;',
    'a global added': '(globalThis as Record<string, unknown>).kept = [];',
    'a global added where the global object inherits from': '(Object.getPrototypeOf(globalThis) as Record<string, unknown>).kept = [];',
    'a method deleted': 'delete (String.prototype as Partial<string>).padStart;',
    'an object frozen': 'Object.freeze(Math);',
    'a getter added to every object': "Object.defineProperty(Object.prototype, 'winner', { get: () => 'X', configurable: true });",
    'Math.random replaced': 'Math.random = () => 0.5;',
    'a global Node makes on first use replaced': '(globalThis as Record<string, unknown>).TextEncoder = class {};',
    // (Used, such a global replaces its getter with what it made: a fresh process, to be safe.)
    'a global Node makes on first use, used': "export const text = new TextEncoder().encode('x').length;",
    'a method given a field of its own': "(Object.prototype.toString as unknown as { call: unknown }).call = () => '[object Promise]';",
    // (What code does to a Node module is not looked for: a fresh process, to be safe.)
    'a Node module imported': "import { format } from 'node:util';\nexport const shown = format('%d', 2);",
    'the wrapping Node compiles every later module with replaced':
      '(module.constructor as unknown as { wrap: unknown }).wrap = (code: string) => `(function () { ${code} })`;',
    'a part of that wrapping replaced': "((module.constructor as unknown as { wrapper: string[] }).wrapper)[1] = '\\n;exports.lesson = 1;\\n});';",
    'a field added to every module object':
      "Object.defineProperty(Object.getPrototypeOf(module), 'loaded', { configurable: true, get: () => true, set: () => {} });",
    'a Node module’s field turned into a getter, and a global made on first use set':
      "Object.defineProperty(require('node:buffer'), 'atob', { configurable: true, get() { throw new Error('boom'); } });\n(globalThis as Record<string, unknown>).atob = 'x';",
    'an iterator without a global name changed': 'Object.getPrototypeOf([].values()).next = function () { return { done: true, value: undefined }; };',
  };

  test.each(Object.entries(CHANGES))('after %s', { timeout: 30_000 }, (_name, change) => {
    expect(changedAtEachBoot(['export const before = 1;', change])).toEqual([false, true]);
  });

  // Changes to what the sandbox itself uses to read a frame and to answer one: it still says so.
  const SANDBOX_TOOLS: Record<string, string> = {
    'every object turned into {} by JSON.stringify': "Object.defineProperty(Object.prototype, 'toJSON', { value: () => ({}), configurable: true });",
    'Buffer’s reading of a length replaced': 'Buffer.prototype.readUInt32LE = () => 0;',
    'Buffer’s reading of text replaced': "Buffer.prototype.toString = () => '{}';",
    'Math.min replaced': 'Math.min = () => 0;',
  };

  test.each(Object.entries(SANDBOX_TOOLS))('after %s', { timeout: 30_000 }, (_name, change) => {
    expect(changedAtEachBoot(['export const before = 1;', change])).toEqual([false, true]);
  });
});

describe('what code leaves behind cannot reach the next boot while it is read', () => {
  test('a hook on how Buffer turns bytes into text does not see or change the next boot’s files', { timeout: 30_000 }, () => {
    const hook = [
      'const prototype = Buffer.prototype as unknown as { utf8Slice(this: Buffer, start: number, end: number): string };',
      'const original = prototype.utf8Slice;',
      'prototype.utf8Slice = function (start, end) {',
      '  const text = original.call(this, start, end);',
      '  if (!text.startsWith(\'{"t":"boot"\')) return text;',
      '  prototype.utf8Slice = original;',
      "  return text.split('marker = 1').join('marker = 2');",
      '};',
    ].join('\n');
    const frames = framesInTurn([hook, 'export const marker = 1;']);
    // The hook is still there at the boot (it never ran), so the lesson would get a fresh process.
    expect(frames.filter((frame) => frame.t === 'booted').map((frame) => frame.builtInsChanged === true)).toEqual([false, true]);
    expect(JSON.stringify(frames)).not.toContain('"marker",2');
  });

  test('stack traces of the next lesson still point into its TypeScript lines, whatever the code turned off', { timeout: 30_000 }, () => {
    const off = '(process as unknown as { setSourceMapsEnabled(on: boolean): void }).setSourceMapsEnabled(false);';
    // Line 5 in TypeScript; the types before it are gone from the compiled JavaScript.
    const throws = 'type Cell = string;\ninterface Board {\n  cells: Cell[];\n}\nexport const thrown: Board = (() => { throw new Error("here"); })();';
    const [, error] = framesInTurn([off, throws]).filter((frame) => frame.t === 'res');
    expect(JSON.stringify(error?.nodes)).toContain('board.ts:5:');
  });
});

describe('a class graded with one student who changed a built-in in lesson 01', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'workbook-built-ins-test-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test('their lesson 03, which uses the built-in, loses nothing', { timeout: 240_000 }, () => {
    const hands = join(scratch, 'class');
    cpSync(join(ROOT, 'solutions'), join(hands, 'changer', 'lessons'), { recursive: true });
    const board = join(hands, 'changer', 'lessons', '01-board', 'board.ts');
    const source = readFileSync(board, 'utf8');
    const drawing = 'export function renderBoard(board: Board): string {\n';
    expect(source).toContain(drawing);
    expect(readFileSync(join(ROOT, 'solutions', '03-win', 'win.ts'), 'utf8')).toContain('.includes(');
    // Only lesson 01's tests draw a board with renderBoard, and isFull (lesson 03) uses includes.
    writeFileSync(board, source.replace(drawing, `${drawing}  Array.prototype.includes = () => true;\n`));

    const out = join(scratch, 'out');
    const run = grade([hands, '--out', out, '--lessons', '01,03', '--seed', '7']);
    expect(run.status, run.stderr).toBe(0);
    const gradebook = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as {
      students: { lessons: Record<string, { points: number }> }[];
    };
    const points = Object.fromEntries(Object.entries(gradebook.students[0]?.lessons ?? {}).map(([lesson, graded]) => [lesson, graded.points]));
    expect(points).toEqual({ '01-board': 100, '03-win': 100 });
  });
});
