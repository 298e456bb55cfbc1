/**
 * What the grader's guards tell a student, in the student's language: the numbers of its stops and of
 * the pretend player's limits as the language writes them, and what the sandbox tells code it refuses.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { compileExercise } from '../../scripts/lib/grader/contracts/compile.ts';
import { probeFences, sandboxSpec } from '../../scripts/lib/grader/contracts/fences.ts';
import type { Message } from '../../scripts/lib/grader/contracts/membrane-types.ts';
import { SANDBOX_WORDS_MARK, type SandboxWords } from '../../scripts/lib/grader/contracts/sandbox-words.ts';
import { sandboxWords } from '../../scripts/lib/report/sandbox-words.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { LANGUAGES } from '../../scripts/lib/core/languages.ts';
import { readCatalog, translator, type MessageKey } from '../../scripts/lib/i18n/messages.ts';
import { quantityIn } from '../../scripts/lib/i18n/numbers.ts';

describe('numbers in the stops and the pretend player’s reasons', () => {
  const numbered = Object.keys(readCatalog('en')).filter(
    (key) => /^(stops|input)\./.test(key) && /, number/.test(readCatalog('en')[key] ?? ''),
  ) as MessageKey[];

  test('there are some to check', () => {
    expect(numbered.length).toBeGreaterThanOrEqual(4);
  });

  test.each(LANGUAGES)('in %s, every number is written as the numbers module writes a quantity (Chinese: no thousands separator)', (language) => {
    const t = translator(language);
    for (const value of [20_000, 200_000, 0.5, 8]) {
      for (const key of numbered) {
        const values = { megabytes: value, answerObjects: value, lessonObjects: value, limit: value };
        expect(t(key, values), `${language} ${key}`).toContain(quantityIn(value, language));
      }
    }
    expect(quantityIn(20_000, language)).toBe({ en: '20,000', ru: '20\u00a0000', ca: '20.000', zh: '20000' }[language]);
  });
});

/** What code printed in a sandbox booted with `words` (none: the boot frame an older grader sends). */
function printedInSandbox(source: string, words: SandboxWords | undefined): string {
  const spec = sandboxSpec(probeFences());
  const path = '/class/alice/lessons/01-board/board.ts';
  const frame = (message: unknown): Buffer => {
    const body = Buffer.from(JSON.stringify(message));
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    return Buffer.concat([head, body]);
  };
  const modules = { [path]: compileExercise(source, path, 'lessons/01-board/board.ts') };
  const input = Buffer.concat([
    frame({ t: 'boot', modules, base: '/class/alice', helpers: '/workbook-helpers', ...(words === undefined ? {} : { words }) }),
    frame({ t: 'req', op: 'load', slots: [path], nodes: [] }),
  ]);
  try {
    const run = spawnSync(spec.command, [...spec.args, 'stdio'], { input, env: spec.env, cwd: spec.scratch, uid: spec.uid, gid: spec.gid, timeout: 20_000 });
    let printed = '';
    for (let rest = run.stdout; rest.length >= 4; rest = rest.subarray(4 + rest.readUInt32LE(0))) {
      const message = JSON.parse(rest.subarray(4, 4 + rest.readUInt32LE(0)).toString('utf8')) as Message;
      if (message.t === 'out') printed += String(message.s);
    }
    return printed;
  } finally {
    rmSync(spec.scratch, { recursive: true, force: true });
  }
}

describe('what the sandbox tells code it refuses', () => {
  const source = [
    "for (const name of ['node:fs', 'child_process']) {",
    '  try { require(name); } catch (error) { console.log((error as Error).message); }',
    '}',
    'try { process.kill(1); } catch (error) { console.log((error as Error).message); }',
    'try { (module.constructor as any).prototype.load(); } catch (error) { console.log((error as Error).message); }',
  ].join('\n');

  test('in English without words from the grader, as before', { timeout: 30_000 }, () => {
    expect(printedInSandbox(source, undefined).trim().split('\n')).toEqual([
      'Cannot use the module "node:fs" in graded code.',
      'Cannot use the module "child_process" in graded code.',
      'process.kill is not available to graded code.',
      'module.load is not available to graded code.',
    ]);
    expect(printedInSandbox(source, sandboxWords('en'))).toBe(printedInSandbox(source, undefined));
  });

  test.each(['ru', 'ca', 'zh'] as const)('in %s, from the words the grader sends in its boot frame', { timeout: 30_000 }, (language) => {
    const t = translator(language);
    expect(printedInSandbox(source, sandboxWords(language)).trim().split('\n')).toEqual([
      t('guard.blockedModule', { name: 'node:fs' }),
      t('guard.blockedModule', { name: 'child_process' }),
      t('guard.notAvailable', { what: 'process.kill' }),
      t('guard.notAvailable', { what: 'module.load' }),
    ]);
  });

  test("the sandbox's copy of the mark is the contract's", () => {
    const script = readFileSync(join(ROOT, 'scripts/lib/grader/sandbox/sandbox.js'), 'utf8');
    expect(SANDBOX_WORDS_MARK).toBe('\u0000');
    expect(script).toContain("const SANDBOX_WORDS_MARK = '\\u0000';");
  });
});
