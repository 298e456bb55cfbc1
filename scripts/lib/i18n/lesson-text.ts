/**
 * A lesson in a language: its title, task titles and hints from lesson.<lang>.json, its text from
 * README.<lang>.md (and <name>.<lang>.md for an appendix), beside the English files; English wherever
 * a translation, or a part of one, is missing. A translation holds only the text:
 * { "title": "…", "tasks": [ { "title": "…", "hints": [ "…", { "text": "…", "tests": [ …English test names… ] } ] } ] }.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LessonScore } from '../core/results.ts';
import { readmePath, ROOT, translatedName, type Lesson, type TaskMeta } from '../core/workbook.ts';
import { SOURCE_LANGUAGE, type Language } from './languages.ts';

/** A lesson's text in one language, as its lesson.<lang>.json holds it (each part may be missing or malformed). */
export interface LessonTranslation {
  title?: unknown;
  tasks?: unknown;
}

/** Where a lesson's titles and hints in a language are, relative to the workbook root (lesson.ru.json). */
export function translationPath(lesson: Pick<Lesson, 'id'>, language: Language): string {
  return `lessons/${lesson.id}/${translatedName('lesson.json', language)}`;
}

/** A lesson's lesson.<lang>.json as written, or undefined when there is none (or it is no JSON object). */
export function readTranslation(lesson: Pick<Lesson, 'id'>, language: Language, root = ROOT): LessonTranslation | undefined {
  const file = join(root, translationPath(lesson, language));
  if (language === SOURCE_LANGUAGE || !existsSync(file)) return undefined;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as LessonTranslation) : undefined;
  } catch {
    return undefined; // the authoring check names it; a student sees the English
  }
}

/**
 * The lesson with its title, task titles and hints in `language`, each taken from the translation
 * when it is there and has English's shape (a task's hints only all together, so that each hint
 * keeps the tests English names for it), else English.
 */
export function lessonIn(lesson: Lesson, language: Language, root = ROOT): Lesson {
  const translation = readTranslation(lesson, language, root);
  if (translation === undefined) return lesson;
  const tasks = Array.isArray(translation.tasks) ? (translation.tasks as unknown[]) : [];
  return {
    ...lesson,
    title: typeof translation.title === 'string' ? translation.title : lesson.title,
    tasks: lesson.tasks.map((task, index) => taskIn(task, tasks[index])),
  };
}

/** A graded lesson as a report in `language` names it: the lesson's and its tasks' titles translated, the scores as they were. */
export function scoreIn(score: LessonScore, language: Language, root = ROOT): LessonScore {
  const lesson = lessonIn(score.lesson, language, root);
  if (lesson === score.lesson) return score;
  return { ...score, lesson, tasks: score.tasks.map((task, index) => ({ ...task, title: lesson.tasks[index]?.title ?? task.title })) };
}

/** One task with its translated title and hints, where the translation has them. */
function taskIn(task: TaskMeta, translated: unknown): TaskMeta {
  if (typeof translated !== 'object' || translated === null) return task;
  const { title, hints } = translated as { title?: unknown; hints?: unknown };
  const texts = Array.isArray(hints) ? hints.map(hintText) : [];
  const allHints = texts.length === task.hints.length && texts.every((text) => text !== undefined);
  return { ...task, title: typeof title === 'string' ? title : task.title, hints: allHints ? (texts as string[]) : task.hints };
}

/** A hint's text, as a translation writes it: a text, or { "text": "…", "tests": […] }. */
function hintText(hint: unknown): string | undefined {
  if (typeof hint === 'string') return hint;
  const text = typeof hint === 'object' && hint !== null ? (hint as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text : undefined;
}

/** The lesson text a student reads in `language`, relative to the workbook root: README.<lang>.md when it exists, else README.md. */
export function lessonTextPath(lesson: Pick<Lesson, 'id'>, language: Language, root = ROOT): string {
  return textPathIn(readmePath(lesson), language, root);
}

/** An English Markdown file's translation into `language` (games.md → games.ru.md) when it exists, else the English file; relative to the workbook root. */
export function textPathIn(path: string, language: Language, root = ROOT): string {
  const translated = path.replace(/[^/]+$/, (name) => translatedName(name, language));
  return existsSync(join(root, translated)) ? translated : path;
}

/** The lesson text in `language` (English where it has no translation), or undefined when the lesson has no text at all. */
export function lessonText(lesson: Pick<Lesson, 'id'>, language: Language, root = ROOT): string | undefined {
  const file = join(root, lessonTextPath(lesson, language, root));
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}
