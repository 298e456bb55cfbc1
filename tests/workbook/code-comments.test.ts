/**
 * The comments of the exercise files in each language (lesson.<lang>.json's "comments"): every comment
 * of every stub and of the finished code a pack hands out has its words in Russian, Catalan and
 * Chinese, and no entry names a comment that is gone; an edition's exercise files differ from the
 * English ones only inside comments, so they compile the same; npm run reset in an edition puts back
 * the translated stub.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, test } from 'vitest';
import { LANGUAGES } from '../../scripts/lib/core/languages.ts';
import { deriveStub, finishedSource, keptStubPath, originalStub } from '../../scripts/lib/core/stubs.ts';
import { listLessons, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';
import { translationPath } from '../../scripts/lib/i18n/lesson-text.ts';
import { codeComments, commentTranslations, translateComments, withoutComments } from '../../scripts/lib/teacher/pack/code-comments.ts';
import { wholeEdition } from './editions.ts';

const all = listLessons();
const translations = LANGUAGES.filter((language) => language !== 'en');
const scratch = mkdtempSync(join(tmpdir(), 'workbook-code-comments-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each exercise file of a lesson as a student edition starts it: the stub of an assigned lesson, or the finished code of a solved one. */
type Start = 'stub' | 'finished';

/** The English code of each exercise file of a lesson, as a stub and as finished code. */
const codeOf = (lesson: Lesson): Array<{ file: string; start: Start; code: string }> =>
  lesson.files.flatMap((file) => {
    const solution = `solutions/${lesson.id}/${file}`;
    const source = readFileSync(join(ROOT, solution), 'utf8');
    return [
      { file, start: 'stub' as const, code: deriveStub(source, solution) },
      { file, start: 'finished' as const, code: finishedSource(source, solution) },
    ];
  });

/**
 * What a translation's "comments" map gets wrong for a lesson's exercise files (stubs and finished
 * code): each comment it has no words for, each entry whose comment neither has, and each line
 * comment it would put on two lines.
 */
function commentProblems(lesson: Lesson, map: ReadonlyMap<string, string>, where: string): string[] {
  const comments = codeOf(lesson).flatMap(({ file, code }) => codeComments(code).map((comment) => ({ file, comment })));
  const texts = new Set(comments.map(({ comment }) => comment.text));
  const problems = [
    ...comments
      .filter(({ comment }) => !map.has(comment.text))
      .map(({ file, comment }) => `${where} has no words for this comment of lessons/${lesson.id}/${file}: ${JSON.stringify(comment.text)}`),
    ...[...map.keys()].filter((key) => !texts.has(key)).map((key) => `${where} words a comment no exercise file of ${lesson.id} has: ${JSON.stringify(key)}`),
    ...comments
      .filter(({ comment }) => comment.kind === 'line' && map.get(comment.text)?.includes('\n'))
      .map(({ comment }) => `${where} puts the line comment ${JSON.stringify(comment.text)} on more than one line`),
  ];
  return [...new Set(problems)];
}

/** The JavaScript a TypeScript source compiles to, comments left out. */
const compiled = (source: string): string =>
  ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, removeComments: true } }).outputText;

