/**
 * `npm run hint <lesson>`: the next hint for the first unfinished task, from gentle to concrete, about
 * the test that failed first in the last check when the lesson's hints name tests.
 */
import { checkLanguage, colorsEnabled, commandSpeech, LANGUAGE_OPTION, painter, parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import { hintToShow, lessonProgress, readProgress, recordHint, updateProgress } from './lib/core/progress.ts';
import { listLessons, ROOT, selectLessons, UsageError } from './lib/core/workbook.ts';
import { visible } from './lib/core/text.ts';
import { lessonIn, lessonTextPath } from './lib/i18n/lesson-text.ts';
import { testTitleIn } from './lib/i18n/test-titles.ts';

/** The language hint speaks (command-line/cli.ts's commandLanguage), its words and its usage. */
const { language, t, usage: USAGE, noSuchLesson } = commandSpeech('usage.hint');

runCommand(
  USAGE,
  () => {
    const { values, positionals } = parseCommandLine({ task: { type: 'string' }, ...LANGUAGE_OPTION }, undefined, t);
    checkLanguage(values.lang, t, language);
    if (positionals.length !== 1) throw new UsageError(t('hint.nameOneLesson'));
    const [english] = selectLessons(positionals, listLessons(), noSuchLesson);
    if (!english) throw new UsageError(t('hint.nameOneLesson'));
    const lesson = lessonIn(english, language);

    const progress = readProgress(ROOT);
    const seen = lessonProgress(progress, lesson.id);
    if (values.task === undefined && seen.firstPassedAt !== null && seen.latest === 100) {
      console.log(t('hint.lessonDone', { number: lesson.number }));
      console.log(t('hint.readAnyway', { number: lesson.number }));
      return 0;
    }
    const taskNumber = values.task !== undefined ? Number(values.task) : firstOpenTask(lesson.tasks.length, seen.tasksDone);
    const task = lesson.tasks[taskNumber - 1];
    if (!task) throw new UsageError(t('hint.noSuchTask', { number: lesson.number, count: lesson.tasks.length, task: values.task ?? '' }));

    const paint = painter(colorsEnabled());
    const { level, of, text, forTest, failing, ownLadder } = hintToShow(seen, task, taskNumber);
    updateProgress(ROOT, (current) => recordHint(current, lesson.id, taskNumber, level, ownLadder));
    console.log(paint('bold', t('hint.heading', { number: lesson.number, task: taskNumber, title: task.title })) + t('hint.level', { level, of }));
    if (failing !== undefined && forTest) console.log(paint('gray', t('hint.forTest', { name: visible(testTitleIn(lesson, failing, language)) })));
    console.log(`\n  ${text}\n`);
    if (level < of) {
      console.log(paint('gray', t('hint.more')));
    } else {
      console.log(paint('gray', t('hint.last', { task: taskNumber, readme: lessonTextPath(lesson, language) })));
    }
    return 0;
  },
  t,
);

/** The first task not done in the last check (task 1 when there was no check yet, the last when all are done). */
function firstOpenTask(taskCount: number, done: number[]): number {
  for (let number = 1; number <= taskCount; number += 1) {
    if (!done.includes(number)) return number;
  }
  return taskCount;
}
