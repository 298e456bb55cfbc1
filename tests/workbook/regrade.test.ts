/**
 * A small Moodle class graded, then resubmissions graded into its gradebook with --update: the other
 * students' rows, feedback and platform rows stay as they were, the resubmitted ones change, nothing
 * is left stale; what --update and a plain run refuse. And the reason work was not graded (no hand-in,
 * only online text, files misplaced, a file that does not load) in the same words in the feedback,
 * the gradebook (csv, html, json) and the platforms' files.
 */
import type { SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../scripts/lib/teacher/csv.ts';
import { asSentence, notGradedWords, renderFeedback } from '../../scripts/lib/teacher/gradebook/feedback.ts';
import { asIs } from '../../scripts/lib/teacher/gradebook/note-words.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';
import {
  feedbackFolder,
  lessonColumns,
  lessonGrade,
  lessonNotesText,
  type Gradebook,
  type NotGraded,
  type StudentGrade,
} from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { scoreLesson, type Failure, type LessonRun } from '../../scripts/lib/core/results.ts';
import { painter } from '../../scripts/lib/command-line/cli.ts';
import { renderReport } from '../../scripts/lib/report/report.ts';
import { LMS_FILES, renderLmsExport } from '../../scripts/lib/teacher/gradebook/lms-export.ts';
import { blockerOf } from '../../scripts/lib/teacher/gradebook/html.ts';
import { escapeHtml } from '../../scripts/lib/core/text.ts';
import { listLessons, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';
import { grade, placeHandIn, rosterCsv, writeClassPack, writeWorkbook, type Student } from './synthetic-class.ts';

const [first, second] = listLessons() as [Lesson, Lesson];
const lessons = [first, second];
const LESSONS = `${first.number}-${second.number}`;
const SEED = '4242';
const ABSENT = 'Cleo Absent';

/** The class: one perfect, one with a file that does not load, one with a file misplaced, one who typed text only. */
const CLASS: Student[] = [
  { name: 'Carl Lee', layout: 'moodle-folder', kind: 'perfect', platformId: '1234' },
  { name: 'Eva Eriksen', layout: 'moodle-folder', kind: 'syntax', platformId: '1235' },
  { name: 'Gia Green', layout: 'moodle-folder', kind: 'near-moved', platformId: '1237' },
];
const ONLINE_TEXT = { name: 'Finn Fox', platformId: '1236' };
const KEPT = ['Carl Lee', 'Eva Eriksen', ABSENT];
const RESUBMITTED = ['Finn Fox', 'Gia Green'];

const scratch = mkdtempSync(join(tmpdir(), 'workbook-regrade-test-'));
const pack = join(scratch, 'pack');
const out = join(scratch, 'out');
const roster = join(scratch, 'roster.csv');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every file of a gradebook folder, by path, as text. */
function snapshot(folder: string): Map<string, string> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(files.map((entry) => [join(entry.parentPath, entry.name).slice(folder.length + 1), readFileSync(join(entry.parentPath, entry.name), 'utf8')]));
}

/** A platform file's rows by the student's name (column `nameColumn`). */
function platformRows(text: string, nameColumn: number): Map<string, string[]> {
  return new Map(
    parseCsv(text)
      .slice(1)
      .map((cells) => [cells[nameColumn] as string, cells]),
  );
}

const bookOf = (files: Map<string, string>): Gradebook => JSON.parse(files.get('gradebook.json') as string) as Gradebook;
const rowOf = (book: Gradebook, name: string): StudentGrade => book.students.find((student) => student.name === name) as StudentGrade;
const feedbackOf = (files: Map<string, string>, name: string): string => files.get(join('feedback', feedbackFolder(name), 'feedback.md')) as string;

/** A class folder of these students' hand-ins; Finn Fox typed text into Moodle's page and handed in no file. */
function writeHandIns(classDir: string, students: Student[], onlineText: boolean): void {
  mkdirSync(classDir, { recursive: true });
  students.forEach((student, index) => {
    const workbook = join(classDir, `.work-${index}`);
    writeWorkbook(ROOT, pack, workbook, student.kind, lessons);
    placeHandIn(workbook, classDir, student, lessons);
  });
  if (onlineText) {
    const folder = join(classDir, `${ONLINE_TEXT.name}_${ONLINE_TEXT.platformId}_assignsubmission_onlinetext_`);
    mkdirSync(folder);
    writeFileSync(join(folder, 'onlinetext.html'), '<p>I did all of it, the code is below: export function createBoard() …</p>');
  }
}

let first_run: SpawnSyncReturns<string>;
let before: Map<string, string>;
let update: SpawnSyncReturns<string>;
let after: Map<string, string>;

beforeAll(() => {
  writeClassPack(ROOT, lessons, pack);
  const classDir = join(scratch, 'class');
  writeHandIns(classDir, CLASS, true);
  writeFileSync(roster, rosterCsv([...CLASS, { ...ONLINE_TEXT, layout: 'moodle-folder', kind: 'nothing' }], ABSENT));
  first_run = grade([classDir, '--out', out, '--lessons', LESSONS, '--seed', SEED, '--roster', roster, '--format', 'moodle', '--format', 'canvas']);
  before = snapshot(out);
  // Gia Green moved her file where it belongs, Finn Fox handed in the workbook this time.
  const resubmissions = join(scratch, 'resubmissions');
  writeHandIns(
    resubmissions,
    [
      { name: 'Gia Green', layout: 'moodle-folder', kind: 'perfect', platformId: '1237' },
      { name: ONLINE_TEXT.name, layout: 'moodle-flat', kind: 'perfect', platformId: ONLINE_TEXT.platformId },
    ],
    false,
  );
  update = grade([resubmissions, '--update', out, '--roster', roster]);
  after = snapshot(out);
}, 600_000);

describe('the reason work was not graded, in the same words everywhere', () => {
  const reasons = (): Array<[string, string | undefined, NotGraded]> => {
    const book = bookOf(before);
    const cases: Array<[string, string | undefined, NotGraded | undefined]> = [
      [ABSENT, undefined, rowOf(book, ABSENT).notGraded],
      [ONLINE_TEXT.name, undefined, rowOf(book, ONLINE_TEXT.name).notGraded],
      ['Gia Green', second.id, rowOf(book, 'Gia Green').lessons[second.id]?.notGraded],
      ['Eva Eriksen', first.id, rowOf(book, 'Eva Eriksen').lessons[first.id]?.notGraded],
      ['Eva Eriksen', second.id, rowOf(book, 'Eva Eriksen').lessons[second.id]?.notGraded],
    ];
    for (const [name, lesson, reason] of cases) expect(reason, `${name} ${lesson ?? ''}`).toBeDefined();
    return cases as Array<[string, string | undefined, NotGraded]>;
  };

  test('the first run graded the class (and found each reason)', () => {
    expect(first_run.status, first_run.stderr + first_run.stdout).toBe(0);
    const words = reasons().map(([, , reason]) => notGradedWords(reason));
    expect(words).toEqual([
      'not graded: no hand-in was found',
      'not graded: only online text was handed in, no exercise files',
      expect.stringMatching(
        new RegExp(
          `^not graded: lessons/${second.id}/${second.files[0]} is missing; the hand-in has \\S*lessons/${second.files[0]} \\(it is in another folder\\) in place of lessons/${second.id}/${second.files[0]}$`,
        ),
      ),
      expect.stringMatching(new RegExp(`^not graded: the file does not load: Syntax error in lessons/${first.id}/${first.files[0]}, line \\d+`)),
      expect.stringMatching(new RegExp(`^not graded: it uses ${first.id}, which does not load: Syntax error in lessons/${first.id}/`)),
    ]);
  });

  test("the student's feedback.md says it", () => {
    for (const [name, lesson, reason] of reasons()) {
      // (Markdown shows file names as code: the words are the same without the backticks.)
      expect(feedbackOf(before, name).replaceAll('`', ''), `${name} ${lesson ?? ''}`).toContain(asSentence(notGradedWords(reason)));
    }
  });

  test("the feedback of a hand-in not graded at all calls no lesson's file missing", () => {
    const text = feedbackOf(before, ONLINE_TEXT.name);
    expect(text).toContain(`| ${first.number} ${first.title} | 0/100 | not graded |`);
    expect(text).not.toContain('file missing');
  });

  test('the terminal says it: the progress line and the table name only online text', () => {
    const lines = first_run.stdout.split('\n').filter((line) => new RegExp(`^\\s+(\\[\\d+/\\d+\\] )?${ONLINE_TEXT.name} `).test(line));
    expect(lines.length, first_run.stdout).toBe(2);
    for (const line of lines) expect(line).toContain('(only online text was handed in, no exercise files)');
  });

  test('the Moodle feedback comment says it, in the same words', () => {
    const moodle = platformRows(before.get(LMS_FILES.moodle) as string, 1);
    for (const [name, lesson, reason] of reasons()) {
      const comment = moodle.get(name)?.[6] ?? '';
      if (lesson === undefined) expect(comment, name).toBe(asSentence(notGradedWords(reason)));
      else {
        const column = bookOf(before).lessons.find((candidate) => candidate.id === lesson);
        expect(comment, `${name} ${lesson}`).toContain(`${column?.number} ${column?.title}: 0/100, ${notGradedWords(reason)}`);
      }
      expect(comment).not.toContain('(next: task');
    }
  });

  test('the Canvas file carries grades only: no comment to differ', () => {
    const [header] = parseCsv(before.get(LMS_FILES.canvas) as string);
    expect(header).toEqual(['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', 'Tic-Tac-Toe workbook']);
  });

  test('gradebook.csv notes and the gradebook.html cell and notes say it', () => {
    const csv = new Map(
      parseCsv(before.get('gradebook.csv') as string)
        .slice(1)
        .map((cells) => [cells[0] as string, cells.at(-1) as string]),
    );
    const html = before.get('gradebook.html') as string;
    for (const [name, lesson, reason] of reasons()) {
      const words = notGradedWords(reason);
      expect(csv.get(name), `${name} ${lesson ?? ''}`).toContain(lesson === undefined ? words : `${lesson}: ${words}`);
      expect(html, `${name} ${lesson ?? ''}`).toContain(escapeHtml(words));
      // Every lesson cell of a hand-in not graded at all carries the hand-in's reason.
      if (lesson === undefined) for (const column of lessons) expect(lessonNotesText(rowOf(bookOf(before), name).lessons[column.id] ?? {})).toBe(words);
    }
  });
});

test('a file name or cause the hand-in controls reaches no platform file with its control characters', () => {
  const found = 'x\u001b]0;title\u0007/board.ts';
  const expected = 'lessons/01-board/board.ts';
  expect(notGradedWords({ kind: 'missing', files: [expected], misplaced: [{ expected, found, how: 'it is in another folder' }] })).toBe(
    `not graded: ${expected} is missing; the hand-in has x␛]0;title␇/board.ts (it is in another folder) in place of ${expected}`,
  );
  const error = 'Error: \u009b2J\r\nboom';
  expect(notGradedWords({ kind: 'does-not-load', cause: { kind: 'thrown', error } })).toBe('not graded: the file does not load: Error: <U+009B>2J␍ boom');
  expect(notGradedWords({ kind: 'does-not-load', cause: { kind: 'text', text: error } })).toBe('not graded: the file does not load: Error: <U+009B>2J␍ boom');
  const syntax = { kind: 'syntax', what: 'Expected \u001b[2J', file: 'lessons/01-board/board.ts', line: 1, column: 2 } as const;
  expect(notGradedWords({ kind: 'does-not-load', cause: syntax }, asIs, translator('ru'))).toBe(
    'не проверено: файл не загружается: Синтаксическая ошибка в lessons/01-board/board.ts, строка 1, столбец 2: Expected ␛[2J',
  );
});

test('a lesson the grader failed to grade says so, not what to do next, in the cell and the Moodle comment', () => {
  const broke: LessonRun = {
    lessonId: first.id,
    tests: [],
    output: '',
    durationMs: 1,
    problem: { kind: 'crash', cause: 'grader-broke', end: { kind: 'signal', signal: 'SIGKILL' }, tail: '' },
  };
  const cell = lessonGrade(scoreLesson(first, broke), 0);
  const words = 'not graded: grading itself broke, which is no fault of the work';
  expect(cell.notGraded).toEqual({ kind: 'grading-broke' });
  expect(lessonNotesText(cell)).toBe(
    `${words}; the test runner was stopped by SIGKILL before this lesson was graded. This is a fault of the grader, not of the code it grades.`,
  );
  const book: Gradebook = {
    kind: 'tictactoe-gradebook',
    version: 1,
    gradedAt: '2025-03-01T10:00:00.000Z',
    lessons: lessonColumns([first]),
    students: [{ name: 'Ann', lessons: { [first.id]: cell }, total: 0, notes: [], feedback: '' }],
  };
  expect(parseCsv(renderLmsExport('moodle', book).text)[1]?.[6]).toBe(`${first.number} ${first.title}: 0/100, ${words}`);
});

test("a lesson's notes are data, in the teacher's words where they are shown", () => {
  const run = (more: Partial<LessonRun>): LessonRun => ({ lessonId: first.id, tests: [], output: '', durationMs: 1, ...more });
  const stoppedTest = (name: string): LessonRun['tests'][number] => ({
    name,
    task: 1,
    hidden: false,
    status: 'failed',
    durationMs: 3000,
    failure: { kind: 'stopped', name: 'StoppedError', message: 'Stopped by the grader after 3000ms.', limitMs: 3000, printed: [] },
  });
  const timedOut = lessonGrade(scoreLesson(first, run({ problem: { kind: 'timeout', limitMs: 3000, lastOutput: [] } })), 0);
  expect(timedOut.notes).toEqual([{ kind: 'timeout', limitMs: 3000 }]);
  expect(lessonNotesText(timedOut)).toBe('stopped after 3 s (an endless loop?)');
  const stopped = lessonGrade(scoreLesson(first, run({ tests: [stoppedTest('a'), stoppedTest('b')], anomalies: ['one', 'two'] })), 0);
  expect(stopped.notes).toEqual([
    { kind: 'stopped-tests', count: 2, limitMs: 3000 },
    { kind: 'anomalies', anomalies: ['one', 'two'] },
  ]);
  expect(lessonNotesText(stopped)).toBe('stopped after 3 s in 2 tests (an endless loop?); grading anomalies: one; two');
  // Tests that spent the lesson's time budget count as stopped too, and a limit under a second is not rounded to 0 or 1.
  const quick: LessonRun['tests'][number] = {
    ...stoppedTest('a'),
    failure: { kind: 'stopped', name: 'StoppedError', message: 'Stopped by the grader after 250ms.', limitMs: 250, printed: [] },
  };
  const outOfTime: LessonRun['tests'][number] = {
    ...stoppedTest('c'),
    failure: { kind: 'out-of-time', name: 'StoppedError', message: 'Ran out of time.', budget: 'lesson', budgetMs: 12_000, printed: [] },
  };
  const spent = lessonGrade(scoreLesson(first, run({ tests: [quick, outOfTime] })), 0);
  expect(spent.status).toBe('timeout');
  expect(lessonNotesText(spent)).toBe('stopped after 0.25 s in 2 tests (an endless loop?)');
  const hiddenLoad = lessonGrade(
    scoreLesson(first, run({ problem: { kind: 'load-error', hidden: true, failure: { kind: 'thrown', name: 'Error', message: 'boom' } } })),
    0,
  );
  expect(hiddenLoad.notes?.map((note) => note.kind)).toEqual(['not-graded', 'hidden-load']);
  expect(lessonNotesText(hiddenLoad)).toBe(
    'not graded: the file does not load: it could not be loaded with the hidden tests; with the hidden tests: does not load: Error: boom',
  );
});

test("a lesson kept from loading by an earlier lesson's file waits for that lesson; its own file is not blamed", () => {
  const later = listLessons().find((lesson) => lesson.buildsOn.length > 0) as Lesson;
  const earlier = later.buildsOn.at(-1) as string;
  const own = `lessons/${later.id}/${later.files[0]}`;
  // What the grader worked out from the graded folder (load-problem.ts): the earlier lesson, and whether its file is there.
  const blocked = (blockedBy: { lesson: string; missing: boolean } | undefined, failure: Failure): LessonRun => ({
    lessonId: later.id,
    tests: [],
    output: '',
    durationMs: 1,
    problem: { kind: 'load-error', failure, ...(blockedBy === undefined ? {} : { blockedBy }) },
  });
  const cannotFind: Failure = { kind: 'thrown', name: 'Error', message: `Cannot find module '../${earlier}/${earlier.slice(3)}'`, location: `${own}:11:32` };
  const score = scoreLesson(later, blocked({ lesson: earlier, missing: true }, cannotFind));
  const cell = lessonGrade(score, 0);
  expect(cell.status).toBe('blocked');
  expect(cell.notGraded).toEqual({
    kind: 'blocked',
    uses: earlier,
    missing: true,
    cause: { kind: 'thrown', error: expect.stringMatching(/^Error: Cannot find module/), location: `${own}:11:32` },
  });
  // The earlier lesson's file is missing, not failing to load: the words say so, and no loader error follows.
  expect(lessonNotesText(cell)).toBe(`not graded: it uses ${earlier}, whose file is missing`);
  expect(blockerOf(cell)).toBe(earlier.slice(0, 2));
  const report = (voice: 'student' | 'teacher'): string =>
    renderReport({ subject: 'lessons/', scores: new Map([[later.id, score]]), selected: [later.id], allLessons: [later.id], paint: painter(false), voice });
  expect(report('student')).toContain(`✗ Lesson ${earlier.slice(0, 2)}'s file is missing, and this lesson uses it.`);
  expect(report('student')).not.toContain('could not be loaded');
  expect(report('teacher')).toContain(`✗ Lesson ${earlier.slice(0, 2)}'s file is missing, and this lesson uses it.`);
  // An earlier lesson's file that is there but fails to load is named as not loading.
  const boom: Failure = { kind: 'thrown', name: 'Error', message: 'boom', location: `lessons/${earlier}/${earlier.slice(3)}.ts:3:9` };
  const failingCell = lessonGrade(scoreLesson(later, blocked({ lesson: earlier, missing: false }, boom)), 0);
  expect(failingCell.notGraded).toEqual({
    kind: 'blocked',
    uses: earlier,
    cause: { kind: 'thrown', error: 'Error: boom', location: `lessons/${earlier}/${earlier.slice(3)}.ts:3:9` },
  });
  expect(lessonNotesText(failingCell)).toMatch(new RegExp(`^not graded: it uses ${earlier}, which does not load: Error: boom`));
  // Without an earlier lesson to blame, it is the file's own fault, whatever the error's words name.
  expect(lessonGrade(scoreLesson(later, blocked(undefined, cannotFind)), 0).notGraded?.kind).toBe('does-not-load');
});

test("a missing file is asked for as the student edition's README offers: the folder as a .zip, or the file itself", () => {
  const missing = `lessons/${first.id}/${first.files[0]}`;
  const score = scoreLesson(first, { lessonId: first.id, tests: [], output: '', durationMs: 0 });
  const files = { [first.id]: { missing: [missing], nearMisses: [], accepted: false } };
  const grade = lessonGrade(score, 0, files[first.id]);
  const text = renderFeedback({ name: 'Ann', scores: [score], grades: [grade], notes: [], files });
  expect(text).toContain(`Not graded: \`${missing}\` is missing. Hand in the whole workbook folder as a .zip, or the missing file itself.`);
});

describe('--update: resubmissions graded into the existing gradebook', () => {
  test('grades only the resubmissions and says what it replaced and kept', () => {
    expect(update.status, update.stderr + update.stdout).toBe(0);
    expect(update.stdout).toContain('Graded 2 hand-ins again');
    expect(update.stdout).toContain('Replaced: Finn Fox, Gia Green');
    expect(update.stdout).toContain('Kept as they were: 3 students');
    expect(update.stdout).toContain(LMS_FILES.moodle);
    expect(update.stdout).toContain(LMS_FILES.canvas);
  });

  test("the other students' rows, feedback and platform rows are as they were", () => {
    const [old, now] = [bookOf(before), bookOf(after)];
    expect(now.students.map((student) => student.name)).toEqual(old.students.map((student) => student.name));
    for (const name of KEPT) {
      expect({ ...rowOf(now, name), gradedAt: undefined }, name).toEqual({ ...rowOf(old, name), gradedAt: undefined });
      expect(rowOf(now, name).gradedAt, `${name} keeps the time it was graded`).toBe(old.gradedAt);
      for (const file of ['feedback.md', 'index.html']) {
        const path = join('feedback', feedbackFolder(name), file);
        expect(after.get(path), path).toBe(before.get(path));
      }
    }
    for (const [file, column] of [
      [LMS_FILES.moodle, 1],
      [LMS_FILES.canvas, 0],
      ['gradebook.csv', 0],
    ] as const) {
      const [was, is] = [platformRows(before.get(file) as string, column), platformRows(after.get(file) as string, column)];
      expect([...is.keys()], file).toEqual([...was.keys()]);
      for (const name of KEPT) expect(is.get(name), `${file}: ${name}`).toEqual(was.get(name));
    }
    expect(now.seed).toBe(Number(SEED));
    expect(now.lessons).toEqual(old.lessons);
    expect(now.options).toEqual(old.options);
    expect(now.workbook).toBe(old.workbook);
  });

  test("the resubmitted students' rows, feedback and platform rows are new", () => {
    const now = bookOf(after);
    const moodle = platformRows(after.get(LMS_FILES.moodle) as string, 1);
    const canvas = platformRows(after.get(LMS_FILES.canvas) as string, 0);
    for (const name of RESUBMITTED) {
      expect(rowOf(now, name).total, name).toBe(200);
      expect(rowOf(now, name).notGraded, name).toBeUndefined();
      expect(rowOf(now, name).gradedAt, name).toBe(now.gradedAt);
      expect(feedbackOf(after, name), name).toContain('**200 of 200 points**');
      expect(feedbackOf(after, name)).not.toBe(feedbackOf(before, name));
      expect(moodle.get(name)?.slice(3, 5), name).toEqual(['100', '100']);
      expect(moodle.get(name)?.[6], name).toBe(`${first.number} ${first.title}: 100/100; ${second.number} ${second.title}: 100/100`);
      expect(canvas.get(name)?.at(-1), name).toBe('100');
    }
    expect(moodle.get('Finn Fox')?.[0]).toBe('Participant 1236');
  });

  test('nothing is left stale: one feedback folder per student, no other file changed', () => {
    const folders = readdirSync(join(out, 'feedback')).sort();
    expect(folders).toEqual(
      bookOf(after)
        .students.map((student) => feedbackFolder(student.name))
        .sort(),
    );
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  });
});

describe('what --update and a plain run refuse, before anything is graded or written', () => {
  const refused = (args: string[]): string => {
    const run = grade(args);
    expect(run.status, run.stdout + run.stderr).toBe(2);
    expect(snapshot(out), 'nothing in the gradebook folder changed').toEqual(after);
    return run.stderr + run.stdout;
  };
  /** A refusal about what a folder holds: its reason and where the options are, not the usage that would scroll it away. */
  const refusedForFolder = (args: string[]): string => {
    const text = refused(args);
    expect(text).not.toContain('Usage:');
    expect(text.trimEnd().split('\n').at(-1)).toBe('(npm run grade -- --help shows the options)');
    return text;
  };
  const resubmissions = (): string => join(scratch, 'resubmissions');

  test('a plain run into a folder holding a gradebook of other students', () => {
    const message = refusedForFolder([resubmissions(), '--out', out, '--lessons', LESSONS, '--roster', roster]);
    // With the class list, its other students get rows (no hand-in): without it, only the two.
    const alone = refusedForFolder([resubmissions(), '--out', out, '--lessons', LESSONS]);
    for (const text of [message, alone]) {
      // A folder outside the workbook is named in full, so the command can be copied from anywhere (not "../../../tmp/…").
      expect(text).toContain(`--update ${out}`);
      expect(text).not.toContain('../');
      expect(text).toContain('--replace');
      expect(text).toContain('choose another --out');
    }
    expect(message).toMatch(/already holds a gradebook of 5 students, 2 of whom this run does not grade \(Carl Lee, Eva Eriksen\)/);
    expect(alone).toMatch(/already holds a gradebook of 5 students, 3 of whom this run does not grade \(Carl Lee, Cleo Absent, Eva Eriksen\)/);
  });

  test('an update with another seed, other lessons or without the class list, naming what differs and how to grade the class again', () => {
    expect(refusedForFolder([resubmissions(), '--update', out, '--roster', roster, '--seed', '7'])).toMatch(
      /was graded with --seed 4242 and this run with --seed 7: .* grade the whole class again: npm run grade -- CLASS_DOWNLOAD --out \S+ --replace/,
    );
    expect(refusedForFolder([resubmissions(), '--update', out, '--roster', roster, '--lessons', first.number])).toContain(
      'and this run graded different lessons',
    );
    expect(refusedForFolder([resubmissions(), '--update', out])).toMatch(/with the class list [0-9a-f]{12} and this run without --roster/);
    expect(refusedForFolder([resubmissions(), '--update', out, '--roster', roster, '--accept-near-misses'])).toMatch(
      /graded without --accept-near-misses and this run with --accept-near-misses/,
    );
  });

  test('an update of a folder with no gradebook, or with --out beside it', () => {
    const empty = join(scratch, 'empty');
    mkdirSync(empty, { recursive: true });
    const none = grade([resubmissions(), '--update', empty]);
    expect(none.status).toBe(2);
    // The whole of what a refusal prints: the reason, and where the options are; no usage after it.
    expect(none.stderr).toBe(
      `${empty} holds no gradebook.json to update: grade the class there first (npm run grade -- CLASS_DOWNLOAD --out ${empty}).\n(npm run grade -- --help shows the options)\n`,
    );
    // A bad argument is a usage error: the usage follows it.
    const badArgument = refused([resubmissions(), '--update', out, '--out', empty]);
    expect(badArgument).toContain('it takes no --out');
    expect(badArgument).toContain('Usage: npm run grade');
  });

  test('--replace starts over: the old gradebook, feedback and platform files go', () => {
    const copy = join(scratch, 'replaced');
    cpSync(out, copy, { recursive: true });
    const online = join(scratch, 'online-only');
    mkdirSync(join(online, `${ONLINE_TEXT.name}_1236_assignsubmission_onlinetext_`), { recursive: true });
    writeFileSync(join(online, `${ONLINE_TEXT.name}_1236_assignsubmission_onlinetext_`, 'onlinetext.html'), '<p>text</p>');
    const run = grade([online, '--out', copy, '--lessons', LESSONS, '--replace']);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(readdirSync(join(copy, 'feedback'))).toEqual([ONLINE_TEXT.name]);
    expect(readdirSync(copy).filter((name) => name.endsWith('.csv'))).toEqual(['gradebook.csv']);
  });
});
