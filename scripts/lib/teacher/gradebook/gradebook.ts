/**
 * The class gradebook (`npm run grade`): one row per student and one column per lesson, written as
 * gradebook.json (the data, which --merge joins), gradebook.csv, gradebook.html (gradebook-html.ts),
 * and per student a feedback.md in the words of the student's own report, with the same text as a
 * web page (feedback-page.ts). Hidden tests are counted in feedback, never described; the teacher's
 * gradebook names the ones each student failed.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { painter } from '../../core/cli.ts';
import { toCsv } from '../csv.ts';
import { feedbackPage, FEEDBACK_PAGE, SITE_ASSETS, siteAsset } from './feedback-page.ts';
import { renderHtml } from './html.ts';
import { describeKinds, describeMiss, MISS_WORDS, type NearMiss } from '../intake/near-misses.ts';
import type { Platform } from '../intake/platforms.ts';
import { brokenElsewhere, explainFailure, loadProblemLine, renderReport } from '../../report/report.ts';
import { failureDetail, formatPoints, roundPoints, type LessonScore, type TaskScore, type TestOutcome } from '../../core/results.ts';
import type { PlatformIds } from '../intake/roster.ts';
import { readmePath, UsageError, type Lesson } from '../../core/workbook.ts';

export { formatPoints };

/** One task of one student's lesson (earned rounded to one decimal), with its count of hidden tests. */
export interface TaskGrade extends TaskScore {
  hiddenTotal: number;
}

/**
 * How a lesson went, in one word: what a gradebook cell shows besides the points. "blocked": it
 * could not load because a lesson it uses does not load.
 */
export type LessonStatus = 'done' | 'partial' | 'zero' | 'timeout' | 'load-error' | 'blocked' | 'crash' | 'missing';

/** A hidden test a student failed: for the teacher's gradebook only, never for feedback. */
export interface HiddenFailure {
  task: number;
  name: string;
  /** What failed, for the teacher: a generated case shrunk to a small counterexample, or the assertion's first lines. */
  detail?: string;
}

/** One cell of the gradebook. */
export interface LessonGrade {
  id: string;
  /** Points out of 100, to one decimal. */
  points: number;
  status: LessonStatus;
  tasks: TaskGrade[];
  /** The first task not finished yet (every test of it passing), if any. */
  firstOpen?: { number: number; title: string };
  /** A whole teacher-facing note ("does not load: Syntax error in lessons/03-win/win.ts, line 12, …"). */
  note?: string;
  /** Hint levels the student opened for this lesson (from their progress file). */
  hintsSeen: number;
  /** The hidden tests this student failed, by name (teacher only). */
  hiddenFailures?: HiddenFailure[];
}

/** One row of the gradebook. */
export interface StudentGrade {
  name: string;
  lessons: Record<string, LessonGrade>;
  /** The sum of the lessons' points, to one decimal. */
  total: number;
  /** Teacher-facing notes about the hand-in as a whole (changed tests, no workbook found, …); lesson notes are in the lessons. */
  notes: string[];
  /** The student's feedback.md. */
  feedback: string;
  /** False for a student of the class list of whom no hand-in was found. */
  handedIn?: boolean;
  /** The layout the hand-in came in, and how it was found ("tictactoe.zip → tictactoe-workbook/lessons/"). */
  platform?: Platform;
  found?: string;
  /** What a learning platform's grade import matches the student by (from the download's names and the class list). */
  ids?: PlatformIds;
  /** The seed of the hidden suites' inputs this student was graded with (npm run grade -- … --seed N replays it). */
  seed?: number;
}

/** A whole gradebook (or one shard's part of it). */
export interface Gradebook {
  kind: 'tictactoe-gradebook';
  version: 1;
  gradedAt: string;
  lessons: Array<{ id: string; number: string; title: string }>;
  /** Set on the part a --shard run writes. */
  shard?: { index: number; count: number };
  /** The fences that were around the graded code, in plain words. */
  fences?: string[];
  /** The seed of the hidden suites' generated inputs (absent when merged parts were graded with different seeds: see each student's). */
  seed?: number;
  /** Lessons where the reference solutions scored below 100 (or grading itself broke): the grades cannot be trusted. */
  referenceProblems?: string[];
  students: StudentGrade[];
}

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

