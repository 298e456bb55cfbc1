import { brokenElsewhere, crashMessage, failureText, graderBrokeWords } from '../../report/report.ts';
import { failureDetail, formatPoints, roundPoints, type Failure, type LessonScore, type TestOutcome } from '../../core/results.ts';
import type { Lesson } from '../../core/workbook.ts';
import { byCodeUnits, lookAlike, numbered, plural, visible } from '../../core/text.ts';
import { SOURCE_LANGUAGE, type Language } from '../../core/languages.ts';
import { translator } from '../../i18n/messages.ts';
import { quantityIn } from '../../i18n/numbers.ts';
import { handInNoteWords, loadCauseWords, missWords, notGradedWords } from './note-words.ts';
import type {
  FileFinding,
  Gradebook,
  HiddenFailure,
  LessonGrade,
  LessonNote,
  LessonReason,
  LessonStatus,
  LoadCause,
  ReferenceProblem,
  StudentGrade,
  TaskGrade,
} from './gradebook-types.ts';
export { formatPoints };
export type {
  TaskGrade,
  LessonStatus,
  HandInReason,
  HandInNote,
  LessonReason,
  LoadCause,
  Misplaced,
  NotGraded,
  HiddenFailure,
  LessonGrade,
  LessonNote,
  ReferenceProblem,
  StudentGrade,
  Gradebook,
  FileFinding,
} from './gradebook-types.ts';

/** The file names a gradebook folder holds. */
export const GRADEBOOK_FILES = { json: 'gradebook.json', csv: 'gradebook.csv', html: 'gradebook.html', feedback: 'feedback' } as const;

/** How points are rounded, as the gradebook states it. */
export const ROUNDING = 'Points have one decimal, rounded to the nearest tenth; a lesson shows 100 only when every test passes, hidden ones included.';

/** The one-word status of a graded lesson. */
export function lessonStatus(score: LessonScore): LessonStatus {
  const problem = score.run.problem;
  if (problem?.kind === 'timeout') return 'timeout';
  if (problem?.kind === 'load-error') return brokenElsewhere(score) === undefined ? 'load-error' : 'blocked';
  if (problem?.kind === 'crash') return 'crash';
  if (score.done) return 'done';
  return score.earned > 0 ? 'partial' : 'zero';
}

/** A gradebook cell from a lesson's score (the full score, hidden tests and all: the cell is the teacher's). */
export function lessonGrade(score: LessonScore, hintsSeen: number, files: FileFinding = { missing: [], nearMisses: [], accepted: false }): LessonGrade {
  const tasks = score.tasks.map((task): TaskGrade => {
    const hidden = score.run.tests.filter((test) => test.hidden && test.task === task.number && test.status !== 'skipped');
    return {
      number: task.number,
      title: task.title,
      points: task.points,
      earned: roundPoints(task.earned),
      passed: task.passed,
      total: task.total,
      hiddenFailed: task.hiddenFailed,
      hiddenTotal: hidden.length,
    };
  });
  const grade: LessonGrade = { id: score.lesson.id, points: score.earned, status: lessonStatus(score), tasks, hintsSeen };
  const open = tasks.find((task) => task.total === 0 || task.passed < task.total);
  if (open !== undefined && !score.done) grade.firstOpen = { number: open.number, title: open.title };
  // Tests of a file that did not load never ran: they are no failures to name.
  const ran = score.run.problem?.kind !== 'load-error' && score.run.problem?.kind !== 'crash';
  const hiddenFailures = score.run.tests
    .filter((test) => ran && test.hidden && test.status === 'failed')
    .map((test): HiddenFailure => {
      const detail = failureDetail(test.failure && failureText(test.failure));
      return detail === undefined ? { task: test.task, name: test.name } : { task: test.task, name: test.name, detail };
    });
  if (hiddenFailures.length > 0) grade.hiddenFailures = hiddenFailures;
  const stopped = stoppedTests(score);
  const notes: LessonNote[] = [];
  const reason = lessonReason(score, files);
  if (reason !== undefined) grade.notGraded = reason;
  if (reason?.kind === 'missing') {
    grade.status = 'missing';
    notes.push({ kind: 'not-graded', reason, ...(reason.misplaced.length > 0 ? { acceptable: true as const } : {}) });
    if (reason.misplaced.length > 0) grade.foundInstead = reason.misplaced.map((miss) => miss.found);
  } else if (score.run.problem?.kind === 'timeout') {
    notes.push({ kind: 'timeout', limitMs: score.run.problem.limitMs });
  } else if (reason !== undefined) {
    notes.push({ kind: 'not-graded', reason });
    // What went wrong with the teacher's hidden suites loaded, or in the grader, is the teacher's alone to read.
    const problem = score.run.problem;
    if (problem?.kind === 'load-error' && problem.hidden === true && (reason.kind === 'does-not-load' || reason.kind === 'blocked')) {
      notes.push({ kind: 'hidden-load', reason: { ...reason, cause: loadCauseOf(problem.failure) } });
    }
    if (problem?.kind === 'crash') notes.push({ kind: 'crash', crash: problem });
  } else if (stopped.count > 0 && !score.done) {
    grade.status = 'timeout';
    notes.push({ kind: 'stopped-tests', count: stopped.count, limitMs: stopped.firstLimitMs });
  }
  if (files.accepted) {
    for (const miss of files.nearMisses) notes.push({ kind: 'near-miss-accepted', found: miss.found, expected: miss.expected, kinds: miss.kinds });
  }
  if (score.run.anomalies !== undefined) notes.push({ kind: 'anomalies', anomalies: score.run.anomalies });
  if (notes.length > 0) grade.notes = notes;
  return grade;
}

