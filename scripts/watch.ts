/** `npm run watch [lesson]`: grades a lesson again every time you save, and shows its report. */
import { watch } from 'node:fs';
import { join } from 'node:path';
import { checkLanguage, colorsEnabled, commandSpeech, LANGUAGE_OPTION, painter, parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import { withPrerequisites } from './lib/grader/command/grading.ts';
import { sandboxWords } from './lib/report/sandbox-words.ts';
import { doneLessons, lessonProgress, readProgress, recordScores, STATE_DIR, updateProgress } from './lib/core/progress.ts';
import { renderReport, typeCheckFailureWords } from './lib/report/report.ts';
import { scoreLesson, type LessonRun } from './lib/core/results.ts';
import { typecheck, type TypeReport } from './lib/grader/command/typecheck.ts';
import { DEFAULT_LIMIT_MS, watchLessons } from './lib/grader/command/runner.ts';
import { listLessons, ROOT, selectLessons, UsageError, type Lesson } from './lib/core/workbook.ts';
import { INTL_LOCALES, SOURCE_LANGUAGE } from './lib/core/languages.ts';
import { lessonTextPath, scoreIn } from './lib/i18n/lesson-text.ts';
import { fixedIn } from './lib/i18n/numbers.ts';

/** The language watch speaks (command-line/cli.ts's commandLanguage), its words and its usage. */
const { language, t, usage: USAGE, noSuchLesson } = commandSpeech('usage.watch');

runCommand(
  USAGE,
  async () => {
    const { values, positionals } = parseCommandLine({ ...LANGUAGE_OPTION }, undefined, t);
    checkLanguage(values.lang, t, language);
    if (positionals.length > 1) throw new UsageError(t('watch.oneLesson'));
    const all = listLessons();
    const progress = readProgress(ROOT);
    const lesson = positionals.length === 1 ? selectLessons(positionals, all, noSuchLesson)[0] : firstUnfinished(all, progress);
    if (!lesson) throw new UsageError(t('watch.noLessons'));

    const lessons = withPrerequisites([lesson], all);
    const target = join(ROOT, 'lessons');
    const paint = painter(colorsEnabled());
    const clear = process.stdout.isTTY ? '\x1b[2J\x1b[3J\x1b[H' : '';
    let startedAt = Date.now();
    let shown = 0;
    // The type check of the last verdict, stopped when a save starts a newer one (so it does not slow it down).
    let staleTypes = new AbortController();
    // On a terminal, the last verdict gets one line saying a newer one is on its way.
    let checkingSaid = true;
    const sayChecking = (): void => {
      if (!process.stdout.isTTY || checkingSaid) return;
      checkingSaid = true;
      process.stdout.write(`${paint('gray', t('watch.checkingAgain'))}\n`);
    };
    /** Shows a verdict; `complete` (every lesson of the run ended) also records it as the latest progress. */
    const show = (runs: LessonRun[], complete: boolean): void => {
      const seconds = fixedIn((Date.now() - startedAt) / 1000, 2, language);
      checkingSaid = false;
      const scores = new Map(lessons.map((each, index) => [each.id, scoreLesson(each, runs[index] as LessonRun)]));
      if (complete) updateProgress(ROOT, (progress) => recordScores(progress, [...scores.values()], new Date()));
      const print = (types?: TypeReport): void => {
        const report = renderReport({
          subject: t('watch.subject', { number: lesson.number, folder: `lessons/${lesson.id}/` }),
          scores: new Map([...scores].map(([id, score]) => [id, scoreIn(score, language)])),
          selected: [lesson.id],
          allLessons: all.map((each) => each.id),
          paint,
          types,
          doneLessons: doneLessons(readProgress(ROOT)),
          language,
          lessonText: (each) => lessonTextPath(each, language),
        });
        // English keeps the machine's own way of writing the time; another language writes it its way.
        const time = new Date().toLocaleTimeString(language === SOURCE_LANGUAGE ? undefined : INTL_LOCALES[language]);
        const footer = t('watch.footer', { time, seconds, folder: `lessons/${lesson.id}/` });
        process.stdout.write(`${clear}${report}\n\n${paint('gray', footer)}\n`);
      };
      print();
      // The type check comes a moment later; show it only if this is still the latest verdict.
      const verdict = (shown += 1);
      staleTypes = new AbortController();
      const { signal } = staleTypes;
      void typecheck(ROOT, target, lessons, join(ROOT, STATE_DIR), signal, language).then(
        (types) => {
          if (signal.aborted || verdict !== shown) return;
          const found = [...types.values()].some((problems) => problems.length > 0);
          // The report shows type errors once they are known; without any, one line says the check ran.
          if (found) print(types);
          else process.stdout.write(`${paint('gray', t('watch.noTypeErrors'))}\n`);
        },
        (error: unknown) => {
          if (verdict === shown) process.stdout.write(`${paint('red', t('watch.typeCheckFailed', { error: typeCheckFailureWords(error, t) }))}\n`);
        },
      );
    };

    let stopChild: () => void = () => {};
    process.on('SIGINT', () => {
      stopChild();
      process.stdout.write(`\n${t('watch.stopped')}\n`);
      process.exit(0);
    });
    for (;;) {
      startedAt = Date.now();
      const runs = await watchLessons({
        target,
        lessons,
        limitMs: DEFAULT_LIMIT_MS,
        stateDir: join(ROOT, STATE_DIR),
        sandboxWords: sandboxWords(language),
        onResults: show,
        onRunStart: () => {
          startedAt = Date.now();
          staleTypes.abort();
          sayChecking();
        },
        setStop: (stop) => (stopChild = stop),
      });
      // The child stops only when code hung (or crashed): show that, then wait for the next save. Its
      // lessons did not all end, so it is no progress.
      show(runs, false);
      await nextChange(target);
    }
  },
  t,
);

/** The first lesson not finished according to the progress file. */
function firstUnfinished(all: Lesson[], progress: ReturnType<typeof readProgress>): Lesson | undefined {
  return all.find((lesson) => lessonProgress(progress, lesson.id).latest < 100) ?? all.at(-1);
}

/** Resolves at the next change of a file below `folder`. */
function nextChange(folder: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(folder, { recursive: true }, () => {
      watcher.close();
      resolve();
    });
  });
}
