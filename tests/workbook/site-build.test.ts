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
      const folder = join(root, 'lessons', '01-first');
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, 'lesson.json'),
        JSON.stringify({ title: 'First', buildsOn: [], files: ['x.ts'], tasks: [{ title: 'Only', points: 100, hints: ['h1'] }] }),
      );
      writeFileSync(join(folder, 'README.md'), '# Lesson 01: First\n\n### Task 1: Only (100 points)\n\nThe whole game is [in games.md](games.md#a-game).\n');
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