/** A lesson's note in the teacher's words, as the gradebook's page, its CSV and its notes show it. */
export function lessonNoteWords(note: LessonNote): string {
  switch (note.kind) {
    case 'not-graded':
      return `${notGradedWords(note.reason)}${note.acceptable === true ? ' (--accept-near-misses grades it)' : ''}`;
    case 'timeout':
      return `stopped after ${quantityIn(note.limitMs / 1000, SOURCE_LANGUAGE)} s (an endless loop?)`;
    case 'hidden-load':
      return `with the hidden tests: ${hiddenLoadWords(note.reason)}`;
    case 'crash':
      return note.crash.cause === 'grader-broke' ? graderBrokeWords(note.crash) : crashMessage(note.crash);
    case 'stopped-tests':
      return `stopped after ${quantityIn(note.limitMs / 1000, SOURCE_LANGUAGE)} s in ${plural(note.count, 'test')} (an endless loop?)`;
    case 'near-miss-accepted':
      return `graded ${note.found} as ${note.expected} (near miss accepted: ${missWords(note.kinds, 0)})`;
    case 'anomalies':
      return `grading anomalies: ${note.anomalies.join('; ')}`;
    case 'text':
      return note.text;
  }
}

/**
 * Why a file did not load with the hidden tests, for the teacher: "does not load: Syntax error in
 * lessons/03-win/win.ts, line 12, …", or, when the error lies in a lesson it uses, "not graded: it uses
 * 03-win, which does not load: …" (or "…, whose file is missing").
 */
function hiddenLoadWords(reason: Extract<LessonNote, { kind: 'hidden-load' }>['reason']): string {
  if (reason.kind === 'does-not-load') return `does not load: ${loadCauseWords(reason.cause)}`;
  return reason.missing === true
    ? `not graded: it uses ${reason.uses}, whose file is missing`
    : `not graded: it uses ${reason.uses}, which does not load: ${loadCauseWords(reason.cause)}`;
}

/** A reference problem in the teacher's words: "01-board: the reference solutions get 95/100 with your suites". */
export function referenceProblemWords(problem: ReferenceProblem): string {
  switch (problem.kind) {
    case 'grading-broke':
      return problem.end === undefined
        ? `${problem.lesson}: grading itself broke (no test of the lesson ran, not even on the reference solutions)`
        : `${problem.lesson}: grading itself broke (${graderBrokeWords({ kind: 'crash', cause: 'grader-broke', end: problem.end, tail: '' })})`;
    case 'below-full':
      return `${problem.lesson}: the reference solutions get ${problem.earned}/100 with your suites`;
    case 'broke-for-students': {
      const why = graderBrokeWords({ kind: 'crash', cause: 'grader-broke', end: problem.end, tail: '' });
      return `grading itself broke for ${plural(problem.students, 'student')} (${plural(problem.lessons, 'lesson')} not graded: ${why})`;
    }
    case 'text':
      return problem.text;
  }
}

