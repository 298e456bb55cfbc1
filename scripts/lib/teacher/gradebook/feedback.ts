import { painter } from '../../command-line/cli.ts';
import type { NearMiss } from '../intake/near-misses.ts';
import { explainFailure, inExplainingOrder, renderReport } from '../../report/report.ts';
import { roundPoints, type LessonScore } from '../../core/results.ts';
import { pointsIn } from '../../i18n/numbers.ts';
import { readmePath, type Lesson } from '../../core/workbook.ts';
import type { FileFinding, HandInNote, HandInReason, LessonGrade, LessonStatus } from './gradebook-types.ts';
import { asIs, asSentence, code, notGradedWords, shown, studentNoteWords } from './note-words.ts';
export { asSentence, notGradedWords };
import { visible } from '../../core/text.ts';
import { SOURCE_LANGUAGE, type Language } from '../../core/languages.ts';
import { translator, type MessageKey, type Translate } from '../../i18n/messages.ts';
import { scoreIn } from '../../i18n/lesson-text.ts';
import { testTitleIn } from '../../i18n/test-titles.ts';
import { suiteWordsIn } from '../../i18n/value-words.ts';
/** Everything the feedback of one student is made from. */
export interface FeedbackInput {
  name: string;
  /** Scores already made safe with forStudent, in lesson order. */
  scores: LessonScore[];
  grades: LessonGrade[];
  /** The notes about the hand-in, as data: those a student sees (studentSees) are worded in the feedback's language. */
  notes: HandInNote[];
  /** How each lesson's files were found, by lesson id (missing files, near misses). */
  files?: Record<string, FileFinding>;
  /** Why nothing of the hand-in was graded, when nothing was. */
  notGraded?: HandInReason;
  /** The class's language, which the feedback speaks (English when not given). */
  language?: Language;
}

const FAILURES_SHOWN = 5;

const plain = painter(false);

/**
 * One student's feedback.md, in the class's language. Everything in it that a hand-in controls
 * (answers, output, messages, file names) shows its control characters as pictures (visible()): the
 * whole text goes through it once, here.
 */
export function renderFeedback(input: FeedbackInput): string {
  const language = input.language ?? SOURCE_LANGUAGE;
  const t = translator(language);
  const total = roundPoints(input.grades.reduce((sum, grade) => sum + grade.points, 0));
  const done = input.grades.filter((grade) => grade.status === 'done').length;
  // The lessons' and tasks' titles in the class's language, in the report too.
  const scores = input.scores.map((score) => scoreIn(score, language));
  const lines = [
    `# ${t('studentFeedback.title', { name: input.name })}`,
    '',
    `**${pointsOf(total, input.grades.length * 100, t)}**${t('report.lessonsDone', { done, count: input.grades.length })}`,
    '',
    ...(input.notGraded === undefined ? [] : [`${asSentence(notGradedWords(input.notGraded, code, t), t)} ${t(HAND_IN_ADVICE[input.notGraded.kind])}`, '']),
    `| ${t('studentFeedback.table.lesson')} | ${t('studentFeedback.table.points')} | |`,
    '|---|---:|---|',
    ...scores.map((score, index) => {
      const grade = input.grades[index] as LessonGrade;
      // A hand-in not graded at all: its reason, above, is every lesson's (no file of it is "missing").
      const status = t(input.notGraded === undefined ? STATUS_WORDS[grade.status] : 'studentFeedback.status.notGraded');
      return `| ${score.lesson.number} ${score.lesson.title} | ${pointsIn(grade.points, language)}/100 | ${status} |`;
    }),
    '',
  ];
  scores.forEach((score, index) => {
    const grade = input.grades[index] as LessonGrade;
    // (A hand-in not graded at all says why once, above.)
    if (grade.status === 'done' || input.notGraded !== undefined) return;
    lines.push(...lessonFeedback(score, grade, input.files?.[score.lesson.id], t, language), '');
  });
  const notes = studentNotes(input, t, language);
  if (notes.length > 0) lines.push(`## ${t('studentFeedback.notes')}`, '', ...notes.map((note) => `- ${note}`), '');
  if (input.grades.some((grade) => grade.status !== 'missing')) {
    const report = renderReport({
      subject: t('studentFeedback.reportSubject'),
      scores: new Map(scores.map((score) => [score.lesson.id, score])),
      selected: scores.map((score) => score.lesson.id),
      allLessons: scores.map((score) => score.lesson.id),
      paint: plain,
      language,
      lessonText: studentsLessonText,
    });
    lines.push(`## ${t('studentFeedback.yourReport')}`, '', t('studentFeedback.reportIntro'), '', '```text', report, '```', '');
  }
  lines.push(t('studentFeedback.decimals'), '');
  return visible(lines.join('\n'));
}

