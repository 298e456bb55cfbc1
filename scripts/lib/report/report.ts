/** The student's report: one line per lesson, the first failure explained, and the next step. */
import type { Paint } from '../command-line/cli.ts';
import { failureDetail, roundPoints, type Crash, type Failure, type LessonScore, type RunnerEnd, type TestOutcome } from '../core/results.ts';
import {
  cutNote,
  diffLines,
  drawLine,
  firstChangedPlace,
  firstDifference,
  focusRows,
  formatRow,
  LINE_END_MARK,
  NO_LINE_END_MARK,
  shownLines,
  SPACE_MARK,
  TAB_MARK,
  visibleLine,
  type LineDifference,
  type PlaceHolds,
  type TextLine,
} from './textdiff.ts';
import { TypeCheckError, type TypeProblem, type TypeReport } from '../grader/command/typecheck.ts';
import { runsCodeOf } from '../core/lesson-code.ts';
import { assertionWording, notCallableName } from '../core/vitest-wording.ts';
import { readmePath, type Lesson } from '../core/workbook.ts';
import { visible } from '../core/text.ts';
import { OUTPUT_CUT_LINE } from '../core/output-cut.ts';
import type { Language } from '../core/languages.ts';
import { withCutNote, type ComparedCuts, type LeftOut } from '../core/bounded-text.ts';
import { testTitleIn } from '../i18n/test-titles.ts';
import { suiteWordsIn, type SuiteWords } from '../i18n/value-words.ts';
import { pointsIn } from '../i18n/numbers.ts';
import { listInWords, translator, type Translate } from '../i18n/messages.ts';

/** What the report needs besides the scores. */
export interface ReportContext {
  /** "your code in lessons/" or "the reference solutions in solutions/". */
  subject: string;
  /** Every lesson's score that was worked out, selected or not (prerequisites included), by id. */
  scores: Map<string, LessonScore>;
  /** The selected lessons, in order. */
  selected: string[];
  /** Every lesson id of the workbook, in order, for the next step. */
  allLessons: string[];
  paint: Paint;
  /** Type errors per lesson id, when the files were type-checked. */
  types?: TypeReport;
  /**
   * The lessons done in the student's whole progress (.workbook/progress.json: latest check at 100),
   * for the next step after the selected lessons. Lessons graded now count as this check found them.
   */
  doneLessons?: ReadonlySet<string>;
  /** The teacher's view (`npm run check -- --hidden`): hidden tests are shown like the others, by name. */
  showHidden?: boolean;
  /** 'teacher' (`--target`): the report speaks about the code graded, not to its author: no next step, hint or command to run. */
  voice?: 'student' | 'teacher';
  /** The language the report speaks (English when not given). */
  language?: Language;
  /** Where the student reads a lesson's text, relative to the workbook root (its README.md when not given). */
  lessonText?: (lesson: Pick<Lesson, 'id'>) => string;
}

/** The report's words in English, for the callers that give no language (result files, a teacher's notes). */
const english = translator('en');

const BAR_WIDTH = 10;

/** Room for a lesson's title in its line: the longest title ("One game, five tutorials"). */
export const TITLE_WIDTH = 24;

/** The whole report as text. */
export function renderReport(context: ReportContext): string {
  const { paint } = context;
  const t = translator(context.language ?? 'en');
  const lines = [paint('bold', t('report.heading', { subject: context.subject })), ''];
  const selected = context.selected.map((id) => context.scores.get(id) as LessonScore);
  for (const score of selected) {
    lines.push(lessonLine(score, paint, context.voice === 'teacher', t, context.language));
    const typeLines = score.run.problem?.kind === 'load-error' ? [] : typeProblemLines(context.types?.get(score.lesson.id) ?? [], paint, t);
    if (!score.done) lines.push(...indent([...lessonDetails(score, context, t), ...typeLines], 5), '');
    else if (typeLines.length > 0) lines.push(...indent(typeLines, 5), '');
  }
  const earned = roundPoints(selected.reduce((sum, score) => sum + score.earned, 0));
  const done = selected.filter((score) => score.done).length;
  if (lines.at(-1) !== '') lines.push('');
  const notes = finishFirstNotes(context, t);
  if (notes.length > 0) lines.push(...notes, '');
  lines.push(
    paint('bold', t('report.total', { earned: pointsIn(earned, context.language ?? 'en'), most: selected.length * 100 })) +
      t('report.lessonsDone', { done, count: selected.length }),
    ...(context.voice === 'teacher' ? [] : [nextStep(context, t)]),
  );
  return lines.join('\n');
}

/** "01  Board display        ██████░░░░  60/100" */
export function lessonLine(score: LessonScore, paint: Paint, teacher = false, t: Translate = english, language: Language = 'en'): string {
  const filled = Math.floor((score.earned / 100) * BAR_WIDTH);
  const colour = score.done ? 'green' : score.earned > 0 ? 'yellow' : 'red';
  const bar = paint(colour, '█'.repeat(filled)) + paint('gray', '░'.repeat(BAR_WIDTH - filled));
  const points = `${pointsIn(score.earned, language).padStart(3)}/100`;
  const status = score.done ? paint('green', t('report.status.done')) : statusWord(score, teacher, t);
  return `${paint('bold', score.lesson.number)}  ${padToColumns(score.lesson.title, TITLE_WIDTH)} ${bar} ${points}  ${status}`;
}

