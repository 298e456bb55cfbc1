/**
 * The result files of `npm run check -- --json / --format` in the check's language. Gradescope and
 * Exercism show the student every test's name and message: in Russian or Chinese no run of English
 * words is left in them. JUnit XML and the workbook's own document keep their names, titles and
 * fields English for the programs that read them, and only their sentences follow the language.
 * In English every file stays as it was, character for character (the files in result-files/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Language } from '../../scripts/lib/core/languages.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { lessonIn } from '../../scripts/lib/i18n/lesson-text.ts';
import { testTitleIn } from '../../scripts/lib/i18n/test-titles.ts';
import { renderResultFile, type ResultContext } from '../../scripts/lib/report/result-files.ts';
import { describeEnglish, findEnglishInOutput } from '../../scripts/lib/teacher/pack/language-check.ts';
import { madeUpScores } from './result-files/scores.ts';

const GOLDEN = join(import.meta.dirname, 'result-files');
const golden = (name: string): string => readFileSync(join(GOLDEN, name), 'utf8');

function context(language?: Language, scores = madeUpScores()): ResultContext {
  return {
    scores,
    root: ROOT,
    target: 'lessons',
    progress: { version: 1, lessons: {} },
    now: new Date('2026-03-02T10:15:00Z'),
    ...(language === undefined ? {} : { language }),
  };
}

/** The workbook's document with what changes with the workbook itself (its version, the suites' hashes) made fixed. */
function fixedDocument(text: string): unknown {
  const document = JSON.parse(text) as { workbook: { version: string }; lessons: Array<{ testFiles: unknown }> };
  document.workbook.version = 'VERSION';
  for (const lesson of document.lessons) lesson.testFiles = {};
  return document;
}

/** The English left in texts a student reads, as "file:line: words" (code, paths, quoted program text aside). */
function englishIn(texts: string[], where: string): string[] {
  return describeEnglish(findEnglishInOutput(texts.join('\n'), where));
}

interface GradescopeDocument {
  output: string;
  tests: Array<{ name: string; output: string; status: string; score: number; max_score: number; visibility: string }>;
}
interface ExercismDocument {
  version: number;
  status: string;
  message?: string;
  tests: Array<{ name: string; message: string | null; status: string; task_id: number }>;
}
interface WorkbookDocument {
  language?: string;
  lessons: Array<{
    id: string;
    title: string;
    output: string;
    problem: { message?: string } | null;
    tasks: Array<{ title: string; tests: Array<{ name: string; message: string | null }> }>;
  }>;
}

describe('in English, every result file is as it was, character for character', () => {
  test.each([
    ['exercism', 'en.exercism.json'],
    ['gradescope', 'en.gradescope.json'],
    ['junit', 'en.junit.xml'],
  ] as const)('%s', (format, file) => {
    expect(renderResultFile(format, context())).toBe(golden(file));
    expect(renderResultFile(format, context('en'))).toBe(golden(file));
  });

  test('json', () => {
    expect(fixedDocument(renderResultFile('json', context()))).toEqual(JSON.parse(golden('en.json')));
    expect(fixedDocument(renderResultFile('json', context('en')))).toEqual(JSON.parse(golden('en.json')));
  });

  test("Exercism's error document: lessons not graded, or no test at all", () => {
    const [, input, , game] = madeUpScores();
    expect(
      renderResultFile(
        'exercism',
        context(
          'en',
          [input, game].filter((score) => score !== undefined),
        ),
      ),
    ).toBe(golden('en.exercism-error.json'));
    const [board] = madeUpScores();
    const none = { ...(board as NonNullable<typeof board>), run: { ...(board as NonNullable<typeof board>).run, tests: [] }, done: false };
    expect(renderResultFile('exercism', context('en', [none]))).toBe(golden('en.exercism-none.json'));
  });
});

