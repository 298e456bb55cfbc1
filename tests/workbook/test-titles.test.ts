/**
 * Test titles in other languages (lesson.<lang>.json's "tests" map): every lesson names every one of
 * its visible tests in each language, every title a translation gives names a real visible test of
 * its lesson, and a test the map lacks keeps its English title.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { testTitleIn, testTitles } from '../../scripts/lib/i18n/test-titles.ts';
import { LANGUAGES } from '../../scripts/lib/core/languages.ts';
import { listLessons, ROOT, suitePath, type Lesson } from '../../scripts/lib/core/workbook.ts';

const translations = LANGUAGES.filter((language) => language !== 'en');
const lessons = listLessons();

/** A title written test('…'), test("…") or test(`…`) with no placeholder: the name vitest gives the test. */
const PLAIN_TITLE = /\btest\(\s*(['"])(.+?)\1\s*,|\btest\(\s*`([^`$]+)`\s*,/g;
/** A template title inside a loop over listed values: for (const mark of ['X', 'O'] as const) { test(`… ${mark} …`, */
const LOOPED_TITLE = /for \(const (\w+) of \[([^\]]*)\](?: as const)?\) \{\s*test\(\s*`([^`]+)`\s*,/g;
/** Any template title with a placeholder, to tell one this reader cannot name apart. */
const TEMPLATE_TITLE = /\btest\(\s*`([^`]*\$\{[^`]*)`\s*,/g;

/** The names of the values a loop lists: ['X', 'O'] gives X and O. */
function listedValues(list: string): string[] {
  return [...list.matchAll(/(['"])(.*?)\1/g)].map((match) => match[2] as string);
}

/**
 * The names of a lesson's visible tests, as vitest gives them: the plain titles its suite writes,
 * and a template title in a loop once for each value of the loop. A template title read no other
 * way comes back in `unread`, so the check says so rather than miss a test.
 */
function suiteTitles(lesson: Lesson): { titles: Set<string>; unread: string[] } {
  const text = readFileSync(join(ROOT, suitePath(lesson)), 'utf8');
  const titles = new Set([...text.matchAll(PLAIN_TITLE)].map((match) => (match[2] ?? match[3]) as string));
  const looped = [...text.matchAll(LOOPED_TITLE)];
  for (const [, name, list, template] of looped) {
    for (const value of listedValues(list as string)) titles.add((template as string).replaceAll(`\${${name}}`, value));
  }
  const readTemplates = new Set(looped.map((match) => match[3]));
  const unread = [...text.matchAll(TEMPLATE_TITLE)].map((match) => match[1] as string).filter((template) => !readTemplates.has(template));
  return { titles, unread };
}

describe('test titles in other languages', () => {
  test('the visible suites name their tests in a way this check can read', () => {
    expect(lessons.flatMap((lesson) => suiteTitles(lesson).unread.map((template) => `${lesson.id}: \`${template}\``))).toEqual([]);
  });

  test('every title a lesson.<lang>.json gives names a visible test of that lesson', () => {
    const strays = lessons.flatMap((lesson) => {
      const { titles } = suiteTitles(lesson);
      return translations.flatMap((language) =>
        [...testTitles(lesson, language).keys()].filter((name) => !titles.has(name)).map((name) => `${lesson.id} (${language}): "${name}"`),
      );
    });
    expect(strays).toEqual([]);
  });

  test.each(translations)('every lesson names every one of its visible tests in %s', (language) => {
    const missing = lessons.flatMap((lesson) => {
      const titles = testTitles(lesson, language);
      return [...suiteTitles(lesson).titles].filter((name) => !titles.has(name)).map((name) => `${lesson.id}: "${name}"`);
    });
    expect(missing).toEqual([]);
    for (const lesson of lessons) {
      for (const title of testTitles(lesson, language).values()) expect(title.trim(), `a title in ${lesson.id}`).not.toBe('');
    }
  });

  test('a title is the translation where there is one, else the English title', () => {
    const [first] = lessons as [Lesson];
    expect(testTitleIn(first, 'createBoard returns nine cells', 'ru')).toBe('createBoard возвращает девять клеток');
    expect(testTitleIn(first, 'createBoard returns nine cells', 'en')).toBe('createBoard returns nine cells');
    expect(testTitleIn(first, 'a test no translation names', 'zh')).toBe('a test no translation names');
  });
});