/** How an exercise file was found: missing (perhaps with a near miss), or a near miss the teacher accepted. */
export interface FileFinding {
  missing: string[];
  nearMisses: NearMiss[];
  accepted: boolean;
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
      const detail = failureDetail(test.failure?.message);
      return detail === undefined ? { task: test.task, name: test.name } : { task: test.task, name: test.name, detail };
    });
  if (hiddenFailures.length > 0) grade.hiddenFailures = hiddenFailures;
  const stopped = stoppedTests(score);
  const notes: string[] = [];
  if (files.missing.length > 0) {
    grade.status = 'missing';
    const misses = files.nearMisses.filter((miss) => files.missing.includes(miss.expected));
    const plain = files.missing.filter((path) => !misses.some((miss) => miss.expected === path));
    if (plain.length > 0) notes.push(`${plain.join(', ')} ${plain.length === 1 ? 'is' : 'are'} missing`);
    for (const miss of misses) notes.push(`${miss.expected} is missing, but ${describeMiss(miss)} looks like it: not graded (--accept-near-misses grades it)`);
  } else if (score.run.problem?.kind === 'timeout') {
    notes.push(`stopped after ${Math.round(score.run.problem.limitMs / 1000)} s (an endless loop?)`);
  } else if (score.run.problem?.kind === 'load-error') {
    notes.push(loadProblemLine(score) ?? 'does not load');
  } else if (score.run.problem?.kind === 'crash') {
    notes.push(score.run.problem.message);
  } else if (stopped.count > 0 && !score.done) {
    grade.status = 'timeout';
    notes.push(`stopped after ${Math.round(stopped.firstLimitMs / 1000)} s in ${stopped.count} test${stopped.count === 1 ? '' : 's'} (an endless loop?)`);
  }
  if (files.accepted) {
    for (const miss of files.nearMisses) notes.push(`graded ${miss.found} as ${miss.expected} (near miss accepted: ${miss.kinds.map((kind) => MISS_WORDS[kind]).join(', ')})`);
  }
  if (score.run.anomalies !== undefined) notes.push(`grading anomalies: ${score.run.anomalies.join('; ')}`);
  if (notes.length > 0) grade.note = notes.join('; ');
  return grade;
}

/** How many tests of a lesson were stopped because the code ran past its limit, and the first limit. */
function stoppedTests(score: LessonScore): { count: number; firstLimitMs: number } {
  const limits = score.run.tests.flatMap((test) => {
    const failure = test.status === 'failed' ? test.failure : undefined;
    return failure?.kind === 'stopped' && failure.limitMs !== undefined ? [failure.limitMs] : [];
  });
  return { count: limits.length, firstLimitMs: limits[0] ?? 0 };
}

/** What a hidden test is called wherever a student could see it. */
const HIDDEN_NAME = 'a hidden test';

/**
 * A copy of a score that is safe to show a student: hidden tests keep their task and status but
 * lose their name and failure, and a timeout inside a test that is not known to be visible names
 * "a hidden test" and drops the printed lines (they could give a hidden case away).
 */
export function forStudent(score: LessonScore, visibleNames: Set<string>): LessonScore {
  const tests = score.run.tests.map((test): TestOutcome =>
    test.hidden ? { name: HIDDEN_NAME, task: test.task, hidden: true, status: test.status, durationMs: test.durationMs } : test,
  );
  let problem = score.run.problem;
  if (problem?.kind === 'timeout' && problem.runningTest !== undefined && !visibleNames.has(problem.runningTest)) {
    // Named like every hidden test, so the report still says a test was running (not the file loading).
    problem = { kind: 'timeout', limitMs: problem.limitMs, runningTest: HIDDEN_NAME, lastOutput: [] };
  }
  if (problem?.kind === 'load-error' && problem.hidden) {
    // What went wrong while a teacher-only suite loaded is not the student's to read.
    problem = { kind: 'load-error', failure: { kind: 'thrown', name: 'Error', message: 'Your file could not be loaded with the hidden tests.' }, hidden: true };
  }
  return { ...score, run: { ...score.run, tests, problem, output: '' } };
}

/** Everything the feedback of one student is made from. */
export interface FeedbackInput {
  name: string;
  /** Scores already made safe with forStudent, in lesson order. */
  scores: LessonScore[];
  grades: LessonGrade[];
  /** Plain-words notes for the student (changed tests, missing files). */
  notes: string[];
  /** How each lesson's files were found, by lesson id (missing files, near misses). */
  files?: Record<string, FileFinding>;
}