/**
 * Where the student reads a lesson's text: its README.md. A class graded in a language works from the
 * edition packed in it (`npm run pack -- --lang ru`), whose README.md is the lesson in that language;
 * the README.<lang>.md beside it is only in the teacher's workbook.
 */
function studentsLessonText(lesson: Pick<Lesson, 'id'>): string {
  return readmePath(lesson);
}

/** "150.5 of 200 points", with the plural the language needs. */
function pointsOf(earned: number, most: number, t: Translate): string {
  return t('studentFeedback.points', { earned: roundPoints(earned), most });
}

/** The feedback of a student on the class list of whom no hand-in was found. */
export function absentFeedback(name: string, lessons: Lesson[], language: Language = SOURCE_LANGUAGE): string {
  const t = translator(language);
  return visible(
    [
      `# ${t('studentFeedback.title', { name })}`,
      '',
      `**${pointsOf(0, lessons.length * 100, t)}**`,
      '',
      `${asSentence(notGradedWords({ kind: 'no-hand-in' }, asIs, t), t)} ${t(HAND_IN_ADVICE['no-hand-in'])}`,
      '',
    ].join('\n'),
  );
}

/**
 * The feedback of a student whose full feedback would have shown a secret (a hidden test, a
 * solution): the points of each lesson alone.
 */
export function pointsOnlyFeedback(name: string, grades: LessonGrade[], language: Language = SOURCE_LANGUAGE): string {
  const t = translator(language);
  const points = grades.map((grade) => `- ${grade.id}: ${pointsIn(grade.points, language)}/100`);
  return [`# ${t('studentFeedback.title', { name })}`, '', ...points, '', t('studentFeedback.askTeacher'), ''].join('\n');
}

/** What a student whose hand-in could not be graded at all should do. */
const HAND_IN_ADVICE: Record<HandInReason['kind'], MessageKey> = {
  'no-hand-in': 'studentFeedback.advice.noHandIn',
  'online-text-only': 'studentFeedback.advice.onlineTextOnly',
  unusable: 'studentFeedback.advice.unusable',
};

const STATUS_WORDS: Record<LessonStatus, MessageKey> = {
  done: 'studentFeedback.status.done',
  partial: 'studentFeedback.status.partial',
  zero: 'studentFeedback.status.zero',
  timeout: 'studentFeedback.status.timeout',
  'load-error': 'studentFeedback.status.loadError',
  blocked: 'studentFeedback.status.blocked',
  crash: 'studentFeedback.status.crash',
  missing: 'studentFeedback.status.missing',
};

/** The notes a student reads, in the feedback's language: those about the hand-in they see, then the near misses the teacher accepted. */
function studentNotes(input: FeedbackInput, t: Translate, language: Language): string[] {
  const about = input.notes.flatMap((note) => studentNoteWords(note, t) ?? []);
  const accepted = Object.values(input.files ?? {}).flatMap((finding) =>
    finding.accepted ? finding.nearMisses.map((miss) => acceptedNote(miss, language)) : [],
  );
  return [...about, ...accepted];
}

/** What a student reads about a near miss the teacher accepted. */
export function acceptedNote(miss: NearMiss, language: Language = SOURCE_LANGUAGE): string {
  return translator(language)('studentFeedback.acceptedNearMiss', { found: miss.found, expected: miss.expected });
}

/** Why a lesson was not graded, for its student, with what to do about it. */
function notGradedFeedback(grade: LessonGrade, files: FileFinding | undefined, t: Translate): string[] {
  const reason = grade.notGraded ?? { kind: 'missing', files: files?.missing ?? [], misplaced: [] };
  const words = asSentence(notGradedWords(reason, code, t), t);
  if (reason.kind === 'missing' && reason.misplaced.length > 0) {
    const moves = reason.misplaced.map((miss) => t('studentFeedback.move', { found: code(shown(miss.found)), expected: code(miss.expected) })).join(', ');
    return [t('studentFeedback.todo.rename', { words, moves })];
  }
  if (reason.kind === 'blocked') return [t('studentFeedback.todo.fixEarlier', { words, lesson: reason.uses.slice(0, 2) })];
  if (reason.kind === 'does-not-load') return [t('studentFeedback.todo.seeReport', { words })];
  if (reason.kind === 'grading-broke') return [t('studentFeedback.todo.gradedAgain', { words })];
  const count = reason.kind === 'missing' ? Math.max(reason.files.length, 1) : 1;
  return [t('studentFeedback.todo.handIn', { words, count })];
}

