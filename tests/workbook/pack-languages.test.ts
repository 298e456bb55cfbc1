/**
 * Student editions in one language (`npm run pack -- --lang ru|ca|zh`): every lesson text, lesson.json,
 * the README and package.json in that language, no other language's texts, no English left in what a
 * student reads (the exercise files' comments too; code and program output aside), and the commands
 * of a Russian edition speak Russian.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appendixPaths, listLessons, readmePath, ROOT, translatedName, translationLanguage } from '../../scripts/lib/core/workbook.ts';
import { LANGUAGES } from '../../scripts/lib/core/languages.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';
import { describeEnglish, englishRuns, findEnglish, findEnglishInOutput, markdownProse, outputProse } from '../../scripts/lib/teacher/pack/language-check.ts';
import { withPlainNames } from '../../scripts/lib/teacher/pack/language.ts';
import type { PackPlan } from '../../scripts/lib/teacher/pack/plan.ts';
import { COMMANDS_MARK, studentGuide } from '../../scripts/lib/teacher/pack/readme.ts';
import { wholeEdition } from './editions.ts';

const all = listLessons();
const translations = LANGUAGES.filter((language) => language !== 'en');
const scratch = mkdtempSync(join(tmpdir(), 'workbook-pack-languages-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every lesson, assigned, in a language (planned, not written: the leak checks have tests of their own). */
const edition = wholeEdition;
const text = (plan: PackPlan, path: string): string => (plan.files.get(path) as Buffer).toString('utf8');

describe('finding English in an edition', () => {
  test('two or more common English words in a row are English; other languages, code words and single words are not', () => {
    expect(englishRuns('Read the lesson text again for cases you missed.')).toEqual(['Read the lesson text again for cases you missed']);
    expect(englishRuns('Прочитайте задание 2 в README.md. Не получается?')).toEqual([]);
    expect(englishRuns('Llegeix la tasca 2. Si no hi ha cap casella lliure, la partida acaba en empat; on a la fila?')).toEqual([]);
    expect(englishRuns('请阅读任务 2。TypeScript 发现了 1 个类型错误')).toEqual([]);
    expect(englishRuns('вызов askMove(io, board, player) и return cells')).toEqual([]);
  });

  test('code blocks, named examples, inline code, link targets, URLs and commands are not prose; lines keep their numbers', () => {
    const markdown = [
      'Текст с `the board is full` и [ссылкой](../the-lesson/README.md).',
      '```text example=board-empty',
      'Player X wins the game',
      '```',
      'См. https://example.com/the/board/and/more и npm run check.',
      'Then the board is full.',
    ].join('\n');
    const prose = markdownProse(markdown);
    expect(prose).toHaveLength(6);
    expect(prose.flatMap(englishRuns)).toEqual(['Then the board is full']);
  });

  test("a command's output: commands, options, paths, quoted program text and code identifiers are not prose", () => {
    const output = [
      '       createBoard: это ещё заготовка, она по-прежнему выбрасывает ошибку "not implemented yet".',
      '     Прочитайте задание 1 в lessons/01-board/README.md. Не получается? npm run hint 01',
      '  --json [ФАЙЛ]     ещё записать все результаты в JSON (файл по умолчанию: results.json)',
      'Usage: npm run check [-- [lesson…] [options]]',
      'Grades your code and shows what to do next.',
    ].join('\n');
    expect(outputProse(output).flatMap(englishRuns)).toEqual(['Grades your code and shows what to do next']);
    expect(describeEnglish(findEnglishInOutput(output, 'npm run check'))).toEqual(['npm run check:5: "Grades your code and shows what to do next"']);
  });

  test("an exercise file's comments are prose; code, strings, inline code and quoted values are not", () => {
    const source = [
      '/**',
      ' * Урок 03: кто победил?',
      ' *',
      ' * Then the board is full.',
      ' */',
      "export const GREETING = 'Please type a whole number';",
      '/** Что печатает playGame, например "Player X wins!"; `the board is full`, иначе \'ongoing\'. */',
      'export const WINNING_LINES = [',
      '  // Write the eight lines here, one per line.',
      '];',
    ].join('\n');
    expect(describeEnglish(findEnglish(new Map([['lessons/03-win/win.ts', Buffer.from(source)]]), 'ru'))).toEqual([
      'lessons/03-win/win.ts:4: "Then the board is full"',
      'lessons/03-win/win.ts:9: "Write the eight lines here"',
    ]);
  });

  test('reports English in a Markdown file, in lesson.json and in the catalog, with file and line', () => {
    const files = new Map([
      ['lessons/01-board/README.md', Buffer.from('# Поле\n\nПервая строка.\nThis is the board you draw.\n')],
      [
        'lessons/01-board/lesson.json',
        Buffer.from(
          JSON.stringify({ title: 'Поле', tasks: [{ title: 'Draw the board', hints: [{ text: 'Подсказка', tests: ['the board is drawn'] }] }] }, null, 2),
        ),
      ],
      ['scripts/lib/i18n/catalogs/ru.json', Buffer.from('{\n  "a": "Готово",\n  "b": "{count, plural, one {# test is done} other {# tests are done}}"\n}\n')],
    ]);
    expect(describeEnglish(findEnglish(files, 'ru'))).toEqual([
      'lessons/01-board/lesson.json:5: "Draw the board"',
      'lessons/01-board/README.md:4: "This is the board you draw"',
      'scripts/lib/i18n/catalogs/ru.json:3: "test is done"',
      'scripts/lib/i18n/catalogs/ru.json:3: "tests are done"',
    ]);
  });

  test('finds the English of the English edition (the check sees what it is meant to find)', () => {
    const found = findEnglish(edition('en').files, 'en');
    const exercise = `lessons/${all[0]?.id}/${all[0]?.files[0]}`;
    for (const file of [
      'README.md',
      readmePath(all[0] as { id: string }),
      `lessons/${all[0]?.id}/lesson.json`,
      exercise,
      'scripts/lib/i18n/catalogs/en.json',
    ]) {
      expect(
        found.some((entry) => entry.file === file),
        file,
      ).toBe(true);
    }
  });
});

