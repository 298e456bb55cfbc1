/** `npm run check [lesson…]`: grades the student's code and says what to do next. */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkLanguage, colorsEnabled, commandSpeech, LANGUAGE_OPTION, painter, parseCommandLine, Refusal, runCommand } from './lib/command-line/cli.ts';
import { gradeLessons, withPrerequisites } from './lib/grader/command/grading.ts';
import { sandboxWords } from './lib/report/sandbox-words.ts';
import { doneLessons, readProgress, recordScores, STATE_DIR, updateProgress } from './lib/core/progress.ts';
import { typecheck } from './lib/grader/command/typecheck.ts';
import { renderReport, typeCheckFailureWords } from './lib/report/report.ts';
import { defaultFileName, FORMATS, renderResultFile, type Format } from './lib/report/result-files.ts';
import type { LessonScore } from './lib/core/results.ts';
import { DEFAULT_LIMIT_MS, drawSeed, parseSeed } from './lib/grader/command/runner.ts';
import { hasHiddenTests, hasReference, listLessons, ROOT, selectLessons, UsageError, type Lesson } from './lib/core/workbook.ts';
import { heldLessons, targetCode, type HandInCopy, type HandInTaker, type LeftOut } from './lib/command-line/target.ts';
import type { Language } from './lib/core/languages.ts';
import { lessonIn, lessonTextPath, scoreIn } from './lib/i18n/lesson-text.ts';
import type { Translate } from './lib/i18n/messages.ts';
import { listInWords } from './lib/i18n/lists.ts';

/**
 * Where the intake of `npm run grade` is, which takes any hand-in given to --target: the teacher's
 * workbook has it, a student's pack not. (A path joined, not written out: the pack never follows
 * it, so a student's check does without.)
 */
const INTAKE = join(ROOT, 'scripts/lib/teacher/intake/intake.ts');

/** The language check speaks (command-line/cli.ts's commandLanguage), its words and its usage. */
const {
  language,
  t,
  usage: USAGE,
  noSuchLesson,
} = commandSpeech('usage.check', (words) => ({
  solutionsLine: hasReference() ? words('usage.check.solutions') : '',
  targetLines: words(existsSync(INTAKE) ? 'target.usage.handIns' : 'target.usage.inPlace'),
  hiddenLines: hasHiddenTests() ? words('usage.check.hidden') : '',
  limit: DEFAULT_LIMIT_MS / 1000,
}));

