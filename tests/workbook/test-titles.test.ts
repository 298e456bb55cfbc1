/**
 * Test titles in other languages (lesson.<lang>.json's "tests" map): every title a translation gives
 * names a real visible test of its lesson, lesson 01 names every one of its tests in each language,
 * and a test the map lacks keeps its English title.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { testTitleIn, testTitles } from '../../scripts/lib/i18n/test-titles.ts';
import { LANGUAGES } from '../../scripts/lib/core/languages.ts';
import { listLessons, ROOT, suitePath, type Lesson } from '../../scripts/lib/core/workbook.ts';

const translations = LANGUAGES.filter((language) => language !== 'en');

/** The titles of a lesson's visible tests, as its suite writes them: test('…'), test("…"), test(`…`). */
function suiteTitles(lesson: Lesson): Set<string> {
  const text = readFileSync(join(ROOT, suitePath(lesson)), 'utf8');
  return new Set([...text.matchAll(/\btest\(\s*(['"`])(.+?)\1\s*,/g)].map((match) => match[2] as string));
}

describe('test titles in other languages', () => {
  test('every title a lesson.<lang>.json gives names a visible test of that lesson', () => {
    const strays = listLessons().flatMap((lesson) => {
      const titles = suiteTitles(lesson);
      return translations.flatMap((language) =>
        [...testTitles(lesson, language).keys()].filter((name) => !titles.has(name)).map((name) => `${lesson.id} (${language}): "${name}"`),
      );
    });
    expect(strays).toEqual([]);
  });

  test.each(translations)('lesson 01 names every one of its tests in %s', (language) => {
    const [first] = listLessons() as [Lesson];
    const titles = testTitles(first, language);
    expect([...suiteTitles(first)].filter((name) => !titles.has(name))).toEqual([]);
    for (const title of titles.values()) expect(title.trim()).not.toBe('');
  });

  test('a title is the translation where there is one, else the English title', () => {
    const [first] = listLessons() as [Lesson];
    expect(testTitleIn(first, 'createBoard returns nine cells', 'ru')).toBe('createBoard возвращает девять клеток');
    expect(testTitleIn(first, 'createBoard returns nine cells', 'en')).toBe('createBoard returns nine cells');
    expect(testTitleIn(first, 'a test no translation names', 'zh')).toBe('a test no translation names');
  });
});
