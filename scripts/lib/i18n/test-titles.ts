/**
 * The titles of a lesson's tests in another language. A translation of a lesson may name its tests
 * in its own words: lesson.<lang>.json's "tests": { "<English test title>": "<title>" }. The English
 * title stays the test's name everywhere data goes (results, gradebooks, hints' "tests" lists); only
 * where a person reads it is it put in their language, and a test the map lacks keeps its English title.
 * A student edition made in a language carries the map in lesson.json itself (pack/language.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editionLanguage } from './choose.ts';
import { readTranslation } from './lesson-text.ts';
import { SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { ROOT, type Lesson } from '../core/workbook.ts';

const kept = new Map<string, ReadonlyMap<string, string>>();

/** A lesson's map of English test titles to titles in `language` (empty in English, or without a translation). */
export function testTitles(lesson: Pick<Lesson, 'id'>, language: Language, root = ROOT): ReadonlyMap<string, string> {
  if (language === SOURCE_LANGUAGE) return new Map();
  const key = `${root}\0${lesson.id}\0${language}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  const tests = ((readTranslation(lesson, language, root) ?? editionTexts(lesson, language, root)) as { tests?: unknown } | undefined)?.tests;
  const entries =
    typeof tests === 'object' && tests !== null && !Array.isArray(tests)
      ? Object.entries(tests).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
      : [];
  const titles = new Map(entries);
  kept.set(key, titles);
  return titles;
}

/** The title of one of a lesson's tests (its English title, as results name it) in `language`: the translation's, else the English one. */
export function testTitleIn(lesson: Pick<Lesson, 'id'>, name: string, language: Language, root = ROOT): string {
  return testTitles(lesson, language, root).get(name) ?? name;
}

/** In a student edition made in `language`, its lesson.json (which holds that language's texts); otherwise undefined. */
function editionTexts(lesson: Pick<Lesson, 'id'>, language: Language, root: string): unknown {
  const file = join(root, 'lessons', lesson.id, 'lesson.json');
  if (editionLanguage(root) !== language || !existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}
