/**
 * A class graded in Russian (`npm run grade -- --lang ru`): every student's feedback (feedback.md
 * and its page) speaks Russian, with Russian's plural forms; the teacher's gradebook (html, csv,
 * terminal) stays English; the gradebook records the language, so a resubmission graded with
 * --update gets Russian feedback too, and a run in another language is refused.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../scripts/lib/teacher/csv.ts';
import { renderFeedback } from '../../scripts/lib/teacher/gradebook/feedback.ts';
import { feedbackFolder, lessonGrade, type Gradebook } from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { scoreLesson, type TestOutcome } from '../../scripts/lib/core/results.ts';
import { listLessons, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';
import { lessonIn } from '../../scripts/lib/i18n/lesson-text.ts';
import { englishRuns, markdownProse } from '../../scripts/lib/teacher/pack/language-check.ts';
import { grade, placeHandIn, writeClassPack, writeWorkbook, type Student } from './synthetic-class.ts';

const [first, second] = listLessons() as [Lesson, Lesson];
const lessons = [first, second];
const LESSONS = `${first.number}-${second.number}`;
const CLASS: Student[] = [
  { name: 'Anna Orlova', layout: 'folder', kind: 'perfect' },
  { name: 'Boris Popov', layout: 'folder', kind: 'partly' },
  { name: 'Vera Sokolova', layout: 'folder', kind: 'syntax' },
];
/** Hand-ins that bring notes: the same work twice (a folder and its zip), a hand-in Canvas marked late, a near miss, nothing usable. */
const NOTED: Student[] = [
  { name: 'Dmitri Danilov', layout: 'folder', kind: 'perfect' },
  { name: 'Dmitri Danilov', layout: 'zip', kind: 'perfect' },
  { name: 'Galina Gromova', layout: 'canvas-late', kind: 'partly', platformId: '20011' },
  { name: 'Roza Rudneva', layout: 'folder', kind: 'near-case' },
  { name: 'Nina Nikitina', layout: 'folder', kind: 'nothing' },
];
/** The rows the noted hand-ins get (Canvas names a student as "gromovagalina"). */
const NOTED_ROWS = ['Dmitri Danilov', 'gromovagalina', 'Roza Rudneva', 'Nina Nikitina'];

const scratch = mkdtempSync(join(tmpdir(), 'workbook-grade-language-test-'));
const pack = join(scratch, 'pack');
const out = join(scratch, 'out');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A class folder of these students' hand-ins. */
function writeHandIns(classDir: string, students: Student[]): void {
  mkdirSync(classDir, { recursive: true });
  students.forEach((student, index) => {
    const workbook = join(classDir, `.work-${index}`);
    writeWorkbook(ROOT, pack, workbook, student.kind, lessons);
    placeHandIn(workbook, classDir, student, lessons);
  });
}

const read = (path: string): string => readFileSync(join(out, path), 'utf8');
const feedback = (name: string): string => read(join('feedback', feedbackFolder(name), 'feedback.md'));
const page = (name: string): string => read(join('feedback', feedbackFolder(name), 'index.html'));

/** English sentences of the feedback, none of which may be left in a Russian one. */
const ENGLISH = ['Feedback for', 'What failed', 'Your report', 'Points have one decimal', 'of 200 points', 'could not be graded', 'Task 1'];

let stdout = '';
beforeAll(() => {
  writeClassPack(ROOT, lessons, pack);
  writeHandIns(join(scratch, 'class'), [...CLASS, ...NOTED]);
  const run = grade([join(scratch, 'class'), '--out', out, '--lessons', LESSONS, '--lang', 'ru', '--seed', '7', '--format', 'moodle']);
  expect(run.status, run.stderr + run.stdout).toBe(0);
  stdout = run.stdout;
});

