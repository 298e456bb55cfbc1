/**
 * A lesson in one language, as the site shows it: the titles and hints of lesson.<lang>.json over
 * lesson.json's (points, files and tests stay lesson.json's), the text of README.<lang>.md, and each
 * appendix likewise (games.<lang>.md beside games.md). English reads the files without a language
 * part. What a language lacks is shown in English, with a warning for the lesson's author.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Lesson, TaskMeta } from '../core/workbook.ts';
import { isLanguage, SOURCE_LANGUAGE, type Language } from '../i18n/languages.ts';

/** A Markdown text of a lesson's folder in the language it was found in. */
export interface LessonText {
  /** Its path relative to the workbook root: "lessons/01-board/README.ru.md". */
  path: string;
  markdown: string;
  /** The language it is written in: the one asked for, or English when that one is missing. */
  language: Language;
}

/** A file's name in a language: "README.md" → "README.ru.md"; English keeps the name. */
export function fileInLanguage(file: string, language: Language): string {
  return language === SOURCE_LANGUAGE ? file : file.replace(/\.md$/, `.${language}.md`);
}

/** True for the translation of another file ("games.ru.md"), false for an English text ("games.md"). */
function isTranslation(file: string): boolean {
  const part = /\.([^.]+)\.md$/.exec(file)?.[1];
  return part !== undefined && isLanguage(part) && part !== SOURCE_LANGUAGE;
}

/**
 * A lesson's appendices by their English file names ("games.md"): the Markdown files of its folder
 * other than README.md and the translations, in name order.
 */
export function appendixFiles(root: string, lessonId: string): string[] {
  const folder = join(root, 'lessons', lessonId);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md') && name !== 'README.md' && !isTranslation(name))
    .sort();
}

/**
 * A text of a lesson's folder ("README.md", "games.md") in a language, or English when the
 * language has none (a warning says so); undefined when not even English exists.
 */
export function lessonText(root: string, lessonId: string, file: string, language: Language, warnings: string[]): LessonText | undefined {
  const folder = `lessons/${lessonId}`;
  const wanted = `${folder}/${fileInLanguage(file, language)}`;
  if (existsSync(join(root, wanted))) return { path: wanted, markdown: readFileSync(join(root, wanted), 'utf8'), language };
  const english = `${folder}/${file}`;
  if (!existsSync(join(root, english))) return undefined;
  warnings.push(`${wanted} is missing; its page shows ${english}, in English.`);
  return { path: english, markdown: readFileSync(join(root, english), 'utf8'), language: SOURCE_LANGUAGE };
}

/** lesson.<lang>.json as it may be written: only its text. */
interface TranslatedLesson {
  title?: unknown;
  tasks?: unknown;
}

/**
 * The lesson with its title, task titles and hints in a language (lesson.<lang>.json). A file that
 * is missing, or a task whose translation does not match lesson.json's shape, keeps English.
 */
export function lessonInLanguage(lesson: Lesson, language: Language, root: string, warnings: string[]): Lesson {
  if (language === SOURCE_LANGUAGE) return lesson;
  const path = `lessons/${lesson.id}/lesson.${language}.json`;
  const file = join(root, path);
  if (!existsSync(file)) {
    warnings.push(`${path} is missing; lesson ${lesson.number}'s titles and hints are shown in English.`);
    return lesson;
  }
  let translated: TranslatedLesson;
  try {
    translated = JSON.parse(readFileSync(file, 'utf8')) as TranslatedLesson;
  } catch (error) {
    warnings.push(`${path} could not be read (${(error as Error).message}); lesson ${lesson.number}'s titles and hints are shown in English.`);
    return lesson;
  }
  const tasks = Array.isArray(translated.tasks) ? (translated.tasks as unknown[]) : [];
  if (tasks.length !== lesson.tasks.length) warnings.push(`${path} has ${tasks.length} tasks, lesson.json ${lesson.tasks.length}.`);
  return {
    ...lesson,
    title: typeof translated.title === 'string' ? translated.title : lesson.title,
    tasks: lesson.tasks.map((task, index) => taskInLanguage(task, tasks[index], `${path}: task ${index + 1}`, warnings)),
  };
}

/** One task's title and hints from its translation, or the English task when the translation's shape differs. */
function taskInLanguage(task: TaskMeta, translated: unknown, where: string, warnings: string[]): TaskMeta {
  const { title, hints } = (typeof translated === 'object' && translated !== null ? translated : {}) as { title?: unknown; hints?: unknown };
  const texts = Array.isArray(hints) ? hints.map(hintText) : [];
  if (typeof title !== 'string' || texts.length !== task.hints.length || texts.some((text) => text === undefined)) {
    warnings.push(`${where} needs a "title" and ${task.hints.length} hints like lesson.json's; it is shown in English.`);
    return task;
  }
  return { ...task, title, hints: texts as string[] };
}

/** A hint's text: the hint itself, or the "text" of { "text": "…", "tests": […] }. */
function hintText(hint: unknown): string | undefined {
  if (typeof hint === 'string') return hint;
  const text = typeof hint === 'object' && hint !== null ? (hint as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text : undefined;
}