const FAILURES_SHOWN = 5;
const plain = painter(false);

/** One student's feedback.md. */
export function renderFeedback(input: FeedbackInput): string {
  const total = roundPoints(input.grades.reduce((sum, grade) => sum + grade.points, 0));
  const done = input.grades.filter((grade) => grade.status === 'done').length;
  const lines = [
    `# Feedback for ${input.name}`,
    '',
    `**${formatPoints(total)} of ${input.grades.length * 100} points** · ${done} of ${input.grades.length} lesson${input.grades.length === 1 ? '' : 's'} done`,
    '',
    '| lesson | points | |',
    '|---|---:|---|',
    ...input.scores.map((score, index) => {
      const grade = input.grades[index] as LessonGrade;
      return `| ${score.lesson.number} ${score.lesson.title} | ${formatPoints(grade.points)}/100 | ${STATUS_WORDS[grade.status]} |`;
    }),
    '',
  ];
  input.scores.forEach((score, index) => {
    const grade = input.grades[index] as LessonGrade;
    if (grade.status === 'done') return;
    lines.push(...lessonFeedback(score, grade, input.files?.[score.lesson.id]), '');
  });
  if (input.notes.length > 0) lines.push('## Notes', '', ...input.notes.map((note) => `- ${note}`), '');
  if (input.grades.some((grade) => grade.status !== 'missing')) {
    const report = renderReport({
      subject: 'the code you handed in, with the teacher’s tests',
      scores: new Map(input.scores.map((score) => [score.lesson.id, score])),
      selected: input.scores.map((score) => score.lesson.id),
      allLessons: input.scores.map((score) => score.lesson.id),
      paint: plain,
    });
    lines.push('## Your report', '', 'This is what `npm run check` shows for the code you handed in:', '', '```text', report, '```', '');
  }
  lines.push(`Points have one decimal: a task earns its points in proportion to its tests that pass, and a lesson shows 100 only when every test passes.`, '');
  return lines.join('\n');
}

/** The feedback of a student on the class list of whom no hand-in was found. */
export function absentFeedback(name: string, lessons: Lesson[]): string {
  return [
    `# Feedback for ${name}`,
    '',
    `**0 of ${lessons.length * 100} points**`,
    '',
    'No hand-in of yours was found, so nothing could be graded. If you did hand something in, tell your teacher.',
    '',
  ].join('\n');
}

const STATUS_WORDS: Record<LessonStatus, string> = {
  done: 'done ✓',
  partial: 'not done yet',
  zero: 'not started or nothing passes yet',
  timeout: 'stopped: took too long',
  'load-error': 'your file could not be loaded',
  blocked: 'waits for an earlier lesson',
  crash: 'could not be graded',
  missing: 'file missing',
};

/** What a student reads about a near miss the teacher accepted. */
export function acceptedNote(miss: NearMiss): string {
  return `Your teacher graded \`${miss.found}\` in place of \`${miss.expected}\`. Next time, name and place it exactly as \`${miss.expected}\`.`;
}

/** Why a lesson's file is missing, for its student: the file, and what was found that looks like it. */
function missingFeedback(grade: LessonGrade, files: FileFinding | undefined): string[] {
  const missing = files?.missing ?? [];
  if (missing.length === 0) return [`${grade.note ?? 'The exercise file is missing'}, so this lesson could not be graded. Hand in the whole workbook folder.`];
  return missing.map((path) => {
    const miss = files?.nearMisses.find((candidate) => candidate.expected === path);
    return miss === undefined
      ? `\`${path}\` is missing, so this lesson could not be graded. Hand in the whole workbook folder.`
      : `\`${path}\` is missing, so this lesson could not be graded. Your hand-in has \`${miss.found}\` (${describeKinds(miss)}), which looks like it: ` +
          `rename or move it to \`${path}\` (exactly, with the same capital and small letters) and hand in again.`;
  });
}

