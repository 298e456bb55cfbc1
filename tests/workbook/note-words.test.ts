/**
 * The notes about a hand-in are data, worded in one place (note-words.ts): in English for the
 * teacher, in the words the gradebook always used; for the student, only the notes that are about
 * their own work, in the class's language, with the plurals each language needs.
 */
import { describe, expect, test } from 'vitest';
import type { HandInNote } from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { forStudent, lessonGrade, lessonNotesText } from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { loadCause, loadProblemLine } from '../../scripts/lib/report/report.ts';
import {
  code,
  handInNoteWords,
  loadCauseWords,
  missWords,
  notGradedWords,
  nothingGradedWords,
  studentNoteWords,
  studentSees,
} from '../../scripts/lib/teacher/gradebook/note-words.ts';
import { scoreLesson, type Failure, type LessonScore } from '../../scripts/lib/core/results.ts';
import { listLessons, type Lesson } from '../../scripts/lib/core/workbook.ts';
import { renderFeedback } from '../../scripts/lib/teacher/gradebook/feedback.ts';
import { englishRuns } from '../../scripts/lib/teacher/pack/language-check.ts';
import { LANGUAGES, type Language } from '../../scripts/lib/core/languages.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';
import { lessonIn } from '../../scripts/lib/i18n/lesson-text.ts';
import { zipProblemWords, type ZipProblem } from '../../scripts/lib/teacher/intake/zip-problems.ts';
import type { NotGraded, UnusableWhy } from '../../scripts/lib/teacher/gradebook/gradebook-types.ts';

/** One note of every kind, with the words the teacher reads (as the gradebook wrote them before notes were data). */
const NOTES: Array<[HandInNote, string]> = [
  [
    {
      kind: 'version-chosen',
      graded: 'final.zip',
      why: { kind: 'newest', time: '2026-03-02 10:15' },
      aside: [{ label: 'draft.zip', time: '2026-03-01 09:00' }],
    },
    'graded final.zip (newest, files of 2026-03-02 10:15); left aside draft.zip (files of 2026-03-01 09:00)',
  ],
  [
    {
      kind: 'version-chosen',
      graded: 'tictactoe/',
      why: { kind: 'as-new', time: '2026-03-02 10:15', other: 'b.zip' },
      aside: [{ label: '2 files', files: ['board.ts', 'input.ts'] }],
    },
    "graded tictactoe/ (files of 2026-03-02 10:15, as new as b.zip's: of equal ones, the name that sorts last); left aside 2 files (board.ts, input.ts)",
  ],
  [
    { kind: 'copy-chosen', graded: 'board-1.ts', as: 'lessons/01-board/board.ts', aside: ['board.ts'] },
    'graded board-1.ts as lessons/01-board/board.ts (the file handed in again: the highest copy number); left aside board.ts',
  ],
  [{ kind: 'refused', path: 'lessons/02-input', what: 'link', folder: true }, 'lessons/02-input is a symbolic link, not a folder; nothing in it is graded'],
  [{ kind: 'refused', path: 'lessons/05-class/x.ts', what: 'pipe', folder: false }, 'lessons/05-class/x.ts is a named pipe; only plain files are graded'],
  [
    { kind: 'too-large', path: 'lessons/03-win/win.ts', limitBytes: 256 * 1024 },
    'lessons/03-win/win.ts is larger than 256 KiB, the most an exercise file may hold; it was not graded',
  ],
  [{ kind: 'unreadable', path: 'lessons/03-win/win.ts' }, 'lessons/03-win/win.ts changed while it was copied or could not be read; it was not graded'],
  [{ kind: 'late', platform: 'canvas' }, 'Canvas marked it late'],
  [{ kind: 'link-skipped', name: 'ann.zip' }, 'ann.zip is a symbolic link, which is never followed'],
  [
    { kind: 'same-work', dropped: 'Ann.zip → lessons/', kept: 'Ann/ → lessons/' },
    'Ann.zip → lessons/ holds the very same exercise files as Ann/ → lessons/: graded once',
  ],
  [
    { kind: 'look-alike', others: [{ name: 'ann (2)', found: 'ann/ → lessons/' }] },
    'its name looks like that of ann (2) (ann/ → lessons/): each was graded on its own, so check whose is whose',
  ],
  [
    { kind: 'shared-id', platform: 'canvas', id: '20001', names: ['evil', 'leeann'] },
    "Canvas's id 20001 is on 2 hand-ins (evil, leeann): it is left out of the grade import, so check whose it is",
  ],
  [{ kind: 'participant-mark-twice' }, "its name holds Moodle's participant mark twice, so its participant number is not used"],
  [
    { kind: 'archive-refused', archive: 'Ann/x.zip', reason: { kind: 'damaged', path: 'a.ts', damage: 'checksum' } },
    'Ann/x.zip: the archive could not be unpacked: the archive is damaged (a.ts fails its checksum)',
  ],
  [{ kind: 'archive-refused', reason: { kind: 'text', text: 'EACCES' } }, 'the archive could not be unpacked: EACCES'],
  [{ kind: 'not-on-class-list' }, 'not on the class list: named after its folder or file'],
  [
    { kind: 'class-list-shared', count: 2, name: 'Ann Lee' },
    "one of 2 hand-ins that match Ann Lee on the class list: none of them takes the student's ids into the grade import, so check whose it is",
  ],
  [{ kind: 'feedback-cut' }, 'feedback cut to the points: it would have shown a hidden test or a solution'],
  [{ kind: 'not-graded', reason: { kind: 'no-hand-in' } }, 'not graded: no hand-in was found'],
  [
    { kind: 'no-lessons-folder', misses: [{ found: 'board.ts', kinds: ['moved'], others: 1 }], accepted: false },
    'no lessons/ folder was found in it; exercise files elsewhere: board.ts (it is in another folder; 1 other file looked as likely) (--accept-near-misses grades them)',
  ],
  [{ kind: 'test-changed', path: 'tests/01-board.test.ts', change: 'deleted' }, "tests/01-board.test.ts deleted (ignored: graded with the teacher's copy)"],
  [{ kind: 'text', text: 'a note of an older gradebook' }, 'a note of an older gradebook'],
];