describe.each(translations)('the %s edition of every lesson', (language) => {
  let plan: PackPlan;
  beforeAll(() => {
    plan = edition(language);
  });

  test('leaves no student-facing text in English (code and program output aside)', () => {
    expect(describeEnglish(findEnglish(plan.files, language))).toEqual([]);
  });

  test("each lesson's README.md and appendices are the language's, under their plain names", () => {
    for (const lesson of all) {
      for (const path of [readmePath(lesson), ...appendixPaths(lesson)]) {
        const translated = readFileSync(
          join(
            ROOT,
            path.replace(/[^/]+$/, (name) => translatedName(name, language)),
          ),
          'utf8',
        );
        expect(text(plan, path), path).toBe(withPlainNames(translated, language));
        expect(text(plan, path), path).not.toMatch(new RegExp(`\\.${language}\\.md\\b`));
      }
    }
  });

  test("lesson.json carries the language's title, task titles and hints; the tests a hint names stay English", () => {
    for (const lesson of all) {
      type Hint = string | { text: string; tests: string[] };
      type Json = { title: string; files: string[]; tasks: Array<{ title: string; points: number; hints: Hint[] }> };
      const packed = JSON.parse(text(plan, `lessons/${lesson.id}/lesson.json`)) as Json;
      const source = JSON.parse(readFileSync(join(ROOT, 'lessons', lesson.id, 'lesson.json'), 'utf8')) as Json;
      const own = JSON.parse(readFileSync(join(ROOT, 'lessons', lesson.id, `lesson.${language}.json`), 'utf8')) as Json;
      expect(packed.title).toBe(own.title);
      expect(packed.files).toEqual(source.files);
      expect(packed.tasks.map((task) => task.title)).toEqual(own.tasks.map((task) => task.title));
      expect(packed.tasks.map((task) => task.points)).toEqual(source.tasks.map((task) => task.points));
      const texts = (tasks: Json['tasks']): string[][] => tasks.map((task) => task.hints.map((hint) => (typeof hint === 'string' ? hint : hint.text)));
      const tests = (tasks: Json['tasks']): string[][][] => tasks.map((task) => task.hints.map((hint) => (typeof hint === 'string' ? [] : hint.tests)));
      expect(texts(packed.tasks)).toEqual(texts(own.tasks));
      expect(tests(packed.tasks)).toEqual(tests(source.tasks));
    }
  });

  test('ships no lesson text of any language under its translated name, and records its language in package.json', () => {
    expect([...plan.files.keys()].filter((path) => translationLanguage(path.split('/').at(-1) as string) !== undefined)).toEqual([]);
    const pack = JSON.parse(text(plan, 'package.json')) as { workbook?: { language?: string }; description?: string };
    expect(pack.workbook).toEqual({ language });
    expect(pack.description).toBe(translator(language)('pack.readme.description'));
  });

  test("the README is made of the language's student guide and catalog: its sections, not its command list, and the pack's own commands", () => {
    const t = translator(language);
    const readme = text(plan, 'README.md');
    const guide = readFileSync(join(ROOT, studentGuide(language)), 'utf8');
    const sections = [...guide.matchAll(/^## .*$/gm)].map((match) => match[0]);
    const commands = guide.split('\n')[guide.split('\n').indexOf(COMMANDS_MARK) + 1] as string;
    expect(sections).toContain(commands);
    for (const section of sections.filter((title) => title !== commands)) expect(readme).toContain(`\n${section}\n`);
    const guideRows = guide.split('\n').filter((line) => line.startsWith('| `npm run'));
    expect(guideRows.length).toBeGreaterThan(0);
    expect(guideRows.filter((row) => readme.includes(row))).toEqual([]);
    expect(readme.startsWith(`# ${t('pack.readme.title')}\n`)).toBe(true);
    expect(readme.match(new RegExp(`^## ${t('pack.readme.commands')}$`, 'gm'))).toHaveLength(1);
    expect(readme).toContain(`| \`npm run check\` | ${t('pack.readme.command.check', { lesson: '01' })} |`);
    expect(readme).toContain(`| 01 | ${(JSON.parse(text(plan, `lessons/${all[0]?.id}/lesson.json`)) as { title: string }).title} |`);
  });
});

test('the English edition ships no translated text and records English', () => {
  const plan = edition('en');
  expect([...plan.files.keys()].filter((path) => /\.(ru|ca|zh)\.(md|json)$/.test(path))).toEqual([]);
  expect((JSON.parse(text(plan, 'package.json')) as { workbook?: unknown }).workbook).toEqual({ language: 'en' });
  for (const lesson of all) expect(text(plan, readmePath(lesson))).toBe(readFileSync(join(ROOT, readmePath(lesson)), 'utf8'));
});

describe('npm run pack -- --lang', () => {
  const pack = (args: string[]): { status: number | null; stdout: string; stderr: string } =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/pack.ts', ...args], { cwd: ROOT, encoding: 'utf8' });

  test('a language the workbook does not speak is a usage error that lists the languages, and nothing is written', () => {
    const out = join(scratch, 'german');
    const refused = pack(['--lessons', '01', '--out', out, '--lang', 'de']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--lang takes one of en (English), ru (Русский), ca (Català) or zh (中文); got "de".');
    expect(existsSync(out)).toBe(false);
  });

  describe('a Russian edition of lesson 01', () => {
    const out = join(scratch, 'russian');
    let packed: ReturnType<typeof pack>;
    /** A student command run in the edition as a student runs it (npm run NAME ARGS), whatever the locale. */
    const run = (name: string, ...args: string[]) =>
      spawnSync('npm', ['run', '--silent', name, ...args], {
        cwd: out,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', LANG: 'en_GB.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
      });
    /** npm run check 01 in the edition, on its stubs. */
    let check: ReturnType<typeof run>;
    beforeAll(() => {
      packed = pack(['--lessons', '01', '--out', out, '--lang', 'ru']);
      symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
      check = run('check', '01');
    });

    test('records Russian in package.json', () => {
      expect(packed.stderr).toBe('');
      expect(packed.status).toBe(0);
      expect(packed.stdout).toContain(`Student edition (ru, Русский) written to ${out} (`);
      expect((JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as { workbook: unknown }).workbook).toEqual({ language: 'ru' });
    });

    test('npm run check 01 run in it speaks Russian, whatever the locale', () => {
      const t = translator('ru');
      const lesson = JSON.parse(readFileSync(join(out, 'lessons', '01-board', 'lesson.json'), 'utf8')) as { title: string; tasks: Array<{ title: string }> };
      const { title } = lesson;
      expect(check.stdout, check.stderr).toContain(t('report.heading', { subject: '' }).trim());
      expect(check.stdout).toMatch(new RegExp(`^01 {2}${title} .*0/100 +${t('report.status.open')}$`, 'm'));
      expect(check.stdout).toContain(t('report.failedTask', { number: 1, title: lesson.tasks[0]?.title ?? '' }));
      expect(check.status).toBe(1);
    });

    test("its student commands print no English: the report on the stubs, a hint, the usage and a student's mistakes", () => {
      const runs = [
        { command: 'npm run check 01', exit: 1, ...check },
        { command: 'npm run hint 01', exit: 0, ...run('hint', '01') },
        { command: 'npm run check -- --help', exit: 0, ...run('check', '--', '--help') },
        { command: 'npm run check nope', exit: 2, ...run('check', 'nope') },
        { command: 'npm run hint 01 -- --task', exit: 2, ...run('hint', '01', '--', '--task') },
      ];
      for (const { command, exit, status, stdout, stderr } of runs) {
        const printed = `${stdout}${stderr}`;
        expect(status, `${command}\n${printed}`).toBe(exit);
        expect(printed, command).toMatch(/[а-яё]{4}/i);
        expect(describeEnglish(findEnglishInOutput(printed, command)), printed).toEqual([]);
      }
    });

    test('--lang of another language is refused in Russian, saying the edition speaks Russian only; --lang ru is welcome', () => {
      const t = translator('ru');
      for (const other of ['en', 'zh', 'xx']) {
        const refused = run('check', '01', '--', '--lang', other);
        expect(refused.status).toBe(2);
        expect(refused.stdout).toBe('');
        expect(refused.stderr).toContain(t('guard.editionLanguage', { edition: 'ru (Русский)', code: 'ru', value: other }));
      }
      expect(run('check', '--', '--help', '--lang', 'ru').stdout).toContain(t('guard.usage.lang.edition', { code: 'ru' }));
    });

    test('before npm install, every student command says in one Russian sentence to install first, with no stack trace', () => {
      const copy = join(scratch, 'russian-not-installed');
      cpSync(out, copy, { recursive: true, filter: (path) => !path.startsWith(join(out, 'node_modules')) });
      const runCommand = (command: string, ...args: string[]) =>
        spawnSync('npm', ['run', '--silent', command, ...args], {
          cwd: copy,
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1', LANG: 'en_GB.UTF-8', LC_ALL: '' },
        });
      const russian = runCommand('check', '01');
      expect(russian.status).toBe(1);
      expect(russian.stdout).toBe('');
      expect(russian.stderr).toBe(`${translator('ru')('guard.install', { command: 'check' })}\n`);
      expect(runCommand('check', '--', '--lang', 'zh').stderr, 'the edition speaks its own language').toBe(russian.stderr);
      const scripts = (JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
      expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['check', 'hint', 'reset', 'site', 'ui', 'watch']));
      for (const command of Object.keys(scripts).filter((name) => name !== 'check')) {
        const ran = runCommand(command, ...(command === 'play' ? [] : ['01']));
        expect({ command, status: ran.status, stdout: ran.stdout, stderr: ran.stderr }).toEqual({
          command,
          status: 1,
          stdout: '',
          stderr: `${translator('ru')('guard.install', { command })}\n`,
        });
      }
    });
  });
});