/** The section of an unfinished lesson: its tasks, the visible tests that failed, hidden tests counted. */
function lessonFeedback(score: LessonScore, grade: LessonGrade, files: FileFinding | undefined): string[] {
  const lines = [`## ${score.lesson.number} ${score.lesson.title}: ${formatPoints(grade.points)}/100`, ''];
  if (grade.status === 'missing') return [...lines, ...missingFeedback(grade, files)];
  if (grade.status === 'blocked') {
    const uses = brokenElsewhere(score);
    return [...lines, `This lesson uses your code from lesson ${uses?.slice(0, 2) ?? 'before it'}, whose file could not be loaded, so none of its tests could run. Fix that lesson first; "Your report" below shows the error.`];
  }
  if (score.run.problem !== undefined) {
    const why = grade.status === 'timeout' ? 'your code was still running when time was up' : 'your file could not be loaded or run';
    lines.push(`This lesson could not be graded fully: ${why}. "Your report" below says more.`, '');
    // Tests that never ran are not failures to explain one by one.
    if (score.run.tests.length === 0 || score.run.problem.kind === 'load-error') return lines;
  }
  lines.push('| task | points | tests passed |', '|---|---:|---|');
  for (const task of grade.tasks) {
    const hidden = task.hiddenFailed > 0 ? ` (${task.hiddenFailed} hidden test${task.hiddenFailed === 1 ? '' : 's'} failed)` : '';
    lines.push(`| ${task.number}. ${task.title} | ${formatPoints(task.earned)}/${task.points} | ${task.passed} of ${task.total}${hidden} |`);
  }
  lines.push('');
  const failed = score.run.tests.filter((test) => test.status === 'failed' && !test.hidden);
  if (failed.length > 0) {
    // Tests that failed for the same reason (a function not written yet) are listed under one explanation.
    const groups: Array<{ task: number; names: string[]; explanation: string[] }> = [];
    for (const test of failed) {
      const explanation = explainFailure(test, plain);
      const same = groups.find((group) => group.task === test.task && group.explanation.join('\n') === explanation.join('\n'));
      if (same) same.names.push(test.name);
      else groups.push({ task: test.task, names: [test.name], explanation });
    }
    lines.push('What failed:', '');
    for (const group of groups.slice(0, FAILURES_SHOWN)) {
      if (group.names.length === 1) lines.push(`- **Task ${group.task}:** ${group.names[0]}`);
      else lines.push(`- **Task ${group.task}**, ${group.names.length} tests:`, ...group.names.map((name) => `  - ${name}`));
      lines.push('', '  ```text', ...group.explanation.map((line) => `  ${line}`), '  ```', '');
    }
    const rest = groups.slice(FAILURES_SHOWN).reduce((sum, group) => sum + group.names.length, 0);
    if (rest > 0) lines.push(`… and ${rest} more. \`npm run check ${score.lesson.number}\` shows them one by one.`, '');
  }
  const hiddenTotal = grade.tasks.reduce((sum, task) => sum + task.hiddenTotal, 0);
  const hiddenFailed = grade.tasks.reduce((sum, task) => sum + task.hiddenFailed, 0);
  if (hiddenFailed > 0) {
    const inTasks = grade.tasks.filter((task) => task.hiddenFailed > 0).map((task) => task.number);
    lines.push(
      `Hidden tests: ${hiddenFailed} of ${hiddenTotal} failed (task${inTasks.length === 1 ? '' : 's'} ${inTasks.join(', ')}). ` +
        `Hidden tests are extra cases your teacher keeps back; they check only what the lesson text asks for. ` +
        `Read ${readmePath(score.lesson)} again for a case you missed.`,
    );
  } else if (hiddenTotal > 0) {
    lines.push(`Hidden tests: all ${hiddenTotal} passed.`);
  }
  return lines;
}

/** The lesson columns of a gradebook. */
export function lessonColumns(lessons: Lesson[]): Gradebook['lessons'] {
  return lessons.map((lesson) => ({ id: lesson.id, number: lesson.number, title: lesson.title }));
}

/** The notes of the hand-in, then those of each lesson ("02-input: lessons/02-input/input.ts is missing"). */
export function allNotes(book: Gradebook, student: StudentGrade): string[] {
  const lessonNotes = book.lessons.flatMap((lesson) => {
    const note = student.lessons[lesson.id]?.note;
    return note === undefined ? [] : [`${lesson.id}: ${note}`];
  });
  return [...student.notes, ...lessonNotes];
}

/**
 * gradebook.csv: student, one column per lesson (points to one decimal), total, the seed of the
 * hidden suites' inputs (npm run grade -- … --seed N replays the run), notes. It starts
 * with a UTF-8 byte order mark, so Excel shows "José Núñez" as it is.
 */