/** Characters a terminal shows two columns wide: Chinese, Japanese and Korean script and full-width forms. */
const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;

/** How many columns of a terminal a text fills (a Chinese character fills two). */
function columnsOf(text: string): number {
  return [...text].reduce((sum, character) => sum + (WIDE.test(character) ? 2 : 1), 0);
}

/** A text padded with spaces to fill `columns` columns of a terminal. */
function padToColumns(text: string, columns: number): string {
  return text + ' '.repeat(Math.max(0, columns - columnsOf(text)));
}

function statusWord(score: LessonScore, teacher: boolean, t: Translate): string {
  if (score.run.problem?.kind === 'timeout') return t('report.status.timeout');
  if (score.run.problem?.kind === 'load-error') return t(teacher ? 'report.status.loadError.teacher' : 'report.status.loadError');
  if (score.run.problem?.kind === 'crash') return t(score.run.problem.cause === 'files-missing' ? 'report.status.filesMissing' : 'report.status.crash');
  return t('report.status.open');
}

/**
 * Failed tests in the order they are best explained: task by task, first a stack overflow (code that
 * called itself without end), then a test of a rule the others follow from whose own check failed (a
 * board changed, console.log used, Math.random called: see CAUSE in tests/support/lesson.ts), then
 * the rest in the suite's order.
 */
export function inExplainingOrder(failed: readonly TestOutcome[]): TestOutcome[] {
  const rank = (test: TestOutcome): number => {
    if (test.failure?.kind === 'thrown' && test.failure.stackOverflow === true) return 0;
    return test.cause === true && test.failure?.kind === 'assertion' ? 1 : 2;
  };
  const tasks = [...new Set(failed.map((test) => test.task))];
  return failed
    .map((test, position) => ({ test, position }))
    .sort((a, b) => tasks.indexOf(a.test.task) - tasks.indexOf(b.test.task) || rank(a.test) - rank(b.test) || a.position - b.position)
    .map(({ test }) => test);
}

/** The failed test a report explains: the first in explaining order (inExplainingOrder). */
function explainedTest(score: LessonScore, context: ReportContext): TestOutcome | undefined {
  const failed = score.run.tests.filter((test) => test.status === 'failed' && (context.showHidden === true || !test.hidden));
  return inExplainingOrder(failed)[0];
}

/** What to show under an unfinished lesson. */
function lessonDetails(score: LessonScore, context: ReportContext, t: Translate): string[] {
  const { paint } = context;
  const teacher = context.voice === 'teacher';
  const problem = problemDetails(score, paint, teacher, t);
  if (problem.length > 0) return problem;
  const firstFailed = explainedTest(score, context);
  const task = score.tasks.find((candidate) => candidate.passed < candidate.total);
  if (!firstFailed || !task) {
    const hidden = score.tasks.reduce((sum, candidate) => sum + candidate.hiddenFailed, 0);
    return hidden > 0 ? [t('report.hiddenFailed', { count: hidden })] : [];
  }
  const failedTask = score.tasks[firstFailed.task - 1] ?? task;
  // A visible test's title in the report's language (hidden tests are never named beyond their own words).
  const language = context.language ?? 'en';
  const testName = visible(firstFailed.hidden ? firstFailed.name : testTitleIn(score.lesson, firstFailed.name, language));
  const taskScore = { earned: pointsIn(failedTask.earned, language), points: failedTask.points, passed: failedTask.passed, total: failedTask.total };
  return [
    paint('red', t('report.failedTask', { number: failedTask.number, title: failedTask.title })) + paint('gray', t('report.taskScore', taskScore)),
    ...indent(
      [
        paint('bold', firstFailed.hidden ? t('report.hiddenTest', { name: testName }) : testName),
        ...explainFailure(firstFailed, paint, t, suiteWordsIn(score.lesson, language)),
      ],
      2,
    ),
    ...hiddenFailures(score, context, t),
    ...(teacher
      ? []
      : [paint('gray', t('report.readTask', { number: failedTask.number, readme: textOf(context, score.lesson), lesson: score.lesson.number }))]),
  ];
}

/**
 * Once for each unfinished earlier lesson: which unfinished lessons shown here run its code (so
 * some of their failures may come from it). Earlier lessons run by the same lessons share one note.
 * A lesson that only imports types or a constant from an earlier lesson is not named: nothing of the
 * student's runs there.
 */
