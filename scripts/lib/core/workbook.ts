/** Where things live in a workbook, and each lesson's metadata (lessons/NN-slug/lesson.json). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { INTL_LOCALES, isLanguage, SOURCE_LANGUAGE, type Language } from './languages.ts';

/** The root of this workbook (the folder holding package.json). */
export const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** One graded task of a lesson, as lesson.json describes it. */
export interface TaskMeta {
  title: string;
  points: number;
  /** Hints from gentle to concrete: their texts. */
  hints: string[];
  /**
   * The exact names of the tests each hint is about, by the hint's position (none: a hint about the
   * whole task). lesson.json writes such a hint as { "text": "…", "tests": ["…"] }. Absent when no hint names a test.
   */
  hintTests?: string[][];
}

/** A hint as lesson.json writes it: its text alone (about the whole task), or its text and the tests it is about. */
type HintEntry = string | { text: string; tests: string[] };

/** True when a value from lesson.json is a hint: a text, or { "text": "…", "tests": ["…", …] }. */
function isHintEntry(value: unknown): value is HintEntry {
  if (typeof value === 'string') return true;
  if (typeof value !== 'object' || value === null) return false;
  const { text, tests } = value as { text?: unknown; tests?: unknown };
  return typeof text === 'string' && Array.isArray(tests) && tests.length > 0 && tests.every((name) => typeof name === 'string');
}

/** A task as lesson.json writes it. */
type RawTask = Omit<TaskMeta, 'hints' | 'hintTests'> & { hints?: unknown };

/** A task of lesson.json with its hints read: texts, and the tests each is about when any hint names some. */
function readTask(raw: RawTask, number: number, problems: string[]): TaskMeta {
  const entries = Array.isArray(raw.hints) ? raw.hints : [];
  if (!entries.every(isHintEntry)) problems.push(`task ${number}'s "hints" must each be a text, or { "text": "…", "tests": ["the exact name of a test", …] }`);
  const hints = entries.filter(isHintEntry);
  const tests = hints.map((hint) => (typeof hint === 'string' ? [] : hint.tests));
  const task: TaskMeta = { ...raw, hints: hints.map((hint) => (typeof hint === 'string' ? hint : hint.text)) };
  return tests.some((names) => names.length > 0) ? { ...task, hintTests: tests } : task;
}

/**
 * The positions (0-based) of a task's hints for a failing test, from gentle to concrete: the hints
 * about the whole task and those that name the test. Without a test, or when that leaves no hint,
 * every hint of the task.
 */
export function hintLadder(task: TaskMeta, failingTest?: string): number[] {
  const all = task.hints.map((_, index) => index);
  if (failingTest === undefined) return all;
  const forTest = all.filter((index) => {
    const names = task.hintTests?.[index] ?? [];
    return names.length === 0 || names.includes(failingTest);
  });
  return forTest.length > 0 ? forTest : all;
}

/** The hint `npm run hint` shows: its level on the ladder (1-based) and the ladder's length, its text, and whether the ladder is the failing test's own. */
export interface NextHint {
  level: number;
  of: number;
  text: string;
  forTest: boolean;
}

/**
 * The next hint of a task, one level above the `seen` levels already shown (the last one once all
 * were shown), on the ladder of the failing test when there is one.
 */
export function nextHint(task: TaskMeta, seen: number, failingTest?: string): NextHint {
  const ladder = hintLadder(task, failingTest);
  const level = Math.min(seen + 1, ladder.length);
  return { level, of: ladder.length, text: task.hints[ladder[level - 1] as number] ?? '', forTest: ladder.length < task.hints.length };
}

/**
 * True when the workbook holds the reference solutions (solutions/): the teacher's workbook does, a
 * student edition never does. Commands offer their --reference option only where it can work.
 */
export function hasReference(root = ROOT): boolean {
  return existsSync(join(root, 'solutions'));
}

/** True when the workbook holds the teacher-only suites (tests/hidden/): a student edition never does. */
export function hasHiddenTests(root = ROOT): boolean {
  return existsSync(join(root, 'tests', 'hidden'));
}

/** A lesson's metadata plus where its files are. */
export interface Lesson {
  /** Folder name, for example "01-board". */
  id: string;
  /** Two-digit number, for example "01". */
  number: string;
  title: string;
  /** Earlier lessons whose code this one imports, by id. */
  buildsOn: string[];
  /** Exercise files the student edits, relative to the lesson folder. */
  files: string[];
  tasks: TaskMeta[];
}

/** A lesson id as a pattern, to put inside larger patterns: two digits, a dash, a slug ("01-board"). */
export const LESSON_ID = String.raw`\d\d-[a-z0-9-]+`;

