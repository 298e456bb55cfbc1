/** Why `npm run play` stopped, in plain words: an unfinished lesson (a stub), a problem of its own, or an error in the code. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runsCodeOf } from '../core/lesson-code.ts';
import { firstLine, placeInLessons, ToolStopped } from '../core/lesson-modules.ts';
import { holdsStub, STILL_THROWS, STUB_QUOTE, stubNameOf } from '../core/stub-error.ts';
import { AskedAfterEnd, InputInterrupted } from './terminal-io.ts';
import { readLesson, ROOT } from '../core/workbook.ts';

/**
 * Prints why the game stopped, in plain words, and returns the exit status. `referenceCommand` plays
 * the finished game; without it (a student edition has no reference) none is offered.
 */
export function explain(error: unknown, folder: string, referenceCommand: string | undefined): number {
  if (error instanceof InputInterrupted) {
    process.stdout.write('Game stopped with Ctrl+C. Bye!\n');
    return 130;
  }
  if (error instanceof ToolStopped) {
    process.stderr.write(`\n${error.message}\n`);
    return 1;
  }
  if (error instanceof AskedAfterEnd) {
    process.stderr.write(`\nThe game stopped: ${error.message}.\nWhen input ends, askMove (lesson 02) returns null and playGame (lesson 04) returns 'quit'.\n`);
    return 1;
  }
  const missing = stubNameOf(error);
  if (missing !== undefined) {
    process.stderr.write(`\n${unfinishedLesson(missing, error, folder, referenceCommand)}\n`);
    return 1;
  }
  const where = placeInLessons(error, folder);
  process.stderr.write(`\nThe game stopped because the code threw an error: ${firstLine(error)}${where ? `\n  at ${where.file}:${where.line}` : ''}\n`);
  return 1;
}

/** "Lesson 03 (Win check) is not finished yet…" for a stub's error, with what to do. */
function unfinishedLesson(name: string, error: unknown, folder: string, referenceCommand: string | undefined): string {
  const where = placeInLessons(error, folder);
  if (where === null) return `The game needs ${name}, which is not written yet (${STILL_THROWS}).`;
  const lesson = readLesson(where.id);
  const earlier = runsCodeOf(lesson).filter((id) => folder === 'lessons' && hasStubs(id));
  const next = earlier.length > 0 ? readLesson(earlier[0] as string) : lesson;
  const lines = [
    `The game needs lesson ${lesson.number} (${lesson.title}), which is not finished yet:`,
    `${name} in ${where.file} still throws ${STUB_QUOTE}.`,
  ];
  if (earlier.length > 0) {
    lines.push(`It builds on lessons that are not finished either (${earlier.map((id) => id.slice(0, 2)).join(', ')}).`);
  }
  if (earlier.length > 0) {
    lines.push(`Start with lesson ${next.number} (${next.title}): npm run check ${next.number}`);
  } else {
    lines.push(`Finish it (check it with: npm run check ${lesson.number}), then play again.`);
  }
  if (referenceCommand !== undefined) lines.push(`To watch the finished game meanwhile: ${referenceCommand}`);
  return lines.join('\n');
}

/** True when a lesson's exercise files still hold a stub ("not implemented yet"). */
function hasStubs(id: string): boolean {
  return readLesson(id).files.some((file) => {
    const path = join(ROOT, 'lessons', id, file);
    return existsSync(path) && holdsStub(readFileSync(path, 'utf8'));
  });
}
