/**
 * A gradebook on disk gives every student a feedback folder of their own, whatever their names: a
 * review named one hand-in "Ann#Lee" beside an honest "Ann_Lee" (both became feedback/Ann_Lee/, and
 * the stub's feedback overwrote the honest one's), and two with 255-character names (writing the
 * gradebook failed, and the rest of the class got no feedback). The gradebook's files and the table
 * `npm run grade` ends with never let a control character through, whatever field holds it; the
 * table lines up names in any script and points with decimals; the CSV gives the seed on no row.
 * (How gradebook.html looks in a browser: gradebook-browser.test.ts.)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { IntakeRow } from '../../scripts/lib/teacher/class-grading.ts';
import { renderCsv } from '../../scripts/lib/teacher/gradebook/csv-table.ts';
import { feedbackPage } from '../../scripts/lib/teacher/gradebook/feedback-page.ts';
import { readGradebook, writeGradebook } from '../../scripts/lib/teacher/gradebook/files.ts';
import {
  feedbackFolder,
  feedbackFolders,
  lessonNotesText,
  referenceProblemWords,
  type Gradebook,
  type LessonReason,
  type StudentGrade,
} from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { renderHtml } from '../../scripts/lib/teacher/gradebook/html.ts';
import { renderIntakeTable } from '../../scripts/lib/teacher/intake/intake-table.ts';
import { handInNoteWords } from '../../scripts/lib/teacher/gradebook/note-words.ts';
import { failureOf, outOfTimeMessage, type Verdict } from '../../scripts/lib/core/failure.ts';
import { failureDetail } from '../../scripts/lib/core/results.ts';
import { failureText } from '../../scripts/lib/report/report.ts';
import { displayWidth, printable } from '../../scripts/lib/core/text.ts';
import { parseCsv } from '../../scripts/lib/teacher/csv.ts';
import { madeUpGradebook } from './made-up-gradebook.ts';

const scratch = mkdtempSync(join(tmpdir(), 'workbook-gradebook-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The made-up gradebook, to be written as an older version wrote it, with its first student and lesson. */
function olderGradebook(): { older: Gradebook; first: StudentGrade; lesson: Gradebook['lessons'][number] } {
  const older = { ...madeUpGradebook() };
  const [first] = older.students;
  const [lesson] = older.lessons;
  if (first === undefined || lesson === undefined) throw new Error('the made-up gradebook has students and lessons');
  return { older, first, lesson };
}

/** A student with no lessons, whose feedback names them. */
function student(name: string): StudentGrade {
  return { name, lessons: {}, total: 0, notes: [], feedback: `# Feedback for ${name}\n` };
}

/** A gradebook of these students (no lessons: only the files are looked at here). */
function gradebook(names: string[]): Gradebook {
  return { kind: 'tictactoe-gradebook', version: 1, gradedAt: '2026-12-03T12:00:00.000Z', lessons: [], students: names.map(student) };
}

