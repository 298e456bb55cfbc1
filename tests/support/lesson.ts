/** Helpers every graded suite uses: tasks named from lesson.json, and examples read from the lesson text. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'vitest';
import { readExamples, readLesson, ROOT } from '../../scripts/lib/core/workbook.ts';

/**
 * Returns `task(n, body)`, which groups the tests of task n under the title from lesson.json,
 * so the grader can give that task's points.
 */
export function lessonTasks(lessonId: string): (number: number, body: () => void) => void {
  const lesson = readLesson(lessonId);
  return (number, body) => {
    const meta = lesson.tasks[number - 1];
    if (!meta) throw new Error(`${lessonId} has no task ${number} in lesson.json`);
    describe(`Task ${number}: ${meta.title}`, body);
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
