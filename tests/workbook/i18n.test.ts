/**
 * The message catalogs (scripts/lib/i18n/catalogs/): every language has exactly English's keys, each
 * message parses and has English's placeholders, counts get every plural form their language
 * needs, every key the commands use exists and none is left unused; how a command chooses its
 * language; and lesson texts in other languages: read as translations (never as appendices), with
 * English where one is missing, and held by the authoring check to the English text's shape.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { afterAll, describe, expect, test } from 'vitest';
import { chooseLanguage, editionLanguage, languageOption, localeLanguage } from '../../scripts/lib/i18n/choose.ts';
import { INTL_LOCALES, LANGUAGES, languageOfLocale, SOURCE_LANGUAGE, type Language } from '../../scripts/lib/core/languages.ts';
import { listInWords, MESSAGE_OPTIONS, readCatalog, translator } from '../../scripts/lib/i18n/messages.ts';
import { lessonIn, lessonTextPath, textPathIn } from '../../scripts/lib/i18n/lesson-text.ts';
import { staticChecks } from '../../scripts/lib/teacher/authoring.ts';
import { arenaTextIn, arenaWords, auditTable, replayLine } from '../../scripts/lib/student/arena-format.ts';
import { painter } from '../../scripts/lib/command-line/cli.ts';
import { failureOf } from '../../scripts/lib/core/failure.ts';
import { scoreLesson, type TestOutcome } from '../../scripts/lib/core/results.ts';
import { renderReport } from '../../scripts/lib/report/report.ts';
import {
  appendixPaths,
  lessonExamples,
  readExampleFences,
  readLesson,
  readmePath,
  ROOT,
  translatedName,
  translationLanguage,
  UsageError,
  type Lesson,
} from '../../scripts/lib/core/workbook.ts';

const english = readCatalog(SOURCE_LANGUAGE);
const translations = LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE);

/** How a message uses each of its arguments: 'text' ({name}), 'plural', 'select', or another ICU format. */
function placeholders(message: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if (element.type === TYPE.tag) {
        visit(element.children);
        continue;
      }
      const kind = element.type === TYPE.argument ? 'text' : TYPE[element.type];
      const before = found.get(element.value);
      if (before !== undefined && before !== kind) found.set(element.value, `${before} and ${kind}`);
      else found.set(element.value, kind);
      if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) visit(option.value);
    }
  };
  visit(parse(message, MESSAGE_OPTIONS));
  return found;
}

/** Every plural of a message that shows its count (#), with the forms it writes out. */
function countedPlurals(message: string): Array<{ name: string; forms: string[] }> {
  const plurals: Array<{ name: string; forms: string[] }> = [];
  const showsCount = (elements: MessageFormatElement[]): boolean => elements.some((element) => element.type === TYPE.pound);
  const visit = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type !== TYPE.plural && element.type !== TYPE.select) continue;
      const options = Object.entries(element.options);
      if (element.type === TYPE.plural && options.some(([, option]) => showsCount(option.value))) {
        plurals.push({ name: element.value, forms: options.map(([form]) => form) });
      }
      for (const [, option] of options) visit(option.value);
    }
  };
  visit(parse(message, MESSAGE_OPTIONS));
  return plurals;
}

/** The plural forms a language's whole numbers (0 to 1000: counts of tests, points, lessons) take. */
function formsOfWholeNumbers(language: Language): string[] {
  const rules = new Intl.PluralRules(INTL_LOCALES[language]);
  return [...new Set(Array.from({ length: 1001 }, (_, count) => rules.select(count)))].sort();
}