runCommand(
  USAGE,
  async () => {
    const { args, outputs } = takeResultFileOptions(process.argv.slice(2), t, language);
    const { values, positionals } = parseCommandLine(
      {
        solutions: { type: 'boolean', default: false },
        target: { type: 'string' },
        limit: { type: 'string' },
        typecheck: { type: 'boolean', default: true },
        hidden: { type: 'boolean', default: false },
        seed: { type: 'string' },
        ...LANGUAGE_OPTION,
      },
      args,
      t,
    );
    checkLanguage(values.lang, t, language);
    if (values.hidden && !hasHiddenTests()) throw new UsageError(t('check.noHiddenTests'));
    if (values.solutions && !hasReference()) throw new UsageError(t('target.noSolutions'));
    if (values.solutions && values.target !== undefined) throw new UsageError(t('check.solutionsOrTarget'));
    if (values.seed !== undefined && !values.hidden) throw new UsageError(t('check.seedWithoutHidden'));
    // Only the hidden suites draw inputs from the seed; the visible ones are the same on every run.
    const seed = values.hidden ? (values.seed === undefined ? drawSeed() : parseSeed(values.seed)) : undefined;
    const limitSeconds = values.limit === undefined ? DEFAULT_LIMIT_MS / 1000 : Number(values.limit);
    if (!(limitSeconds > 0)) throw new UsageError(t('check.limit', { value: values.limit ?? '' }));

    const all = listLessons();
    const named = selectLessons(positionals, all, noSuchLesson);
    // A hand-in that is no lessons folder is taken in as npm run grade takes it, into a temporary folder.
    const found = values.target === undefined ? undefined : await targetCode(values.target, all, () => teachersIntake(t), t, language);
    if (found !== undefined) process.once('exit', found.dispose);
    const target = values.solutions ? resolve(ROOT, 'solutions') : (found?.dir ?? resolve(ROOT, 'lessons'));
    const shownTarget = found?.shown ?? '';
    const code = values.solutions ? t('check.subject.solutions') : (found?.code ?? t('check.subject.own'));
    const subject = seed !== undefined ? t('check.subject.hidden', { code, seed: String(seed) }) : code;
    // A --target folder is graded on the lessons it holds; the lessons it lacks are named, not graded.
    const { held: selected, leftOut } = found === undefined ? { held: named, leftOut: [] } : heldLessons(found.dir, named);
    if (selected.length === 0) {
      const asked = leftOut.map((entry) =>
        entry.absentFiles.length === 0
          ? t('check.noneHeld.noFolder', { folder: entry.lesson.id })
          : t('check.noneHeld.without', { folder: entry.lesson.id, files: listInWords(entry.absentFiles, language) }),
      );
      throw new Refusal(t('check.noneHeld', { target: shownTarget, asked: asked.join(t('lists.clauses')) }));
    }
    const needed = found === undefined ? { held: withPrerequisites(selected, all), leftOut: [] } : heldLessons(found.dir, withPrerequisites(selected, all));

    const progress = process.stderr.isTTY ? (text: string) => process.stderr.write(`\r\x1b[K${text}`) : () => {};
    const lessons = needed.held;
    let finished = 0;
    progress(t('check.grading', { count: lessons.length }));
    const ownLessons = !values.solutions && values.target === undefined;
    let typeCheckFailure: string | undefined;
    const types = values.typecheck
      ? typecheck(ROOT, target, lessons, join(ROOT, STATE_DIR), undefined, language).catch((error: unknown) => {
          // The grades still stand; only the type check is missing, and the student must know it did not happen.
          typeCheckFailure = typeCheckFailureWords(error, t);
          return undefined;
        })
      : Promise.resolve(undefined);
    const scores = await gradeLessons({
      target,
      lessons,
      hidden: values.hidden,
      limitMs: limitSeconds * 1000,
      ...(seed === undefined ? {} : { seed }),
      sandboxWords: sandboxWords(language),
      stateDir: join(ROOT, STATE_DIR),
      onLessonDone: (run) => {
        finished += 1;
        progress(t('check.gradingProgress', { finished, count: lessons.length, last: run.lessonId }));
      },
    });
    progress(values.typecheck ? t('check.typeChecking') : '');
    const typeReport = await types;
    progress('');

    // Progress is the student's own checks; a teacher's run with hidden tests does not count there.
    if (ownLessons && !values.hidden) {
      const graded = [...scores.values()];
      updateProgress(ROOT, (progress) => recordScores(progress, graded, new Date()));
    }

    const selectedScores = selected.map((lesson) => scores.get(lesson.id) as LessonScore);
    for (const output of outputs) {
      const context = { scores: selectedScores, root: ROOT, target, progress: readProgress(ROOT), now: new Date(), language };
      writeFileSync(output.file, renderResultFile(output.format, context));
      process.stderr.write(`${t('check.wrote', { file: output.file, format: output.format })}\n`);
    }

    const paint = painter(colorsEnabled());
    console.log(
      renderReport({
        subject,
        scores: new Map([...scores].map(([id, score]) => [id, scoreIn(score, language)])),
        selected: selected.map((lesson) => lesson.id),
        allLessons: all.map((lesson) => lesson.id),
        paint,
        types: typeReport,
        doneLessons: ownLessons ? doneLessons(readProgress(ROOT)) : undefined,
        showHidden: values.hidden,
        ...(found === undefined ? {} : { voice: 'teacher' as const }),
        language,
        lessonText: (lesson) => lessonTextPath(lesson, language),
      }),
    );
    for (const line of absentLessonLines(selected, leftOut, needed.leftOut, t, language)) console.log(paint('yellow', line));
    if (typeCheckFailure !== undefined) {
      console.error(paint('red', t('check.typeCheckFailed', { error: typeCheckFailure })));
    }
    return selected.every((lesson) => scores.get(lesson.id)?.done) ? 0 : 1;
  },
  t,
);