describe('finding and rewriting comments', () => {
  const source = [
    '/**',
    ' * Lesson 99: a header.',
    ' *',
    ' * Its second paragraph.',
    ' */',
    "const slashes = '// not a comment';",
    'const template = `/* nor ${slashes} this */`;',
    'const pattern = /\\/\\/ nor this/;',
    '/** One line. */',
    'export const LIST = [',
    '  // Write the lines here.',
    '];',
    '',
  ].join('\n');

  test('finds every comment, and no // or /* inside a string, a template or a regular expression', () => {
    expect(codeComments(source).map((comment) => [comment.kind, comment.text])).toEqual([
      ['block', 'Lesson 99: a header.\n\nIts second paragraph.'],
      ['block', 'One line.'],
      ['line', 'Write the lines here.'],
    ]);
  });

  test('writes each translation in the form of its comment and leaves every byte outside the comments alone', () => {
    const words = new Map([
      ['Lesson 99: a header.\n\nIts second paragraph.', 'Урок 99: заголовок.\n\nВторой абзац.'],
      ['One line.', 'Одна строка.'],
      ['Write the lines here.', 'Запишите линии здесь.'],
    ]);
    const { text, missing } = translateComments(source, words);
    expect(missing).toEqual([]);
    expect(text).toBe(
      source
        .replace(' * Lesson 99: a header.', ' * Урок 99: заголовок.')
        .replace(' * Its second paragraph.', ' * Второй абзац.')
        .replace('/** One line. */', '/** Одна строка. */')
        .replace('// Write the lines here.', '// Запишите линии здесь.'),
    );
    expect(withoutComments(text)).toBe(withoutComments(source));
  });

  test('a comment without words stays as it is, and is named', () => {
    const { text, missing } = translateComments(source, new Map([['One line.', 'Одна строка.']]));
    expect(missing).toEqual(['Lesson 99: a header.\n\nIts second paragraph.', 'Write the lines here.']);
    expect(text).toBe(source.replace('/** One line. */', '/** Одна строка. */'));
  });
});

describe.each(translations)('the comments of the exercise files in %s', (language) => {
  test.each(all.map((lesson) => [lesson.id, lesson] as const))(
    'lesson %s: every comment of its exercise files has words, and every entry a comment',
    (_id, lesson) => {
      expect(commentProblems(lesson, commentTranslations(lesson, language, ROOT), translationPath(lesson, language))).toEqual([]);
    },
  );

  test('a missing translation is found (the check sees what it is meant to find)', () => {
    const lesson = all.find((candidate) => candidate.id.startsWith('03-')) as Lesson;
    const words = new Map(commentTranslations(lesson, language, ROOT));
    const planted = [...words.keys()][1] as string;
    words.delete(planted);
    words.set('A comment that no stub has.', '…');
    expect(commentProblems(lesson, words, 'the map')).toEqual([
      `the map has no words for this comment of lessons/${lesson.id}/${lesson.files[0]}: ${JSON.stringify(planted)}`,
      `the map words a comment no exercise file of ${lesson.id} has: "A comment that no stub has."`,
    ]);
  });

  test.each(['stub', 'finished'] as const)("an edition's exercise files (%s) differ from the English only inside comments, and compile the same", (start) => {
    const plan = wholeEdition(language, start === 'stub' ? 'assigned' : 'solved');
    expect(plan.warnings.filter((warning) => warning.includes('comment'))).toEqual([]);
    for (const lesson of all) {
      for (const { file, code } of codeOf(lesson).filter((entry) => entry.start === start)) {
        const path = `lessons/${lesson.id}/${file}`;
        const edition = (plan.files.get(path) as Buffer).toString('utf8');
        expect(edition, `${path} in ${language}`).not.toBe(code);
        expect(withoutComments(edition), `${path} outside its comments`).toBe(withoutComments(code));
        expect(codeComments(edition).length, `${path}: as many comments as in English`).toBe(codeComments(code).length);
        expect(compiled(edition), `${path} compiled`).toBe(compiled(code));
        const kept = plan.files.get(`.workbook/stubs/${lesson.id}/${file}`)?.toString('utf8');
        expect(kept, `the copy npm run reset restores of ${path}`).toBe(start === 'stub' ? edition : undefined);
      }
    }
  });

  test('npm run reset in an edition puts back the translated stub (originalStub reads the copy the edition keeps)', () => {
    const lesson = all.find((candidate) => candidate.id.startsWith('03-')) as Lesson;
    const plan = wholeEdition(language);
    const root = join(scratch, language);
    for (const [path, content] of plan.files) {
      if (!path.startsWith('.workbook/stubs/')) continue;
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    for (const file of lesson.files) {
      const translated = (plan.files.get(`lessons/${lesson.id}/${file}`) as Buffer).toString('utf8');
      expect(readFileSync(keptStubPath(root, lesson.id, file), 'utf8')).toBe(translated);
      expect(originalStub(root, lesson, file)).toBe(translated);
    }
  });
});
