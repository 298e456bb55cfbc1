/** The student's report: one line per lesson, the first failure explained, and the next step. */
import type { Paint } from '../core/cli.ts';
import { failureDetail, formatPoints, roundPoints, type Comparison, type Crash, type Failure, type LessonScore, type TestOutcome } from '../core/results.ts';
import { diffLines, drawLine, focusRows, formatRow, marksLegend, shownLines, SPACE_MARK, visibleLine } from './textdiff.ts';
import type { TypeProblem, TypeReport } from '../grader/command/typecheck.ts';
import { outOfTimeMessage } from '../core/failure.ts';
import { runsCodeOf } from '../core/lesson-code.ts';
import { STILL_THROWS } from '../core/stub-error.ts';
import { assertionWording, notCallableName, syntaxError } from '../core/vitest-wording.ts';
import { LESSON_ID, readmePath, type Lesson } from '../core/workbook.ts';
import { plural, visible } from '../core/text.ts';

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
}

const BAR_WIDTH = 10;

/** Room for a lesson's title in its line: the longest title ("One game, five tutorials"). */
export const TITLE_WIDTH = 24;

/** The whole report as text. */
export function renderReport(context: ReportContext): string {
  const { paint } = context;
  const lines = [paint('bold', `Tic-Tac-Toe workbook: grading ${context.subject}`), ''];
  const selected = context.selected.map((id) => context.scores.get(id) as LessonScore);
  for (const score of selected) {
    lines.push(lessonLine(score, paint, context.voice === 'teacher'));
    const typeLines = score.run.problem?.kind === 'load-error' ? [] : typeProblemLines(context.types?.get(score.lesson.id) ?? [], paint);
    if (!score.done) lines.push(...indent([...lessonDetails(score, context), ...typeLines], 5), '');
    else if (typeLines.length > 0) lines.push(...indent(typeLines, 5), '');
  }
  const earned = roundPoints(selected.reduce((sum, score) => sum + score.earned, 0));
  const done = selected.filter((score) => score.done).length;
  if (lines.at(-1) !== '') lines.push('');
  const notes = finishFirstNotes(context);
  if (notes.length > 0) lines.push(...notes, '');
  lines.push(
    paint('bold', `Total: ${formatPoints(earned)}/${selected.length * 100}`) + ` · ${done} of ${plural(selected.length, 'lesson')} done`,
    ...(context.voice === 'teacher' ? [] : [nextStep(context)]),
  );
  return lines.join('\n');
}

/** "01  Board display        ██████░░░░  60/100" */
export function lessonLine(score: LessonScore, paint: Paint, teacher = false): string {
  const filled = Math.floor((score.earned / 100) * BAR_WIDTH);
  const colour = score.done ? 'green' : score.earned > 0 ? 'yellow' : 'red';
  const bar = paint(colour, '█'.repeat(filled)) + paint('gray', '░'.repeat(BAR_WIDTH - filled));
  const points = `${formatPoints(score.earned).padStart(3)}/100`;
  const status = score.done ? paint('green', 'done ✓') : statusWord(score, teacher);
  return `${paint('bold', score.lesson.number)}  ${score.lesson.title.padEnd(TITLE_WIDTH)} ${bar} ${points}  ${status}`;
}

function statusWord(score: LessonScore, teacher: boolean): string {
  if (score.run.problem?.kind === 'timeout') return 'stopped: took too long';
  if (score.run.problem?.kind === 'load-error') return `could not load ${teacher ? 'the' : 'your'} file`;
  if (score.run.problem?.kind === 'crash') return 'could not be graded';
  return 'not done yet';
}

