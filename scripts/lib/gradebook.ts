/**
 * The class gradebook (`npm run grade`): one row per student and one column per lesson, written as
 * gradebook.json (the data, which --merge joins), gradebook.csv, gradebook.html, and one feedback.md
 * per student in the words of the student's own report. Hidden tests are counted, never described.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { painter } from './cli.ts';
import { STOPPED_PREFIX } from './child-protocol.ts';
import { explainFailure, renderReport } from './report.ts';
import type { LessonScore, TaskScore, TestOutcome } from './results.ts';
import { readmePath, UsageError, type Lesson } from './workbook.ts';

/** One task of one student's lesson (earned rounded to one decimal), with its count of hidden tests. */
export interface TaskGrade extends TaskScore {
  hiddenTotal: number;
}

/** How a lesson went, in one word: what a gradebook cell shows besides the points. */
export type LessonStatus = 'done' | 'partial' | 'zero' | 'timeout' | 'load-error' | 'crash' | 'missing';

/** One cell of the gradebook. */
export interface LessonGrade {
  id: string;
  /** Whole points out of 100. */
  points: number;
  status: LessonStatus;
  tasks: TaskGrade[];
  /** A short teacher-facing note ("stopped after 10 s", "lessons/02-input/input.ts is missing"). */
  note?: string;
  /** Hint levels the student opened for this lesson (from their progress file). */
  hintsSeen: number;
}

/** One row of the gradebook. */
export interface StudentGrade {
  name: string;
  lessons: Record<string, LessonGrade>;
  total: number;
  /** Teacher-facing notes about the hand-in as a whole (changed tests, no workbook found, …); lesson notes are in the lessons. */
  notes: string[];
  /** The student's feedback.md. */
  feedback: string;
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
  students: StudentGrade[];
}

/** The file names a gradebook folder holds. */
export const GRADEBOOK_FILES = { json: 'gradebook.json', csv: 'gradebook.csv', html: 'gradebook.html', feedback: 'feedback' } as const;

/** The one-word status of a graded lesson. */
export function lessonStatus(score: LessonScore): LessonStatus {
  const problem = score.run.problem;
  if (problem?.kind === 'timeout') return 'timeout';
  if (problem?.kind === 'load-error') return 'load-error';
  if (problem?.kind === 'crash') return 'crash';
  if (score.done) return 'done';
  return score.earned > 0 ? 'partial' : 'zero';
}

/** A gradebook cell from a lesson's score. */
export function lessonGrade(score: LessonScore, hintsSeen: number, missing: string[] = []): LessonGrade {
  const tasks = score.tasks.map((task): TaskGrade => {
    const hidden = score.run.tests.filter((test) => test.hidden && test.task === task.number && test.status !== 'skipped');
    return {
      number: task.number,
      title: task.title,
      points: task.points,
      earned: Math.round(task.earned * 10) / 10,
      passed: task.passed,
      total: task.total,
      hiddenFailed: task.hiddenFailed,
      hiddenTotal: hidden.length,
    };
  });
  const grade: LessonGrade = { id: score.lesson.id, points: score.earned, status: lessonStatus(score), tasks, hintsSeen };
  const stopped = stoppedTests(score);
  if (missing.length > 0) {
    grade.status = 'missing';
    grade.note = `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`;
  } else if (score.run.problem?.kind === 'timeout') {
    grade.note = `stopped after ${Math.round(score.run.problem.limitMs / 1000)} s (an endless loop?)`;
  } else if (score.run.problem?.kind === 'load-error') {
    grade.note = `the file could not be loaded: ${score.run.problem.failure.message.split('\n')[0]}`;
  } else if (score.run.problem?.kind === 'crash') {
    grade.note = score.run.problem.message;
  } else if (stopped.count > 0 && !score.done) {
    grade.status = 'timeout';
    grade.note = `stopped after ${Math.round(stopped.firstLimitMs / 1000)} s in ${stopped.count} test${stopped.count === 1 ? '' : 's'} (an endless loop?)`;
  }
  if (score.run.anomalies !== undefined) {
    grade.note = [grade.note, `grading anomalies: ${score.run.anomalies.join('; ')}`].filter(Boolean).join('; ');
  }
  return grade;
}

