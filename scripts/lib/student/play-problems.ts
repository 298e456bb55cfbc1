/** Why `npm run play` stopped, in plain words: an unfinished lesson (a stub), a problem of its own, or an error in the code. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runsCodeOf } from '../core/lesson-code.ts';
import { firstLine, placeInLessons, ToolStopped } from '../core/lesson-modules.ts';
import { holdsStub, stubNameOf } from '../core/stub-error.ts';
import { AskedAfterEnd, ASKS_AFTER_END, InputInterrupted } from './terminal-io.ts';
import { readLesson, ROOT } from '../core/workbook.ts';
import { lessonIn } from '../i18n/lesson-text.ts';
import type { Translate } from '../i18n/messages.ts';
import { listInWords } from '../i18n/lists.ts';
import type { Language } from '../core/languages.ts';

/**
 * Prints why the game stopped, in plain words, and returns the exit status. `referenceCommand` plays
 * the finished game; without it (a student edition has no reference) none is offered.
 */
export function explain(error: unknown, folder: string, referenceCommand: string | undefined, t: Translate, language: Language): number {
  if (error instanceof InputInterrupted) {
    process.stdout.write(`${t('play.ctrlC')}\n`);
    return 130;
  }
  if (error instanceof ToolStopped) {
    process.stderr.write(`\n${error.message}\n`);
    return 1;
  }
  if (error instanceof AskedAfterEnd) {
    process.stderr.write(`\n${t('play.askedAfterEnd', { count: ASKS_AFTER_END })}\n`);
    return 1;
  }
  const missing = stubNameOf(error);
  if (missing !== undefined) {
    process.stderr.write(`\n${unfinishedLesson(missing, error, folder, referenceCommand, t, language)}\n`);
    return 1;
  }
  const where = placeInLessons(error, folder);
  const at = where ? `\n${t('play.threw.at', { file: where.file, line: where.line })}` : '';
  process.stderr.write(`\n${t('play.threw', { error: firstLine(error) })}${at}\n`);
  return 1;
}

/** "Lesson 03 (Win check) is not finished yet…" for a stub's error, with what to do. */
function unfinishedLesson(name: string, error: unknown, folder: string, referenceCommand: string | undefined, t: Translate, language: Language): string {
  const where = placeInLessons(error, folder);
  if (where === null) return t('play.stubOutsideLessons', { name });
  const lesson = lessonIn(readLesson(where.id), language);
  const earlier = runsCodeOf(lesson).filter((id) => folder === 'lessons' && hasStubs(id));
  const next = earlier.length > 0 ? lessonIn(readLesson(earlier[0] as string), language) : lesson;
  const lines = [t('play.unfinished', { number: lesson.number, title: lesson.title }), t('play.stillThrows', { name, file: where.file })];
  if (earlier.length > 0) {
    lines.push(
      t('play.buildsOnUnfinished', {
        lessons: listInWords(
          earlier.map((id) => id.slice(0, 2)),
          language,
        ),
      }),
    );
  }
  if (earlier.length > 0) {
    lines.push(t('play.startWith', { number: next.number, title: next.title }));
  } else {
    lines.push(t('play.finishIt', { number: lesson.number }));
  }
  if (referenceCommand !== undefined) lines.push(t('play.watchReference', { command: referenceCommand }));
  return lines.join('\n');
}

/** True when a lesson's exercise files still hold a stub ("not implemented yet"). */
function hasStubs(id: string): boolean {
  return readLesson(id).files.some((file) => {
    const path = join(ROOT, 'lessons', id, file);
    return existsSync(path) && holdsStub(readFileSync(path, 'utf8'));
  });
}
