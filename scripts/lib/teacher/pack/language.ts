/**
 * A lesson's texts in the language of a student edition: each `README.<lang>.md` and appendix
 * (`games.<lang>.md`) under its plain name, and `lesson.json` with the language's title, task titles
 * and hints from `lesson.<lang>.json`. An edition carries one language's texts and no other's.
 */
import { LANGUAGES, SOURCE_LANGUAGE, type Language } from '../../i18n/languages.ts';

/** The languages a lesson text is translated into: every language but the source. */
const TRANSLATIONS = LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE);

/** A translated text's name: its stem, the language, the kind (`README.ru.md`, `lesson.zh.json`). */
const TRANSLATED_NAME = new RegExp(`^(.*)\\.(${TRANSLATIONS.join('|')})\\.(md|json)$`);

/** The language of a translated lesson file (`README.ru.md` → ru); undefined for the source texts and every other file. */
export function translationLanguage(name: string): Language | undefined {
  return TRANSLATED_NAME.exec(name)?.[2] as Language | undefined;
}

/** True for the files of a lesson that are translated: its Markdown texts and lesson.json. */
export function isTranslatedText(name: string): boolean {
  return translationLanguage(name) === undefined && (name.endsWith('.md') || name === 'lesson.json');
}

/** The name of a lesson text's translation: `README.md` in ru → `README.ru.md`. */
export function translatedName(name: string, language: Language): string {
  return name.replace(/\.(md|json)$/, `.${language}.$1`);
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

/** The parts of lesson.json a translation replaces. */
interface LessonTexts {
  title: string;
  tasks: Array<{ title: string; hints?: Hint[] }>;
}

/** The text of a hint, in either form. */
const hintText = (hint: Hint): string => (typeof hint === 'string' ? hint : hint.text);

/**
 * lesson.json with a translation's title, task titles and hint texts (lesson.<lang>.json): every
 * other field, and the test names a hint is about, stay as lesson.json has them. A translation with
 * a different number of tasks or hints is an Error naming where it differs.
 */
export function translatedLessonJson(source: string, translation: string, translationFile: string): string {
  const lesson = JSON.parse(source) as LessonTexts & Record<string, unknown>;
  const texts = JSON.parse(translation) as Partial<LessonTexts>;
  const problems: string[] = [];
  if (typeof texts.title !== 'string') problems.push('"title" must be a text');
  const tasks = texts.tasks ?? [];
  if (tasks.length !== lesson.tasks.length) problems.push(`it has ${tasks.length} tasks, lesson.json ${lesson.tasks.length}`);
  const translatedTasks = lesson.tasks.map((task, index) => {
    const own = tasks[index];
    const hints = task.hints ?? [];
    const ownHints = own?.hints ?? [];
    if (own !== undefined && ownHints.length !== hints.length) {
      problems.push(`task ${index + 1} has ${ownHints.length} hints, lesson.json ${hints.length}`);
    }
    return {
      ...task,
      title: own?.title ?? task.title,
      hints: hints.map((hint, place) => {
        const text = ownHints[place] === undefined ? hintText(hint) : hintText(ownHints[place] as Hint);
        return typeof hint === 'string' ? text : { ...hint, text };
      }),
    };
  });
  if (problems.length > 0) throw new Error(`${translationFile}: ${problems.join('; ')}`);
  return `${JSON.stringify({ ...lesson, title: texts.title, tasks: translatedTasks }, null, 2)}\n`;
}
