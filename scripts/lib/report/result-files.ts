/**
 * Result files for other tools: the workbook's own JSON document, Exercism's test-runner results.json
 * (version 3), Gradescope's results.json and JUnit XML. Each is built from the same graded scores.
 *
 * The language of the check (`--lang`, the edition's, the locale's) reaches each file as far as a
 * person reads it there. Gradescope and Exercism show their tests' names and messages to the student,
 * so both are in it entirely, tests named by their titles in it. JUnit XML and the workbook's own
 * document are read by programs (CI test reports, a teacher's scripts), which know a test by its name
 * across runs: names, titles and fields stay English, as results name them; only the sentences in
 * them (a failure's explanation, why a lesson was not graded, the output cut note) are in the language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Progress } from '../core/progress.ts';
import { lessonProgress } from '../core/progress.ts';
import { crashMessage, explainFailure, messageText } from './report.ts';
import { painter } from '../command-line/cli.ts';
import type { LessonProblem, LessonScore, TestOutcome } from '../core/results.ts';
import { hashText } from '../core/stubs.ts';
import { escapeHtml, visible } from '../core/text.ts';
import { hiddenSuitePath, ROOT, suitePath, type Lesson } from '../core/workbook.ts';
import { SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { translator, type Translate } from '../i18n/messages.ts';
import { lessonIn } from '../i18n/lesson-text.ts';
import { pointsIn, quantityIn } from '../i18n/numbers.ts';
import { testTitleIn } from '../i18n/test-titles.ts';
import { suiteWordsIn } from '../i18n/value-words.ts';

/** What a result file is made from: the scores, the workbook and what was graded, and the language its sentences are in (English when not given). */
export interface ResultContext {
  scores: LessonScore[];
  root: string;
  target: string;
  progress: Progress;
  now: Date;
  language?: Language;
}