function finishFirstNotes(context: ReportContext, t: Translate): string[] {
  const open = context.selected.map((id) => context.scores.get(id) as LessonScore).filter((score) => !score.done);
  const usersOf = new Map<string, string[]>();
  for (const score of open) {
    for (const id of runsCodeOf(score.lesson)) {
      const earlier = context.scores.get(id);
      if (earlier === undefined || earlier.done) continue;
      usersOf.set(id, [...(usersOf.get(id) ?? []), score.lesson.number]);
    }
  }
  const groups = new Map<string, string[]>();
  for (const [id, users] of [...usersOf].sort(([a], [b]) => a.localeCompare(b))) groups.set(users.join(','), [...(groups.get(users.join(',')) ?? []), id]);
  return [...groups.entries()].map(([users, ids]) =>
    context.paint(
      'yellow',
      finishFirstNote(
        users.split(','),
        ids.map((id) => (context.scores.get(id) as LessonScore).lesson),
        context.voice === 'teacher',
        t,
        context.language ?? 'en',
      ),
    ),
  );
}

/** "Lessons 04 and 05 run your code from lesson 01 (Board display), which is not done yet: …" */
function finishFirstNote(users: string[], earlier: Lesson[], teacher: boolean, t: Translate, language: Language): string {
  const which = listInWords(
    earlier.map((lesson) => t('report.lessonNamed', { number: lesson.number, title: lesson.title })),
    language,
  );
  const values = { users: users.length, who: listInWords(users, language), earlier: earlier.length, which };
  if (teacher) return t('report.finishFirst.teacher', values);
  return t('report.finishFirst', { ...values, first: (earlier[0] as Lesson).number });
}

/** For the teacher's view: every other hidden test of the lesson that failed, by name. */
function hiddenFailures(score: LessonScore, context: ReportContext, t: Translate): string[] {
  if (context.showHidden !== true) return [];
  const failed = score.run.tests.filter((test) => test.hidden && test.status === 'failed');
  const first = explainedTest(score, context);
  const others = failed.filter((test) => test !== first);
  if (others.length === 0) return [];
  const detail = (test: TestOutcome): string[] => {
    // All of it, as the gradebook shows it: after a counterexample come the lines that say what went wrong on it.
    const lines = failureDetail(test.failure && visible(failureText(test.failure)))?.split('\n') ?? [];
    return lines.map((line) => `      ${line}`);
  };
  return [
    context.paint('gray', t('report.hiddenFailedToo', { count: others.length })),
    ...others.flatMap((test) => [`  - ${t('report.hiddenFailedTest', { task: test.task, name: visible(test.name) })}`, ...detail(test)]),
  ];
}

/** Why the type check did not run, in the reader's language: tsc's failure as data (typecheck.ts), or any other error's message. */
export function typeCheckFailureWords(error: unknown, t: Translate): string {
  if (!(error instanceof TypeCheckError)) return error instanceof Error ? error.message : String(error);
  const { failure } = error;
  if (failure.kind === 'start') return t('typecheck.failed.start', { detail: visible(failure.detail) });
  if (failure.kind === 'signal') return t('typecheck.failed.signal', { signal: failure.signal });
  const code = String(failure.code);
  return failure.said === '' ? t('typecheck.failed.exitSilent', { code }) : t('typecheck.failed.exit', { code, said: visible(failure.said) });
}

/** Type errors under a lesson: they cost no points, but often point at a bug. */
function typeProblemLines(problems: TypeProblem[], paint: Paint, t: Translate): string[] {
  if (problems.length === 0) return [];
  const shown = problems.slice(0, 3).map((problem) => {
    const [first, ...rest] = visible(problem.message).split('\n');
    return [`${visible(problem.file)}:${problem.line}:${problem.column}  ${first}`, ...rest.map((line) => `  ${line.trim()}`)];
  });
  const more = problems.length > 3 ? [t('report.typeErrors.more', { count: problems.length - 3 })] : [];
  return [paint('yellow', t('report.typeErrors', { count: problems.length })), ...indent(shown.flat(), 2), ...more];
}

/** The first earlier lesson whose code this one runs that is not done, looking at what was graded. */
function unfinishedPrerequisite(score: LessonScore, scores: Map<string, LessonScore>): LessonScore | undefined {
  for (const id of runsCodeOf(score.lesson)) {
    const prerequisite = scores.get(id);
    if (prerequisite && !prerequisite.done) return prerequisite;
  }
  return undefined;
}

function problemDetails(score: LessonScore, paint: Paint, teacher: boolean, t: Translate): string[] {
  const problem = score.run.problem;
  if (problem === undefined) return [];
  if (problem.kind === 'timeout') {
    const seconds = Math.round(problem.limitMs / 1000);
    const stopped = problem.runningTest ? t('report.timeout.test', { seconds, test: visible(problem.runningTest) }) : t('report.timeout.loading', { seconds });
    return [paint('red', stopped), t('report.loopHint'), ...printedLines(problem.lastOutput.map(visible), t)];
  }
  if (problem.kind === 'load-error') {
    const elsewhere = brokenElsewhere(score);
    if (elsewhere !== undefined) {
      const number = elsewhere.lesson.slice(0, 2);
      return elsewhere.missing
        ? [paint('red', t('report.usedFileMissing', { number })), ...(teacher ? [] : [t('report.usedFileMissing.next', { number })])]
        : [paint('red', t('report.usedFileBroken', { number })), ...(teacher ? [] : [t('report.usedFileBroken.next', { number })])];
    }
    return [paint('red', t(teacher ? 'report.loadError.teacher' : 'report.loadError')), ...indent(describeThrown(shown(problem.failure, t), t), 2)];
  }
  const next = problem.cause === 'files-missing' && !teacher ? [t('report.filesMissing.next', { number: score.lesson.number })] : [];
  return [paint('red', `✗ ${visible(crashMessage(problem, t))}`), ...next];
}