/** The kinds a student reads: what became of their own files, a changed test, the same work twice, the late mark. */
const SEEN = ['version-chosen', 'copy-chosen', 'refused', 'too-large', 'unreadable', 'late', 'same-work', 'test-changed'];

describe("the teacher's words", () => {
  test.each(NOTES.map(([note, words]) => [note.kind, note, words] as const))('%s', (_kind, note, words) => {
    expect(handInNoteWords(note)).toBe(words);
  });
});

describe("the student's words", () => {
  test('a student reads only the notes about their own work', () => {
    expect(NOTES.filter(([note]) => studentSees(note)).map(([note]) => note.kind)).toEqual(
      SEEN.flatMap((kind) => NOTES.filter(([note]) => note.kind === kind).map(([note]) => note.kind)),
    );
    for (const [note] of NOTES) expect(studentNoteWords(note, translator('en')) === undefined, note.kind).toBe(!SEEN.includes(note.kind));
  });

  test('in English, a note a student reads is the teacher’s phrase as a sentence, file names as code', () => {
    const [chosen] = NOTES[0] as [HandInNote, string];
    expect(studentNoteWords(chosen, translator('en'))).toBe(
      'Graded `final.zip` (newest, files of 2026-03-02 10:15); left aside `draft.zip` (files of 2026-03-01 09:00).',
    );
    expect(studentNoteWords({ kind: 'late', platform: 'canvas' }, translator('en'))).toBe('Canvas marked your hand-in late.');
  });

  test.each(LANGUAGES.filter((language) => language !== 'en'))('in %s, every note a student reads is in that language', (language) => {
    const t = translator(language);
    for (const [note] of NOTES) {
      const words = studentNoteWords(note, t);
      if (words === undefined) continue;
      // (File names aside: they stay as the student named them.)
      expect(englishRuns(words.replace(/`[^`]*`/g, ' ')), `${note.kind}: ${words}`).toEqual([]);
      expect(words, note.kind).not.toBe(studentNoteWords(note, translator('en')));
    }
  });

  test('the notes reach the feedback in its language, with the near misses the teacher accepted', () => {
    const text = renderFeedback({ name: 'Anna', scores: [], grades: [], notes: NOTES.map(([note]) => note), language: 'ru' });
    expect(text).toContain('## Замечания');
    expect(text).toContain('- Canvas отметил, что работа сдана с опозданием.');
    expect(text).toContain('- Проверен вариант `final.zip` (самый новый, файлы от 2026-03-02 10:15); не проверялись: `draft.zip` (файлы от 2026-03-01 09:00).');
    expect(text).not.toContain('Moodle');
    expect(text).not.toContain('class list');
  });
});

describe('why a file is a near miss, with the plurals of each language', () => {
  test.each([
    ['en', 1, 'the capital and small letters differ, it is in another folder; 1 other file looked as likely'],
    ['en', 2, 'the capital and small letters differ, it is in another folder; 2 other files looked as likely'],
    ['ru', 1, 'заглавные и строчные буквы не совпадают, файл лежит в другой папке; ещё 1 файл подходил так же хорошо'],
    ['ru', 3, 'заглавные и строчные буквы не совпадают, файл лежит в другой папке; ещё 3 файла подходили так же хорошо'],
    ['ru', 5, 'заглавные и строчные буквы не совпадают, файл лежит в другой папке; ещё 5 файлов подходили так же хорошо'],
    ['ca', 2, 'les majúscules i les minúscules no coincideixen, és en una altra carpeta; 2 altres fitxers semblaven igual de probables'],
    ['zh', 2, '大小写不一致、放在了别的文件夹里；还有 2 个文件看起来也可能是它'],
  ] as const)('%s, %i other', (language, others, words) => {
    expect(missWords(['case', 'moved'], others, translator(language))).toBe(words);
  });
});

describe('what a student reads in place of what the hidden tests would give away', () => {
  const [first] = listLessons() as [Lesson];

  test("a file that does not load with the hidden tests alone: the teacher's words as before, the student's in their language", () => {
    const reason = { kind: 'does-not-load', cause: { kind: 'hidden-tests' } } as const;
    expect(notGradedWords(reason)).toBe('not graded: the file does not load: it could not be loaded with the hidden tests');
    expect(notGradedWords(reason, code, translator('ru'))).toBe('не проверено: файл не загружается: ошибка возникает только при запуске скрытых тестов');
  });

  test("a hidden test's name and a hidden load problem, in the student's language", () => {
    const hidden = { name: 'secret case', task: 1, hidden: true, status: 'failed', durationMs: 1 } as const;
    const timedOut = scoreLesson(first, {
      lessonId: first.id,
      tests: [hidden],
      output: '',
      durationMs: 1,
      problem: { kind: 'timeout', limitMs: 5000, runningTest: 'secret case', lastOutput: ['printed'] },
    });
    const ru = forStudent(timedOut, new Set(), 'ru');
    expect(ru.run.tests.map((test) => test.name)).toEqual(['скрытый тест']);
    expect(ru.run.problem).toEqual({ kind: 'timeout', limitMs: 5000, runningTest: 'скрытый тест', lastOutput: [] });
    expect(forStudent(timedOut, new Set()).run.tests.map((test) => test.name)).toEqual(['a hidden test']);
    const failure = { kind: 'thrown', name: 'Error', message: 'secret' } as const;
    const unloaded = scoreLesson(first, { lessonId: first.id, tests: [], output: '', durationMs: 1, problem: { kind: 'load-error', failure, hidden: true } });
    const problem = forStudent(unloaded, new Set(), 'zh').run.problem;
    expect(problem?.kind === 'load-error' && problem.failure.kind === 'thrown' ? problem.failure.message : '').toBe('加上隐藏测试后，你的文件无法加载。');
  });
});

describe('why a file does not load, worded in a language (loadCause)', () => {
  const [first] = listLessons() as [Lesson];
  const unloaded = (failure: Failure): LessonScore =>
    scoreLesson(first, { lessonId: first.id, tests: [], output: '', durationMs: 1, problem: { kind: 'load-error', failure } });
  const syntax = unloaded({
    kind: 'syntax',
    name: 'SyntaxError',
    message: `[PARSE_ERROR] Error: Expected ";" but found "error"\n  at lessons/${first.id}/board.ts:1:8`,
    syntax: { what: 'Expected ";" but found "error"', file: `lessons/${first.id}/board.ts`, line: 1, column: 8 },
  });
  const thrown = unloaded({ kind: 'thrown', name: 'TypeError', message: 'x is not a function', location: `lessons/${first.id}/board.ts:3:1` });

  test("a syntax error and a thrown error are worded in the language, the compiler's own words kept", () => {
    expect(lessonGrade(syntax, 0).notGraded).toEqual({
      kind: 'does-not-load',
      cause: { kind: 'syntax', what: 'Expected ";" but found "error"', file: `lessons/${first.id}/board.ts`, line: 1, column: 8 },
    });
    expect(notGradedWords(lessonGrade(syntax, 0).notGraded as NotGraded)).toBe(
      `not graded: the file does not load: Syntax error in lessons/${first.id}/board.ts, line 1, column 8: Expected ";" but found "error"`,
    );
    expect(loadCause(syntax, translator('ru'))).toBe(
      `Синтаксическая ошибка в lessons/${first.id}/board.ts, строка 1, столбец 8: Expected ";" but found "error"`,
    );
    expect(loadCause(syntax, translator('zh'))).toBe(`语法错误，位于 lessons/${first.id}/board.ts 第 1 行第 8 列：Expected ";" but found "error"`);
    expect(lessonGrade(thrown, 0).notGraded).toEqual({
      kind: 'does-not-load',
      cause: { kind: 'thrown', error: 'TypeError: x is not a function', location: `lessons/${first.id}/board.ts:3:1` },
    });
    expect(notGradedWords(lessonGrade(thrown, 0).notGraded as NotGraded)).toBe(
      `not graded: the file does not load: TypeError: x is not a function (at lessons/${first.id}/board.ts:3:1)`,
    );
    expect(loadCause(thrown, translator('ru'))).toBe(`TypeError: x is not a function (в lessons/${first.id}/board.ts:3:1)`);
    expect(loadCause(thrown, translator('ca'))).toBe(`TypeError: x is not a function (a lessons/${first.id}/board.ts:3:1)`);
  });

  test('the cause kept as data is worded as the report words it, in every language, what the hand-in controls made visible', () => {
    const escaped = unloaded({
      kind: 'thrown',
      name: 'Error\u001b[2J',
      message: 'boom\u009b\nsecond line',
      location: `lessons/${first.id}/board.ts:1:1\u0007`,
    });
    const bare = unloaded({ kind: 'thrown', name: 'SyntaxError', message: 'SyntaxError: Unexpected token' });
    for (const score of [syntax, thrown, escaped, bare]) {
      const reason = lessonGrade(score, 0).notGraded;
      const cause = reason?.kind === 'does-not-load' ? reason.cause : undefined;
      expect(cause, score.run.problem?.kind).toBeDefined();
      for (const language of LANGUAGES)
        expect(loadCauseWords(cause as NonNullable<typeof cause>, translator(language))).toBe(loadCause(score, translator(language)));
    }
    expect(loadCauseWords({ kind: 'text', text: 'Error: old\nwords' })).toBe('Error: old words');
  });

  test("with the hidden tests alone: the student is told no more; the teacher's note keeps the real cause as data, in the same words as before", () => {
    const hiddenOnly = (score: LessonScore): LessonScore =>
      score.run.problem?.kind === 'load-error' ? { ...score, run: { ...score.run, problem: { ...score.run.problem, hidden: true } } } : score;
    const grade = lessonGrade(hiddenOnly(syntax), 0);
    expect(grade.notGraded).toEqual({ kind: 'does-not-load', cause: { kind: 'hidden-tests' } });
    expect(grade.notes?.[1]).toEqual({
      kind: 'hidden-load',
      reason: {
        kind: 'does-not-load',
        cause: { kind: 'syntax', what: 'Expected ";" but found "error"', file: `lessons/${first.id}/board.ts`, line: 1, column: 8 },
      },
    });
    const later = listLessons().find((lesson) => lesson.buildsOn.includes(first.id)) as Lesson;
    const blocked = hiddenOnly(
      scoreLesson(later, {
        lessonId: later.id,
        tests: [],
        output: '',
        durationMs: 1,
        problem: { kind: 'load-error', failure: { kind: 'thrown', name: 'Error', message: 'boom', location: `lessons/${first.id}/board.ts:3:9\u0007` } },
      }),
    );
    for (const score of [hiddenOnly(syntax), hiddenOnly(thrown), blocked]) {
      const notes = lessonGrade(score, 0).notes ?? [];
      expect(notes.map((note) => note.kind)).toEqual(['not-graded', 'hidden-load']);
      expect(lessonNotesText({ notes: notes.slice(1) })).toBe(`with the hidden tests: ${loadProblemLine(score)}`);
    }
  });

  test("the student's feedback says why in the class's language; the teacher's notes keep English", () => {
    const grade = lessonGrade(syntax, 0);
    const feedback = renderFeedback({ name: 'Anna', scores: [forStudent(syntax, new Set(), 'ru')], grades: [grade], notes: [], language: 'ru' });
    expect(feedback).toContain(
      `Не проверено: файл не загружается: Синтаксическая ошибка в lessons/${first.id}/board.ts, строка 1, столбец 8: Expected ";" but found "error".`,
    );
    expect(feedback).not.toContain('Syntax error');
    expect(lessonNotesText(grade)).toBe(
      `not graded: the file does not load: Syntax error in lessons/${first.id}/board.ts, line 1, column 8: Expected ";" but found "error"`,
    );
  });

  test("a lesson's heading in the feedback reads as in the platform comment, with Chinese's own colon", () => {
    const feedback = (language: Language): string => renderFeedback({ name: 'Anna', scores: [syntax], grades: [lessonGrade(syntax, 0)], notes: [], language });
    expect(feedback('zh')).toContain(`\n## ${first.number} ${lessonIn(first, 'zh').title}：0/100\n`);
    expect(feedback('ru')).toContain(`\n## ${first.number} ${lessonIn(first, 'ru').title}: 0/100\n`);
  });
});

/** Every reason an archive is refused for, with the words the archive reader always gave the teacher. */
const ZIP_PROBLEMS: Array<[ZipProblem, string]> = [
  [{ kind: 'given-twice', path: 'a/b.ts' }, 'a/b.ts is given twice; an archive holds each path once'],
  [{ kind: 'archive-too-large', limitBytes: 200 * 1024 * 1024 }, 'the archive is larger than 200 MiB'],
  [{ kind: 'not-zip' }, 'this is not a ZIP archive'],
  [{ kind: 'damaged-directory' }, 'the archive is damaged (central directory)'],
  [{ kind: 'no-name' }, 'the archive holds a file without a name'],
  [{ kind: 'twice', path: 'a/b.ts' }, 'the archive holds a/b.ts twice'],
  [{ kind: 'file-and-folder', path: 'a/b' }, 'the archive holds a/b both as a file and as a folder'],
  [{ kind: 'too-many-entries', count: 2001, limit: 2000 }, 'the archive holds 2,001 files and folders, more than the 2,000 allowed'],
  [{ kind: 'method', path: 'a.ts', method: 12 }, 'a.ts is packed with method 12; only stored and deflated files are supported'],
  [{ kind: 'file-too-large', path: 'a.ts', limitBytes: 1024 * 1024 }, 'the archive holds a file that unpacks to more than 1 MiB (a.ts)'],
  [{ kind: 'packed-too-tightly', path: 'z.ts', ratio: 100 }, 'the archive holds a file packed more than 100 to 1, as archive bombs are (z.ts)'],
  [{ kind: 'total-too-large', limitBytes: 1000 }, 'the archive unpacks to more than 1,000 bytes in all'],
  [{ kind: 'damaged', path: 'a.ts', damage: 'header' }, 'the archive is damaged (a.ts: its local header is wrong or its data is cut short)'],
  [{ kind: 'damaged', path: 'a.ts', damage: 'inflate' }, 'the archive is damaged (a.ts cannot be inflated)'],
  [{ kind: 'damaged', path: 'a.ts', damage: 'size' }, 'the archive is damaged (a.ts has the wrong size)'],
  [{ kind: 'damaged', path: 'a.ts', damage: 'checksum' }, 'the archive is damaged (a.ts fails its checksum)'],
  [{ kind: 'forged', path: 'a.ts', declaredBytes: 256 * 1024 }, 'the archive is damaged or forged: a.ts unpacks to more than the 256 KiB its header declares'],
  [{ kind: 'unsafe-path', path: '../evil.ts' }, 'the archive holds the unsafe path "../evil.ts"'],
];

describe('why nothing in a hand-in could be used', () => {
  test.each(ZIP_PROBLEMS.map(([problem, words]) => [problem.kind, problem, words] as const))("%s, in the teacher's words", (_kind, problem, words) => {
    expect(zipProblemWords(problem)).toBe(words);
  });

  test('the terminal says it without "not graded"', () => {
    const archives: UnusableWhy = { kind: 'archives', archives: [{ archive: 'Eve/x.zip', reason: { kind: 'not-zip' } }, { reason: { kind: 'no-name' } }] };
    expect(nothingGradedWords({ kind: 'unusable', why: archives })).toBe(
      'Eve/x.zip: the archive could not be unpacked: this is not a ZIP archive; the archive could not be unpacked: the archive holds a file without a name',
    );
    expect(nothingGradedWords({ kind: 'unusable', why: { kind: 'no-lessons' } })).toBe('no lessons/ folder was found in it');
    expect(nothingGradedWords({ kind: 'no-hand-in' })).toBe('no hand-in was found for this student');
    expect(nothingGradedWords({ kind: 'online-text-only' })).toBe('only online text was handed in, no exercise files');
    expect(nothingGradedWords({ kind: 'nothing-in-place' })).toBe('no exercise file where it belongs');
  });

  test.each(LANGUAGES.filter((language) => language !== 'en'))("in %s, the student's feedback says why wholly in that language", (language) => {
    const t = translator(language);
    for (const [problem] of ZIP_PROBLEMS.filter(([problem]) => problem.kind !== 'given-twice')) {
      const why: UnusableWhy = { kind: 'archives', archives: [{ archive: 'x.zip', reason: problem }] };
      const words = notGradedWords({ kind: 'unusable', why }, code, t);
      // (File names aside: they stay as the student named them.)
      expect(englishRuns(words.replace(/`[^`]*`|\S+\.ts\b/g, ' ')), `${problem.kind}: ${words}`).toEqual([]);
      expect(words, problem.kind).not.toBe(notGradedWords({ kind: 'unusable', why }, code, translator('en')));
    }
  });

  test('sizes and counts in the plurals and numbers of each language', () => {
    expect(zipProblemWords({ kind: 'total-too-large', limitBytes: 1 }, translator('en'))).toBe('the archive unpacks to more than 1 byte in all');
    expect(zipProblemWords({ kind: 'total-too-large', limitBytes: 1002 }, translator('ru'))).toBe('после распаковки архив занимает больше 1\u00a0002 байта');
    expect(zipProblemWords({ kind: 'too-many-entries', count: 2001, limit: 2000 }, translator('zh'))).toBe(
      '压缩包里有 2,001 个文件和文件夹，超过了允许的 2,000 个',
    );
  });
});
