/**
 * The titles of a lesson's tests in another language. A translation of a lesson may name its tests
 * in its own words: lesson.<lang>.json's "tests": { "<English test title>": "<title>" }. The English
 * title stays the test's name everywhere data goes (results, gradebooks, hints' "tests" lists); only
 * where a person reads it is it put in their language, and a test the map lacks keeps its English title.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editionLanguage } from './choose.ts';
import { readTranslation, translationPath } from './lesson-text.ts';
import { SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { ROOT, type Lesson } from '../core/workbook.ts';

const kept = new Map<string, ReadonlyMap<string, string>>();

/** A lesson's map of English test titles to titles in `language` (empty in English, or without a translation). */
export function testTitles(lesson: Pick<Lesson, 'id'>, language: Language, root = ROOT): ReadonlyMap<string, string> {
  if (language === SOURCE_LANGUAGE) return new Map();
  const key = `${root}\0${lesson.id}\0${language}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  const titles = new Map(textsOf(lesson, language, 'tests', root));
  kept.set(key, titles);
  return titles;
}

/** The title of one of a lesson's tests (its English title, as results name it) in `language`: the translation's, else the English one. */
export function testTitleIn(lesson: Pick<Lesson, 'id'>, name: string, language: Language, root = ROOT): string {
  return testTitles(lesson, language, root).get(name) ?? name;
}

/**
 * The entries of one of a translation's maps from English to its words ("tests", "labels"): those
 * whose value is a text, none when the translation or the map is missing or not an object. A student
 * edition in a language has no lesson.<lang>.json: its lesson.json is in that language and carries
 * the maps (scripts/lib/teacher/pack/language.ts).
 */
export function textsOf(lesson: Pick<Lesson, 'id'>, language: Language, field: 'tests' | 'labels', root = ROOT): Array<[string, string]> {
  if (language === SOURCE_LANGUAGE) return [];
  const translated = existsSync(join(root, translationPath(lesson, language)));
  const text = translated ? readTranslation(lesson, language, root) : editionLanguage(root) === language ? editionLessonJson(lesson, root) : undefined;
  const map = (text as Record<string, unknown> | undefined)?.[field];
  return typeof map === 'object' && map !== null && !Array.isArray(map)
    ? Object.entries(map).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    : [];
}

/** lesson.json as written, or undefined when it cannot be read as a JSON object. */
function editionLessonJson(lesson: Pick<Lesson, 'id'>, root: string): unknown {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(root, 'lessons', lesson.id, 'lesson.json'), 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
