/**
 * `npm run hint <lesson>`: the next hint for the first unfinished task, from gentle to concrete, about
 * the test that failed first in the last check when the lesson's hints name tests.
 */
import { colorsEnabled, painter, parseCommandLine, runCommand } from './lib/core/cli.ts';
import { hintToShow, lessonProgress, readProgress, recordHint, writeProgress } from './lib/core/progress.ts';
import { listLessons, readmePath, ROOT, selectLessons, UsageError } from './lib/core/workbook.ts';
import { visible } from './lib/core/text.ts';

const USAGE = `
Usage: npm run hint <lesson> [-- --task N]

Shows the next hint for the first task of the lesson you have not finished (as of your last
npm run check), one level more concrete each time, about the test that failed first there.
--task N picks the task yourself.
`;

runCommand(USAGE, () => {
  const { values, positionals } = parseCommandLine({ task: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('Name one lesson, for example: npm run hint 01');
  const [lesson] = selectLessons(positionals, listLessons());
  if (!lesson) throw new UsageError('Name one lesson, for example: npm run hint 01');

  const progress = readProgress(ROOT);
  const seen = lessonProgress(progress, lesson.id);
  if (values.task === undefined && seen.firstPassedAt !== null && seen.latest === 100) {
    console.log(`Lesson ${lesson.number} is done: every task passes. Well played!`);
    console.log(`To read a task's hints anyway: npm run hint ${lesson.number} -- --task N`);
    return 0;
  }
  const taskNumber = values.task !== undefined ? Number(values.task) : firstOpenTask(lesson.tasks.length, seen.tasksDone);
  const task = lesson.tasks[taskNumber - 1];
  if (!task) throw new UsageError(`Lesson ${lesson.number} has tasks 1 to ${lesson.tasks.length}; there is no task "${values.task}".`);

  const paint = painter(colorsEnabled());
  const { level, of, text, forTest, failing, ownLadder } = hintToShow(seen, task, taskNumber);
  writeProgress(ROOT, recordHint(progress, lesson.id, taskNumber, level, ownLadder));
  console.log(paint('bold', `Lesson ${lesson.number}, Task ${taskNumber}: ${task.title}`) + ` (hint ${level} of ${of})`);
  if (failing !== undefined && forTest) console.log(paint('gray', `For the test that failed: ${visible(failing)}`));
  console.log(`\n  ${text}\n`);
  if (level < of) {
    console.log(paint('gray', `Run the same command again for a more concrete hint.`));
  } else {
    console.log(paint('gray', `That was the last hint for this task. Read "Task ${taskNumber}" in ${readmePath(lesson)} once more, or ask for help.`));
  }
  return 0;
});

/** The first task not done in the last check (task 1 when there was no check yet, the last when all are done). */
function firstOpenTask(taskCount: number, done: number[]): number {
  for (let number = 1; number <= taskCount; number += 1) {
    if (!done.includes(number)) return number;
  }
  return taskCount;
}