/** The section of an unfinished lesson: its tasks, the visible tests that failed, hidden tests counted. */
function lessonFeedback(score: LessonScore, grade: LessonGrade, files: FileFinding | undefined, t: Translate, language: Language): string[] {
  // The heading reads as the lesson's part of the platform comment does ("01 显示棋盘：0/100").
  const heading = t('notes.lms.lesson', { number: score.lesson.number, title: score.lesson.title, points: pointsIn(grade.points, language) });
  const lines = [`## ${heading}`, ''];
  if (grade.status === 'missing' || grade.notGraded !== undefined) return [...lines, ...notGradedFeedback(grade, files, t)];
  if (score.run.problem !== undefined) {
    lines.push(t(grade.status === 'timeout' ? 'studentFeedback.notFully.timeout' : 'studentFeedback.notFully.problem'), '');
    // Tests that never ran are not failures to explain one by one.
    if (score.run.tests.length === 0 || score.run.problem.kind === 'load-error') return lines;
  }
  lines.push(`| ${t('studentFeedback.table.task')} | ${t('studentFeedback.table.points')} | ${t('studentFeedback.table.testsPassed')} |`, '|---|---:|---|');
  for (const task of grade.tasks) {
    const hidden = task.hiddenFailed > 0 ? t('studentFeedback.table.hiddenFailed', { count: task.hiddenFailed }) : '';
    const title = score.lesson.tasks[task.number - 1]?.title ?? task.title;
    lines.push(
      `| ${task.number}. ${title} | ${pointsIn(task.earned, language)}/${task.points} | ${t('studentFeedback.table.passed', { passed: task.passed, total: task.total })}${hidden} |`,
    );
  }
  lines.push('');
  const failed = inExplainingOrder(score.run.tests.filter((test) => test.status === 'failed' && !test.hidden));
  if (failed.length > 0) {
    // Tests that failed for the same reason (a function not written yet) are listed under one explanation.
    const groups: Array<{ task: number; names: string[]; explanation: string[] }> = [];
    for (const test of failed) {
      const explanation = explainFailure(test, plain, t, suiteWordsIn(score.lesson, language));
      const same = groups.find((group) => group.task === test.task && group.explanation.join('\n') === explanation.join('\n'));
      if (same) same.names.push(test.name);
      else groups.push({ task: test.task, names: [test.name], explanation });
    }
    lines.push(t('studentFeedback.whatFailed'), '');
    // (The tests by their titles in the class's language, where the lesson's translation gives them.)
    const title = (name: string): string => testTitleIn(score.lesson, name, language);
    for (const group of groups.slice(0, FAILURES_SHOWN)) {
      if (group.names.length === 1) lines.push(`- ${t('studentFeedback.failedTest', { task: group.task, name: title(group.names[0] ?? '') })}`);
      else
        lines.push(
          `- ${t('studentFeedback.failedTests', { task: group.task, count: group.names.length })}`,
          ...group.names.map((name) => `  - ${title(name)}`),
        );
      lines.push('', '  ```text', ...group.explanation.map((line) => `  ${line}`), '  ```', '');
    }
    const rest = groups.slice(FAILURES_SHOWN).reduce((sum, group) => sum + group.names.length, 0);
    if (rest > 0) lines.push(t('studentFeedback.moreFailed', { count: rest, lesson: score.lesson.number }), '');
  }
  const hiddenTotal = grade.tasks.reduce((sum, task) => sum + task.hiddenTotal, 0);
  const hiddenFailed = grade.tasks.reduce((sum, task) => sum + task.hiddenFailed, 0);
  if (hiddenFailed > 0) {
    const inTasks = grade.tasks.filter((task) => task.hiddenFailed > 0).map((task) => task.number);
    lines.push(
      t('studentFeedback.hiddenFailed', {
        failed: hiddenFailed,
        total: hiddenTotal,
        count: inTasks.length,
        tasks: inTasks.join(', '),
        readme: studentsLessonText(score.lesson),
      }),
    );
  } else if (hiddenTotal > 0) {
    lines.push(t('studentFeedback.hiddenPassed', { total: hiddenTotal }));
  }
  return lines;
}
