/**
 * Result files for other tools: the workbook's own JSON document, Exercism's test-runner results.json
 * (version 3), Gradescope's results.json and JUnit XML. Each is built from the same graded scores.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Progress } from '../core/progress.ts';
import { lessonProgress } from '../core/progress.ts';
import { crashMessage, explainFailure } from './report.ts';
import { painter } from '../command-line/cli.ts';
import type { LessonProblem, LessonScore, TestOutcome } from '../core/results.ts';
import { hashText } from '../core/stubs.ts';
import { escapeHtml, visible } from '../core/text.ts';
import { hiddenSuitePath, suitePath } from '../core/workbook.ts';

/** Turns scores into the text of one result file. */
export function renderResultFile(format: Format | 'json', context: Parameters<typeof workbookJson>[0]): string {
  if (format === 'junit') return junitXml(context.scores);
  const document = format === 'json' ? workbookJson(context) : format === 'exercism' ? exercismResults(context.scores) : gradescopeResults(context.scores);
  return `${JSON.stringify(document, null, 2)}\n`;
}

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

/** A failed test's explanation in plain words, as one text (what the hand-in controls in it is made visible by explainFailure). */
function messageOf(test: TestOutcome): string | null {
  if (test.status !== 'failed') return null;
  if (test.hidden) return 'A hidden test failed.';
  return explainFailure(test, plain).join('\n');
}

function capped(text: string, limit = OUTPUT_CAP): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}\n[output cut after ${limit} characters]`;
}

/** The workbook's own result document. */
export function workbookJson(options: { scores: LessonScore[]; root: string; target: string; progress: Progress; now: Date }): unknown {
  const pkg = JSON.parse(readFileSync(join(options.root, 'package.json'), 'utf8')) as { name: string; version: string };
  return {
    workbook: { name: pkg.name, version: pkg.version },
    gradedAt: options.now.toISOString(),
    target: options.target,
    total: { earned: options.scores.reduce((sum, score) => sum + score.earned, 0), possible: options.scores.length * 100 },
    lessons: options.scores.map((score) => ({
      id: score.lesson.id,
      title: score.lesson.title,
      earned: score.earned,
      done: score.done,
      problem: problemJson(score.run.problem),
      hintsUsed: lessonProgress(options.progress, score.lesson.id).hintsSeen,
      output: capped(score.run.output),
      testFiles: testFileHashes(options.root, score),
      tasks: score.tasks.map((task) => ({
        number: task.number,
        title: task.title,
        points: task.points,
        earned: Math.round(task.earned * 100) / 100,
        tests: score.run.tests
          .filter((test) => test.task === task.number)
          .map((test) => ({
            name: test.hidden ? 'hidden test' : test.name,
            hidden: test.hidden,
            status: test.status,
            message: messageOf(test),
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

/** Exercism's test-runner results.json, version 3: tests in file order, task_id = task number. */
export function exercismResults(scores: LessonScore[]): unknown {
  const tests = scores.flatMap((score) =>
    score.run.tests
      .filter((test) => test.status !== 'skipped')
      .map((test) => ({
        name: `${score.lesson.number} ${test.hidden ? 'hidden test' : test.name}`,
        test_code: '',
        status: test.status === 'passed' ? 'pass' : 'fail',
        message: messageOf(test),
        output: null,
        task_id: test.task,
      })),
  );
  const problems = scores.filter((score) => score.run.problem !== undefined && score.run.tests.length === 0);
  if (tests.length === 0 || problems.length === scores.length) {
    return { version: 3, status: 'error', message: problems.map((score) => problemText(score)).join('\n') || 'No test ran.', tests };
  }
  const status = scores.every((score) => score.done) ? 'pass' : 'fail';
  return { version: 3, status, tests };
}

/** A lesson's problem as the document keeps it: a crash with its words too (`message`). */
function problemJson(problem: LessonProblem | undefined): (LessonProblem & { message?: string }) | null {
  if (problem === undefined) return null;
  return problem.kind === 'crash' ? { ...problem, message: crashMessage(problem) } : problem;
}

/** Why a lesson could not be graded, in one sentence a person reads (what the hand-in threw shown with visible()). */
function problemText(score: LessonScore): string {
  const problem = score.run.problem;
  if (!problem) return '';
  if (problem.kind === 'timeout') return `${score.lesson.id}: stopped after ${problem.limitMs / 1000} s (an endless loop?)`;
  if (problem.kind === 'load-error') return `${score.lesson.id}: ${visible(`${problem.failure.name}: ${problem.failure.message}`)}`;
  return `${score.lesson.id}: ${visible(crashMessage(problem))}`;
}

/** Gradescope's results.json: a score and max_score per test (each test's share of its task's points). */
export function gradescopeResults(scores: LessonScore[]): unknown {
  const tests = scores.flatMap((score) =>
    score.tasks.flatMap((task) => {
      const tests = score.run.tests.filter((test) => test.task === task.number && test.status !== 'skipped');
      const share = tests.length === 0 ? 0 : task.points / tests.length;
      return tests.map((test) => ({
        name: `${score.lesson.number} Task ${task.number}: ${test.hidden ? 'hidden test' : test.name}`,
        score: test.status === 'passed' ? round(share) : 0,
        max_score: round(share),
        status: test.status === 'passed' ? 'passed' : 'failed',
        output: messageOf(test) ?? '',
        visibility: 'visible',
      }));
    }),
  );
  return {
    // The sum of the tests' scores, so Gradescope's total and its per-test rows agree.
    score: round(tests.reduce((sum, test) => sum + test.score, 0)),
    max_score: scores.length * 100,
    output: scores.map((score) => `${score.lesson.number} ${score.lesson.title}: ${score.earned}/100`).join('\n'),
    tests,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** JUnit XML: one testsuite per lesson, one testcase per test. */
export function junitXml(scores: LessonScore[]): string {
  const suites = scores.map((score) => {
    const failures = score.run.tests.filter((test) => test.status === 'failed').length;
    const cases = score.run.tests.map((test) => {
      const name = escapeXml(test.hidden ? 'hidden test' : test.name);
      const classname = escapeXml(`${score.lesson.id}.Task ${test.task}`);
      const time = (test.durationMs / 1000).toFixed(3);
      const open = `    <testcase classname="${classname}" name="${name}" time="${time}"`;
      if (test.status === 'passed') return `${open}/>`;
      if (test.status === 'skipped') return `${open}>\n      <skipped/>\n    </testcase>`;
      const message = messageOf(test) ?? '';
      return `${open}>\n      <failure message="${escapeXml(message.split('\n')[0] ?? '')}">${escapeXml(message)}</failure>\n    </testcase>`;
    });
    const problem = score.run.problem ? [`    <system-err>${escapeXml(problemText(score))}</system-err>`] : [];
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
