/** `npm run check [lesson…]`: grades the student's code and says what to do next. */
import { resolve } from 'node:path';
import { colorsEnabled, painter, parseCommandLine, runCommand } from './lib/cli.ts';
import { gradeLessons, withPrerequisites } from './lib/grade.ts';
import { readProgress, recordScores, writeProgress } from './lib/progress.ts';
import { renderReport } from './lib/report.ts';
import { DEFAULT_LIMIT_MS } from './lib/runner.ts';
import { listLessons, ROOT, selectLessons, UsageError } from './lib/workbook.ts';

const USAGE = `
Usage: npm run check [-- [lesson…] [options]]

Grades your code in lessons/ and shows what to do next. Name lessons by number or name
(npm run check 01, npm run check board); without names every lesson is graded.

Options:
  --solutions       grade the reference solutions instead (the teacher's view)
  --target DIR      grade the exercise files in DIR (a folder holding 01-board/, 02-input/, …)
  --limit SECONDS   stop a lesson whose code runs longer than this (default ${DEFAULT_LIMIT_MS / 1000})
`;

runCommand(USAGE, async () => {
  const { values, positionals } = parseCommandLine({
    solutions: { type: 'boolean', default: false },
    target: { type: 'string' },
    limit: { type: 'string' },
  });
  if (values.solutions && values.target !== undefined) throw new UsageError('Use --solutions or --target, not both.');
  const limitSeconds = values.limit === undefined ? DEFAULT_LIMIT_MS / 1000 : Number(values.limit);
  if (!(limitSeconds > 0)) throw new UsageError(`--limit takes a number of seconds, not "${values.limit}".`);

  const all = listLessons();
  const selected = selectLessons(positionals, all);
  const target = values.solutions ? resolve(ROOT, 'solutions') : resolve(values.target ?? resolve(ROOT, 'lessons'));
  const subject = values.solutions
    ? 'the reference solutions in solutions/'
    : values.target !== undefined
      ? `the code in ${values.target}`
      : 'your code in lessons/';

  const progress = process.stderr.isTTY ? (text: string) => process.stderr.write(`\r\x1b[K${text}`) : () => {};
  const lessons = withPrerequisites(selected, all);
  let finished = 0;
  progress(`Grading ${lessons.length} lesson${lessons.length === 1 ? '' : 's'}…`);
  const scores = await gradeLessons({
    target,
    lessons,
    limitMs: limitSeconds * 1000,
    onLessonDone: (run) => {
      finished += 1;
      progress(`Grading: ${finished} of ${lessons.length} lessons done (last: ${run.lessonId})…`);
    },
  });
  progress('');

  if (!values.solutions && values.target === undefined) {
    const graded = [...scores.values()];
    writeProgress(ROOT, recordScores(readProgress(ROOT), graded, new Date()));
  }

  const paint = painter(colorsEnabled());
  console.log(
    renderReport({
      subject,
      scores,
      selected: selected.map((lesson) => lesson.id),
      allLessons: all.map((lesson) => lesson.id),
      paint,
    }),
  );
  return selected.every((lesson) => scores.get(lesson.id)?.done) ? 0 : 1;
});
