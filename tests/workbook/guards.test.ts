import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SANDBOX_WORDS_MARK, SANDBOX_WORDS_SECOND, type SandboxWords } from '../../scripts/lib/grader/contracts/sandbox-words.ts';
import { sandboxWords } from '../../scripts/lib/report/sandbox-words.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { LANGUAGES } from '../../scripts/lib/core/languages.ts';
import { readCatalog, translator, type MessageKey } from '../../scripts/lib/i18n/messages.ts';
import { quantityIn } from '../../scripts/lib/i18n/numbers.ts';
import { loadInSandbox } from './sandbox-run.ts';

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
  return loadInSandbox(source, words).printed;
}

describe('what the sandbox tells code it refuses', () => {
  const source = [
    "for (const name of ['node:fs', 'child_process']) {",
    '  try { require(name); } catch (error) { console.log((error as Error).message); }',
    '}',
    'try { process.kill(1); } catch (error) { console.log((error as Error).message); }',
    'try { (module.constructor as any).prototype.load(); } catch (error) { console.log((error as Error).message); }',
    "try { require('./helpers'); } catch (error) { console.log((error as Error).message); }",
  ].join('\n');

  test('in English without words from the grader, as before', { timeout: 30_000 }, () => {
    expect(printedInSandbox(source, undefined).trim().split('\n')).toEqual([
      'Cannot use the module "node:fs" in graded code.',
      'Cannot use the module "child_process" in graded code.',
      'process.kill is not available to graded code.',
      'module.load is not available to graded code.',
      'Cannot find the module "./helpers" imported from lessons/01-board/board.ts: check the path and the file name.',
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
      t('guard.missingModule', { name: './helpers', file: 'lessons/01-board/board.ts' }),
    ]);
  });

  test("the sandbox's copies of the marks are the contract's", () => {
    const script = readFileSync(join(ROOT, 'scripts/lib/grader/sandbox/sandbox.js'), 'utf8');
    expect(SANDBOX_WORDS_MARK).toBe('\u0000');
    expect(script).toContain("const SANDBOX_WORDS_MARK = '\\u0000';");
    expect(SANDBOX_WORDS_SECOND).toBe('\u0001');
    expect(script).toContain("const SANDBOX_WORDS_SECOND = '\\u0001';");
  });
});