/**
 * For a --target folder: the lessons asked for that it does not hold (not graded), and each graded
 * lesson that builds on an earlier lesson it does not hold.
 */
function absentLessonLines(graded: Lesson[], leftOut: LeftOut[], absentPrerequisites: LeftOut[], t: Translate, language: Language): string[] {
  const named = (lesson: Lesson): string => `${lesson.number} ${lessonIn(lesson, language).title}`;
  const noFolder = leftOut.filter((entry) => entry.absentFiles.length === 0);
  const lines: string[] = [];
  if (noFolder.length > 0) lines.push(t('check.notHeld', { lessons: noFolder.map((entry) => named(entry.lesson)).join(t('lists.clauses')) }));
  for (const { lesson, absentFiles } of leftOut.filter((entry) => entry.absentFiles.length > 0)) {
    lines.push(t('check.notHeld.files', { lesson: named(lesson), folder: lesson.id, files: listInWords(absentFiles, language, 'disjunction') }));
  }
  for (const { lesson: earlier } of absentPrerequisites) {
    // Any import of the earlier lesson, even of a constant, needs its file: buildsOn, not runsCodeOf.
    const users = graded.filter((lesson) => lesson.buildsOn.includes(earlier.id)).map((lesson) => lesson.number);
    if (users.length === 0) continue;
    lines.push(
      t('check.absentPrerequisite', {
        count: users.length,
        users: listInWords(users, language),
        number: earlier.number,
        title: lessonIn(earlier, language).title,
      }),
    );
  }
  return lines;
}

/**
 * Takes --json [FILE] and --format NAME [FILE] out of the arguments (a FILE is recognised by its
 * .json or .xml ending, so lesson names are never taken for files).
 */
function takeResultFileOptions(
  argv: string[],
  t: Translate,
  language: Language,
): { args: string[]; outputs: Array<{ format: Format | 'json'; file: string }> } {
  const args: string[] = [];
  const outputs: Array<{ format: Format | 'json'; file: string }> = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    let format: Format | 'json' | undefined;
    if (arg === '--json') {
      format = 'json';
    } else if (arg === '--format' || arg.startsWith('--format=')) {
      const name = arg.includes('=') ? arg.slice('--format='.length) : argv[(index += 1)];
      // "--format --json": the next option is no format's name, but a value forgotten.
      if (name === undefined || name.startsWith('-')) throw new UsageError(t('errors.optionNeedsValue', { option: '--format' }));
      if (!FORMATS.includes(name as Format)) {
        throw new UsageError(t('errors.format', { formats: listInWords(FORMATS, language, 'disjunction'), name }));
      }
      format = name as Format;
    }
    if (format === undefined) {
      args.push(arg);
      continue;
    }
    const next = argv[index + 1];
    const file = next !== undefined && /\.(json|xml)$/i.test(next) ? next : defaultFileName(format);
    if (file === next) index += 1;
    if (outputs.some((output) => output.file === file)) {
      throw new UsageError(t('errors.sameResultFile', { file }));
    }
    outputs.push({ format, file });
  }
  return { args, outputs };
}

/**
 * The intake of `npm run grade`, for a --target that is no lessons folder, saying why a hand-in cannot
 * be used in the command's language (`t`): in the teacher's workbook only, since a student's pack holds no intake.
 */
async function teachersIntake(t: Translate): Promise<HandInTaker | undefined> {
  if (!existsSync(INTAKE)) return undefined;
  // The check may run from a bundle, without a TypeScript loader (core/run-bundled.mjs).
  (await import('tsx/esm/api')).register();
  const { takeInHandIn } = (await import(pathToFileURL(INTAKE).href)) as { takeInHandIn: (...args: [...Parameters<HandInTaker>, Translate]) => HandInCopy };
  return (path, scratch, lessons) => takeInHandIn(path, scratch, lessons, t);
}