/** True when a reference problem is the grader's (grading broke), not the suites'. */
export function graderBrokeProblem(problem: ReferenceProblem): boolean {
  return problem.kind === 'text' ? problem.graderBroke : problem.kind !== 'below-full';
}

/** The problems of several gradebooks, each once (the same words are the same problem). */
export function uniqueProblems(problems: ReferenceProblem[]): ReferenceProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const words = referenceProblemWords(problem);
    if (seen.has(words)) return false;
    seen.add(words);
    return true;
  });
}

/** A lesson's notes in words, one after another ("not graded: …; with the hidden tests: …"), or undefined when it has none. */
export function lessonNotesText(grade: Pick<LessonGrade, 'notes'>): string | undefined {
  return grade.notes === undefined || grade.notes.length === 0 ? undefined : grade.notes.map(lessonNoteWords).join('; ');
}

/** Why a lesson was not graded (undefined when it was): files missing or misplaced, a file that does not load, or the grader broke. */
function lessonReason(score: LessonScore, files: FileFinding): LessonReason | undefined {
  if (files.missing.length > 0) {
    const misplaced = files.nearMisses
      .filter((miss) => files.missing.includes(miss.expected))
      .map((miss) => ({ expected: miss.expected, found: miss.found, kinds: miss.kinds, others: miss.others }));
    return { kind: 'missing', files: files.missing, misplaced };
  }
  const problem = score.run.problem;
  if (problem?.kind === 'crash') return { kind: 'grading-broke' };
  if (problem?.kind !== 'load-error') return undefined;
  const elsewhere = brokenElsewhere(score);
  // (What went wrong with the teacher's hidden suites is the teacher's alone: a hidden-load note says it.)
  const cause: LoadCause = problem.hidden === true ? { kind: 'hidden-tests' } : loadCauseOf(problem.failure);
  if (elsewhere === undefined) return { kind: 'does-not-load', cause };
  return { kind: 'blocked', uses: elsewhere.lesson, cause, ...(elsewhere.missing ? { missing: true as const } : {}) };
}

/**
 * What a file threw as it loaded, as data: a syntax error with where it is (the file as the hand-in
 * has it, without the "../" it was reached by), else the error's name and first line and where it was
 * thrown; every text the hand-in controls made visible.
 */
export function loadCauseOf(failure: Failure): LoadCause {
  const message = visible(failure.message);
  if (failure.kind === 'syntax') {
    const { what, file, line, column = 0 } = failure.syntax;
    const shownWhat = visible(what);
    return file === undefined
      ? { kind: 'syntax', what: shownWhat }
      : { kind: 'syntax', what: shownWhat, file: visible(file).replace(/^(\.\.\/)+/, ''), line: line ?? 0, column };
  }
  const error = `${visible(failure.name)}: ${message.split('\n')[0]}`;
  return failure.location ? { kind: 'thrown', error, location: visible(failure.location) } : { kind: 'thrown', error };
}

/**
 * How many tests of a lesson were stopped for time (a call past its limit, or a test or the lesson
 * past its time budget), and the first limit or budget.
 */
function stoppedTests(score: LessonScore): { count: number; firstLimitMs: number } {
  const limits = score.run.tests.flatMap((test) => {
    const failure = test.status === 'failed' ? test.failure : undefined;
    if (failure?.kind === 'stopped') return [failure.limitMs];
    return failure?.kind === 'out-of-time' ? [failure.budgetMs] : [];
  });
  return { count: limits.length, firstLimitMs: limits[0] ?? 0 };
}

/**
 * A copy of a score that is safe to show a student: hidden tests keep their task and status but
 * lose their name and failure, a timeout inside a test that is not known to be visible names
 * "a hidden test" and drops the printed lines (they could give a hidden case away), and grading that
 * broke says so without the test runner's last lines. What it says instead is in the student's language.
 */
