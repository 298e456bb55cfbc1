/**
 * What the grader's guards tell a student, in the student's language: the numbers of its stops and of
 * the pretend player's limits as the language writes them.
 */
import { describe, expect, test } from 'vitest';
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