/** What to show under an unfinished lesson. */
function lessonDetails(score: LessonScore, context: ReportContext): string[] {
  const { paint } = context;
  const teacher = context.voice === 'teacher';
  const problem = problemDetails(score, paint, teacher);
  if (problem.length > 0) return problem;
  const firstFailed = score.run.tests.find((test) => test.status === 'failed' && (context.showHidden === true || !test.hidden));
  const task = score.tasks.find((candidate) => candidate.passed < candidate.total);
  if (!firstFailed || !task) {
    const hidden = score.tasks.reduce((sum, candidate) => sum + candidate.hiddenFailed, 0);
    return hidden > 0 ? [`${plural(hidden, 'hidden test')} failed. Read the lesson text again for cases you missed.`] : [];
  }
  const failedTask = score.tasks[firstFailed.task - 1] ?? task;
  return [
    paint('red', `✗ Task ${failedTask.number}: ${failedTask.title}`) +
      paint('gray', ` (${formatPoints(failedTask.earned)}/${failedTask.points} points, ${failedTask.passed} of ${failedTask.total} tests pass)`),
    ...indent([paint('bold', `${firstFailed.hidden ? '(hidden) ' : ''}${visible(firstFailed.name)}`), ...explainFailure(firstFailed, paint)], 2),
    ...hiddenFailures(score, context),
    ...(teacher ? [] : [paint('gray', `Read "Task ${failedTask.number}" in ${readmePath(score.lesson)}. Stuck? npm run hint ${score.lesson.number}`)]),
  ];
}

/**
 * Once for each unfinished earlier lesson: which unfinished lessons shown here run its code (so
 * some of their failures may come from it). Earlier lessons run by the same lessons share one note.
 * A lesson that only imports types or a constant from an earlier lesson is not named: nothing of the
 * student's runs there.
 */
function finishFirstNotes(context: ReportContext): string[] {
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
      ),
    ),
  );
}

/** "Lessons 04 and 05 run your code from lesson 01 (Board display), which is not done yet: …" */
function finishFirstNote(users: string[], earlier: Lesson[], teacher: boolean): string {
  const who = users.length === 1 ? `Lesson ${users[0]} runs` : `Lessons ${listInWords(users)} run`;
  const its = users.length === 1 ? 'its' : 'their';
  const which = listInWords(earlier.map((lesson) => `lesson ${lesson.number} (${lesson.title})`));
  const is = earlier.length === 1 ? 'is' : 'are';
  const first = earlier[0] as Lesson;
  if (teacher) return `${who} the code of ${which}, which ${is} not done in this folder: some of ${its} failures may come from there.`;
  return `${who} your code from ${which}, which ${is} not done yet: some of ${its} failures may come from there. Finish lesson ${first.number} first: npm run check ${first.number}`;
}

/** "01", "01 and 02", "01, 02 and 03". */
function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** For the teacher's view: every other hidden test of the lesson that failed, by name. */
function hiddenFailures(score: LessonScore, context: ReportContext): string[] {
  if (context.showHidden !== true) return [];
  const failed = score.run.tests.filter((test) => test.hidden && test.status === 'failed');
  const first = score.run.tests.find((test) => test.status === 'failed');
  const others = failed.filter((test) => test !== first);
  if (others.length === 0) return [];
  const detail = (test: TestOutcome): string[] => {
    // All of it, as the gradebook shows it: after a counterexample come the lines that say what went wrong on it.
    const lines = failureDetail(test.failure && visible(test.failure.message))?.split('\n') ?? [];
    return lines.map((line) => `      ${line}`);
  };
  return [
    context.paint('gray', `Hidden tests that failed too (${others.length}):`),
    ...others.flatMap((test) => [`  - Task ${test.task}: ${visible(test.name)}`, ...detail(test)]),
  ];
}

/** Type errors under a lesson: they cost no points, but often point at a bug. */
function typeProblemLines(problems: TypeProblem[], paint: Paint): string[] {
  if (problems.length === 0) return [];
  const shown = problems.slice(0, 3).map((problem) => {
    const [first, ...rest] = visible(problem.message).split('\n');
    return [`${visible(problem.file)}:${problem.line}:${problem.column}  ${first}`, ...rest.map((line) => `  ${line.trim()}`)];
  });
  const more = problems.length > 3 ? [`… and ${problems.length - 3} more (npx tsc -p . lists them all)`] : [];
  const count = plural(problems.length, 'type error');
  return [paint('yellow', `TypeScript found ${count}. They cost no points, but they often point at a bug:`), ...indent(shown.flat(), 2), ...more];
}

/** The first earlier lesson whose code this one runs that is not done, looking at what was graded. */
function unfinishedPrerequisite(score: LessonScore, scores: Map<string, LessonScore>): LessonScore | undefined {
  for (const id of runsCodeOf(score.lesson)) {
    const prerequisite = scores.get(id);
    if (prerequisite && !prerequisite.done) return prerequisite;
  }
  return undefined;
}