/** A lesson's crash in words: what the report, the result files and the teacher's notes say of it. */
export function crashMessage(crash: Crash, t: Translate = english): string {
  switch (crash.cause) {
    case 'grader-broke':
      return t('report.crash.graderBroke', { how: graderBrokeWords(crash, true, t) });
    case 'runner-stalled':
      return t('report.crash.runnerStalled', { what: runnerEndWords(crash.end, t), lesson: crash.lesson, handIn: crash.handIn });
    case 'no-suite':
      return t('report.crash.noSuite', { suite: crash.suite });
    case 'files-missing':
      return t('report.crash.filesMissing', { files: crash.files.join(', ') });
  }
}

/**
 * What broke when grading itself broke, and (unless `withTail` is false) what the test runner printed
 * last: "the test runner was stopped by SIGKILL before this lesson was graded. This is a fault of …".
 */
export function graderBrokeWords(crash: Extract<Crash, { cause: 'grader-broke' }>, withTail = true, t: Translate = english): string {
  const tail = withTail && crash.tail !== '' ? `\n${crash.tail}` : '';
  return `${t('report.crash.graderBrokeHow', { how: runnerEndWords(crash.end, t) })}${tail}`;
}

/** How the test runner ended, as the phrase the crash's sentence holds: "was stopped by SIGKILL", "said nothing for 120 s and was stopped". */
export function runnerEndWords(end: RunnerEnd, t: Translate = english): string {
  switch (end.kind) {
    case 'signal':
      return t('crash.end.signal', { signal: end.signal });
    case 'exit':
      return t('crash.end.exit', { code: String(end.code) });
    case 'silent':
      return t('crash.end.silent', { seconds: Math.round(end.silentMs / 1000) });
    case 'text':
      return end.text;
  }
}

/** Another lesson whose file keeps a lesson from loading: its folder ("01-board"), and whether its file is missing (else it fails to load). */
export interface BrokenLesson {
  lesson: string;
  missing: boolean;
}

/** For a lesson whose files could not load: the earlier lesson whose file kept it from loading, if another's did (the grader worked it out). */
export function brokenElsewhere(score: LessonScore): BrokenLesson | undefined {
  const problem = score.run.problem;
  return problem?.kind === 'load-error' ? problem.blockedBy : undefined;
}

/**
 * Why a lesson's file did not load, whole and in one line, for a teacher's note:
 * "does not load: Syntax error in lessons/03-win/win.ts, line 12, column 5: Unexpected "export"", or, when the
 * error lies in a lesson it uses, "not graded: it uses 03-win, which does not load: Syntax error in …" (or
 * "…, whose file is missing").
 */
export function loadProblemLine(score: LessonScore): string | undefined {
  const problem = score.run.problem;
  if (problem?.kind !== 'load-error') return undefined;
  const cause = loadCause(score);
  const elsewhere = brokenElsewhere(score);
  if (elsewhere === undefined) return `does not load: ${cause}`;
  return elsewhere.missing
    ? `not graded: it uses ${elsewhere.lesson}, whose file is missing`
    : `not graded: it uses ${elsewhere.lesson}, which does not load: ${cause}`;
}

/**
 * What a lesson's file threw as it loaded, in one line, in the language `t` speaks ("Syntax error in
 * lessons/03-win/win.ts, line 12, …"); '' when it loaded.
 */
export function loadCause(score: LessonScore, t: Translate = english): string {
  const problem = score.run.problem;
  return problem?.kind === 'load-error' ? thrownLine(shown(problem.failure, t), t) : '';
}

/** A thrown error in one line: a syntax error with its file and line, else the error and where it was thrown. */
function thrownLine(failure: Failure, t: Translate): string {
  const syntax = describeSyntaxError(failure, t);
  if (syntax !== undefined) return syntax[0] as string;
  const error = `${failure.name}: ${failure.message.split('\n')[0]}`;
  return failure.location ? t('edges.thrownAt', { error, location: failure.location }) : error;
}

/** A failure's message as a person reads it: where it was cut, a last line says how much was left out, in `t`'s language. */
export function messageText(failure: Failure, t: Translate): string {
  return withCutNote({ kept: failure.message, ...(failure.messageCut === undefined ? {} : { left: failure.messageCut }) }, cutNote(t));
}

/** A failure as a report shows it: its message whole (with the note of its cut, in `t`'s language), and made visible. */
function shown(failure: Failure, t: Translate): Failure {
  const { messageCut: _inMessage, ...uncut } = failure;
  return madeVisible({ ...uncut, message: messageText(failure, t) } as Failure);
}

