/** Helpers every graded suite uses: tasks named from lesson.json, and examples read from the lesson text. */
import { describe, type TestOptions } from 'vitest';
import { SOURCE_LANGUAGE, type Language } from '../../scripts/lib/core/languages.ts';
import { lessonExamples, readExamples, readLesson, ROOT, type LessonExample } from '../../scripts/lib/core/workbook.ts';
import { editionLanguage } from '../../scripts/lib/i18n/choose.ts';

/**
 * Returns `task(n, body)`, which groups the tests of task n under the title from lesson.json and
 * marks them with its number (vitest's task meta), so the grader can give that task's points. A hidden suite passes `{ hidden: true }`: its tests are
 * marked so (vitest's task meta), which is how the grader tells them from the visible suite's tests
 * that run in the same file (see tests/hidden/).
 */
export function lessonTasks(lessonId: string, options: { hidden?: boolean } = {}): (number: number, body: () => void) => void {
  const lesson = readLesson(lessonId);
  return (number, body) => {
    const task = lesson.tasks[number - 1];
    if (!task) throw new Error(`${lessonId} has no task ${number} in lesson.json`);
    describe(`Task ${number}: ${task.title}`, { meta: { hidden: options.hidden === true, task: number } }, body);
  };
}

/**
 * The options of a test of a rule whose breaking makes the task's other tests fail too (the board
 * left unchanged, printing only through io, randomness only from rng): when its own check fails, the
 * report explains it before the others, which only show what followed.
 */
export const CAUSE: TestOptions = { meta: { cause: true } };

/**
 * The text of a fenced example in a lesson's README.md or one of its appendices (the other .md files
 * in its folder), marked with its name after the language:
 *
 *     ```text example=empty-board
 *
 * Tests take expected outputs from here, so the lesson text and the tests always agree.
 */
export function example(lessonId: string, name: string): string {
  return found(lessonId, name).text;
}

/**
 * The language the lesson texts here are written in, and so the examples `example()` reads: a
 * student edition's (its README.md is the translation), English in the teacher's workbook. An
 * example marked as a workbook tool's output (```text example=audit-answers words=arena) is in
 * that tool's words of this language: a suite prints it with them to compare.
 */
export function exampleLanguage(): Language {
  return editionLanguage(ROOT) ?? SOURCE_LANGUAGE;
}

/** The file that holds a lesson's named example ("lessons/08-tutorials/games.md"), for a failure to point at. */
export function exampleFile(lessonId: string, name: string): string {
  return found(lessonId, name).file;
}

function found(lessonId: string, name: string): LessonExample {
  const example = lessonExamples({ id: lessonId }).get(name);
  if (example === undefined) throw new Error(`lessons/${lessonId}/ has no example named "${name}" (in README.md or another .md file there)`);
  return example;
}

export { readExamples };