function problemDetails(score: LessonScore, paint: Paint, teacher: boolean): string[] {
  const problem = score.run.problem;
  if (problem === undefined) return [];
  if (problem.kind === 'timeout') {
    const seconds = Math.round(problem.limitMs / 1000);
    const where = problem.runningTest
      ? ` while running the test "${visible(problem.runningTest)}"`
      : ' while your file was being loaded (code outside any function runs then)';
    const lines = [
      paint('red', `✗ Your code was still running after ${seconds} s${where}, so it was stopped.`),
      'Does every loop in your code end? Check what changes on each turn of the loop.',
    ];
    if (problem.lastOutput.length > 0) {
      lines.push('The last lines your code printed:', ...indent(problem.lastOutput.map(visible), 2));
    }
    return lines;
  }
  if (problem.kind === 'load-error') {
    const elsewhere = brokenElsewhere(score);
    if (elsewhere !== undefined) {
      const number = elsewhere.lesson.slice(0, 2);
      return elsewhere.missing
        ? [
            paint('red', `✗ Lesson ${number}'s file is missing, and this lesson uses it.`),
            ...(teacher ? [] : [`Put it back first: npm run check ${number} says which file it is.`]),
          ]
        : [
            paint('red', `✗ Lesson ${number}'s file could not be loaded, and this lesson uses it.`),
            ...(teacher ? [] : [`Fix that first: npm run check ${number} shows the error.`]),
          ];
    }
    return [
      paint('red', `✗ ${teacher ? 'The' : 'Your'} file could not be loaded, so no test could run.`),
      ...indent(describeThrown(shown(problem.failure)), 2),
    ];
  }
  return [paint('red', `✗ ${visible(crashMessage(problem))}`)];
}

/** A lesson's crash in words: what the report, the result files and the teacher's notes say of it. */
export function crashMessage(crash: Crash): string {
  switch (crash.cause) {
    case 'grader-broke':
      return `Grading itself broke: ${graderBrokeWords(crash)}`;
    case 'runner-stalled':
      return `The test runner ${crash.what} while it graded lesson ${crash.lesson} of ${crash.handIn}, so the rest of this lesson was not graded (its tests that had not run count as failed). The lessons it had not reached were graded in a new runner.`;
    case 'no-suite':
      return `There is no graded suite ${crash.suite}.`;
    case 'files-missing':
      return `${crash.files.join(', ')} is missing.`;
  }
}

/**
 * What broke when grading itself broke, and (unless `withTail` is false) what the test runner printed
 * last: "the test runner was stopped by SIGKILL before this lesson was graded. This is a fault of …".
 */
export function graderBrokeWords(crash: Extract<Crash, { cause: 'grader-broke' }>, withTail = true): string {
  const tail = withTail && crash.tail !== '' ? `\n${crash.tail}` : '';
  return `the test runner ${crash.how} before this lesson was graded. This is a fault of the grader, not of the code it grades.${tail}`;
}

/** Another lesson whose file keeps a lesson from loading: its folder ("01-board"), and whether its file is missing (else it fails to load). */
export interface BrokenLesson {
  lesson: string;
  missing: boolean;
}