describe('the catalogs', () => {
  test('every message of every language parses as ICU MessageFormat', () => {
    for (const language of LANGUAGES) {
      for (const [key, message] of Object.entries(readCatalog(language))) {
        expect(() => placeholders(message), `${language}.json: ${key}`).not.toThrow();
      }
    }
  });

  test.each(translations)('%s.json has exactly the keys of en.json, in its order', (language) => {
    expect(Object.keys(readCatalog(language))).toEqual(Object.keys(english));
  });

  test.each(translations)("each message of %s.json has en.json's placeholders, each used the same way (text, plural, select)", (language) => {
    const catalog = readCatalog(language);
    const differing = Object.keys(english)
      .filter((key) => catalog[key] !== undefined)
      .map((key) => ({ key, english: Object.fromEntries(placeholders(english[key] as string)), own: Object.fromEntries(placeholders(catalog[key] as string)) }))
      .filter((entry) => JSON.stringify(Object.entries(entry.english).sort()) !== JSON.stringify(Object.entries(entry.own).sort()));
    expect(differing).toEqual([]);
  });

  test.each(translations)(
    'in %s.json, a count shown with its noun has every plural form the language needs (Russian one, few, many; Chinese none)',
    (language) => {
      const needed = formsOfWholeNumbers(language);
      const lacking = Object.entries(readCatalog(language)).flatMap(([key, message]) =>
        countedPlurals(message)
          .filter((plural) => needed.some((form) => !plural.forms.includes(form)))
          .map((plural) => `${key}: {${plural.name}} has ${plural.forms.join(', ')}, needs ${needed.join(', ')}`),
      );
      expect(lacking).toEqual([]);
    },
  );

  test('every key the commands use is in en.json, and every key of en.json is used', () => {
    const sources = typeScriptFiles(join(ROOT, 'scripts')).map((file) => readFileSync(file, 'utf8'));
    const prefixes = [...new Set(Object.keys(english).map((key) => key.split('.')[0] as string))];
    const keyLike = new RegExp(String.raw`['"]((?:${prefixes.join('|')})\.[\w.]+)['"]`, 'g');
    const used = new Set(sources.flatMap((source) => [...source.matchAll(keyLike)].map((match) => match[1] as string)));
    expect([...used].filter((key) => !(key in english))).toEqual([]);
    expect(Object.keys(english).filter((key) => !used.has(key))).toEqual([]);
  });

  test('plurals come out right in each language', () => {
    const counts = [1, 3, 5, 21];
    const say = (language: Language): string[] => counts.map((count) => translator(language)('report.typeErrors', { count }).split(/[.。]/)[0] as string);
    expect(Object.fromEntries(LANGUAGES.map((language) => [language, say(language).join(' | ')]))).toEqual({
      en: 'TypeScript found 1 type error | TypeScript found 3 type errors | TypeScript found 5 type errors | TypeScript found 21 type errors',
      ru: 'TypeScript нашёл 1 ошибку типов | TypeScript нашёл 3 ошибки типов | TypeScript нашёл 5 ошибок типов | TypeScript нашёл 21 ошибку типов',
      ca: 'TypeScript ha trobat 1 error de tipus | TypeScript ha trobat 3 errors de tipus | TypeScript ha trobat 5 errors de tipus | TypeScript ha trobat 21 errors de tipus',
      zh: 'TypeScript 发现了 1 个类型错误 | TypeScript 发现了 3 个类型错误 | TypeScript 发现了 5 个类型错误 | TypeScript 发现了 21 个类型错误',
    });
  });

  test('lists read as each language writes them', () => {
    expect(LANGUAGES.map((language) => listInWords(['01', '02', '03'], language))).toEqual(['01, 02 and 03', '01, 02 и 03', '01, 02 i 03', '01、02 和 03']);
    expect(LANGUAGES.map((language) => listInWords(['a.ts', 'b.ts'], language, 'disjunction'))).toEqual([
      'a.ts or b.ts',
      'a.ts или b.ts',
      'a.ts o b.ts',
      'a.ts 或 b.ts',
    ]);
  });

  test("a list with no word between its items (one cut short) has each language's separator alone", () => {
    expect(LANGUAGES.map((language) => listInWords(['a/', 'b/', '…'], language, 'unit'))).toEqual(['a/, b/, …', 'a/, b/, …', 'a/, b/, …', 'a/、b/、…']);
  });

  test('Chinese sets 和 and 或 apart from code, Latin words and numbers with a space, as its glossary asks, but not from Chinese words and full-width brackets', () => {
    expect(listInWords(['01-board', '02-input', '03-win'], 'zh')).toBe('01-board、02-input 和 03-win');
    expect(listInWords(['第 01 课（棋盘）', '第 02 课'], 'zh')).toBe('第 01 课（棋盘）和第 02 课');
    expect(listInWords(['`a.ts`', '`b.ts`'], 'zh', 'disjunction')).toBe('`a.ts` 或 `b.ts`');
    // An HTML page's markup is not read: what counts is the text around it.
    expect(listInWords(['<code>a.ts</code>', '<a href="01.html">第 01 课</a>'], 'zh')).toBe('<code>a.ts</code> 和<a href="01.html">第 01 课</a>');
  });
});

