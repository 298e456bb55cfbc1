/**
 * The maintenance habits: a progress file that cannot be read is kept aside (never overwritten), two
 * commands changing the progress at once lose neither change, and a tsc that fails to run is
 * reported as such rather than read as "no type errors".
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test, vi } from 'vitest';
import { progressPath, readProgress, STATE_DIR } from '../../scripts/lib/core/progress.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { TypeCheckError, tscFailure, type TscFailure } from '../../scripts/lib/grader/command/typecheck.ts';
import { typeCheckFailureWords } from '../../scripts/lib/report/report.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';
import type { Language } from '../../scripts/lib/core/languages.ts';

const scratch = mkdtempSync(join(tmpdir(), 'workbook-habits-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('a corrupt progress file is renamed aside with a notice, and reading starts afresh', () => {
  mkdirSync(join(scratch, STATE_DIR), { recursive: true });
  const broken = '{"version": 1, "lessons": {"01-board": {"best": 100, "firstPassedAt": "2026-11-02T10:00';
  writeFileSync(progressPath(scratch), broken);
  const notices: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => notices.push(String(chunk)) > 0);
  const progress = readProgress(scratch, new Date('2026-11-30T12:00:00Z'));
  spy.mockRestore();
  expect(progress).toEqual({ version: 1, lessons: {} });
  expect(existsSync(progressPath(scratch))).toBe(false);
  const kept = readdirSync(join(scratch, STATE_DIR)).filter((name) => name.startsWith('progress.corrupt-'));
  expect(kept).toEqual(['progress.corrupt-2026-11-30T12-00-00.000Z.json']);
  expect(readFileSync(join(scratch, STATE_DIR, kept[0] ?? ''), 'utf8')).toBe(broken);
  expect(notices.join('')).toContain(`kept as ${STATE_DIR}/progress.corrupt-2026-11-30T12-00-00.000Z.json`);
});

test('a progress file that is valid JSON but not progress is kept aside too', () => {
  writeFileSync(progressPath(scratch), '[1, 2, 3]');
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  readProgress(scratch, new Date('2026-11-30T13:00:00Z'));
  spy.mockRestore();
  expect(existsSync(join(scratch, STATE_DIR, 'progress.corrupt-2026-11-30T13-00-00.000Z.json'))).toBe(true);
});

test('two commands changing the progress at once (a hint asked while watch records a check) lose neither change', async () => {
  const workbook = join(scratch, 'busy');
  const progressModule = pathToFileURL(join(ROOT, 'scripts/lib/core/progress.ts')).href;
  // Both start recording at the same moment, once both have loaded.
  const startAt = Date.now() + 3_000;
  /** A command that records the first hint of 200 tasks of lesson 01 of its own, one at a time, as hint.ts does. */
  const recorder = (first: number) =>
    new Promise<number | null>((resolve) => {
      const script = `const { recordHint, updateProgress } = await import(${JSON.stringify(progressModule)});
        while (Date.now() < ${startAt});
        for (let time = 0; time < 200; time += 1) updateProgress(${JSON.stringify(workbook)}, (progress) => recordHint(progress, '01-board', ${first} + time, 1));`;
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: 'inherit' }).on('exit', resolve);
    });
  expect(await Promise.all([recorder(1000), recorder(2000)])).toEqual([0, 0]);
  expect(Object.keys(readProgress(workbook).lessons['01-board']?.hintsSeen ?? {})).toHaveLength(400);
});

test('tsc that ran to the end is no failure, with or without type errors', () => {
  expect(tscFailure(0, null, undefined, '', 0, '')).toBeUndefined();
  expect(tscFailure(2, null, undefined, '', 3, 'lessons/01-board/board.ts(1,1): error TS2322: …')).toBeUndefined();
});

test('tsc that crashed, could not start, was killed or stopped on its configuration is a failure, as data worded in each language', () => {
  const words = (failure: TscFailure | undefined, language: Language = 'en'): string =>
    failure === undefined ? 'no failure' : typeCheckFailureWords(new TypeCheckError(failure), translator(language));
  const crashed = tscFailure(1, null, undefined, 'Error: Debug Failure. False expression.\n    at …', 0, '');
  expect(crashed).toEqual({ kind: 'exit', code: 1, said: 'Error: Debug Failure. False expression.     at …' });
  expect(words(crashed)).toMatch(/^tsc exited with status 1: Error: Debug Failure/);
  expect(words(tscFailure(null, null, new Error('spawn ENOENT'), '', 0, ''))).toBe('tsc could not start (spawn ENOENT)');
  expect(words(tscFailure(null, 'SIGKILL', undefined, '', 0, ''))).toBe('tsc was stopped by SIGKILL');
  expect(words(tscFailure(1, null, undefined, '', 0, "error TS5083: Cannot read file '/x/tsconfig.json'."))).toMatch(/TS5083/);
  expect(words(tscFailure(1, null, undefined, '', 0, ''))).toBe('tsc exited with status 1 and said nothing');
  // The English line stays the error's message, for logs.
  expect(new TypeCheckError({ kind: 'signal', signal: 'SIGKILL' }).message).toBe('tsc was stopped by SIGKILL');
  // In the other languages, only what tsc or the system said stays as they said it.
  expect(words(tscFailure(null, 'SIGKILL', undefined, '', 0, ''), 'ru')).toBe('tsc остановлен сигналом SIGKILL');
  expect(words(tscFailure(1, null, undefined, '', 0, ''), 'ca')).toBe('tsc ha acabat amb el codi 1 sense dir res');
  expect(words(tscFailure(null, null, new Error('spawn ENOENT'), '', 0, ''), 'zh')).toBe('无法启动 tsc（spawn ENOENT）');
});