/** Turns scores into the text of one result file. */
export function renderResultFile(format: Format | 'json', context: ResultContext): string {
  const speech = speechOf(context.language, context.root);
  if (format === 'junit') return junitXml(context.scores, speech);
  const document =
    format === 'json' ? workbookJson(context) : format === 'exercism' ? exercismResults(context.scores, speech) : gradescopeResults(context.scores, speech);
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The language a result file's sentences are in, its words, and the workbook whose lessons' translations name the tests. */
export interface Speech {
  language: Language;
  t: Translate;
  root: string;
}

/** The speech of a language (English when not given) in a workbook (this one when not given). */
export function speechOf(language: Language = SOURCE_LANGUAGE, root: string = ROOT): Speech {
  return { language, t: translator(language), root };
}

const ENGLISH = speechOf();

/** The file each format is written to when no name is given. */
export function defaultFileName(format: Format | 'json'): string {
  return format === 'junit' ? 'junit.xml' : 'results.json';
}

/** The formats `npm run check -- --format` writes. */
export const FORMATS = ['exercism', 'gradescope', 'junit'] as const;
export type Format = (typeof FORMATS)[number];

/** Characters of captured output kept per lesson in result files. */
const OUTPUT_CAP = 2000;

const plain = painter(false);

/**
 * A failed test's explanation in plain words, as one text, in the speech's language, the words its
 * suite wrote put in it too (what the hand-in controls in it is made visible by explainFailure).
 */
function messageOf(test: TestOutcome, lesson: Lesson, speech: Speech): string | null {
  if (test.status !== 'failed') return null;
  if (test.hidden) return speech.t('exports.hiddenTestFailed');
  return explainFailure(test, plain, speech.t, suiteWordsIn(lesson, speech.language, speech.root)).join('\n');
}

/** A test's name as a student reads it: a visible test's title in the speech's language, a hidden test only as such. */
function shownName(test: TestOutcome, lesson: Lesson, speech: Speech): string {
  return test.hidden ? speech.t('exports.hiddenTestName') : testTitleIn(lesson, test.name, speech.language, speech.root);
}

/** A test's name as programs know it across runs: its English name ("hidden test" for a hidden one). */
function dataName(test: TestOutcome): string {
  return test.hidden ? 'hidden test' : test.name;
}

function capped(text: string, speech: Speech, limit = OUTPUT_CAP): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}\n${speech.t('exports.outputCut', { limit, shown: quantityIn(limit, speech.language) })}`;
}

/**
 * The workbook's own result document: its fields, names and titles English (as results name them),
 * its sentences in the language given (which a document in another language than English records).
 */
export function workbookJson(options: ResultContext): unknown {
  const pkg = JSON.parse(readFileSync(join(options.root, 'package.json'), 'utf8')) as { name: string; version: string };
  const speech = speechOf(options.language, options.root);
  return {
    workbook: { name: pkg.name, version: pkg.version },
    ...(speech.language === SOURCE_LANGUAGE ? {} : { language: speech.language }),
    gradedAt: options.now.toISOString(),
    target: options.target,
    total: { earned: options.scores.reduce((sum, score) => sum + score.earned, 0), possible: options.scores.length * 100 },
    lessons: options.scores.map((score) => ({
      id: score.lesson.id,
      title: score.lesson.title,
      earned: score.earned,
      done: score.done,
      problem: problemJson(score.run.problem, speech.t),
      hintsUsed: lessonProgress(options.progress, score.lesson.id).hintsSeen,
      output: capped(score.run.output, speech),
      testFiles: testFileHashes(options.root, score),
      tasks: score.tasks.map((task) => ({
        number: task.number,
        title: task.title,
        points: task.points,
        earned: Math.round(task.earned * 100) / 100,
        tests: score.run.tests
          .filter((test) => test.task === task.number)
          .map((test) => ({
            name: dataName(test),
            hidden: test.hidden,
            status: test.status,
            message: messageOf(test, score.lesson, speech),
            durationMs: test.durationMs,
          })),
      })),
    })),
  };
}

/** sha256 of each test file used for a lesson, by path. */
function testFileHashes(root: string, score: LessonScore): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const path of [suitePath(score.lesson), hiddenSuitePath(score.lesson)]) {
    const full = join(root, path);
    if (existsSync(full)) hashes[path] = hashText(readFileSync(full, 'utf8'));
  }
  return hashes;
}

/**
 * Exercism's test-runner results.json, version 3: tests in file order, task_id = task number. Exercism
 * shows the student each test's name and message: both are in the speech's language.
 */
export function exercismResults(scores: LessonScore[], speech: Speech = ENGLISH): unknown {
  const tests = scores.flatMap((score) =>
    score.run.tests
      .filter((test) => test.status !== 'skipped')
      .map((test) => ({
        name: `${score.lesson.number} ${shownName(test, score.lesson, speech)}`,
        test_code: '',
        status: test.status === 'passed' ? 'pass' : 'fail',
        message: messageOf(test, score.lesson, speech),
        output: null,
        task_id: test.task,
      })),
  );
  const problems = scores.filter((score) => score.run.problem !== undefined && score.run.tests.length === 0);
  if (tests.length === 0 || problems.length === scores.length) {
    return { version: 3, status: 'error', message: problems.map((score) => problemText(score, speech.t)).join('\n') || speech.t('exports.noTestRan'), tests };
  }
  const status = scores.every((score) => score.done) ? 'pass' : 'fail';
  return { version: 3, status, tests };
}

/** A lesson's problem as the document keeps it: a crash with its words too (`message`). */
function problemJson(problem: LessonProblem | undefined, t: Translate): (LessonProblem & { message?: string }) | null {
  if (problem === undefined) return null;
  return problem.kind === 'crash' ? { ...problem, message: crashMessage(problem, t) } : problem;
}

/**
 * Why a lesson could not be graded, in one sentence a person reads, in the language `t` speaks (what
 * the hand-in threw, in the words of whatever threw it, shown with visible()).
 */
function problemText(score: LessonScore, t: Translate): string {
  const problem = score.run.problem;
  if (!problem) return '';
  if (problem.kind === 'timeout') return t('exports.problem.timeout', { lesson: score.lesson.id, seconds: problem.limitMs / 1000 });
  if (problem.kind === 'load-error') return `${score.lesson.id}: ${visible(`${problem.failure.name}: ${messageText(problem.failure, t)}`)}`;
  return `${score.lesson.id}: ${visible(crashMessage(problem, t))}`;
}

/**
 * Gradescope's results.json: a score and max_score per test (each test's share of its task's points).
 * Gradescope shows all of it to the student: the tests' names, their messages and the lessons' lines
 * are in the speech's language.
 */
export function gradescopeResults(scores: LessonScore[], speech: Speech = ENGLISH): unknown {
  const { t, language } = speech;
  const tests = scores.flatMap((score) =>
    score.tasks.flatMap((task) => {
      const tests = score.run.tests.filter((test) => test.task === task.number && test.status !== 'skipped');
      const share = tests.length === 0 ? 0 : task.points / tests.length;
      return tests.map((test) => ({
        name: t('exports.gradescope.test', { lesson: score.lesson.number, task: String(task.number), name: shownName(test, score.lesson, speech) }),
        score: test.status === 'passed' ? round(share) : 0,
        max_score: round(share),
        status: test.status === 'passed' ? 'passed' : 'failed',
        output: messageOf(test, score.lesson, speech) ?? '',
        visibility: 'visible',
      }));
    }),
  );
  const lessonLine = (score: LessonScore): string =>
    t('notes.lms.lesson', {
      number: score.lesson.number,
      title: lessonIn(score.lesson, language, speech.root).title,
      points: pointsIn(score.earned, language),
    });
  return {
    // The sum of the tests' scores, so Gradescope's total and its per-test rows agree.
    score: round(tests.reduce((sum, test) => sum + test.score, 0)),
    max_score: scores.length * 100,
    output: scores.map(lessonLine).join('\n'),
    tests,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * JUnit XML: one testsuite per lesson, one testcase per test. CI systems know a test by its class
 * name and name across runs: those and the suites' names stay English; the failures' messages and why
 * a lesson was not graded are in the speech's language.
 */
export function junitXml(scores: LessonScore[], speech: Speech = ENGLISH): string {
  const suites = scores.map((score) => {
    const failures = score.run.tests.filter((test) => test.status === 'failed').length;
    const cases = score.run.tests.map((test) => {
      const name = escapeXml(dataName(test));
      const classname = escapeXml(`${score.lesson.id}.Task ${test.task}`);
      const time = (test.durationMs / 1000).toFixed(3);
      const open = `    <testcase classname="${classname}" name="${name}" time="${time}"`;
      if (test.status === 'passed') return `${open}/>`;
      if (test.status === 'skipped') return `${open}>\n      <skipped/>\n    </testcase>`;
      const message = messageOf(test, score.lesson, speech) ?? '';
      return `${open}>\n      <failure message="${escapeXml(message.split('\n')[0] ?? '')}">${escapeXml(message)}</failure>\n    </testcase>`;
    });
    const problem = score.run.problem ? [`    <system-err>${escapeXml(problemText(score, speech.t))}</system-err>`] : [];
    const errors = score.run.problem ? 1 : 0;
    return [
      `  <testsuite name="${escapeXml(`${score.lesson.number} ${score.lesson.title}`)}" tests="${score.run.tests.length}" failures="${failures}" errors="${errors}" time="${(score.run.durationMs / 1000).toFixed(3)}">`,
      ...cases,
      ...problem,
      '  </testsuite>',
    ].join('\n');
  });
  const tests = scores.reduce((sum, score) => sum + score.run.tests.length, 0);
  const failures = scores.reduce((sum, score) => sum + score.run.tests.filter((test) => test.status === 'failed').length, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="tictactoe-workbook" tests="${tests}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
}

/** Escapes text for XML attributes and content, dropping characters XML cannot hold. */
function escapeXml(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 cannot hold these characters, so they are removed
  return escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''));
}