/**
 * A failure with everything in it that the hand-in controls (what it threw, returned or printed)
 * made visible: control characters as pictures (␛, ␇, <U+009B>), so no byte of it reaches a terminal raw.
 */
function madeVisible(failure: Failure): Failure {
  const optional = (text: string | undefined): string | undefined => (text === undefined ? undefined : visible(text));
  const fields = { name: visible(failure.name), message: visible(failure.message), location: optional(failure.location) };
  switch (failure.kind) {
    case 'stopped':
    case 'out-of-time':
      return { ...failure, ...fields, printed: failure.printed.map(visible) };
    case 'halted':
      return shownHalt({ ...failure, ...fields, printed: failure.printed.map(visible) });
    case 'stub':
      return { ...failure, ...fields, missing: visible(failure.missing) };
    case 'process-exit':
      return { ...failure, ...fields, exitCode: visible(failure.exitCode) };
    case 'unreadable':
      return { ...failure, ...fields, why: visible(failure.why) };
    case 'assertion':
    case 'thrown':
      return { ...failure, ...fields, expected: optional(failure.expected), actual: optional(failure.actual) };
    case 'syntax': {
      const { what, file, codeLine } = failure.syntax;
      return { ...failure, ...fields, syntax: { ...failure.syntax, what: visible(what), file: optional(file), codeLine: optional(codeLine) } };
    }
    default:
      return { ...failure, ...fields };
  }
}

/** A stop's details that the hand-in may have made (what its process said, what the system said of it) made visible. */
function shownHalt(failure: Extract<Failure, { kind: 'halted' }>): Failure {
  if (failure.reason === 'ended') return { ...failure, said: failure.said.map(visible) };
  if (failure.reason === 'spawn') return { ...failure, detail: visible(failure.detail) };
  return failure;
}

/**
 * A failure in full, as the teacher's list of hidden failures shows it (failureDetail picks from it):
 * the message, or, when the test spent its time budget, the report's words for it and what the code
 * printed last (the message of such an error is only a terse line for vitest's own output).
 */
export function failureText(failure: Failure, t: Translate = english): string {
  if (failure.kind === 'halted') return haltedLines(failure, t).join('\n');
  if (failure.kind === 'not-run') return notRunWords(failure, t);
  // An error the code threw is named, so its words cannot pass for the grader's ("Test timed out …").
  if (failure.kind === 'thrown') return `${failure.name}: ${messageText(failure, t)}`;
  if (failure.kind !== 'out-of-time') return messageText(failure, t);
  const stopped = t(failure.budget === 'test' ? 'report.outOfTime.test' : 'report.outOfTime.lesson', { seconds: failure.budgetMs / 1000 });
  return [stopped, ...(failure.printed.length > 0 ? [t('report.lastPrinted'), ...failure.printed] : [])].join('\n');
}

/** Plain words for one failed test (what its suite wrote, worded by `words`: as written when not given). */
export function explainFailure(test: TestOutcome, paint: Paint, t: Translate = english, words: SuiteWords = AS_WRITTEN): string[] {
  const failure = test.failure && shown(test.failure, t);
  if (!failure) return [t('report.failedWithoutMessage')];
  if (failure.kind === 'stopped') {
    return [t('report.stopped', { seconds: failure.limitMs / 1000 }), t('report.loopHint'), ...printedLines(failure.printed, t)];
  }
  if (failure.kind === 'out-of-time') {
    const seconds = failure.budgetMs / 1000;
    return [
      t(failure.budget === 'test' ? 'report.outOfTime.test' : 'report.outOfTime.lesson', { seconds }),
      t('report.outOfTime.hint'),
      ...printedLines(failure.printed, t),
    ];
  }
  if (failure.kind === 'test-timeout') {
    return [t('report.testTimeout', { seconds: failure.limitMs / 1000 }), t('report.testTimeout.hint')];
  }
  if ((failure.kind === 'assertion' || failure.kind === 'thrown') && failure.expected !== undefined && failure.actual !== undefined) {
    return explainMismatch({ expected: failure.expected, actual: failure.actual, cut: failure.cut ?? {} }, failure.message, paint, t, words);
  }
  if (failure.kind === 'assertion') return [withLabelWorded(failure.message, words.label)];
  return describeThrown(failure, t);
}

/**
 * The last lines the code printed before it was stopped, under a heading (none when it printed nothing);
 * the output cap's own line, where it cut the output, in the reader's words.
 */
function printedLines(printed: string[], t: Translate): string[] {
  const lines = printed.map((line) => (line === OUTPUT_CUT_LINE ? t('input.outputCut') : line));
  return lines.length > 0 ? [t('report.lastPrinted'), ...indent(lines, 2)] : [];
}