describe("a student's report for a failing lesson", () => {
  // Task 1 is worth 21 points: "из 21 балла", the Russian form for one.
  const demo: Lesson = {
    title: 'Demo',
    id: '01-demo',
    number: '01',
    files: ['demo.ts'],
    buildsOn: [],
    tasks: [21, 79].map((points, index) => ({ title: index === 0 ? 'First' : 'Second', points, hints: [] })),
  };
  const failure = failureOf({ name: 'Error', message: 'not implemented yet: createBoard' });
  const outcome = (name: string, task: number, passed: boolean): TestOutcome => ({
    name,
    task,
    hidden: false,
    status: passed ? 'passed' : 'failed',
    durationMs: 1,
    ...(passed ? {} : { failure }),
  });
  const tests = [outcome('t1', 1, true), outcome('createBoard gives nine cells', 1, false), outcome('t3', 2, false)];
  const score = scoreLesson(demo, { lessonId: demo.id, tests, output: '', durationMs: 1 });
  const report = (language: Language): string[] =>
    renderReport({
      subject: translator(language)('check.subject.own'),
      scores: new Map([[demo.id, score]]),
      selected: [demo.id],
      allLessons: [demo.id],
      paint: painter(false),
      language,
    }).split('\n');

  test.each([
    [
      'en',
      'Tic-Tac-Toe workbook: grading your code in lessons/',
      '     ✗ Task 1: First (10.5/21 points, 1 of 2 tests pass)',
      '       createBoard is not written yet: it still throws "not implemented yet".',
      'Total: 10.5/100 · 0 of 1 lesson done',
    ],
    [
      'ru',
      'Крестики-нолики, рабочая тетрадь: проверяем ваш код в lessons/',
      '     ✗ Задание 1: First (10,5 из 21 балла, пройдено 1 из 2 тестов)',
      '       createBoard: это ещё заготовка, она пока только выбрасывает ошибку.',
      'Итого: 10,5/100 · пройдено 0 из 1 урока',
    ],
    [
      'ca',
      'Quadern del tres en ratlla: es corregeix el teu codi a lessons/',
      '     ✗ Tasca 1: First (10,5/21 punts, 1 de 2 proves superades)',
      `       Encara has d'escriure createBoard: ara per ara només llança un error.`,
      'Total: 10,5/100 · 0 de 1 lliçó acabada',
    ],
    [
      'zh',
      '井字棋练习册：检查你在 lessons/ 中的代码',
      '     ✗ 任务 1：First（10.5/21 分，2 个测试中通过了 1 个）',
      '       createBoard 还没有写：它仍然是框架代码，一调用就抛出错误。',
      '总分：10.5/100 · 共 1 课，已完成 0 课',
    ],
  ] as const)('in %s', (language, heading, task, explanation, total) => {
    const lines = report(language);
    expect([lines[0], lines[3], lines[5], lines[8]]).toEqual([heading, task, explanation, total]);
  });
});

/** Every .ts file below a folder. */
function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return /\.(ts|mjs|js)$/.test(name) ? [path] : [];
  });
}

