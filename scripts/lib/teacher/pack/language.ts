/**
 * A lesson's texts in the language of a student edition: each `README.<lang>.md` and appendix
 * (`games.<lang>.md`) under its plain name, and `lesson.json` with the language's title, task titles
 * and hints from `lesson.<lang>.json`. An edition carries one language's texts and no other's.
 */
import { translationLanguage, type Lesson } from '../../core/workbook.ts';
import type { Language } from '../../core/languages.ts';

/** True for the files of a lesson that are translated: its English Markdown texts and lesson.json. */
export function isTranslatedText(name: string): boolean {
  return translationLanguage(name) === undefined && (name.endsWith('.md') || name === 'lesson.json');
}

/**
 * A translated Markdown text under the names the edition uses: every `NAME.<lang>.md` it names (a
 * link to an appendix or to another lesson's text) becomes `NAME.md`.
 */
export function withPlainNames(markdown: string, language: Language): string {
  return markdown.replace(new RegExp(`([\\w-]+)\\.${language}\\.md\\b`, 'g'), '$1.md');
}

/** A hint as lesson.json writes it. */
type Hint = string | { text: string; tests: string[] };

/** lesson.json as written: the texts a translation replaces, and every other field. */
type LessonJson = Record<string, unknown> & { title: string; tasks: Array<Record<string, unknown> & { title: string; hints?: Hint[] }> };

/**
 * lesson.json (`source`, as written) with the title, task titles and hint texts of `translated` (the
 * lesson read in the edition's language, `lessonIn`), and the titles of its tests in that language
 * as "tests": { English title: title } (i18n/test-titles.ts reads them there in an edition): every
 * other field, and the test names a hint is about, stay as lesson.json has them.
 */
export function translatedLessonJson(source: string, translated: Lesson, testTitles: ReadonlyMap<string, string> = new Map()): string {
  const lesson = JSON.parse(source) as LessonJson;
  const tasks = lesson.tasks.map((task, index) => {
    const own = translated.tasks[index];
    const hints = (task.hints ?? []).map((hint, place) => {
      const text = own?.hints[place] ?? (typeof hint === 'string' ? hint : hint.text);
      return typeof hint === 'string' ? text : { ...hint, text };
    });
    return { ...task, title: own?.title ?? task.title, hints };
  });
  const tests = testTitles.size > 0 ? { tests: Object.fromEntries(testTitles) } : {};
  return `${JSON.stringify({ ...lesson, title: translated.title, tasks, ...tests }, null, 2)}\n`;
}
