import { painter } from '../../core/cli.ts';
import type { NearMiss } from '../intake/near-misses.ts';
import { explainFailure, renderReport } from '../../report/report.ts';
import { formatPoints, roundPoints, type LessonScore } from '../../core/results.ts';
import { readmePath, type Lesson } from '../../core/workbook.ts';
import type { FileFinding, HandInReason, LessonGrade, LessonStatus, NotGraded } from './gradebook-types.ts';
import { plural, visible } from '../../core/text.ts';
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
  /** Why nothing of the hand-in was graded, when nothing was. */
  notGraded?: HandInReason;
}

const FAILURES_SHOWN = 5;

const plain = painter(false);

/**
 * One student's feedback.md. Everything in it that a hand-in controls (answers, output, messages, file
 * names) shows its control characters as pictures (visible()): the whole text goes through it once, here.
 */
export function renderFeedback(input: FeedbackInput): string {
  const total = roundPoints(input.grades.reduce((sum, grade) => sum + grade.points, 0));
  const done = input.grades.filter((grade) => grade.status === 'done').length;
  const lines = [
    `# Feedback for ${input.name}`,
    '',
    `**${formatPoints(total)} of ${input.grades.length * 100} points** · ${done} of ${plural(input.grades.length, 'lesson')} done`,
    '',
    ...(input.notGraded === undefined ? [] : [`${asSentence(notGradedWords(input.notGraded, code))} ${HAND_IN_ADVICE[input.notGraded.kind]}`, '']),
    '| lesson | points | |',
    '|---|---:|---|',
    ...input.scores.map((score, index) => {
      const grade = input.grades[index] as LessonGrade;
      // A hand-in not graded at all: its reason, above, is every lesson's (no file of it is "missing").
      const status = input.notGraded === undefined ? STATUS_WORDS[grade.status] : 'not graded';
      return `| ${score.lesson.number} ${score.lesson.title} | ${formatPoints(grade.points)}/100 | ${status} |`;
    }),
    '',
  ];
  input.scores.forEach((score, index) => {
    const grade = input.grades[index] as LessonGrade;
    // (A hand-in not graded at all says why once, above.)
    if (grade.status === 'done' || input.notGraded !== undefined) return;
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
  return visible(lines.join('\n'));
}

/** The feedback of a student on the class list of whom no hand-in was found. */
export function absentFeedback(name: string, lessons: Lesson[]): string {
  return visible(
    [
      `# Feedback for ${name}`,
      '',
      `**0 of ${lessons.length * 100} points**`,
      '',
      `${asSentence(notGradedWords({ kind: 'no-hand-in' }))} ${HAND_IN_ADVICE['no-hand-in']}`,
      '',
    ].join('\n'),
  );
}

/** What a student whose hand-in could not be graded at all should do. */
const HAND_IN_ADVICE: Record<HandInReason['kind'], string> = {
  'no-hand-in': 'If you did hand something in, tell your teacher.',
  'online-text-only': 'Hand in the workbook folder as a .zip (or the exercise files themselves): text typed into the submission page cannot be graded.',
  unusable: 'Hand in the whole workbook folder (as a .zip, or the exercise files themselves).',
};

/** A path or file name as it is shown in plain text (the platforms' files, the gradebook). */
const asIs = (text: string): string => text;

/** A path or file name in Markdown (feedback.md). */
const code = (text: string): string => `\`${text.replaceAll('`', "'")}\``;

/** A file name or cause that a hand-in controls, with its control characters made visible (a path may hold anything). */
const shown = (text: string): string => visible(text).replace(/[\n\t]/g, ' ');

/**
 * Why work was not graded, in the words every place uses that shows it: the student's feedback, the
 * gradebook's cell and notes (html, csv) and the comment that goes back to the platform. A phrase
 * ("not graded: lessons/02-input/input.ts is missing"); `asSentence` makes it one. `path` shows a
 * file name (in backticks for Markdown).
 */
export function notGradedWords(reason: NotGraded, path: (text: string) => string = asIs): string {
  switch (reason.kind) {
    case 'no-hand-in':
      return 'not graded: no hand-in was found';
    case 'online-text-only':
      return 'not graded: only online text was handed in, no exercise files';
    case 'unusable':
      return `not graded: nothing in the hand-in could be used (${shown(reason.problem)})`;
    case 'missing': {
      const missing = `${reason.files.map(path).join(', ')} ${reason.files.length === 1 ? 'is' : 'are'} missing`;
      const found = reason.misplaced.map((miss) => `${path(shown(miss.found))} (${miss.how}) in place of ${path(miss.expected)}`);
      return `not graded: ${missing}${found.length === 0 ? '' : `; the hand-in has ${found.join(', and ')}`}`;
    }
    case 'does-not-load':
      return `not graded: the file does not load: ${shown(reason.cause)}`;
    case 'blocked':
      return reason.missing === true
        ? `not graded: it uses ${reason.uses}, whose file is missing`
        : `not graded: it uses ${reason.uses}, which does not load: ${shown(reason.cause)}`;
    case 'grading-broke':
      return 'not graded: grading itself broke, which is no fault of the work';
  }
}

/** A phrase of `notGradedWords` as a sentence: "Not graded: … ." */
export function asSentence(phrase: string): string {
  return `${phrase[0]?.toUpperCase() ?? ''}${phrase.slice(1)}${/[.!?]$/.test(phrase) ? '' : '.'}`;
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

/** Why a lesson was not graded, for its student, with what to do about it. */
function notGradedFeedback(grade: LessonGrade, files: FileFinding | undefined): string[] {
  const reason = grade.notGraded ?? { kind: 'missing', files: files?.missing ?? [], misplaced: [] };
  const words = asSentence(notGradedWords(reason, code));
  if (reason.kind === 'missing' && reason.misplaced.length > 0) {
    const moves = reason.misplaced.map((miss) => `${code(shown(miss.found))} to ${code(miss.expected)}`).join(', ');
    return [`${words} Rename or move ${moves} (exactly, with the same capital and small letters) and hand in again.`];
  }
  if (reason.kind === 'blocked') return [`${words} Fix lesson ${reason.uses.slice(0, 2)} first; "Your report" below shows the error.`];
  if (reason.kind === 'does-not-load') return [`${words} "Your report" below says more.`];
  if (reason.kind === 'grading-broke') return [`${words} Your teacher will grade it again.`];
  const which = reason.kind === 'missing' && reason.files.length > 1 ? 'the missing files themselves' : 'the missing file itself';
  return [`${words} Hand in the whole workbook folder as a .zip, or ${which}.`];
}

/** The section of an unfinished lesson: its tasks, the visible tests that failed, hidden tests counted. */
function lessonFeedback(score: LessonScore, grade: LessonGrade, files: FileFinding | undefined): string[] {
  const lines = [`## ${score.lesson.number} ${score.lesson.title}: ${formatPoints(grade.points)}/100`, ''];
  if (grade.status === 'missing' || grade.notGraded !== undefined) return [...lines, ...notGradedFeedback(grade, files)];
  if (score.run.problem !== undefined) {
    const why = grade.status === 'timeout' ? 'your code was still running when time was up' : 'your file could not be loaded or run';
    lines.push(`This lesson could not be graded fully: ${why}. "Your report" below says more.`, '');
    // Tests that never ran are not failures to explain one by one.
    if (score.run.tests.length === 0 || score.run.problem.kind === 'load-error') return lines;
  }
  lines.push('| task | points | tests passed |', '|---|---:|---|');
  for (const task of grade.tasks) {
    const hidden = task.hiddenFailed > 0 ? ` (${plural(task.hiddenFailed, 'hidden test')} failed)` : '';
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
      `Hidden tests: ${hiddenFailed} of ${hiddenTotal} failed (${inTasks.length === 1 ? 'task' : 'tasks'} ${inTasks.join(', ')}). ` +
        `Hidden tests are extra cases your teacher keeps back; they check only what the lesson text asks for. ` +
        `Read ${readmePath(score.lesson)} again for a case you missed.`,
    );
  } else if (hiddenTotal > 0) {
    lines.push(`Hidden tests: all ${hiddenTotal} passed.`);
  }
  return lines;
}
