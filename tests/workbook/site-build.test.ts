/**
 * Building the lesson pages, without a browser: the highlighter, the lesson text as HTML (task
 * headings, folded hints and checks, exact outputs, links between lessons), and a build from a
 * workbook whose lessons are unfinished or broken. (The pages in a real browser: site-browser.test.ts.)
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildSite } from '../../scripts/lib/site/build.ts';
import { highlightTypeScript, tokenize } from '../../scripts/lib/site/highlight.ts';
import { hintsHtml, renderLessonText } from '../../scripts/lib/site/markdown.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { readCatalog, translator } from '../../scripts/lib/i18n/messages.ts';
import { serveSite } from '../../scripts/lib/site/serve.ts';

/** Writes lessons/01-first (lesson.json with one task, and README.md) into a made-up workbook; returns its folder. */
function oneTaskLesson(root: string, readme: string): string {
  const folder = join(root, 'lessons', '01-first');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'lesson.json'),
    JSON.stringify({ title: 'First', buildsOn: [], files: ['x.ts'], tasks: [{ title: 'Only', points: 100, hints: ['h1'] }] }),
  );
  writeFileSync(join(folder, 'README.md'), readme);
  return folder;
}

describe('building the pages (no browser needed)', () => {
  test('the highlighter colours TypeScript without changing a character', () => {
    const code = "const board: Board = ['X', ' '];\nif (/^[0-9]+$/.test(text)) return a / b / 2; // it's <fine>\n`Round ${n}`";
    expect(
      tokenize(code)
        .map((token) => token.text)
        .join(''),
      'tokens joined',
    ).toBe(code);
    const html = highlightTypeScript(code);
    expect(html).toContain('<span class="tok-keyword">const</span>');
    expect(html).toContain('<span class="tok-type">Board</span>');
    expect(html).toContain(`<span class="tok-string">'X'</span>`);
    expect(html, 'a regular expression is one token').toContain('<span class="tok-regexp">/^[0-9]+$/</span>');
    expect(html, 'division is not a regular expression').toContain('a <span class="tok-operator">/</span> b');
    expect(html, 'HTML in a comment is escaped').toContain('<span class="tok-comment">// it\'s &lt;fine&gt;</span>');
  });

  test('lesson text: task headings get ids and folded hints, outputs keep spaces, lesson links point at pages', () => {
    const markdown = [
      '# Lesson 09: Demo',
      '',
      'See [the board lesson](../01-board/README.md#goal) and [a file](board.ts).',
      '',
      '## Tasks',
      '',
      '### Task 1: First (100 points)',
      '',
      '```text example=row',
      ' 1 | 2 | 3 ',
      '```',
      '',
      '## Pitfalls',
    ].join('\n');
    const rendered = renderLessonText(markdown, {
      tasks: [{ title: 'First', points: 100, hints: ['gentle', 'middle', 'concrete'] }],
      afterTitle: '<section id="status"></section>',
      pageOf: (id) => (id === '01-board' ? '01-board.html' : undefined),
    });
    expect(rendered.taskHeadings).toEqual([1]);
    expect(rendered.html).toContain('<h3 id="task-1" class="task-heading">');
    expect(rendered.html.indexOf('id="status"'), 'status box right after the title').toBeGreaterThan(rendered.html.indexOf('</h1>'));
    expect(rendered.html.indexOf('data-task="1"'), 'hints at the end of the task').toBeLessThan(rendered.html.indexOf('id="pitfalls"'));
    expect(rendered.html).toContain('<pre class="output" data-example="row"><code> 1 | 2 | 3<span class="trail"> </span></code></pre>');
    expect(rendered.html).toContain('href="01-board.html#goal"');
    expect(rendered.html, 'a link to a file the site lacks becomes text').not.toContain('href="board.ts"');
    expect(rendered.warnings.join('\n')).toContain('board.ts');
  });

  test('a "Check your answer" section is folded until the student opens it, and closes before the next section', () => {
    const markdown = [
      '# Lesson 09: Demo',
      '',
      '## Check your work',
      '',
      'Write down your answer.',
      '',
      '## Check your answer',
      '',
      'The answer is 42.',
      '',
      '## After',
    ].join('\n');
    const { html } = renderLessonText(markdown, { tasks: [], afterTitle: '', pageOf: () => undefined });
    const opening = html.indexOf('<details class="answer" id="check-your-answer">');
    expect(opening, 'the folded section').toBeGreaterThan(html.indexOf('Write down your answer.'));
    expect(html.indexOf('The answer is 42.'), 'the answer inside the fold').toBeGreaterThan(opening);
    expect(html.indexOf('</details>'), 'the fold closed before the next section').toBeLessThan(html.indexOf('id="after"'));
    expect(html).not.toContain('<details open');
  });

  test('hints fold one inside the other, gentle first', () => {
    const html = hintsHtml(2, { title: 't', points: 10, hints: ['one', 'two', 'three'] });
    const levels = [...html.matchAll(/<details class="hint" data-level="(\d)">/g)].map((match) => match[1]);
    expect(levels).toEqual(['1', '2', '3']);
    expect(html.indexOf('one')).toBeLessThan(html.indexOf('<details class="hint" data-level="2">'));
    expect(html.endsWith('</details></div></details></div></details></div>\n')).toBe(true);
  });

  test('an appendix beside a lesson text (another .md file in its folder) gets a page of its own, linked both ways', () => {
    const root = mkdtempSync(join(tmpdir(), 'workbook-site-appendix-'));
    try {
      const folder = oneTaskLesson(root, '# Lesson 01: First\n\n### Task 1: Only (100 points)\n\nThe whole game is [in games.md](games.md#a-game).\n');
      writeFileSync(
        join(folder, 'games.md'),
        '# Lesson 01: The games\n\nBack to [the lesson](README.md#lesson-01-first).\n\n### `a-game`\n\n```text example=a-game\nX wins\n```\n',
      );
      const out = join(root, 'site');
      mkdirSync(out);
      writeFileSync(join(out, '01-first.old.html'), 'a page of an appendix that is gone');
      const result = buildSite({ root, outDir: out, progress: { version: 1, lessons: {} } });
      expect(result.warnings, 'warnings').toEqual([]);
      expect(result.files).toContain('01-first.games.html');
      const lesson = readFileSync(join(out, '01-first.html'), 'utf8');
      expect(lesson).toContain('href="01-first.games.html#a-game"');
      expect(lesson, 'the status box names the appendix').toContain('Also part of this lesson: <a href="01-first.games.html">Lesson 01: The games</a>');
      const games = readFileSync(join(out, '01-first.games.html'), 'utf8');
      expect(games).toContain('href="01-first.html#lesson-01-first"');
      expect(games).toContain('<h3 id="a-game">');
      expect(games).toContain('data-example="a-game"');
      expect(readdirSync(out), 'the stale appendix page is removed').not.toContain('01-first.old.html');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('a lesson without a text yet still gets a page with its tasks and hints; a broken lesson.json is left out with a warning', () => {
    const root = mkdtempSync(join(tmpdir(), 'workbook-site-unit-'));
    try {
      const lesson = (title: string, points: number) => ({ title, buildsOn: [], files: ['x.ts'], tasks: [{ title: 'Only', points, hints: ['h1'] }] });
      mkdirSync(join(root, 'lessons', '01-first'), { recursive: true });
      mkdirSync(join(root, 'lessons', '02-broken'), { recursive: true });
      writeFileSync(join(root, 'lessons', '01-first', 'lesson.json'), JSON.stringify(lesson('First', 100)));
      writeFileSync(join(root, 'lessons', '02-broken', 'lesson.json'), JSON.stringify(lesson('Broken', 50)));
      const out = join(root, 'site');
      const result = buildSite({ root, outDir: out, progress: { version: 1, lessons: {} } });
      expect(result.lessons.map((found) => found.id)).toEqual(['01-first']);
      expect(result.warnings.join('\n')).toContain('02-broken');
      const page = readFileSync(join(out, '01-first.html'), 'utf8');
      expect(page).toContain('not written yet');
      expect(page).toContain('id="task-1"');
      expect(page).toContain('data-task="1"');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the site in other languages (no browser needed)', () => {
  /** The English words of the site's own chrome: every word of en.json's site.* messages, less their placeholders and ICU's own words. */
  function chromeWords(): Set<string> {
    const words = new Set<string>();
    const skipped = new Set(['plural', 'one', 'other', 'npm', 'run', 'serve', 'site', 'ctrl', 'typescript', 'port']);
    for (const [key, message] of Object.entries(readCatalog('en'))) {
      if (!key.startsWith('site.')) continue;
      for (const name of message.matchAll(/\{(\w+)/g)) skipped.add((name[1] as string).toLowerCase());
      for (const word of message.matchAll(/[A-Za-z]{3,}/g)) words.add(word[0].toLowerCase());
    }
    for (const word of skipped) words.delete(word);
    return words;
  }

  /** What a person reads on a page, code and sample outputs aside: its text and the words of its labels. */
  function readableText(html: string): string {
    const withoutCode = html.replace(/<pre\b[\s\S]*?<\/pre>|<code\b[\s\S]*?<\/code>/g, ' ');
    const labels = [...withoutCode.matchAll(/\s(?:aria-label|aria-valuetext|title|alt)="([^"]*)"/g)].map((match) => match[1]);
    return [withoutCode.replace(/<[^>]+>/g, ' '), ...labels].join(' ').replaceAll('&amp;', '&');
  }

  test('a Russian site of a made-up workbook written in Russian carries lang="ru" and not one English word of its own', () => {
    const root = mkdtempSync(join(tmpdir(), 'workbook-site-ru-'));
    try {
      const lesson = (title: string, buildsOn: string[]) => ({
        title,
        buildsOn,
        files: ['x.ts'],
        tasks: [
          { title: 'One', points: 60, hints: ['h1', 'h2', 'h3'] },
          { title: 'Two', points: 40, hints: ['h1'] },
        ],
      });
      const russian = (title: string) => ({
        title,
        tasks: [
          { title: 'Первое', hints: ['намёк', 'ближе', { text: 'совсем близко', tests: ['a test'] }] },
          { title: 'Второе', hints: ['намёк'] },
        ],
      });
      for (const [id, title, buildsOn] of [
        ['01-first', 'Первый', []],
        ['02-second', 'Второй', ['01-first']],
      ] as const) {
        const folder = join(root, 'lessons', id);
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, 'lesson.json'), JSON.stringify(lesson(title, [...buildsOn])));
        writeFileSync(join(folder, 'lesson.ru.json'), JSON.stringify(russian(title)));
      }
      writeFileSync(
        join(root, 'lessons', '01-first', 'README.ru.md'),
        [
          '# Урок 01: Первый',
          '',
          'Подробности [в приложении](games.md#партия).',
          '',
          '## Задания',
          '',
          '### Задание 1: Первое (60 баллов)',
          '',
          '```ts',
          'const board = createBoard();',
          '```',
          '',
          '```text example=row',
          ' 1 | 2 ',
          '```',
          '',
          '```sh',
          'npm run check 01',
          '```',
          '',
          '### Задание 2: Второе (40 баллов)',
          '',
          '## Проверьте свой ответ',
          '',
          'Ответ: 42.',
        ].join('\n'),
      );
      writeFileSync(join(root, 'lessons', '01-first', 'games.ru.md'), '# Урок 01: Партии\n\n### Партия\n\nНазад [к уроку](README.md).\n');
      writeFileSync(join(root, 'lessons', '01-first', 'games.md'), '# Lesson 01: Games\n');
      writeFileSync(join(root, 'lessons', '02-second', 'README.ru.md'), '# Урок 02: Второй\n\n### Задание 1: Первое (60 баллов)\n');
      const progress = {
        version: 1 as const,
        lessons: {
          '01-first': { best: 100, latest: 100, firstPassedAt: null, lastCheckedAt: '2025-01-12T10:30:00.000Z', tasksDone: [1, 2], hintsSeen: {} },
          '02-second': { best: 60, latest: 0, firstPassedAt: null, lastCheckedAt: '2025-01-12T10:30:00.000Z', tasksDone: [], hintsSeen: {} },
        },
      };
      const out = join(root, 'site');
      const result = buildSite({ root, outDir: out, progress, language: 'ru' });
      expect(result.warnings, 'warnings').toEqual([
        'lessons/02-second/README.ru.md has no heading for task 2 ("### Task 2: …" in English); its hints are listed at the end.',
      ]);
      const pages = readdirSync(out).filter((name) => name.endsWith('.html'));
      expect(pages.sort()).toEqual(['01-first.games.html', '01-first.html', '02-second.html', 'index.html']);
      const english = chromeWords();
      for (const name of pages) {
        const html = readFileSync(join(out, name), 'utf8');
        expect(html, `${name}: the page's language`).toContain('<html lang="ru">');
        const found = [...readableText(html).matchAll(/[A-Za-z]{3,}/g)].map((match) => match[0]).filter((word) => english.has(word.toLowerCase()));
        expect(found, `${name}: English words of the site's own`).toEqual([]);
      }
      const first = readFileSync(join(out, '01-first.html'), 'utf8');
      expect(first, 'the Russian task heading is found').toContain('<h3 id="task-1" class="task-heading">Задание 1: Первое (60 баллов)</h3>');
      expect(first, 'its Russian hints are folded under it').toContain('Подсказка 1 из 3');
      expect(first, 'the Russian answer section is folded').toContain('<details class="answer" id="проверьте-свои-ответ">');
      expect(first, 'a link to games.md leads to the Russian appendix page').toContain(`href="01-first.games.html#${encodeURIComponent('партия')}"`);
      expect(readFileSync(join(out, '02-second.html'), 'utf8'), 'a task without a heading, in Russian').toContain('Задание 2: Второе (40 баллов)');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('the workbook\'s Russian pages carry lang="ru", and the site\'s own parts of them (header, navigation, status, hints, captions) no English word', () => {
    const out = mkdtempSync(join(tmpdir(), 'workbook-site-ru-real-'));
    try {
      const result = buildSite({ root: ROOT, outDir: out, progress: { version: 1, lessons: {} }, language: 'ru' });
      expect(result.warnings, 'warnings').toEqual([]);
      const english = chromeWords();
      const chrome =
        /<title>[\s\S]*?<\/title>|<header\b[\s\S]*?<\/header>|<nav\b[\s\S]*?<\/nav>|<section class="lesson-status"[\s\S]*?<\/section>|<summary>[\s\S]*?<\/summary>|<figcaption>[\s\S]*?<\/figcaption>|<a class="skip-link"[\s\S]*?<\/a>/g;
      for (const name of result.files.filter((file) => file.endsWith('.html'))) {
        const html = readFileSync(join(out, name), 'utf8');
        expect(html, `${name}: the page's language`).toContain('<html lang="ru">');
        const parts = [...html.matchAll(chrome)].map((match) => readableText(match[0])).join(' ');
        const found = [...parts.matchAll(/[A-Za-z]{3,}/g)].map((match) => match[0]).filter((word) => english.has(word.toLowerCase()));
        expect(found, `${name}: English words in the site's own parts`).toEqual([]);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('a lesson not yet translated shows its English text, marked as English, on a page of the chosen language', () => {
    const root = mkdtempSync(join(tmpdir(), 'workbook-site-fallback-'));
    try {
      oneTaskLesson(root, '# Lesson 01: First\n\n### Task 1: Only (100 points)\n');
      const out = join(root, 'site');
      const result = buildSite({ root, outDir: out, progress: { version: 1, lessons: {} }, language: 'ca' });
      expect(result.warnings).toEqual([]);
      const page = readFileSync(join(out, '01-first.html'), 'utf8');
      expect(page).toContain('<html lang="ca">');
      expect(page).toContain('<article class="lesson-text" lang="en">');
      expect(page, 'the English task heading is found on a Catalan page').toContain('<h3 id="task-1" class="task-heading">');
      expect(page).toContain('Pista 1 de 1');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('Chinese: task headings with a full-width colon, the folded answer, and no space where a line of the source breaks between two characters', () => {
    const markdown = [
      '# 第 09 课：演示',
      '',
      '### 任务 1：第一（100 分）',
      '',
      '棋盘上有九个',
      '格子，每个格子',
      '都是空的。`EMPTY`',
      '表示空。',
      '',
      '## 核对你的答案',
      '',
      '答案是 42。',
    ].join('\n');
    const rendered = renderLessonText(markdown, {
      tasks: [{ title: '第一', points: 100, hints: ['轻轻点拨'] }],
      afterTitle: '',
      pageOf: () => undefined,
      language: 'zh',
    });
    expect(rendered.taskHeadings).toEqual([1]);
    expect(rendered.html).toContain('<p>棋盘上有九个格子，每个格子都是空的。<code class="nowrap">EMPTY</code>\n表示空。</p>');
    expect(rendered.html).toContain('<details class="answer" id="核对你的答案">');
    expect(rendered.html).toContain('提示 1/1');
    const english = renderLessonText('One line\nand the next, 中文\n中文', { tasks: [], afterTitle: '', pageOf: () => undefined });
    expect(english.html, 'other line breaks stay').toBe('<p>One line\nand the next, 中文中文</p>\n');
  });
});

test("the served site's 'not found' is in the site's language, like its start line", async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'workbook-serve-words-'));
  const lines: string[] = [];
  const site = await serveSite({
    outDir: scratch,
    port: 0,
    progressFile: join(scratch, 'progress.json'),
    lessonsDir: join(scratch, 'no-lessons'),
    build: () => [],
    log: (line) => lines.push(line),
    translate: translator('ru'),
  });
  try {
    const response = await fetch(`http://127.0.0.1:${site.port}/no-such-page.html`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Такой страницы нет. Список уроков — по адресу /\n');
    // (A busy machine may let the progress watcher report the file once more, with a line of its own: also in Russian.)
    expect(lines[0]).toBe('Сервер запущен: страницы пересобраны.');
    for (const line of lines.slice(1)) expect(line).toMatch(/^[А-Яа-яЁё]/);
  } finally {
    await site.close();
    rmSync(scratch, { recursive: true, force: true });
  }
});