describe('a class graded with --lang ru', () => {
  test("every student's feedback speaks Russian, the lessons' and tasks' titles from lesson.ru.json", () => {
    const ru = lessonIn(first, 'ru');
    for (const { name } of CLASS) {
      const text = feedback(name);
      expect(text.startsWith(`# Отзыв о работе: ${name}\n`), text).toBe(true);
      expect(text).toContain(`| ${first.number} ${ru.title} |`);
      for (const english of ENGLISH) expect(text, `${name}: "${english}"`).not.toContain(english);
    }
    expect(feedback('Anna Orlova')).toContain('**200 баллов из 200** · пройдено 2 из 2 уроков');
    const partly = feedback('Boris Popov');
    expect(partly).toContain(`## ${first.number} ${ru.title}: `);
    expect(partly).toContain(`| 3. ${ru.tasks[2]?.title} |`);
    expect(partly).toContain('Что не прошло:');
    // Lesson 01's tests by their Russian titles (lesson.ru.json's "tests").
    expect(partly).toContain('renderFramed рисует пустое поле в рамке из дефисов и вертикальных черт');
    expect(partly).toContain('## Ваш отчёт');
    expect(partly).toContain('Крестики-нолики, рабочая тетрадь: проверяем сданный вами код тестами учителя');
    expect(partly).toContain(`${first.number}  ${ru.title}`);
    // The student works from the Russian edition, whose lessons/NN-slug/README.md is the Russian text.
    expect(partly).toContain(`lessons/${first.id}/README.md`);
    expect(partly).not.toContain('README.ru.md');
    expect(feedback('Vera Sokolova')).toMatch(
      new RegExp(
        `## ${first.number} ${ru.title}: 0/100\n\nНе проверено: файл не загружается: Синтаксическая ошибка в lessons/${first.id}/${first.files[0]}, строка \\d+, столбец \\d+: `,
      ),
    );
  });

  test("why a file does not load: the student's feedback and platform comment say it in Russian, the teacher's gradebook in English", () => {
    const unloaded = feedback('Vera Sokolova');
    expect(unloaded).not.toContain('Syntax error');
    expect(unloaded).toContain(`Не проверено: урок использует ${first.id}, а тот не загружается: Синтаксическая ошибка в lessons/${first.id}/`);
    const comment = parseCsv(read('moodle-grading-worksheet.csv')).find((cells) => cells[1] === 'Vera Sokolova')?.[6] ?? '';
    expect(comment).toContain('не проверено: файл не загружается: Синтаксическая ошибка в');
    expect(comment).not.toContain('Syntax error');
    const english = new RegExp(
      `${first.id}: not graded: the file does not load: Syntax error in lessons/${first.id}/${first.files[0]}, line \\d+, column \\d+: `,
    );
    const row = parseCsv(read('gradebook.csv')).find((cells) => cells[0] === 'Vera Sokolova') ?? [];
    expect(row.at(-1)).toMatch(english);
    expect(row.at(-1)).toContain(`${second.id}: not graded: it uses ${first.id}, which does not load: Syntax error in`);
    expect(read('gradebook.html')).toMatch(english);
  });

  test('the notes about a hand-in reach its student in Russian, and no English phrase is left in any feedback', () => {
    for (const name of [...CLASS.map((student) => student.name), ...NOTED_ROWS]) {
      const english = markdownProse(feedback(name)).flatMap(englishRuns);
      expect(english, `${name}:\n${feedback(name)}`).toEqual([]);
    }
    const twice = feedback('Dmitri Danilov');
    expect(twice).toContain('## Замечания');
    expect(twice).toMatch(/Вы сдали одну и ту же работу дважды/);
    expect(feedback('gromovagalina')).toContain('Canvas отметил, что работа сдана с опозданием.');
    const near = feedback('Roza Rudneva');
    expect(near).toContain('заглавные и строчные буквы не совпадают');
    expect(feedback('Nina Nikitina')).toContain('Не проверено: в сданной работе нет ничего, что можно проверить (папка lessons/ не найдена).');
  });

  test("the comment that goes back to the platform is in the student's language too", () => {
    const ru = [lessonIn(first, 'ru'), lessonIn(second, 'ru')];
    const rows = parseCsv(read('moodle-grading-worksheet.csv'));
    const comment = (name: string): string => rows.find((cells) => cells[1] === name)?.[6] ?? '';
    expect(comment('Anna Orlova')).toBe(`${first.number} ${ru[0]?.title}: 100/100; ${second.number} ${ru[1]?.title}: 100/100`);
    expect(comment('Boris Popov')).toContain(`${first.number} ${ru[0]?.title}: 40/100 (дальше: задание 3, ${ru[0]?.tasks[2]?.title})`);
    expect(comment('Roza Rudneva')).toContain(`${second.number} ${ru[1]?.title}: 0/100, не проверено: нет файла lessons/${second.id}/`);
    expect(comment('Roza Rudneva')).toContain('(заглавные и строчные буквы не совпадают)');
    expect(comment('Nina Nikitina')).toBe('Не проверено: в сданной работе нет ничего, что можно проверить (папка lessons/ не найдена).');
    for (const row of rows.slice(1)) expect(englishRuns(row[6] ?? ''), row[1]).toEqual([]);
  });

  test('the feedback page is a Russian page', () => {
    const html = page('Boris Popov');
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<title>Отзыв о работе: Boris Popov · Крестики-нолики, рабочая тетрадь</title>');
    expect(html).toContain('Перейти к отзыву');
    expect(html).not.toContain('Feedback for');
    // (Its boxes of text, a failing test's output among them, are captioned in Russian too.)
    expect(html).not.toContain('<figcaption>Text');
  });

  test("the teacher's gradebook and terminal stay English; the gradebook records the class's language", () => {
    expect(stdout).toMatch(/Graded 7 hand-ins in [\d.]+ s/);
    const book = JSON.parse(read('gradebook.json')) as Gradebook;
    expect(book.language).toBe('ru');
    expect(parseCsv(read('gradebook.csv'))[0]).toEqual(['student', first.id, second.id, 'total', 'late', 'notes']);
    const html = read('gradebook.html');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('>Notes</th>');
    expect(html).not.toMatch(/[А-Яа-яЁё]/);
  });

  test('a resubmission graded with --update gets Russian feedback too; --update in another language is refused', () => {
    const resubmissions = join(scratch, 'again');
    writeHandIns(resubmissions, [{ name: 'Vera Sokolova', layout: 'folder', kind: 'perfect' }]);
    const refused = grade([resubmissions, '--update', out, '--lang', 'en']);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr + refused.stdout).toContain('with --lang ru and this run with --lang en');
    const before = feedback('Boris Popov');
    const update = grade([resubmissions, '--update', out]);
    expect(update.status, update.stderr + update.stdout).toBe(0);
    expect((JSON.parse(read('gradebook.json')) as Gradebook).language).toBe('ru');
    expect(feedback('Vera Sokolova')).toContain('**200 баллов из 200**');
    expect(feedback('Boris Popov')).toBe(before);
  });
});