/** A thrown error: the stub's "not implemented yet", or an error from the student's code. */
function describeThrown(failure: Failure, t: Translate): string[] {
  if (failure.kind === 'halted') return haltedLines(failure, t);
  if (failure.kind === 'not-run') return [notRunWords(failure, t)];
  if (failure.kind === 'stub') return [t('guard.stub', { name: failure.missing })];
  if (failure.kind === 'assertion') return [failure.message];
  if (failure.kind === 'endless-input') {
    return [
      t('report.endlessInput', { reason: endlessReason(failure, t) }),
      t(failure.kept === 'asking' ? 'report.endlessInput.asking' : 'report.endlessInput.printing'),
    ];
  }
  if (failure.kind === 'process-exit') {
    return [t('report.processExit', { code: failure.exitCode === 'undefined' ? '' : failure.exitCode }), t('report.processExit.hint')];
  }
  if (failure.kind === 'unreadable') {
    if (failure.promise) return [t('report.unreadable.promise'), t('report.unreadable.promise.hint')];
    const why = failure.why === '' ? [] : [`  ${failure.why}`];
    return [t(failure.thrown ? 'report.unreadable.thrown' : 'report.unreadable'), ...why, t('report.unreadable.hint')];
  }
  const syntax = describeSyntaxError(failure, t);
  if (syntax) return syntax;
  const notCallable = notCallableName(failure.message);
  const threw = failure.location ? t('report.threw.at', { location: failure.location }) : t('report.threw');
  // Every line of the message under the heading, so a message of several lines reads as one block.
  const lines = [threw, ...indent(`${failure.name}: ${failure.message}`.split('\n'), 2)];
  if (notCallable !== undefined) lines.push(t('report.notCallable', { name: notCallable }));
  if (failure.kind === 'thrown' && failure.stackOverflow === true) lines.push(t('report.stackOverflow'));
  return lines;
}

/** Why a test did not run: its lesson stopped before it, or (a fault of the grading) it did not run exactly once. */
function notRunWords(failure: Extract<Failure, { kind: 'not-run' }>, t: Translate): string {
  return t(failure.lessonStopped === true ? 'report.notRun.lessonStopped' : 'report.notRunOnce');
}

/**
 * Why the pretend player stopped the code, from what it stopped and after how many times; an error
 * without its limit keeps its own message.
 */
function endlessReason(failure: Extract<Failure, { kind: 'endless-input' }>, t: Translate): string {
  if (failure.limit === undefined) return failure.message;
  return failure.kept === 'asking' ? t('input.keptAsking', { limit: failure.limit }) : t('input.keptPrinting', { limit: failure.limit });
}

/** Why the grader stopped the code (other than for time), from its reason and details; then what the code printed last and what its process said. */
function haltedLines(failure: Extract<Failure, { kind: 'halted' }>, t: Translate): string[] {
  const printed = printedLines(failure.printed, t);
  switch (failure.reason) {
    case 'memory':
      return [t('stops.memory', { megabytes: Math.round(failure.limitBytes / 1024 / 1024) }), ...printed];
    case 'protocol':
      return [t('stops.protocol'), ...printed];
    case 'oversized': {
      const { frameBytes, answerObjects, lessonObjects } = failure;
      return [t('stops.oversized', { megabytes: frameBytes / 1024 / 1024, answerObjects, lessonObjects }), ...printed];
    }
    case 'spawn':
      return [t('stops.spawn', { detail: failure.detail }), ...printed];
    case 'reentry':
      return [t('stops.reentry'), ...printed];
    case 'tampered':
      return [t(failure.twin === 'function' ? 'guard.tampered.function' : 'guard.tampered.player'), ...printed];
    case 'ended': {
      const how = failure.signal === null ? t('stops.ended.exitCode', { code: String(failure.exitCode) }) : t('stops.ended.signal', { signal: failure.signal });
      const said = failure.said.length > 0 ? [t('stops.ended.said'), ...indent(failure.said, 2)] : [];
      return [how, ...printed, ...said];
    }
  }
}

/** A syntax error while loading a file: the message, where, and the code around it. */
function describeSyntaxError(failure: Failure, t: Translate): string[] | undefined {
  if (failure.kind !== 'syntax') return undefined;
  const { what, file, line, column = 0, codeLine } = failure.syntax;
  const caret = codeLine !== undefined && column > 0 ? [`${' '.repeat(codeLine.indexOf('│') + 1 + column)}^`] : [];
  const frame = codeLine === undefined ? [] : [codeLine, ...caret];
  const heading =
    file === undefined
      ? t('report.syntaxError', { what })
      : t('report.syntaxError.at', { what, file: file.replace(/^(\.\.\/)+/, ''), line: String(line), column: String(column) });
  return [heading, ...frame, t('report.syntaxError.hint')];
}

/** What a suite wrote, as it wrote it: for the callers that give no language. */
const AS_WRITTEN: SuiteWords = { label: (label) => label, valueLine: (line) => line };

/** An assertion message of vitest's own words with its label, if it has one, worded by `word`. */
function withLabelWorded(message: string, word: SuiteWords['label']): string {
  const { label } = assertionWording(message);
  return label === undefined ? message : word(label) + message.slice(label.length);
}