/** For a lesson whose files could not load: the other lesson the error points into, if it does. */
export function brokenElsewhere(score: LessonScore): BrokenLesson | undefined {
  const problem = score.run.problem;
  if (problem?.kind !== 'load-error') return undefined;
  const text = `${problem.failure.location ?? ''}\n${problem.failure.message}`;
  const found = new RegExp(String.raw`(${LESSON_ID})/[\w.-]+\.ts`).exec(text)?.[1];
  if (found !== undefined && found !== score.lesson.id) return { lesson: found, missing: false };
  // The file of an earlier lesson this one imports is not there: "Cannot find module '../03-win/win' imported from …".
  const imported = new RegExp(String.raw`Cannot find module '\.\./(${LESSON_ID})/`).exec(problem.failure.message)?.[1];
  return imported !== undefined && score.lesson.buildsOn.includes(imported) ? { lesson: imported, missing: true } : undefined;
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

/** What a lesson's file threw as it loaded, in one line ("Syntax error in lessons/03-win/win.ts, line 12, …"); '' when it loaded. */
export function loadCause(score: LessonScore): string {
  const problem = score.run.problem;
  return problem?.kind === 'load-error' ? thrownLine(shown(problem.failure)) : '';
}

/** A thrown error in one line: a syntax error with its file and line, else the error and where it was thrown. */
function thrownLine(failure: Failure): string {
  const syntax = describeSyntaxError(failure.message);
  if (syntax !== undefined) return syntax[0] as string;
  const where = failure.location ? ` (at ${failure.location})` : '';
  return `${failure.name}: ${failure.message.split('\n')[0]}${where}`;
}

/**
 * A failure with everything in it that the hand-in controls (what it threw, returned or printed)
 * made visible: control characters as pictures (␛, ␇, <U+009B>), so no byte of it reaches a terminal raw.
 */
function shown(failure: Failure): Failure {
  const optional = (text: string | undefined): string | undefined => (text === undefined ? undefined : visible(text));
  const fields = { name: visible(failure.name), message: visible(failure.message), location: optional(failure.location) };
  switch (failure.kind) {
    case 'stopped':
    case 'out-of-time':
      return { ...failure, ...fields, printed: failure.printed.map(visible) };
    case 'stub':
      return { ...failure, ...fields, missing: visible(failure.missing) };
    case 'process-exit':
      return { ...failure, ...fields, exitCode: visible(failure.exitCode) };
    case 'assertion':
    case 'thrown':
      return { ...failure, ...fields, expected: optional(failure.expected), actual: optional(failure.actual) };
    default:
      return { ...failure, ...fields };
  }
}

/** Plain words for one failed test. */
export function explainFailure(test: TestOutcome, paint: Paint): string[] {
  const failure = test.failure && shown(test.failure);
  if (!failure) return ['This test failed without a message.'];
  if (failure.kind === 'stopped') {
    return [
      `Your code was still running after ${failure.limitMs / 1000} s in this test, so it was stopped.`,
      'Does every loop in your code end? Check what changes on each turn of the loop.',
      ...printedLines(failure.printed),
    ];
  }
  if (failure.kind === 'out-of-time') {
    return [
      outOfTimeMessage(failure.budget, failure.budgetMs),
      'Is your code waiting (a sleep, a busy loop) or doing far more work than it needs?',
      ...printedLines(failure.printed),
    ];
  }
  if (failure.kind === 'test-timeout') {
    const seconds = failure.limitMs / 1000;
    return [`This test did not finish within ${seconds} s.`, 'Does every loop end? Is there a promise that never resolves?'];
  }
  if ((failure.kind === 'assertion' || failure.kind === 'thrown') && failure.expected !== undefined && failure.actual !== undefined) {
    return explainMismatch({ expected: failure.expected, actual: failure.actual }, failure.message, paint);
  }
  return describeThrown(failure);
}

/** The last lines the code printed before it was stopped, under a heading (none when it printed nothing). */
function printedLines(printed: string[]): string[] {
  return printed.length > 0 ? ['The last lines your code printed:', ...indent(printed, 2)] : [];
}

/** A thrown error: the stub's "not implemented yet", or an error from the student's code. */
function describeThrown(failure: Failure): string[] {
  if (failure.kind === 'stub') return [`${failure.missing} is not written yet: ${STILL_THROWS}.`];
  if (failure.kind === 'assertion') return [failure.message];
  if (failure.kind === 'endless-input') {
    return [
      `The checker's pretend player stopped your code: it ${failure.message}.`,
      failure.kept === 'asking' ? 'Does your loop stop when input gives null (the player has stopped typing)?' : 'Does your loop ever end?',
    ];
  }
  if (failure.kind === 'process-exit') {
    return [
      `Your code called process.exit(${failure.exitCode === 'undefined' ? '' : failure.exitCode}), which would end the whole program.`,
      'Return a value (or throw an error) instead of exiting.',
    ];
  }
  const syntax = describeSyntaxError(failure.message);
  if (syntax) return syntax;
  const notCallable = notCallableName(failure.message);
  const where = failure.location ? ` (at ${failure.location})` : '';
  const lines = [`Your code threw an error${where}:`, `  ${failure.name}: ${failure.message}`];
  if (notCallable !== undefined) {
    lines.push(`Is ${notCallable} exported from your file with exactly that name (export function ${notCallable} …)?`);
  }
  return lines;
}

/** A syntax error while loading a file: the message, where, and the code around it. */
function describeSyntaxError(message: string): string[] | undefined {
  const syntax = syntaxError(message);
  if (syntax === undefined) return undefined;
  const { what, file, line, column = 0, codeLine } = syntax;
  const caret = codeLine !== undefined && column > 0 ? [`${' '.repeat(codeLine.indexOf('│') + 1 + column)}^`] : [];
  const frame = codeLine === undefined ? [] : [codeLine, ...caret];
  const place = file === undefined ? '' : ` in ${file.replace(/^(\.\.\/)+/, '')}, line ${line}, column ${column}`;
  return [`Syntax error${place}: ${what}`, ...frame, 'TypeScript cannot read the file until this is fixed.'];
}

/** What the test expected next to what the code gave. */
function explainMismatch({ expected, actual }: Required<Comparison>, message: string, paint: Paint): string[] {
  const { label, actualIsText, expectedIsText } = assertionWording(message);
  const [firstLine, ...more] = (label ?? '').split('\n');
  const heading = label ? [`Checking ${firstLine}:`, ...indent(more, 2)] : [];
  if (actualIsText && expectedIsText) return [...heading, ...compareTexts(expected, actual, paint)];
  if (expectedIsText) {
    const nothing = actual === 'undefined' ? ['Your function gave back nothing (undefined). Does it return the text? Printing it does not count.'] : [];
    const lines = shownLines(unquote(expected));
    return [
      ...heading,
      paint('gray', `Expected this text (${marksLegend(lines)}):`),
      ...indent(
        lines.map((line) => paint('green', drawLine(line))),
        2,
      ),
      `Got: ${paint('red', compactValue(actual).join('\n'))}`,
      ...nothing,
    ];
  }
  return [
    ...heading,
    ...labelled('Expected: ', compactValue(expected), (text) => paint('green', text)),
    ...labelled('Got:      ', compactValue(actual), (text) => paint('red', text)),
  ];
}

/** Two texts: side by side on one line each, or line by line with a diff. */
function compareTexts(expected: string, actual: string, paint: Paint): string[] {
  if (!expected.includes('\n') && !actual.includes('\n')) {
    return [
      `Expected: ${paint('green', quoteVisible(expected))}`,
      `Got:      ${paint('red', quoteVisible(actual))}`,
      ...(/\s/.test(expected + actual) ? [paint('gray', `(${SPACE_MARK} is a space)`)] : []),
    ];
  }
  const rows = focusRows(diffLines(expected, actual));
  const drawn = rows.map((row) => {
    if (row === 'gap') return paint('gray', '  …');
    const text = formatRow(row);
    return row.kind === 'expected' ? paint('green', text) : row.kind === 'actual' ? paint('red', text) : text;
  });
  const shown = rows.filter((row) => row !== 'gap');
  return [paint('gray', `Line by line: - expected, + yours, ${marksLegend(shown)}`), ...drawn];
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
  return lines.map((line, index) => (index === 0 ? label : ' '.repeat(label.length)) + colour(line));
}

function quoteVisible(text: string): string {
  return `"${visibleLine(text)}"`;
}

function indent(lines: string[], by: number): string[] {
  const pad = ' '.repeat(by);
  return lines.map((line) => (line === '' ? line : pad + line));
}

/**
 * The next step: the first selected lesson not done (or the unfinished lesson whose code it runs);
 * when all of them are done, the first lesson of the workbook that is not done in the student's
 * whole progress (or, without it, the first lesson after the selected ones that is not done).
 */
function nextStep(context: ReportContext): string {
  const firstOpen = context.selected.find((id) => !context.scores.get(id)?.done);
  if (firstOpen !== undefined) {
    const score = context.scores.get(firstOpen) as LessonScore;
    const blocker = unfinishedPrerequisite(score, context.scores);
    const lesson = (blocker ?? score).lesson;
    return context.paint('bold', `Next: lesson ${lesson.number} (${lesson.title}): ${readmePath(lesson)}`);
  }
  const isDone = (id: string): boolean => context.scores.get(id)?.done ?? context.doneLessons?.has(id) ?? false;
  const last = context.selected.at(-1) ?? '';
  const candidates = context.doneLessons === undefined ? context.allLessons.filter((id) => id > last) : context.allLessons;
  const after = candidates.find((id) => !isDone(id));
  if (after !== undefined) return context.paint('bold', `Well done! Next: lesson ${after.slice(0, 2)}: lessons/${after}/README.md`);
  return context.paint('bold', 'Every lesson is done. Well played!');
}