/** How many tests of a lesson were stopped because the code ran past its limit, and the first limit. */
function stoppedTests(score: LessonScore): { count: number; firstLimitMs: number } {
  const pattern = new RegExp(`^${STOPPED_PREFIX}(\\d+)ms`);
  const limits = score.run.tests.flatMap((test) => {
    const match = test.status === 'failed' ? pattern.exec(test.failure?.message ?? '') : null;
    return match ? [Number(match[1])] : [];
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
    problem = { kind: 'load-error', failure: { name: 'Error', message: 'Your file could not be loaded with the hidden tests.' }, hidden: true };
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
}

const FAILURES_SHOWN = 5;
const plain = painter(false);

/** One student's feedback.md. */
export function renderFeedback(input: FeedbackInput): string {
  const total = input.grades.reduce((sum, grade) => sum + grade.points, 0);
  const done = input.grades.filter((grade) => grade.status === 'done').length;
  const lines = [
    `# Feedback for ${input.name}`,
    '',
    `**${total} of ${input.grades.length * 100} points** · ${done} of ${input.grades.length} lesson${input.grades.length === 1 ? '' : 's'} done`,
    '',
    '| lesson | points | |',
    '|---|---:|---|',
    ...input.scores.map((score, index) => {
      const grade = input.grades[index] as LessonGrade;
      return `| ${score.lesson.number} ${score.lesson.title} | ${grade.points}/100 | ${STATUS_WORDS[grade.status]} |`;
    }),
    '',
  ];
  input.scores.forEach((score, index) => {
    const grade = input.grades[index] as LessonGrade;
    if (grade.status === 'done') return;
    lines.push(...lessonFeedback(score, grade), '');
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
  return lines.join('\n');
}

const STATUS_WORDS: Record<LessonStatus, string> = {
  done: 'done ✓',
  partial: 'not done yet',
  zero: 'not started or nothing passes yet',
  timeout: 'stopped: took too long',
  'load-error': 'your file could not be loaded',
  crash: 'could not be graded',
  missing: 'file missing',
};

/** The section of an unfinished lesson: its tasks, the visible tests that failed, hidden tests counted. */
function lessonFeedback(score: LessonScore, grade: LessonGrade): string[] {
  const lines = [`## ${score.lesson.number} ${score.lesson.title}: ${grade.points}/100`, ''];
  if (grade.status === 'missing') {
    return [...lines, `${grade.note ?? 'The exercise file is missing'}, so this lesson could not be graded. Hand in the whole workbook folder.`];
  }
  if (score.run.problem !== undefined) {
    const why = grade.status === 'timeout' ? 'your code was still running when time was up' : 'your file could not be loaded or run';
    lines.push(`This lesson could not be graded fully: ${why}. "Your report" below says more.`, '');
    if (score.run.tests.length === 0) return lines;
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

function formatPoints(points: number): string {
  return Number.isInteger(points) ? String(points) : points.toFixed(1);
}

/** The lesson columns of a gradebook. */
export function lessonColumns(lessons: Lesson[]): Gradebook['lessons'] {
  return lessons.map((lesson) => ({ id: lesson.id, number: lesson.number, title: lesson.title }));
}

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The notes of the hand-in, then those of each lesson ("02-input: lessons/02-input/input.ts is missing"). */
export function allNotes(book: Gradebook, student: StudentGrade): string[] {
  const lessonNotes = book.lessons.flatMap((lesson) => {
    const note = student.lessons[lesson.id]?.note;
    return note === undefined ? [] : [`${lesson.id}: ${note}`];
  });
  return [...student.notes, ...lessonNotes];
}

/** gradebook.csv: student, one column per lesson (points), total, notes. */
export function renderCsv(book: Gradebook): string {
  const header = ['student', ...book.lessons.map((lesson) => lesson.id), 'total', 'notes'];
  const rows = book.students.map((student) => [
    student.name,
    ...book.lessons.map((lesson) => student.lessons[lesson.id]?.points ?? ''),
    student.total,
    allNotes(book, student).join('; '),
  ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** What a cell shows besides the points, so the table reads without colour too. */
const CELL_MARK: Record<LessonStatus, string> = {
  done: '✓',
  partial: '',
  zero: '',
  timeout: 'stopped',
  'load-error': 'error',
  crash: 'error',
  missing: 'missing',
};

/** The folder name of a student's feedback: the name with anything unsafe in a path replaced. */
export function feedbackFolder(name: string): string {
  const safe = name.replace(/[^\p{L}\p{N}._ -]+/gu, '_').replace(/^\.+/, '_').trim();
  return safe === '' ? '_' : safe;
}

/** gradebook.html: the same table, coloured, with every student's tasks folded under the row. */
export function renderHtml(book: Gradebook): string {
  const max = book.lessons.length * 100;
  const head = book.lessons.map((lesson) => `<th scope="col" title="${escapeHtml(lesson.id)}">${escapeHtml(lesson.number)}<br><span>${escapeHtml(lesson.title)}</span></th>`).join('');
  const rows = book.students.map((student) => {
    const cells = book.lessons.map((lesson) => {
      const grade = student.lessons[lesson.id];
      if (grade === undefined) return '<td class="none">–</td>';
      const title = [grade.note, ...grade.tasks.map((task) => `Task ${task.number}: ${formatPoints(task.earned)}/${task.points}`)].filter(Boolean).join('\n');
      const mark = CELL_MARK[grade.status];
      return `<td class="${grade.status}" title="${escapeHtml(title)}">${grade.points}${mark === '' ? '' : ` <span class="mark">${mark}</span>`}</td>`;
    });
    const details = book.lessons
      .map((lesson) => student.lessons[lesson.id])
      .filter((grade): grade is LessonGrade => grade !== undefined)
      .map((grade) => {
        const tasks = grade.tasks
          .map((task) => {
            const hidden = task.hiddenTotal > 0 ? `, hidden ${task.hiddenTotal - task.hiddenFailed}/${task.hiddenTotal}` : '';
            const tests = task.total === 0 ? 'no test finished' : `${task.passed}/${task.total} tests${hidden}`;
            return `<li>Task ${task.number} ${escapeHtml(task.title)}: ${formatPoints(task.earned)}/${task.points} (${tests})</li>`;
          })
          .join('');
        const note = grade.note ? `<p class="note">${escapeHtml(grade.note)}</p>` : '';
        const hints = grade.hintsSeen > 0 ? ` · ${grade.hintsSeen} hint${grade.hintsSeen === 1 ? '' : 's'} seen` : '';
        return `<div class="lesson"><h3>${escapeHtml(grade.id)}: ${grade.points}/100${hints}</h3>${note}<ul>${tasks}</ul></div>`;
      })
      .join('');
    const notes = student.notes.length > 0 ? `<ul class="notes">${student.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>` : '';
    const noteCount = allNotes(book, student).length;
    const link = `${GRADEBOOK_FILES.feedback}/${encodeURIComponent(feedbackFolder(student.name))}/feedback.md`;
    return [
      `<tr><th scope="row"><a href="${escapeHtml(link)}">${escapeHtml(student.name)}</a></th>${cells.join('')}<td class="total">${student.total}<span class="of"> / ${max}</span></td></tr>`,
      `<tr class="details"><td colspan="${book.lessons.length + 2}"><details><summary>Details${noteCount > 0 ? ` · ${noteCount} note${noteCount === 1 ? '' : 's'}` : ''}</summary>${notes}${details}</details></td></tr>`,
    ].join('\n');
  });
  const averages = book.lessons.map((lesson) => {
    const grades = book.students.map((student) => student.lessons[lesson.id]).filter((grade): grade is LessonGrade => grade !== undefined);
    const average = grades.length === 0 ? 0 : grades.reduce((sum, grade) => sum + grade.points, 0) / grades.length;
    const done = grades.filter((grade) => grade.status === 'done').length;
    return `<td>${average.toFixed(0)}<br><span class="of">${done} done</span></td>`;
  });
  const classAverage = book.students.length === 0 ? 0 : book.students.reduce((sum, student) => sum + student.total, 0) / book.students.length;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gradebook</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; background: #fff; }
  table { border-collapse: collapse; }
  th, td { border: 1px solid #c8c8c8; padding: .35rem .6rem; text-align: center; }
  thead th { background: #f0f0f0; vertical-align: bottom; }
  thead th span { font-weight: normal; font-size: .85em; }
  tbody th { text-align: left; white-space: nowrap; }
  td.done { background: #c9efc9; }
  td.partial { background: #fbeeb8; }
  td.zero, td.missing, td.load-error, td.crash { background: #f7c9c9; }
  td.timeout { background: #f3d1b3; }
  td.total { font-weight: bold; }
  .mark { font-size: .8em; }
  .of { font-weight: normal; color: #555; font-size: .85em; }
  tr.details td { text-align: left; border-top: none; padding: 0 .6rem; }
  tr.details summary { cursor: pointer; color: #444; font-size: .85em; }
  .lesson h3 { font-size: 1em; margin: .6rem 0 .2rem; }
  .lesson ul, ul.notes { margin: .2rem 0 .6rem; }
  .note, ul.notes { color: #8a3b00; }
  tfoot td, tfoot th { background: #f7f7f7; }
  .legend { color: #444; font-size: .9em; }
  @media print { tr.details { display: none; } }
</style>
</head>
<body>
<h1>Gradebook</h1>
<p>${book.students.length} student${book.students.length === 1 ? '' : 's'} · ${book.lessons.length} lesson${book.lessons.length === 1 ? '' : 's'} · graded ${escapeHtml(book.gradedAt.slice(0, 16).replace('T', ' '))} UTC · class average ${classAverage.toFixed(0)} / ${max}</p>
<p class="legend">Points out of 100 per lesson. ✓ done (every test passes, hidden ones included) · “stopped”: the code ran too long · “error”: the file could not be loaded or graded · “missing”: the file was not handed in. Hover a cell for its tasks; open “Details” for hidden tests, notes and hints.</p>
<table>
<thead><tr><th scope="col">Student</th>${head}<th scope="col">Total</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
<tfoot><tr><th scope="row">Average</th>${averages.join('')}<td>${classAverage.toFixed(0)}</td></tr></tfoot>
</table>
${book.fences ? `<p class="legend">The students' code ran sealed off, one process per hand-in: ${book.fences.map(escapeHtml).join('; ')}.</p>` : ''}
</body>
</html>
`;
}

/** Writes gradebook.json, gradebook.csv, gradebook.html and feedback/<student>/feedback.md. */
export function writeGradebook(book: Gradebook, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, GRADEBOOK_FILES.json), `${JSON.stringify(book, null, 2)}\n`);
  writeFileSync(join(outDir, GRADEBOOK_FILES.csv), renderCsv(book));
  writeFileSync(join(outDir, GRADEBOOK_FILES.html), renderHtml(book));
  for (const student of book.students) {
    const folder = join(outDir, GRADEBOOK_FILES.feedback, feedbackFolder(student.name));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'feedback.md'), student.feedback);
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
  return {
    kind: 'tictactoe-gradebook',
    version: 1,
    gradedAt: parts.map((part) => part.gradedAt).sort().at(-1) as string,
    lessons: first.lessons,
    students: students.sort((a, b) => a.name.localeCompare(b.name)),
    ...(first.fences ? { fences: first.fences } : {}),
  };
}