/**
 * What the test expected next to what the code gave. The words the suite wrote in them are put in the
 * report's language line by line, on both sides alike (so lines that agree still agree).
 */
function explainMismatch(
  compared: { expected: string; actual: string; cut: ComparedCuts },
  message: string,
  paint: Paint,
  t: Translate,
  words: SuiteWords,
): string[] {
  const { label, actualIsText, expectedIsText } = assertionWording(message);
  const [firstLine, ...more] = (label === undefined ? '' : words.label(label)).split('\n');
  const heading = label ? [t('report.checking', { what: firstLine ?? '' }), ...indent(more, 2)] : [];
  const inWords = (text: string, isText: boolean): string => (isText && unquote(text) === text ? textWorded(text, words) : printedWorded(text, words));
  const expected = inWords(compared.expected, expectedIsText);
  const actual = inWords(compared.actual, actualIsText);
  const { cut } = compared;
  if (actualIsText && expectedIsText) return [...heading, ...compareTexts(expected, actual, cut, paint, t)];
  const [expectedLabel, gotLabel] = valueLabels(t);
  /** A printed value on one line when it fits, and the note of what was cut from it. */
  const valueLines = (printed: string, left: LeftOut | undefined): string[] => [...compactValue(printed), ...(left === undefined ? [] : [cutNote(t)(left)])];
  if (expectedIsText) {
    const nothing = actual === 'undefined' ? [t('report.returnedNothing')] : [];
    const lines = shownLines(unquote(expected), cutNote(t), cut.expected);
    return [
      ...heading,
      paint('gray', t('report.expectedText', { marks: marksLegend(lines, t) })),
      ...indent(
        lines.map((line) => paint('green', drawLine(line))),
        2,
      ),
      t('report.gotValue', { value: paint('red', valueLines(actual, cut.actual).join('\n')) }),
      ...nothing,
    ];
  }
  return [
    ...heading,
    ...labelled(expectedLabel, valueLines(expected, cut.expected), (text) => paint('green', text)),
    ...labelled(gotLabel, valueLines(actual, cut.actual), (text) => paint('red', text)),
  ];
}

/** A text a suite wrote, each line worded. */
function textWorded(text: string, words: SuiteWords): string {
  return text
    .split('\n')
    .map((line) => words.valueLine(line))
    .join('\n');
}

/** A string as vitest prints it inside a value: in double quotes, with `"` and `\` escaped. */
const PRINTED_STRING = /"((?:[^"\\]|\\.)*)"/g;