describe('choosing a language', () => {
  const workbooks: string[] = [];
  afterAll(() => {
    for (const dir of workbooks) rmSync(dir, { recursive: true, force: true });
  });
  /** A workbook root whose package.json holds `fields`. */
  const workbook = (fields: Record<string, unknown>): string => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-'));
    workbooks.push(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'edition', ...fields }));
    return dir;
  };

  test('a locale name gives its language; any other gives none', () => {
    expect(['ru_RU.UTF-8', 'zh_CN.UTF-8', 'ca_ES.UTF-8', 'ca_ES@valencia', 'zh_TW', 'en_GB.UTF-8', 'ru'].map(languageOfLocale)).toEqual([
      'ru',
      'zh',
      'ca',
      'ca',
      'zh',
      'en',
      'ru',
    ]);
    expect(['C', 'POSIX', 'C.UTF-8', 'de_DE.UTF-8', '', 'rus'].map(languageOfLocale)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('LC_ALL comes before LC_MESSAGES, which comes before LANG; an empty one is passed over', () => {
    expect(localeLanguage({ LC_ALL: 'ca_ES.UTF-8', LC_MESSAGES: 'ru_RU.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('ca');
    expect(localeLanguage({ LC_ALL: '', LC_MESSAGES: 'ru_RU.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('ru');
    expect(localeLanguage({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(localeLanguage({ LC_ALL: 'de_DE.UTF-8', LANG: 'ru_RU.UTF-8' })).toBeUndefined();
    expect(localeLanguage({})).toBeUndefined();
  });

  test('--lang first, then the edition, then the locale, then English', () => {
    const teachers = workbook({});
    const russianEdition = workbook({ workbook: { language: 'ru' } });
    const env = { LANG: 'zh_CN.UTF-8' };
    expect(chooseLanguage({ option: 'ca', root: russianEdition, env })).toBe('ca');
    expect(chooseLanguage({ root: russianEdition, env })).toBe('ru');
    expect(chooseLanguage({ root: teachers, env })).toBe('zh');
    expect(chooseLanguage({ root: teachers, env: { LANG: 'C.UTF-8' } })).toBe('en');
    expect(editionLanguage(ROOT)).toBeUndefined();
  });

  test('a --lang that names no language is a usage error that lists the choices', () => {
    expect(languageOption('RU')).toBe('ru');
    expect(() => languageOption('fr')).toThrow(UsageError);
    expect(() => languageOption('fr')).toThrow('--lang takes one of en (English), ru (Русский), ca (Català) or zh (中文); got "fr".');
  });

  test("an edition's language that is none of them is named with its file", () => {
    expect(() => editionLanguage(workbook({ workbook: { language: 'fr' } }))).toThrow(
      /package\.json: "workbook": \{ "language" \} must be one of en, ru, ca or zh, not "fr"/,
    );
  });
});

describe('lesson texts in other languages', () => {
  const ID = '01-board';
  const root = mkdtempSync(join(tmpdir(), 'i18n-lesson-'));
  for (const path of [`lessons/${ID}`, `solutions/${ID}`, `tests/${ID}.test.ts`, `tests/hidden/${ID}.test.ts`, 'README.md']) {
    cpSync(join(ROOT, path), join(root, path), { recursive: true });
  }
  // The lesson without its translations: each test writes the ones it needs.
  for (const name of readdirSync(join(root, 'lessons', ID))) if (translationLanguage(name) !== undefined) rmSync(join(root, 'lessons', ID, name));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const lesson = readLesson(ID, root);
  const folder = join(root, 'lessons', ID);
  const english = readFileSync(join(folder, 'README.md'), 'utf8');
  const metadata = JSON.parse(readFileSync(join(folder, 'lesson.json'), 'utf8')) as { tasks: Array<{ hints: unknown[] }> };

  /** A made-up Russian text: every line of prose and every comment in code "translated", examples and code as they are. */
  const madeUpText = (markdown: string): string => {
    let inFence = false;
    return markdown
      .split('\n')
      .map((line) => {
        if (line.startsWith('```')) inFence = !inFence;
        else if (!inFence && line.trim() !== '') return line.startsWith('#') ? '## Раздел' : 'Текст урока по-русски.';
        else if (inFence) return line.replace(/\/\/.*$/, '// комментарий по-русски');
        return line;
      })
      .join('\n');
  };
  /** A made-up lesson.ru.json: every text "translated", every hint's tests kept. */
  const madeUpMetadata = () => ({
    title: 'Поле',
    tasks: metadata.tasks.map((task, index) => ({
      title: `Задание ${index + 1}`,
      hints: task.hints.map((hint) => (typeof hint === 'string' ? 'Подсказка.' : { ...(hint as object), text: 'Подсказка про тест.' })),
    })),
  });
  const write = (name: string, content: unknown): void =>
    writeFileSync(join(folder, name), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  const textProblems = (): string[] => staticChecks(root, lesson, [lesson]).find((check) => check.name === 'lesson text')?.problems ?? ['no check'];

  test('translations are named after their English file, and are no appendices', () => {
    expect([
      translatedName('README.md', 'ru'),
      translatedName('lesson.json', 'zh'),
      translatedName('games.md', 'ca'),
      translatedName('README.md', 'en'),
    ]).toEqual(['README.ru.md', 'lesson.zh.json', 'games.ca.md', 'README.md']);
    expect(['README.ru.md', 'games.zh.md', 'lesson.ca.json', 'README.md', 'games.md', 'notes.fr.md'].map(translationLanguage)).toEqual([
      'ru',
      'zh',
      'ca',
      undefined,
      undefined,
      undefined,
    ]);
    expect(readmePath(lesson, 'zh')).toBe(`lessons/${ID}/README.zh.md`);
  });

  test('a translation shaped like the English passes, and leaves the English lesson as it was', () => {
    write('README.ru.md', madeUpText(english));
    write('lesson.ru.json', madeUpMetadata());
    write('README.zh.md', madeUpText(english));
    expect(textProblems()).toEqual([]);
    expect(staticChecks(root, lesson, [lesson]).find((check) => check.name === 'lesson text')?.rule).toContain(
      'README.ru.md, README.zh.md, lesson.ru.json: the same tasks, hints (naming the same tests), named examples and code as the English',
    );
    expect(appendixPaths(lesson, root)).toEqual([]);
    expect([...lessonExamples(lesson, root).values()].every((example) => example.file === `lessons/${ID}/README.md`)).toBe(true);
  });

  test('the reader gives the lesson in a language, and English wherever the translation lacks a part', () => {
    write('lesson.ru.json', madeUpMetadata());
    const russian = lessonIn(lesson, 'ru', root);
    expect(russian.title).toBe('Поле');
    expect(russian.tasks.map((task) => task.title)).toEqual(lesson.tasks.map((_, index) => `Задание ${index + 1}`));
    expect(russian.tasks[0]?.hints).toEqual(['Подсказка.', 'Подсказка про тест.', 'Подсказка.']);
    expect(russian.tasks[0]?.hintTests).toEqual(lesson.tasks[0]?.hintTests);
    expect(russian.tasks.map((task) => task.points)).toEqual(lesson.tasks.map((task) => task.points));
    expect(lessonTextPath(lesson, 'ru', root)).toBe(`lessons/${ID}/README.ru.md`);
    expect(lessonTextPath(lesson, 'ca', root)).toBe(`lessons/${ID}/README.md`);
    expect(textPathIn(`lessons/${ID}/README.md`, 'en', root)).toBe(`lessons/${ID}/README.md`);
    expect(lessonIn(lesson, 'ca', root)).toEqual(lesson);
    const { tasks } = madeUpMetadata();
    write('lesson.ca.json', { tasks: [{ ...tasks[0], hints: ['Només una pista.'] }, { title: 'Dibuixa el tauler' }] });
    const catalan = lessonIn(lesson, 'ca', root);
    expect([catalan.title, catalan.tasks[0]?.title, catalan.tasks[1]?.title, catalan.tasks[2]?.title]).toEqual([
      lesson.title,
      'Задание 1',
      'Dibuixa el tauler',
      lesson.tasks[2]?.title,
    ]);
    expect(catalan.tasks[0]?.hints).toEqual(lesson.tasks[0]?.hints);
    write('lesson.ca.json', '{ not json');
    expect(lessonIn(lesson, 'ca', root)).toEqual(lesson);
    rmSync(join(folder, 'lesson.ca.json'));
  });

  test('a translation that lost a hint, renamed a test, changed an example or code, or dropped a block is named, with what to do', () => {
    const lostHint = madeUpMetadata();
    const first = lostHint.tasks[0] as { hints: unknown[] };
    first.hints = first.hints.slice(0, 2);
    write('lesson.ru.json', lostHint);
    const changedExample = madeUpText(english).replace(/(```text example=board-empty\n)(.*)\n/, '$1$2 \n');
    const changedCode = changedExample.replace('const board: Board', 'const поле: Board');
    write('README.ru.md', changedCode);
    write('README.zh.md', madeUpText(english).replace(/```sh\n[\s\S]*?```\n/, ''));
    write('games.ca.md', 'Jocs.');
    const problems = textProblems();
    const file = `lessons/${ID}`;
    expect(problems).toEqual([
      `${file}/README.ru.md's example "board-empty" differs from ${file}/README.md's: copy it unchanged, character for character (examples show what the program prints)`,
      `${file}/README.ru.md's code block 2 (\`\`\`ts) differs from ${file}/README.md's in more than its comments: translate only the comments`,
      `${file}/README.zh.md has ${fencedCount(english) - 1} code blocks; ${file}/README.md has ${fencedCount(english)}: keep every block, in the same order`,
      `${file}/games.ca.md translates ${file}/games.md, which does not exist: name a translation after its English file`,
      `${file}/lesson.ru.json: task 1 has 2 hints; lesson.json has 3: translate each hint, in the same order`,
    ]);
    write('lesson.ru.json', {
      ...madeUpMetadata(),
      tasks: madeUpMetadata().tasks.map((task, index) => (index === 0 ? { ...task, hints: ['a', { text: 'b', tests: ['x'] }, 'c'] } : task)),
    });
    expect(textProblems()).toContain(
      `${file}/lesson.ru.json: task 1's hint 2 must name the tests lesson.json's names, in English and in the same order: ["each call returns a new board, so changing one leaves the other alone"]`,
    );
  });
});

describe("named examples in a workbook tool's words (words=arena)", () => {
  const ID = '01-board';
  const root = mkdtempSync(join(tmpdir(), 'i18n-words-'));
  for (const path of [`lessons/${ID}`, `tests/${ID}.test.ts`, 'README.md']) cpSync(join(ROOT, path), join(root, path), { recursive: true });
  for (const name of readdirSync(join(root, 'lessons', ID))) if (translationLanguage(name) !== undefined) rmSync(join(root, 'lessons', ID, name));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const lesson = readLesson(ID, root);
  const folder = join(root, 'lessons', ID);
  const plain = readFileSync(join(folder, 'README.md'), 'utf8');
  const table = auditTable([{ player: 'rules', seat: 'second', lines: 457, wins: 350, draws: 68, losses: 14, gaveUp: 25 }]);
  const replay = replayLine([0, 4, 5, 6, 2, 8, 1]);
  const fence = (name: string, text: string, words = ' words=arena'): string => `\n\`\`\`text example=${name}${words}\n${text}\n\`\`\`\n`;
  /** The lesson's problems about the examples "table" and "replay", with the English text ending in them and `ru` as README.ru.md. */
  const problems = (ru: string, english = `${plain}${fence('table', table)}${fence('replay', replay)}`): string[] => {
    writeFileSync(join(folder, 'README.md'), english);
    writeFileSync(join(folder, 'README.ru.md'), ru);
    const found = staticChecks(root, lesson, [lesson]).find((check) => check.name === 'lesson text')?.problems ?? ['no check'];
    return found.filter((problem) => /"(table|replay)"/.test(problem));
  };
  const russian = arenaWords(translator('ru'));
  const file = `lessons/${ID}`;

  test("a translation holds them as the arena prints them in its language, and the fence's mark is read", () => {
    expect(readExampleFences(fence('table', table)).get('table')).toEqual({ text: table, words: 'arena' });
    expect(readExampleFences(fence('table', table, '')).get('table')).toEqual({ text: table, words: undefined });
    const ru = `${plain}${fence('table', auditTable([{ player: 'rules', seat: 'second', lines: 457, wins: 350, draws: 68, losses: 14, gaveUp: 25 }], russian))}${fence('replay', replayLine([0, 4, 5, 6, 2, 8, 1], russian))}`;
    expect(problems(ru)).toEqual([]);
    expect(arenaTextIn(table, russian)?.split('\n')[0]).toContain('поражений');
  });

  test('a translation that copied the English, changed a figure or dropped the mark is named, with the text expected', () => {
    const expected = arenaTextIn(table, russian) as string;
    expect(problems(`${plain}${fence('table', table)}${fence('replay', replayLine([0, 4, 5, 6, 2, 8, 1], russian), '')}`)).toEqual([
      `${file}/README.ru.md's example "table" differs from ${file}/README.md's: write it as npm run arena prints it in Русский, character for character (words=arena):\n${expected}`,
      `${file}/README.ru.md's example "replay" has no words=; ${file}/README.md's says words=arena: mark its fence as the English does`,
    ]);
    expect(problems(`${plain}${fence('table', expected.replace('457', '458'))}${fence('replay', replayLine([0, 4, 5, 6, 2, 8, 1], russian))}`)).toHaveLength(1);
  });

  test('an English example marked words=arena must be what the arena prints, and words= must name a tool', () => {
    const english = `${plain}${fence('table', table.replace('457', '45'))}${fence('replay', replay, ' words=judge')}`;
    expect(problems(english, english)).toEqual([
      `${file}/README.md's example "table" says words=arena, but it is not what npm run arena prints: copy it from npm run arena's output`,
      `${file}/README.md's example "replay" says words=judge, which names no tool: write words=arena, or nothing for the program's own output`,
    ]);
  });
});

/** How many fenced blocks a Markdown text has that are no named examples. */
function fencedCount(markdown: string): number {
  return [...markdown.matchAll(/^```([^\n]*)\n[\s\S]*?^```[ \t]*$/gm)].filter((match) => !/example=/.test(match[1] as string)).length;
}
