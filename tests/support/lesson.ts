/** Helpers every graded suite uses: tasks named from lesson.json, and examples read from the lesson text. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'vitest';
import { readExamples, readLesson, ROOT } from '../../scripts/lib/core/workbook.ts';

/**
 * Returns `task(n, body)`, which groups the tests of task n under the title from lesson.json,
 * so the grader can give that task's points. A hidden suite passes `{ hidden: true }`: its tests are
 * marked so (vitest's task meta), which is how the grader tells them from the visible suite's tests
 * that run in the same file (see tests/hidden/).
 */
export function lessonTasks(lessonId: string, options: { hidden?: boolean } = {}): (number: number, body: () => void) => void {
  const lesson = readLesson(lessonId);
  return (number, body) => {
    const task = lesson.tasks[number - 1];
    if (!task) throw new Error(`${lessonId} has no task ${number} in lesson.json`);
    describe(`Task ${number}: ${task.title}`, { meta: { hidden: options.hidden === true } }, body);
  };
}

/**
 * The text of a fenced example in a lesson's README.md, marked with its name after the language:
 *
 *     ```text example=empty-board
 *
 * Tests take expected outputs from here, so the lesson text and the tests always agree.
 */
export function example(lessonId: string, name: string): string {
  const text = readFileSync(join(ROOT, 'lessons', lessonId, 'README.md'), 'utf8');
  const found = readExamples(text).get(name);
  if (found === undefined) throw new Error(`lessons/${lessonId}/README.md has no example named "${name}"`);
  return found;
}

export { readExamples };
