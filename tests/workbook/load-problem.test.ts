/**
 * Why a lesson did not load is worked out from the graded folder (load-problem.ts), never from the
 * error's words: its own file missing, an earlier lesson's file missing or not loading, or its own fault.
 */
import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { Failure } from '../../scripts/lib/core/results.ts';
import { listLessons, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';
import { compileFolder } from '../../scripts/lib/grader/contracts/compile.ts';
import { loadProblemOf } from '../../scripts/lib/grader/command/load-problem.ts';
import { toFailure } from '../../scripts/lib/grader/contracts/child-protocol.ts';

const lessons = listLessons();
const scratch = mkdtempSync(join(tmpdir(), 'workbook-load-problem-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A lesson that builds on earlier ones (lesson 04), the last of them (03) and the first (01). */
const later = lessons.find((lesson) => lesson.id.startsWith('04')) as Lesson;
const direct = lessons.find((lesson) => lesson.id === later.buildsOn.at(-1)) as Lesson;
const earliest = lessons.find((lesson) => lesson.id.startsWith('01')) as Lesson;

/** A copy of the solutions as a hand-in's lessons/ folder, changed by `change`. */
function handIn(name: string, change: (folder: string) => void): string {
  const folder = join(scratch, name, 'lessons');
  cpSync(join(ROOT, 'solutions'), folder, { recursive: true });
  change(folder);
  return folder;
}

/** What the lesson is told for an error its suites met, thrown at `location` (as the grader shows it). */
function problem(lesson: Lesson, target: string, location?: string): ReturnType<typeof loadProblemOf> {
  const failure: Failure = {
    kind: 'thrown',
    name: 'Error',
    message: "Cannot find module '../03-win/win' (words no one reads)",
    ...(location ? { location } : {}),
  };
  return loadProblemOf(lesson, lessons, { target, compiled: compileFolder(target, lessons) }, failure, false);
}

const fileOf = (folder: string, lesson: Lesson): string => join(folder, lesson.id, lesson.files[0] as string);

test('its own file missing is said as a missing file', () => {
  const target = handIn('own-missing', (folder) => unlinkSync(fileOf(folder, later)));
  expect(problem(later, target)).toEqual({ kind: 'crash', cause: 'files-missing', files: [`lessons/${later.id}/${later.files[0]}`] });
});

test('an earlier lesson missing its file blocks it; of two, the earlier one', () => {
  expect(
    problem(
      later,
      handIn('direct-missing', (folder) => unlinkSync(fileOf(folder, direct))),
    ),
  ).toMatchObject({
    kind: 'load-error',
    blockedBy: { lesson: direct.id, missing: true },
  });
  const twoMissing = handIn('two-missing', (folder) => {
    unlinkSync(fileOf(folder, direct));
    unlinkSync(fileOf(folder, earliest));
  });
  expect(problem(later, twoMissing)).toMatchObject({ blockedBy: { lesson: earliest.id, missing: true } });
});

test('an earlier lesson whose file does not compile, or threw as it loaded, blocks it', () => {
  const syntax = handIn('direct-syntax', (folder) => writeFileSync(fileOf(folder, direct), 'export const = ;\n'));
  expect(problem(later, syntax)).toMatchObject({ kind: 'load-error', blockedBy: { lesson: direct.id, missing: false } });
  const thrown = handIn('direct-throws', () => {});
  expect(problem(later, thrown, `lessons/${direct.id}/${direct.files[0]}:3:9`)).toMatchObject({ blockedBy: { lesson: direct.id, missing: false } });
});

test('its own file not compiling is its own fault whatever else is wrong, and so is its throwing when nothing earlier is wrong, whatever the words say', () => {
  const both = handIn('both-broken', (folder) => {
    writeFileSync(fileOf(folder, later), 'export const = ;\n');
    unlinkSync(fileOf(folder, direct));
  });
  expect(problem(later, both)).toEqual(expect.not.objectContaining({ blockedBy: expect.anything() }));
  const own = handIn('own-throws', () => {});
  const told = problem(later, own, `lessons/${later.id}/${later.files[0]}:1:1`);
  expect(told.kind).toBe('load-error');
  expect(told).not.toHaveProperty('blockedBy');
  expect(problem(later, own)).not.toHaveProperty('blockedBy');
});

test("a graded file's syntax error is taken from the grader's own compilation, by the exact message the sandbox throws", () => {
  const target = handIn('syntax-data', (folder) => writeFileSync(fileOf(folder, direct), 'export const = ;\n'));
  const compiled = compileFolder(target, lessons)[fileOf(target, direct)];
  if (compiled === undefined || !('error' in compiled)) throw new Error('the broken file compiled');
  const lookup = (message: string) => (message === compiled.error.message ? compiled.error.syntax : undefined);
  const failure = toFailure({ name: 'SyntaxError', message: compiled.error.message }, target, lookup);
  expect(failure).toMatchObject({
    kind: 'syntax',
    syntax: { file: `lessons/${direct.id}/${direct.files[0]}`, line: 1, column: 14, what: 'Expected identifier but found "="' },
  });
  // A SyntaxError the code threw as it ran (JSON.parse, say) is not a syntax error of its file.
  expect(toFailure({ name: 'SyntaxError', message: 'Unexpected token x in JSON at position 0' }, target, lookup).kind).toBe('thrown');
});