export function renderCsv(book: Gradebook): string {
  const header = ['student', ...book.lessons.map((lesson) => lesson.id), 'total', 'seed', 'notes'];
  const rows = book.students.map((student) => [
    student.name,
    ...book.lessons.map((lesson) => {
      const points = student.lessons[lesson.id]?.points;
      return points === undefined ? '' : formatPoints(points);
    }),
    formatPoints(student.total),
    String(student.seed ?? book.seed ?? ''),
    allNotes(book, student).join('; '),
  ]);
  return toCsv([header, ...rows]);
}

/** The folder name of a student's feedback: the name with anything unsafe in a path replaced. */
export function feedbackFolder(name: string): string {
  const safe = name.replace(/[^\p{L}\p{N}._ -]+/gu, '_').replace(/^\.+/, '_').trim();
  return safe === '' ? '_' : safe;
}

/**
 * Writes gradebook.json, gradebook.csv, gradebook.html with the site's style sheet beside it, and
 * per student feedback/<student>/feedback.md and the same as a web page, feedback/<student>/index.html.
 */
export function writeGradebook(book: Gradebook, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, GRADEBOOK_FILES.json), `${JSON.stringify(book, null, 2)}\n`);
  writeFileSync(join(outDir, GRADEBOOK_FILES.csv), renderCsv(book));
  writeFileSync(join(outDir, GRADEBOOK_FILES.html), renderHtml(book));
  for (const asset of SITE_ASSETS) writeFileSync(join(outDir, asset), siteAsset(asset));
  for (const student of book.students) {
    const folder = join(outDir, GRADEBOOK_FILES.feedback, feedbackFolder(student.name));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'feedback.md'), student.feedback);
    writeFileSync(join(folder, FEEDBACK_PAGE), feedbackPage(student.feedback, student.name));
  }
}

/** Reads a gradebook part: a gradebook.json, or a folder holding one. */
export function readGradebook(path: string): Gradebook {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, GRADEBOOK_FILES.json) : path;
  if (!existsSync(file)) throw new UsageError(`${path} holds no ${GRADEBOOK_FILES.json}: give the --out folder of a grading run.`);
  const book = JSON.parse(readFileSync(file, 'utf8')) as Gradebook;
  if (book.kind !== 'tictactoe-gradebook' || book.version !== 1) throw new UsageError(`${file} is not a gradebook written by npm run grade.`);
  return book;
}

/** Joins gradebook parts into one: the same lessons in each, every student once, sorted by name. */
export function mergeGradebooks(parts: Gradebook[]): Gradebook {
  const [first] = parts;
  if (first === undefined) throw new UsageError('Give at least one part to merge.');
  const columns = JSON.stringify(first.lessons.map((lesson) => lesson.id));
  const seen = new Set<string>();
  const students: StudentGrade[] = [];
  for (const part of parts) {
    if (JSON.stringify(part.lessons.map((lesson) => lesson.id)) !== columns) {
      throw new UsageError(
        `The parts graded different lessons (${first.lessons.map((l) => l.id).join(', ')} and ${part.lessons.map((l) => l.id).join(', ')}). Grade every shard with the same --lessons.`,
      );
    }
    for (const student of part.students) {
      if (seen.has(student.name)) throw new UsageError(`${student.name} is in more than one part; was a shard graded twice?`);
      seen.add(student.name);
      students.push(student);
    }
  }
  const counts = new Set(parts.map((part) => part.shard?.count));
  const indexes = new Set(parts.map((part) => part.shard?.index));
  const warnings = counts.size === 1 && first.shard !== undefined && indexes.size < first.shard.count ? `only ${indexes.size} of ${first.shard.count} shards` : undefined;
  if (warnings !== undefined) process.stderr.write(`Note: merging ${warnings}; the gradebook is missing the others' students.\n`);
  const problems = [...new Set(parts.flatMap((part) => part.referenceProblems ?? []))];
  const seeds = new Set(parts.map((part) => part.seed));
  return {
    kind: 'tictactoe-gradebook',
    version: 1,
    gradedAt: parts.map((part) => part.gradedAt).sort().at(-1) as string,
    lessons: first.lessons,
    students: students.sort((a, b) => a.name.localeCompare(b.name)),
    ...(first.fences ? { fences: first.fences } : {}),
    ...(seeds.size === 1 && first.seed !== undefined ? { seed: first.seed } : {}),
    ...(problems.length > 0 ? { referenceProblems: problems } : {}),
  };
}