/** A value as vitest printed it (a string, an array, an object) with the words of each string in it worded. */
function printedWorded(printed: string, words: SuiteWords): string {
  return printed.replace(PRINTED_STRING, (_whole, inside: string) => {
    const text = inside.replace(/\\(["\\])/g, '$1');
    return `"${textWorded(text, words).replace(/["\\]/g, '\\$&')}"`;
  });
}

/**
 * "Expected: " and "Got:      ", padded to one width so the values after them line up. A label that
 * ends in a full-width colon ("期望：") already shows the gap a space would make.
 */
function valueLabels(t: Translate): [string, string] {
  const labels = [t('report.expected'), t('report.got')];
  const gap = (label: string): number => (label.endsWith('：') ? 0 : 1);
  const width = Math.max(...labels.map((label) => columnsOf(label) + gap(label)));
  return [padToColumns(labels[0] as string, width), padToColumns(labels[1] as string, width)];
}

/** What the marks in drawn lines mean: ∎ and → are explained only when some line shows them. */
function marksLegend(lines: readonly TextLine[], t: Translate): string {
  const marks = { space: SPACE_MARK, lineEnd: LINE_END_MARK, noLineEnd: NO_LINE_END_MARK };
  const legend = t(lines.some((line) => line.textEnd) ? 'report.marks.textEnd' : 'report.marks', marks);
  return lines.some((line) => line.text.includes('\t')) ? t('report.marks.tab', { marks: legend, tab: TAB_MARK }) : legend;
}

/** "(· is a space)" under a one-line comparison that holds a space or a tab, "(· is a space, → a tab)" when a tab. */
function spaceLegend(text: string, t: Translate): string[] {
  if (!/\s/.test(text)) return [];
  return [text.includes('\t') ? t('report.spaceMark.tab', { mark: SPACE_MARK, tab: TAB_MARK }) : t('report.spaceMark', { mark: SPACE_MARK })];
}

/** Two texts: side by side on one line each, or line by line with a diff (always for a cut one, whose note is a line of its own). */
function compareTexts(expected: string, actual: string, cut: ComparedCuts, paint: Paint, t: Translate): string[] {
  if (!expected.includes('\n') && !actual.includes('\n') && cut.expected === undefined && cut.actual === undefined) {
    const [expectedLabel, gotLabel] = valueLabels(t);
    const whole = (text: string): TextLine => ({ text, lineEnd: false, textEnd: true });
    const difference = pointedAt(firstDifference(whole(expected), whole(actual)));
    return [
      `${expectedLabel}${paint('green', quoteVisible(expected))}`,
      `${gotLabel}${paint('red', quoteVisible(actual))}`,
      // (Under the value, after the label and its opening quote.)
      ...(difference ? [paint('gray', pointerTo(difference, columnsOf(gotLabel) + 1, t))] : []),
      ...spaceLegend(expected + actual, t).map((line) => paint('gray', line)),
    ];
  }
  const rows = focusRows(diffLines(expected, actual, cutNote(t), cut));
  const changed = firstChangedPlace(rows);
  const place = changed !== undefined && pointedAt(changed.difference) !== undefined ? changed : undefined;
  const drawn = rows.flatMap((row, index) => {
    if (row === 'gap') return [paint('gray', '  …')];
    const text = formatRow(row);
    const line = row.kind === 'expected' ? paint('green', text) : row.kind === 'actual' ? paint('red', text) : text;
    // (Under the line, after its sign and the space that follows it.)
    return place?.row === index ? [line, paint('gray', pointerTo(place.difference, 2, t))] : [line];
  });
  const shown = rows.filter((row) => row !== 'gap');
  return [paint('gray', t('report.lineByLine', { marks: marksLegend(shown, t) })), ...drawn];
}

/**
 * The difference a pointer is drawn to, when it shows what the eye would miss: not when the lines part
 * at their first character and both hold a visible one there ("X" against "O"), which the two lines already show.
 */
function pointedAt(difference: LineDifference | undefined): LineDifference | undefined {
  const visibleCharacter = (holds: PlaceHolds): boolean => holds.kind === 'character' && /\S/.test(holds.character);
  if (difference === undefined || (difference.before === '' && visibleCharacter(difference.expected) && visibleCharacter(difference.actual))) return undefined;
  return difference;
}

/** "^ first difference: expected ".", yours a space", its ^ under the place where the lines part (`indent`: columns before the line's text). */
function pointerTo(difference: LineDifference, indent: number, t: Translate): string {
  const words = (holds: PlaceHolds): string => {
    if (holds.kind === 'line-end') return t('report.place.lineEnd');
    if (holds.kind === 'text-end') return t('report.place.textEnd');
    if (holds.character === ' ') return t('report.place.space');
    if (holds.character === '\t') return t('report.place.tab');
    return `"${visibleLine(holds.character)}"`;
  };
  const column = indent + columnsOf(visibleLine(difference.before));
  return `${' '.repeat(column)}^ ${t('report.difference', { expected: words(difference.expected), actual: words(difference.actual) })}`;
}

/** A text that vitest printed in double quotes, without them. */
function unquote(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

/** A value as vitest printed it, on one line when it fits (arrays and objects are printed one item a line). */
export function compactValue(printed: string): string[] {
  const lines = printed.split('\n');
  if (lines.length === 1) return lines;
  const oneLine = lines
    .map((line) => line.trim())
    .join(' ')
    .replace(/([[{]) /g, '$1')
    .replace(/,? ([\]}])/g, '$1');
  return oneLine.length <= 100 ? [oneLine] : lines;
}

/** "Expected: first line" with the following lines lined up under it. */
function labelled(label: string, lines: string[], colour: (text: string) => string): string[] {
  return lines.map((line, index) => (index === 0 ? label : ' '.repeat(columnsOf(label))) + colour(line));
}

function quoteVisible(text: string): string {
  return `"${visibleLine(text)}"`;
}

function indent(lines: string[], by: number): string[] {
  const pad = ' '.repeat(by);
  return lines.map((line) => (line === '' ? line : pad + line));
}

/** Where the student reads a lesson's text. */
function textOf(context: ReportContext, lesson: Pick<Lesson, 'id'>): string {
  return context.lessonText?.(lesson) ?? readmePath(lesson);
}

/**
 * The next step: the first selected lesson not done (or the unfinished lesson whose code it runs);
 * when all of them are done, the first lesson of the workbook that is not done in the student's
 * whole progress (or, without it, the first lesson after the selected ones that is not done).
 */
function nextStep(context: ReportContext, t: Translate): string {
  const firstOpen = context.selected.find((id) => !context.scores.get(id)?.done);
  if (firstOpen !== undefined) {
    const score = context.scores.get(firstOpen) as LessonScore;
    const blocker = unfinishedPrerequisite(score, context.scores);
    const lesson = (blocker ?? score).lesson;
    return context.paint('bold', t('report.next', { number: lesson.number, title: lesson.title, readme: textOf(context, lesson) }));
  }
  const isDone = (id: string): boolean => context.scores.get(id)?.done ?? context.doneLessons?.has(id) ?? false;
  const last = context.selected.at(-1) ?? '';
  const candidates = context.doneLessons === undefined ? context.allLessons.filter((id) => id > last) : context.allLessons;
  const after = candidates.find((id) => !isDone(id));
  if (after !== undefined) return context.paint('bold', t('report.wellDone', { number: after.slice(0, 2), readme: textOf(context, { id: after }) }));
  return context.paint('bold', t('report.allDone'));
}