describe('feedback folders', () => {
  test('a name suggests a folder with anything unsafe replaced, never a device name, never too long', () => {
    expect(feedbackFolder('Ann Lee')).toBe('Ann Lee');
    expect(feedbackFolder('Ann#Lee/..')).toBe('Ann_Lee_');
    expect(feedbackFolder('..')).toBe('_');
    expect(feedbackFolder('José Núñez')).toBe('José Núñez');
    expect(feedbackFolder('CON')).toBe('_CON');
    expect(feedbackFolder('nul.txt')).toBe('_nul.txt');
    expect(feedbackFolder('COM¹')).toBe('_COM¹');
    expect(feedbackFolder('con .txt')).toBe('_con .txt');
    expect(feedbackFolder('Ann. ')).toBe('Ann');
    expect(Buffer.byteLength(feedbackFolder('ж'.repeat(300)))).toBeLessThanOrEqual(100);
    expect(feedbackFolder('ж'.repeat(300))).toBe('ж'.repeat(50));
  });

  test('every student gets a folder of their own, even where two names suggest the same one or differ only in case', () => {
    const book = gradebook(['Ann_Lee', 'Ann#Lee', 'ann_lee', 'Ann_Lee (2)', 'Bob']);
    const folders = feedbackFolders(book);
    expect(book.students.map((each) => folders.get(each))).toEqual(['Ann_Lee', 'Ann_Lee (4)', 'ann_lee (3)', 'Ann_Lee (2)', 'Bob']);
    // Letters that only upper case tells apart, as macOS and Windows do: final sigma, sharp s.
    const greek = feedbackFolders(gradebook(['Nikoς', 'Nikoσ', 'Straße', 'STRASSE']));
    expect(new Set([...greek.values()].map((folder) => folder.toUpperCase())).size).toBe(4);
  });

  test("on disk: each student's feedback in their own folder, the page linking to it, long names included", () => {
    const long = 'a'.repeat(254);
    const names = ['Ann_Lee', 'Ann#Lee', `${long}\u0001`, `${long}\u0002`, 'Zoe Last'];
    const out = join(scratch, 'out');
    writeGradebook(gradebook(names), out);
    const folders = readdirSync(join(out, 'feedback')).sort();
    expect(folders).toHaveLength(names.length);
    const shown = new Map(folders.map((folder) => [readFileSync(join(out, 'feedback', folder, 'feedback.md'), 'utf8'), folder]));
    for (const name of names) expect(shown.has(`# Feedback for ${name}\n`), name).toBe(true);
    const page = readFileSync(join(out, 'gradebook.html'), 'utf8');
    for (const folder of folders) expect(page).toContain(`href="feedback/${encodeURIComponent(folder)}/index.html"`);
  });

  test("a gradebook written before notes were data keeps each lesson's note and its reference problems, in their words", () => {
    const out = join(scratch, 'older');
    const { older, first, lesson } = olderGradebook();
    const { notes: _, ...cell } = first.lessons[lesson.id] as StudentGrade['lessons'][string];
    older.students = [{ ...first, lessons: { [lesson.id]: { ...cell, note: 'stopped after 10 s (an endless loop?)' } as typeof cell } }];
    const broke = '01-board: grading itself broke (no test of the lesson ran, not even on the reference solutions)';
    const below = '02-input: the reference solutions get 90/100 with your suites';
    writeGradebook(older, out);
    const file = join(out, 'gradebook.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), referenceProblems: [broke, below] }));
    const book = readGradebook(out);
    expect(book.referenceProblems).toEqual([
      { kind: 'text', text: broke, graderBroke: true },
      { kind: 'text', text: below, graderBroke: false },
    ]);
    const read = book.students[0]?.lessons[lesson.id];
    expect(read?.notes).toEqual([{ kind: 'text', text: 'stopped after 10 s (an endless loop?)' }]);
    expect(read && 'note' in read).toBe(false);
    expect(lessonNotesText(read ?? {})).toBe('stopped after 10 s (an endless loop?)');
  });

  test('a gradebook written before hand-in notes were data keeps them, and its near-miss reasons, in their words', () => {
    const out = join(scratch, 'older-notes');
    const { older, first, lesson } = olderGradebook();
    const misplaced = { expected: 'lessons/01-board/board.ts', found: 'lessons/01-board/Board.ts', how: 'the capital and small letters differ' };
    const notGraded: LessonReason = { kind: 'missing', files: ['lessons/01-board/board.ts'], misplaced: [misplaced] };
    const cell = { ...(first.lessons[lesson.id] as StudentGrade['lessons'][string]), notGraded, notes: [{ kind: 'not-graded' as const, reason: notGraded }] };
    older.students = [{ ...first, lessons: { [lesson.id]: cell } }];
    writeGradebook(older, out);
    const file = join(out, 'gradebook.json');
    const written = JSON.parse(readFileSync(file, 'utf8')) as { students: Array<Record<string, unknown>> };
    written.students = written.students.map((row) => ({
      ...row,
      notes: ['Canvas marked it late', "tests/01-board.test.ts changed (ignored: graded with the teacher's copy)"],
    }));
    writeFileSync(file, JSON.stringify(written));
    const book = readGradebook(out);
    expect(book.students[0]?.notes).toEqual([
      { kind: 'text', text: 'Canvas marked it late' },
      { kind: 'text', text: "tests/01-board.test.ts changed (ignored: graded with the teacher's copy)" },
    ]);
    const notes = parseCsv(renderCsv(book))[1]?.at(-1);
    expect(notes).toBe(
      "Canvas marked it late; tests/01-board.test.ts changed (ignored: graded with the teacher's copy); " +
        `${lesson.id}: not graded: lessons/01-board/board.ts is missing; the hand-in has lessons/01-board/Board.ts (the capital and small letters differ) in place of lessons/01-board/board.ts`,
    );
  });

  test("a gradebook written before the intake's reasons were data keeps them in their words", () => {
    const out = join(scratch, 'older-reasons');
    const { older, first, lesson } = olderGradebook();
    older.students = [{ ...first, lessons: { [lesson.id]: first.lessons[lesson.id] as StudentGrade['lessons'][string] } }];
    writeGradebook(older, out);
    const file = join(out, 'gradebook.json');
    const written = JSON.parse(readFileSync(file, 'utf8')) as { students: Array<Record<string, unknown>> };
    const unusable = { kind: 'unusable', problem: 'no lessons/ folder was found in it' };
    const archives = { kind: 'unusable', problem: '…', why: { kind: 'archives', archives: [{ archive: 'x.zip', reason: 'this is not a ZIP archive' }] } };
    written.students = written.students.map((row) => ({
      ...row,
      notGraded: unusable,
      notes: [
        { kind: 'not-graded', reason: archives },
        { kind: 'archive-refused', archive: 'y.zip', reason: 'the archive is damaged (central directory)' },
      ],
    }));
    writeFileSync(file, JSON.stringify(written));
    const book = readGradebook(out);
    expect(book.students[0]?.notGraded).toEqual({ kind: 'unusable', why: { kind: 'text', text: 'no lessons/ folder was found in it' } });
    expect(book.students[0]?.notes.map(handInNoteWords)).toEqual([
      'not graded: nothing in the hand-in could be used (x.zip: the archive could not be unpacked: this is not a ZIP archive)',
      'y.zip: the archive could not be unpacked: the archive is damaged (central directory)',
    ]);
  });

  test('a gradebook written before load causes were data keeps them in their words, and a cause of the hidden tests alone as such', () => {
    const out = join(scratch, 'older-causes');
    const older = { ...madeUpGradebook() };
    const [first] = older.students;
    const [lesson, second] = older.lessons;
    if (first === undefined || lesson === undefined || second === undefined) throw new Error('the made-up gradebook has students and two lessons');
    const base = first.lessons[lesson.id] as StudentGrade['lessons'][string];
    older.students = [{ ...first, lessons: { [lesson.id]: { ...base, notes: [] }, [second.id]: { ...base, id: second.id, notes: [] } } }];
    writeGradebook(older, out);
    const file = join(out, 'gradebook.json');
    const written = JSON.parse(readFileSync(file, 'utf8')) as { students: Array<{ lessons: Record<string, Record<string, unknown>> }> };
    const cause = 'Syntax error in lessons/01-board/board.ts, line 2, column 3: Unexpected "("';
    const unloaded = { kind: 'does-not-load', cause };
    const blocked = { kind: 'blocked', uses: lesson.id, cause: '', hidden: true };
    for (const row of written.students) {
      row.lessons[lesson.id] = { ...row.lessons[lesson.id], notGraded: unloaded, notes: [{ kind: 'not-graded', reason: unloaded }] };
      row.lessons[second.id] = {
        ...row.lessons[second.id],
        notGraded: blocked,
        notes: [
          { kind: 'not-graded', reason: blocked },
          { kind: 'hidden-load', line: `not graded: it uses ${lesson.id}, which does not load: Error: boom` },
        ],
      };
    }
    writeFileSync(file, JSON.stringify(written));
    const book = readGradebook(out);
    const cells = book.students[0]?.lessons ?? {};
    expect(cells[lesson.id]?.notGraded).toEqual({ kind: 'does-not-load', cause: { kind: 'text', text: cause } });
    expect(cells[second.id]?.notGraded).toEqual({ kind: 'blocked', uses: lesson.id, cause: { kind: 'hidden-tests' } });
    const withHidden = `with the hidden tests: not graded: it uses ${lesson.id}, which does not load: Error: boom`;
    expect(cells[second.id]?.notes).toEqual([
      { kind: 'not-graded', reason: { kind: 'blocked', uses: lesson.id, cause: { kind: 'hidden-tests' } } },
      { kind: 'text', text: withHidden },
    ]);
    expect(lessonNotesText(cells[lesson.id] ?? {})).toBe(`not graded: the file does not load: ${cause}`);
    expect(lessonNotesText(cells[second.id] ?? {})).toBe(
      `not graded: it uses ${lesson.id}, which does not load: it could not be loaded with the hidden tests; ${withHidden}`,
    );
  });

  test("a gradebook written before the test runner's end was data keeps the end in its words, and says what it said", () => {
    const out = join(scratch, 'older-ends');
    const { older, first, lesson } = olderGradebook();
    older.students = [{ ...first, lessons: { [lesson.id]: { ...(first.lessons[lesson.id] as StudentGrade['lessons'][string]), notes: [] } } }];
    writeGradebook(older, out);
    const file = join(out, 'gradebook.json');
    const written = JSON.parse(readFileSync(file, 'utf8')) as { students: Array<{ lessons: Record<string, Record<string, unknown>> }> };
    for (const row of written.students) {
      row.lessons[lesson.id] = {
        ...row.lessons[lesson.id],
        notes: [
          { kind: 'crash', crash: { kind: 'crash', cause: 'grader-broke', how: 'was stopped by SIGKILL', tail: '' } },
          { kind: 'crash', crash: { kind: 'crash', cause: 'runner-stalled', what: 'said nothing for 15 s and was stopped', lesson: lesson.id, handIn: 'Ann' } },
        ],
      };
    }
    const problems = [
      { kind: 'grading-broke', lesson: lesson.id, how: 'ended with exit code 1' },
      { kind: 'broke-for-students', students: 2, lessons: 3, how: 'was stopped by SIGKILL' },
    ];
    writeFileSync(file, JSON.stringify({ ...written, referenceProblems: problems }));
    const book = readGradebook(out);
    expect(book.referenceProblems).toEqual([
      { kind: 'grading-broke', lesson: lesson.id, end: { kind: 'text', text: 'ended with exit code 1' } },
      { kind: 'broke-for-students', students: 2, lessons: 3, end: { kind: 'text', text: 'was stopped by SIGKILL' } },
    ]);
    const fault = 'This is a fault of the grader, not of the code it grades.';
    expect((book.referenceProblems ?? []).map(referenceProblemWords)).toEqual([
      `${lesson.id}: grading itself broke (the test runner ended with exit code 1 before this lesson was graded. ${fault})`,
      `grading itself broke for 2 students (3 lessons not graded: the test runner was stopped by SIGKILL before this lesson was graded. ${fault})`,
    ]);
    const cell = book.students[0]?.lessons[lesson.id];
    expect(cell?.notes?.map((note) => note.kind === 'crash' && note.crash)).toEqual([
      { kind: 'crash', cause: 'grader-broke', end: { kind: 'text', text: 'was stopped by SIGKILL' }, tail: '' },
      { kind: 'crash', cause: 'runner-stalled', end: { kind: 'text', text: 'said nothing for 15 s and was stopped' }, lesson: lesson.id, handIn: 'Ann' },
    ]);
    expect(lessonNotesText(cell ?? {})).toBe(
      `the test runner was stopped by SIGKILL before this lesson was graded. ${fault}; The test runner said nothing for 15 s and was stopped while it graded lesson ${lesson.id} of Ann, so the rest of this lesson was not graded (its tests that had not run count as failed). The lessons it had not reached were graded in a new runner.`,
    );
  });
});

/** Escapes a hand-in could write: a window title, clear screen, a bell, an 8-bit CSI, a carriage return, NUL, DEL, a link. */
const NASTY = '\u001b]0;owned\u0007\u001b[2J\u009b31m\r\u0000\u007f\u001b]8;;http://x\u001b\\';

/** The characters no file a teacher opens and no terminal line may hold raw: C0 and C1 controls but the line end and the tab. */
const CONTROL = /(?![\n\t])\p{Cc}/u;

/** A gradebook with the escapes in every string a renderer shows. */
function nastyGradebook(): Gradebook {
  const lesson = `01-board${NASTY}`;
  const task = { number: 1, title: `Create${NASTY}`, points: 100, earned: 50, passed: 5, total: 6, hiddenFailed: 1, hiddenTotal: 2 };
  const student: StudentGrade = {
    name: `Eve${NASTY}`,
    lessons: {
      [lesson]: {
        id: lesson,
        points: 0,
        status: 'missing',
        tasks: [task],
        firstOpen: { number: 1, title: `Create${NASTY}` },
        notes: [{ kind: 'text', text: `lessons/01-board/board.ts is missing, but ${NASTY}/Board.ts looks like it` }],
        hintsSeen: 0,
        hiddenFailures: [{ task: 1, name: `hidden${NASTY}`, detail: `Counterexample: ["${NASTY}"]` }],
        foundInstead: [`lessons/01-board/${NASTY}Board.ts`],
      },
    },
    total: 50,
    notes: [
      { kind: 'text', text: `entry ${NASTY}.zip was refused` },
      { kind: 'text', text: `a second note ${NASTY}` },
    ],
    feedback: `# Feedback for Eve${NASTY}\n\nIt said: ${NASTY}\n`,
    handedIn: true,
    platform: 'moodle',
    found: `Eve${NASTY}/ → lessons/`,
    late: true,
  };
  const timedOut: StudentGrade = {
    ...student,
    name: `Zed${NASTY}`,
    lessons: {
      [lesson]: {
        ...(student.lessons[lesson] as StudentGrade['lessons'][string]),
        status: 'blocked',
        points: 50,
        notes: [{ kind: 'text', text: `it uses ${NASTY}` }],
      },
    },
  };
  return {
    kind: 'tictactoe-gradebook',
    version: 1,
    gradedAt: `2026-12-05T08:00${NASTY}`,
    lessons: [{ id: lesson, number: `01${NASTY}`, title: `Board${NASTY}` }],
    fences: [`fence${NASTY}`],
    referenceProblems: [{ kind: 'text', text: `01-board: 90${NASTY}`, graderBroke: false }],
    students: [student, timedOut],
  };
}

/** The control characters in a text, as code points, for a readable failure. */
function controlsIn(text: string): string[] {
  return [...text].filter((character) => CONTROL.test(character)).map((character) => `U+${(character.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}

describe('no control character reaches a gradebook file or the terminal', () => {
  const book = nastyGradebook();

  test('gradebook.html shows every field with its control characters made visible', () => {
    const html = renderHtml(book);
    expect(controlsIn(html)).toEqual([]);
    expect(html).toContain('Eve?]0;owned??[2J?31m???');
    expect(html).toContain('␛]0;owned␇␛[2J&lt;U+009B&gt;31m␍␀␡');
    // Parts of the page were graded with different seeds: each student's seed is named on the page.
    const mixed = renderHtml({
      ...book,
      students: [
        { ...(book.students[0] as StudentGrade), seed: 7 },
        { ...(book.students[1] as StudentGrade), seed: 9 },
      ],
    });
    expect(controlsIn(mixed)).toEqual([]);
    expect(mixed).toMatch(/seed <strong>7<\/strong>: Eve\?.*seed <strong>9<\/strong>: Zed\?/);
  });

  test('gradebook.csv: names made printable, notes visible, only the rows end in a carriage return', () => {
    const csv = renderCsv(book);
    expect(controlsIn(csv.replaceAll('\r\n', '\n'))).toEqual([]);
    const [header, eve] = parseCsv(csv);
    expect(header).toEqual(['student', printable(`01-board${NASTY}`), 'total', 'late', 'notes']);
    expect(eve?.[0]).toBe('Eve?]0;owned??[2J?31m????]8;;http://x?\\');
    expect(eve?.[3]).toBe('yes');
    expect(eve?.at(-1)).toContain('entry ␛]0;owned␇');
  });

  test("the feedback page shows the text's control characters as pictures", () => {
    const page = feedbackPage(book.students[0]?.feedback ?? '', book.students[0]?.name ?? '');
    expect(controlsIn(page)).toEqual([]);
    expect(page).toContain('It said: ␛]0;owned␇');
  });

  test('the terminal table names every hand-in and lesson with its control characters as ?', () => {
    const rows: IntakeRow[] = book.students.map((student) => ({
      name: student.name,
      platform: 'moodle',
      found: student.found ?? '',
      lessons: { [book.lessons[0]?.id ?? '']: 'near' },
      problem: { kind: 'unusable', why: { kind: 'archives', archives: [{ archive: `x${NASTY}.zip`, reason: { kind: 'twice', path: `a${NASTY}.ts` } }] } },
    }));
    const lines = renderIntakeTable(rows, book, (_style, text) => text);
    expect(controlsIn(lines.join('\n'))).toEqual([]);
    expect(lines.join('\n')).toContain('Eve?]0;owned??[2J?31m');
  });
});

describe('a hand-in not graded at all', () => {
  test("its cells say why in a word, with the reason's words in full as their title", () => {
    const html = renderHtml(madeUpGradebook());
    const row = html.slice(html.indexOf('Nora Nowak'));
    const cell = row.slice(row.indexOf('<td class="cell'), row.indexOf('</td>', row.indexOf('<td class="cell')) + 5);
    expect(cell).toContain('title="not graded: no hand-in was found"');
    expect(cell).toContain('<span class="word">no hand-in</span>');
  });
});

describe('the terminal table lines up', () => {
  test('names in any script and points with decimals: every column starts where the header says', () => {
    const book = madeUpGradebook();
    const rows: IntakeRow[] = book.students.map((student) => ({
      name: student.name,
      ...(student.platform === undefined ? {} : { platform: student.platform }),
      found: student.handedIn === false ? '(nothing handed in)' : 'lessons/',
      lessons: Object.fromEntries(book.lessons.map((lesson) => [lesson.id, 'found' as const])),
    }));
    const lines = renderIntakeTable(rows, book, (_style, text) => text).slice(1, 2 + rows.length);
    // The columns a terminal shows each line in: the end of the points column is the same on every line.
    const pointsEnd = (line: string): number =>
      line.includes('/400') ? displayWidth(line.slice(0, line.indexOf('/400') + 4)) : displayWidth(line.slice(0, line.indexOf('points') + 6));
    const ends = lines.map(pointsEnd);
    expect(new Set(ends).size, lines.join('\n')).toBe(1);
    const wang = lines.find((line) => line.includes('王芳')) ?? '';
    expect(wang).toContain('王芳 (late)');
    expect(wang).toContain('290.9/400');
    expect(displayWidth('王芳')).toBe(4);
    expect(displayWidth('Дмитрий')).toBe(7);
    expect(displayWidth('José')).toBe(4);
    expect(displayWidth('Jose\u0301')).toBe(4);
    expect(displayWidth('ｆｕｌｌ')).toBe(8);
    expect(displayWidth('👍')).toBe(2);
  });
});

describe('gradebook.csv', () => {
  test('the seed is on no row: gradebook.json and gradebook.html give it once', () => {
    const book = madeUpGradebook();
    const [header, ...rows] = parseCsv(renderCsv(book));
    expect(header).toEqual(['student', ...book.lessons.map((lesson) => lesson.id), 'total', 'late', 'notes']);
    expect(rows.flat().join('|')).not.toContain(String(book.seed));
    expect(rows.find((row) => row[0] === '王芳')?.slice(-3)).toEqual(['290.9', 'yes', '']);
    expect(renderHtml(book)).toContain(`--seed ${book.seed}`);
  });
});

describe('a hidden test that ran out of time', () => {
  test("the gradebook names it in the report's words, with what the code printed last, whatever the error's message", () => {
    const verdict: Verdict = { kind: 'out-of-time', budget: 'test', budgetMs: 8000, printed: ['round 1', 'round 2'] };
    const failure = failureOf({ name: 'StoppedError', message: outOfTimeMessage('test', 8000, '\nround 2') }, { verdict });
    expect(failureDetail(failureText(failure))).toBe(
      'Ran out of time: this test took longer than the 8 s a test may spend in your code (every call counts, waiting too), so it was stopped.\n' +
        'The last lines your code printed:\nround 1\nround 2',
    );
  });
});