/** A lesson folder's name, whole. */
export const LESSON_FOLDER = new RegExp(`^${LESSON_ID}$`);

/** The names of the lesson folders in a folder, in order; none when it does not exist. */
export function lessonFolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => LESSON_FOLDER.test(name))
    .sort();
}

/** Reads and checks one lesson.json; throws a plain-words error when it is malformed. */
export function readLesson(id: string, root = ROOT): Lesson {
  const file = join(root, 'lessons', id, 'lesson.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<Omit<Lesson, 'tasks'>> & { tasks?: RawTask[] };
  const problems: string[] = [];
  if (typeof raw.title !== 'string') problems.push('"title" must be a string');
  if (!Array.isArray(raw.files) || raw.files.length === 0) problems.push('"files" must list the exercise files');
  if (!Array.isArray(raw.tasks) || raw.tasks.length === 0) problems.push('"tasks" must list the tasks');
  const tasks = (raw.tasks ?? []).map((task, index) => readTask(task, index + 1, problems));
  const total = tasks.reduce((sum, task) => sum + task.points, 0);
  if (tasks.length > 0 && total !== 100) problems.push(`task points add up to ${total}, not 100`);
  if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  return {
    id,
    number: id.slice(0, 2),
    title: raw.title as string,
    buildsOn: raw.buildsOn ?? [],
    files: raw.files as string[],
    tasks,
  };
}

/**
 * Every lesson of the workbook, in order. A malformed lesson.json throws, unless `onBroken` is
 * given: then that lesson is left out and `onBroken` is told why (the site builds on without it).
 */
export function listLessons(root = ROOT, onBroken?: (id: string, error: Error) => void): Lesson[] {
  const dir = join(root, 'lessons');
  const lessons: Lesson[] = [];
  for (const id of lessonFolders(dir).filter((name) => existsSync(join(dir, name, 'lesson.json')))) {
    try {
      lessons.push(readLesson(id, root));
    } catch (error) {
      if (onBroken === undefined) throw error;
      onBroken(id, error as Error);
    }
  }
  return lessons;
}

/** Words for a lesson not found, given the name typed and the ids of the lessons, in the command's language (command-line/cli.ts's commandSpeech gives them). */
export type NoSuchLessonWords = (name: string, lessons: string[]) => string;

/** Lesson ids as an English sentence lists them: "01-board, 02-input and 03-win". */
function englishList(ids: string[]): string {
  return new Intl.ListFormat(INTL_LOCALES[SOURCE_LANGUAGE]).format(ids);
}

/**
 * Picks lessons by what a person types: "1", "01", "01-board" or "board".
 * Throws an error that lists the lessons when a name matches none, in the `words` given
 * (a student command's language), else in English.
 */
export function selectLessons(names: string[], all: Lesson[], words?: NoSuchLessonWords): Lesson[] {
  if (names.length === 0) return all;
  return names.map((name) => {
    const wanted = name.trim().toLowerCase();
    const found = all.find((lesson) => lesson.id === wanted || lesson.number === wanted.padStart(2, '0') || lesson.id.slice(3) === wanted);
    if (!found) {
      const lessons = all.map((lesson) => lesson.id);
      throw new UsageError(words === undefined ? `There is no lesson "${name}". The lessons are: ${englishList(lessons)}.` : words(name, lessons));
    }
    return found;
  });
}

/**
 * Reads a list of lessons as a teacher types it: "01-04", "2,3,5", "01-board,input", "1-3,5".
 * A range takes every lesson whose number lies between the two ends.
 */
export function parseLessonList(text: string, all: Lesson[]): Lesson[] {
  const chosen = new Set<string>();
  for (const part of text.split(/[\s,]+/).filter((token) => token !== '')) {
    const range = /^(\d{1,2})-(\d{1,2})$/.exec(part);
    if (range) {
      const [low, high] = [Number(range[1]), Number(range[2])].sort((a, b) => a - b) as [number, number];
      const inRange = all.filter((lesson) => Number(lesson.number) >= low && Number(lesson.number) <= high);
      if (inRange.length === 0) throw new UsageError(`No lesson lies in the range ${part}. The lessons are: ${englishList(all.map((l) => l.id))}.`);
      inRange.forEach((lesson) => chosen.add(lesson.id));
      continue;
    }
    selectLessons([part], all).forEach((lesson) => chosen.add(lesson.id));
  }
  return all.filter((lesson) => chosen.has(lesson.id));
}

/** The lessons to run so that `selected` can be graded with its prerequisites known, in workbook order. */
export function withPrerequisites(selected: Lesson[], all: Lesson[]): Lesson[] {
  const wanted = new Set<string>();
  const visit = (lesson: Lesson): void => {
    if (wanted.has(lesson.id)) return;
    wanted.add(lesson.id);
    for (const id of lesson.buildsOn) {
      const prerequisite = all.find((candidate) => candidate.id === id);
      if (prerequisite) visit(prerequisite);
    }
  };
  selected.forEach(visit);
  return all.filter((lesson) => wanted.has(lesson.id));
}

/** The graded suite of a lesson, relative to the workbook root. */
export function suitePath(lesson: Lesson): string {
  return `tests/${lesson.id}.test.ts`;
}

/** The teacher-only suite of a lesson, relative to the workbook root. */
export function hiddenSuitePath(lesson: Lesson): string {
  return `tests/hidden/${lesson.id}.test.ts`;
}

/** The lesson text, relative to the workbook root: README.md, or its translation (README.ru.md) in another language. */
export function readmePath(lesson: Pick<Lesson, 'id'>, language: Language = SOURCE_LANGUAGE): string {
  return `lessons/${lesson.id}/${translatedName('README.md', language)}`;
}

/** A lesson file's name in a language: README.md → README.ru.md, lesson.json → lesson.ca.json; in English, the name itself. */
export function translatedName(name: string, language: Language): string {
  return language === SOURCE_LANGUAGE ? name : name.replace(/(\.[^.]+)$/, `.${language}$1`);
}

/** The language a lesson file is a translation into (README.ru.md, games.zh.md, lesson.ca.json), or undefined for an English one. */
export function translationLanguage(name: string): Language | undefined {
  const code = /\.([a-z]{2})\.(?:md|json)$/.exec(name)?.[1];
  return code !== undefined && code !== SOURCE_LANGUAGE && isLanguage(code) ? code : undefined;
}

/**
 * A lesson's appendices, relative to the workbook root: the other English Markdown files in its
 * folder (lessons/08-tutorials/games.md), in name order; translations (README.ru.md, games.ru.md)
 * are not appendices. The lesson text links them, the student edition carries them, and their
 * named examples are the lesson's examples as much as its README's.
 */
export function appendixPaths(lesson: Pick<Lesson, 'id'>, root = ROOT): string[] {
  const folder = join(root, 'lessons', lesson.id);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md') && name !== 'README.md' && translationLanguage(name) === undefined)
    .sort()
    .map((name) => `lessons/${lesson.id}/${name}`);
}

/** One named example of a lesson: its text, and the file it is written in (relative to the workbook root). */
export interface LessonExample {
  text: string;
  file: string;
  /**
   * Whose words the example is written in, when it is a workbook tool's output rather than the
   * program's: "arena" for `npm run arena`'s (```text example=audit-answers words=arena). A
   * translation then holds the same content in the tool's words of its language; undefined for
   * program output, which every translation copies unchanged.
   */
  words?: string | undefined;
}

/** Every named example of a lesson: its README's, then its appendices'. A name used twice keeps its first place. */
export function lessonExamples(lesson: Pick<Lesson, 'id'>, root = ROOT): Map<string, LessonExample> {
  const examples = new Map<string, LessonExample>();
  for (const file of [readmePath(lesson), ...appendixPaths(lesson, root)]) {
    if (!existsSync(join(root, file))) continue;
    for (const [name, example] of readExampleFences(readFileSync(join(root, file), 'utf8'))) if (!examples.has(name)) examples.set(name, { ...example, file });
  }
  return examples;
}

/**
 * Every named example of a lesson text, marked with its name after the fence's language
 * (```text example=board-empty): name → content, without the final line end.
 */
export function readExamples(markdown: string): Map<string, string> {
  return new Map([...readExampleFences(markdown)].map(([name, example]) => [name, example.text]));
}

/**
 * Every named example of a lesson text with whose words it is in, when its fence says so after its
 * name (```text example=losing-line words=arena): name → content and words.
 */
export function readExampleFences(markdown: string): Map<string, Omit<LessonExample, 'file'>> {
  const examples = new Map<string, Omit<LessonExample, 'file'>>();
  const fence = /^```[\w-]*[ \t]+example=([\w-]+)(?:[ \t]+words=([\w-]+))?[ \t]*\n([\s\S]*?)^```[ \t]*$/gm;
  for (const match of markdown.matchAll(fence)) {
    examples.set(match[1] as string, { text: (match[3] as string).replace(/\n$/, ''), words: match[2] });
  }
  return examples;
}

/** A mistake in how a command was called: shown to the person without a stack trace. */
export class UsageError extends Error {}