export function forStudent(score: LessonScore, visibleNames: Set<string>, language: Language = SOURCE_LANGUAGE): LessonScore {
  const t = translator(language);
  // What a hidden test is called wherever a student could see it.
  const hiddenName = t('notes.hiddenTest');
  const tests = score.run.tests.map(
    (test): TestOutcome => (test.hidden ? { name: hiddenName, task: test.task, hidden: true, status: test.status, durationMs: test.durationMs } : test),
  );
  let problem = score.run.problem;
  if (problem?.kind === 'timeout' && problem.runningTest !== undefined && !visibleNames.has(problem.runningTest)) {
    // Named like every hidden test, so the report still says a test was running (not the file loading).
    problem = { kind: 'timeout', limitMs: problem.limitMs, runningTest: hiddenName, lastOutput: [] };
  }
  if (problem?.kind === 'load-error' && problem.hidden) {
    // What went wrong while a teacher-only suite loaded is not the student's to read.
    problem = { kind: 'load-error', failure: { kind: 'thrown', name: 'Error', message: t('notes.hiddenLoadMessage') }, hidden: true };
  }
  if (problem?.kind === 'crash' && problem.cause === 'grader-broke') {
    // The lines the test runner printed last: a classmate's output, or what the code printed while
    // hidden tests ran, may be among them.
    problem = { ...problem, tail: '' };
  }
  return { ...score, run: { ...score.run, tests, problem, output: '' } };
}

/** The lesson columns of a gradebook. */
export function lessonColumns(lessons: Lesson[]): Gradebook['lessons'] {
  return lessons.map((lesson) => ({ id: lesson.id, number: lesson.number, title: lesson.title }));
}

/** The notes of the hand-in, then those of each lesson ("02-input: lessons/02-input/input.ts is missing"). */
export function allNotes(book: Gradebook, student: StudentGrade): string[] {
  const own = student.notes.map(handInNoteWords);
  // (A lesson not graded because the whole hand-in was not says it in its cell; the row's note says it once.)
  const lessonNotes = book.lessons.flatMap((lesson) => {
    const grade = student.lessons[lesson.id];
    const note = grade === undefined ? undefined : lessonNotesText(grade);
    return note === undefined || own.includes(note) ? [] : [`${lesson.id}: ${note}`];
  });
  return [...own, ...lessonNotes];
}

/** The most bytes of a name a feedback folder keeps (file systems allow 255 bytes per name). */
const FOLDER_NAME_BYTES = 100;

/** Names Windows keeps for devices (COM¹ included), with or without an ending, spaces before it or not: no folder may be called so. */
const DEVICE_NAMES = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])\s*(\..*)?$/i;

/**
 * The folder a student's name suggests for their feedback: anything unsafe in a path replaced, no
 * dot first nor dot or space last, at most FOLDER_NAME_BYTES long. Two names may suggest the same
 * folder: `feedbackFolders` gives each student one of their own.
 */
export function feedbackFolder(name: string): string {
  const safe = cutToBytes(
    name
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}._ ()-]+/gu, '_')
      .replace(/^\.+/, '_')
      .trim(),
    FOLDER_NAME_BYTES,
  ).replace(/[. ]+$/, '');
  if (safe === '') return '_';
  return DEVICE_NAMES.test(safe) ? `_${safe}` : safe;
}

/**
 * Each student's feedback folder, one per student and never shared: the folder their name suggests,
 * or, when a student before them has that folder already (the same name once unsafe characters are
 * replaced, or the same but for case or Unicode form, which macOS and Windows do not tell apart),
 * that folder with " (2)", " (3)"… Students whose name needs no change come first, and all are taken
 * in an order no machine setting changes, so the same class gets the same folders everywhere. The
 * gradebook's files and its page both use this.
 */
export function feedbackFolders(book: Pick<Gradebook, 'students'>): Map<StudentGrade, string> {
  const folders = new Map<StudentGrade, string>();
  const taken = new Set<string>();
  // Students whose name is a folder name as it is come first: "Ann_Lee" keeps Ann_Lee/ beside an "Ann#Lee".
  const asNamed = (student: StudentGrade): number => (feedbackFolder(student.name) === student.name ? 0 : 1);
  const order = [...book.students].sort((a, b) => asNamed(a) - asNamed(b) || byCodeUnits(a.name, b.name));
  for (const student of order) {
    const folder = numbered(feedbackFolder(student.name), (candidate) => taken.has(lookAlike(candidate)));
    taken.add(lookAlike(folder));
    folders.set(student, folder);
  }
  return folders;
}

/** The longest start of `text` that takes at most `bytes` bytes in UTF-8, never cutting a character in two. */
function cutToBytes(text: string, bytes: number): string {
  let kept = '';
  let used = 0;
  for (const character of text) {
    used += Buffer.byteLength(character);
    if (used > bytes) break;
    kept += character;
  }
  return kept;
}