describe.each(['ru', 'zh'] as const)('in %s', (language) => {
  const english = madeUpScores();

  test('Gradescope: every name, message and line a student reads is in the language', () => {
    const document = JSON.parse(renderResultFile('gradescope', context(language))) as GradescopeDocument;
    const texts = (doc: GradescopeDocument): string[] => [doc.output, ...doc.tests.flatMap((each) => [each.name, each.output])];
    expect(englishIn(texts(document), 'results.json (gradescope)')).toEqual([]);
    expect(englishIn(texts(JSON.parse(renderResultFile('gradescope', context())) as GradescopeDocument), 'en'), 'the check finds English').not.toEqual([]);
    // The tests by their titles in the language, the lessons by theirs; hidden tests only as such.
    const [board] = english;
    const title = testTitleIn({ id: '01-board' }, 'createBoard returns nine cells', language);
    expect(title).not.toBe('createBoard returns nine cells');
    expect(document.tests[0]?.name).toBe(`01 ${language === 'ru' ? 'Задание' : '任务'} 1${language === 'ru' ? ': ' : '：'}${title}`);
    expect(document.output.split('\n')[0]).toContain(lessonIn(board?.lesson as NonNullable<typeof board>['lesson'], language).title);
    expect(document.tests.map((each) => each.name).join('\n')).not.toContain('a secret case');
    // What Gradescope reads as data is the English file's.
    const inEnglish = JSON.parse(renderResultFile('gradescope', context())) as GradescopeDocument;
    const data = (doc: GradescopeDocument): unknown => doc.tests.map(({ score, max_score, status, visibility }) => ({ score, max_score, status, visibility }));
    expect(data(document)).toEqual(data(inEnglish));
  });

  test('Exercism: every name and message a student reads is in the language, the error document too', () => {
    const document = JSON.parse(renderResultFile('exercism', context(language))) as ExercismDocument;
    expect(
      englishIn(
        document.tests.flatMap((each) => [each.name, each.message ?? '']),
        'results.json (exercism)',
      ),
    ).toEqual([]);
    const [, input, win, game] = madeUpScores();
    const broken = [input, win, game].filter((score) => score !== undefined).map((score) => ({ ...score, run: { ...score.run, tests: [] } }));
    const error = JSON.parse(renderResultFile('exercism', context(language, broken))) as ExercismDocument;
    expect(error.status).toBe('error');
    expect(englishIn([error.message ?? ''], 'results.json (exercism)')).toEqual([]);
    expect(error.message).toContain(language === 'ru' ? '03-win: код остановлен через 1,5 с' : '03-win：代码在 1.5 秒后被停止');
    const [board] = madeUpScores();
    const none = { ...(board as NonNullable<typeof board>), run: { ...(board as NonNullable<typeof board>).run, tests: [] }, done: false };
    const nothing = JSON.parse(renderResultFile('exercism', context(language, [none]))) as ExercismDocument;
    expect(nothing.message).toBe(language === 'ru' ? 'Ни один тест не запустился.' : '没有运行任何测试。');
  });

  test('JUnit XML: the names CI knows tests by stay English; the failures and problems are in the language', () => {
    const xml = renderResultFile('junit', context(language));
    const inEnglish = renderResultFile('junit', context());
    const names = (text: string): string[] => [...text.matchAll(/<test(?:suite|case)[^>]*? name="([^"]*)"/g)].map((match) => match[1] as string);
    const classes = (text: string): string[] => [...text.matchAll(/classname="([^"]*)"/g)].map((match) => match[1] as string);
    expect(names(xml)).toEqual(names(inEnglish));
    expect(classes(xml)).toEqual(classes(inEnglish));
    const sentences = (text: string): string[] =>
      [...text.matchAll(/<failure message="[^"]*">([^<]*)<\/failure>|<system-err>([^<]*)<\/system-err>/g)].map((match) =>
        (match[1] ?? match[2] ?? '').replaceAll('&quot;', '"'),
      );
    expect(sentences(xml).length).toBe(7);
    expect(englishIn(sentences(xml), 'junit.xml')).toEqual([]);
    expect(englishIn(sentences(inEnglish), 'en'), 'the check finds English').not.toEqual([]);
  });

  test("the workbook's document: fields, names and titles as in English, its sentences in the language, which it records", () => {
    const document = JSON.parse(renderResultFile('json', context(language))) as WorkbookDocument;
    const inEnglish = JSON.parse(renderResultFile('json', context())) as WorkbookDocument;
    expect(document.language).toBe(language);
    expect('language' in inEnglish).toBe(false);
    const { language: _, ...rest } = document;
    const shape = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(shape)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([key, field]) => [key, shape(field)]))
          : typeof value;
    expect(shape(rest)).toEqual(shape(inEnglish));
    const titles = (doc: WorkbookDocument): unknown =>
      doc.lessons.map((lesson) => [lesson.id, lesson.title, lesson.tasks.map((task) => [task.title, task.tests.map((each) => each.name)])]);
    expect(titles(document)).toEqual(titles(inEnglish));
    const sentences = document.lessons.flatMap((lesson) => [
      lesson.output.replace(/^x+$/m, ''),
      lesson.problem?.message ?? '',
      ...lesson.tasks.flatMap((task) => task.tests.map((each) => each.message ?? '')),
    ]);
    expect(englishIn(sentences, 'results.json')).toEqual([]);
    expect(document.lessons[0]?.output).toMatch(language === 'ru' ? /\n\[вывод обрезан после 2\u00a0000 символов\]$/ : /\n［输出在第 2000 个字符后截断］$/);
  });
});