describe('Russian plurals in the feedback', () => {
  /** A made-up lesson 01 in which `count` visible tests of task 1 fail alike, `count` hidden ones fail too, and `count` points are earned. */
  function feedbackWith(count: number): string {
    const failing = (name: string, hidden: boolean): TestOutcome => ({
      name,
      task: 1,
      hidden,
      status: 'failed',
      failure: { kind: 'thrown', name: 'Error', message: 'boom' },
      durationMs: 1,
    });
    const tests = Array.from({ length: count }, (_, index) => [failing(`made-up test ${index + 1}`, false), failing('(hidden)', true)]).flat();
    const score = scoreLesson(first, { lessonId: first.id, tests, output: '', durationMs: 1 });
    const grade = { ...lessonGrade(score, 0), points: count };
    return renderFeedback({ name: 'Anna', scores: [score], grades: [grade], notes: [], language: 'ru' });
  }

  test.each([
    [1, '**1 балл из 100**', '(не прошёл 1 скрытый тест)', '- **Задание 1:** made-up test 1'],
    [2, '**2 балла из 100**', '(не прошли 2 скрытых теста)', '- **Задание 1**, 2 теста:'],
    [5, '**5 баллов из 100**', '(не прошли 5 скрытых тестов)', '- **Задание 1**, 5 тестов:'],
  ])('%i: %s, %s, %s', (count, points, hidden, failed) => {
    const text = feedbackWith(count);
    expect(text).toContain(points);
    expect(text).toContain(hidden);
    expect(text).toContain(failed);
  });
});
