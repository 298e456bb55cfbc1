/**
 * The lesson pages in a real browser: Debian's Chromium driven by playwright-core. Builds the site
 * into a temporary folder from a made-up progress file, opens the index and every lesson page from
 * disk, and checks what a student would see; then the site in Russian, Catalan and Chinese likewise
 * (site-ru-01.png and the like show lesson 01 in each). Screenshots go to build/screenshots/.
 * (What the build writes, without a browser: site-build.test.ts.)
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LessonProgress, Progress } from '../../scripts/lib/core/progress.ts';
import { discoverLessons } from '../../scripts/lib/site/build.ts';
import { appendixPaths, readmePath, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';
import type { Language } from '../../scripts/lib/core/languages.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';
import { readExamples } from '../support/lesson.ts';
import { BROWSER_ARGS, CHROMIUM, DESKTOP, HAVE_BROWSER, IN_CI, PHONE, SCREENSHOTS } from './browser.ts';

const FULL_SCREENSHOTS = process.env.SITE_SCREENSHOTS === 'full';

/** Runs scripts/site.ts with Node and tsx (one process, so it can be stopped by its id). */
function siteCommand(args: string[]): string[] {
  return ['--import', 'tsx', join(ROOT, 'scripts', 'site.ts'), ...args];
}

/** A lesson's progress entry for the made-up progress file. */
function entry(latest: number, best: number, tasksDone: number[]): LessonProgress {
  return {
    best,
    latest,
    firstPassedAt: best >= 100 ? '2025-01-10T09:00:00.000Z' : null,
    lastCheckedAt: '2025-01-12T10:30:00.000Z',
    tasksDone,
    hintsSeen: {},
  };
}

/** Progress for whatever lessons exist: the first done, the second half way (better before), the third checked at 0. */
function madeUpProgress(lessons: Lesson[]): Progress {
  const progress: Progress = { version: 1, lessons: {} };
  const [first, second, third] = lessons;
  if (first)
    progress.lessons[first.id] = entry(
      100,
      100,
      first.tasks.map((_, index) => index + 1),
    );
  if (second)
    progress.lessons[second.id] = entry(
      55,
      70,
      [1, 3].filter((number) => number <= second.tasks.length),
    );
  if (third) progress.lessons[third.id] = entry(0, 0, []);
  progress.lessons['99-not-a-lesson'] = entry(40, 40, [1]);
  return progress;
}

/** What the page must show for a lesson: points, state, done tasks. */
function expectedFor(progress: Progress, lesson: Lesson): { points: number; state: string; done: number[] } {
  const found = progress.lessons[lesson.id];
  if (!found) return { points: 0, state: 'not-checked', done: [] };
  return { points: found.latest, state: found.latest >= 100 ? 'done' : 'started', done: found.tasksDone };
}

if (!HAVE_BROWSER && IN_CI) {
  test('Chromium is installed for the browser tests', () => {
    throw new Error(
      `The browser tests need Debian's Chromium at ${CHROMIUM}, and it is missing. ` +
        '.ci/run installs it with "apt-get install -y chromium"; on your own machine run: sudo apt-get install -y chromium',
    );
  });
}

if (!HAVE_BROWSER && !IN_CI) {
  console.warn(`site-browser.test.ts: skipping the browser tests because ${CHROMIUM} is missing (apt-get install -y chromium). In CI they fail instead.`);
}

describe.skipIf(!HAVE_BROWSER)('the lesson pages in a browser', () => {
  let work: string;
  let siteDir: string;
  let progressFile: string;
  let lessons: Lesson[];
  let progress: Progress;
  let context: BrowserContext;
  let buildOutput: string;

  /** Problems seen while pages loaded: console errors, page errors, failed or outside requests. */
  const problems: string[] = [];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'workbook-site-'));
    siteDir = join(work, 'site');
    progressFile = join(work, 'progress.json');
    lessons = discoverLessons(ROOT, []);
    progress = madeUpProgress(lessons);
    writeFileSync(progressFile, JSON.stringify(progress, null, 2));
    buildOutput = execFileSync(process.execPath, siteCommand(['--lang', 'en', '--out', siteDir, '--progress', progressFile]), {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Only the site's own screenshots go: the grading tests keep theirs in a folder of their own in here.
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const file of readdirSync(SCREENSHOTS).filter((name) => name.endsWith('.png'))) rmSync(join(SCREENSHOTS, file), { force: true });

    context = await chromium.launchPersistentContext(join(work, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: BROWSER_ARGS,
      viewport: DESKTOP,
      colorScheme: 'light',
      offline: false,
    });
    // Pages must work from disk alone: any request that is not a file (or the local server) is refused and reported.
    await context.route(
      (url) => url.protocol !== 'file:' && url.protocol !== 'data:' && url.hostname !== '127.0.0.1',
      async (route) => {
        problems.push(`request to the outside: ${route.request().url()}`);
        await route.abort();
      },
    );
  });

  afterAll(async () => {
    await context?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** Pages opened so far, by file name: each page is loaded once and looked at by every test. */
  const opened = new Map<string, Page>();

  /**
   * A page of the built site, opened from disk on first use (its problems recorded under its name),
   * shown at the given width and colours.
   */
  async function view(
    name: string,
    options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; media?: 'screen' | 'print' } = {},
  ): Promise<Page> {
    let page = opened.get(name);
    if (!page) {
      page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${name}: console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${name}: page error: ${error.message}`));
      page.on('requestfailed', (request) => problems.push(`${name}: request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`));
      const response = await page.goto(pathToFileURL(join(siteDir, name)).href, { waitUntil: 'load' });
      expect(response?.ok() ?? true, `${name} opens`).toBe(true);
      opened.set(name, page);
    }
    const viewport = options.viewport ?? DESKTOP;
    const size = page.viewportSize();
    if (size?.width !== viewport.width || size.height !== viewport.height) await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: options.colorScheme ?? 'light', media: options.media ?? 'screen' });
    return page;
  }

  /**
   * Saves a screenshot into build/screenshots/. The index is taken whole; lesson pages show their
   * first screen, or the whole page with SITE_SCREENSHOTS=full (slower: for looking at every page by eye).
   */
  async function screenshot(page: Page, file: string, whole = false): Promise<void> {
    await page.bringToFront(); // a tab in the background draws slowly
    await page.screenshot({ path: join(SCREENSHOTS, file), fullPage: whole || FULL_SCREENSHOTS });
  }

  /** index.html and every lesson page. */
  function pageNames(): string[] {
    return ['index.html', ...lessons.map((lesson) => `${lesson.id}.html`)];
  }

  /** A short name for screenshots: "index", "01-board". */
  function shotName(name: string): string {
    return name.replace(/\.html$/, '');
  }

  test('the build writes the index and one page for every lesson', () => {
    expect(lessons.length, 'number of lessons found').toBeGreaterThan(0);
    for (const name of [...pageNames(), 'style.css', 'favicon.svg']) {
      expect(existsSync(join(siteDir, name)), `${name} was written`).toBe(true);
    }
    expect(existsSync(join(siteDir, 'live-reload.js')), 'no reload script in a static build').toBe(false);
    expect(buildOutput).toContain(`Wrote ${lessons.length} lesson`);
  });

  test('every page loads from disk with no console errors, failed requests or requests to the outside', async () => {
    problems.length = 0;
    for (const name of pageNames()) {
      const page = await view(name);
      const styled = await page.evaluate(() => getComputedStyle(document.querySelector('.site-header') as Element).backgroundColor);
      expect(styled, `${name}: the style sheet is applied`).not.toBe('rgba(0, 0, 0, 0)');
      expect(await page.locator('h1').count(), `${name}: one main heading`).toBe(1);
      expect(await page.title(), `${name}: has a title`).not.toBe('');
      expect(await page.evaluate(() => document.documentElement.lang), `${name}: the page's language`).toBe('en');
      await screenshot(page, `desktop-${shotName(name)}.png`, name === 'index.html');
      if (name === `${lessons[0]?.id}.html`) await screenshot(page, `site-en-${lessons[0]?.number}.png`);
    }
    expect(problems, 'problems while loading the pages').toEqual([]);
  });

  test('every link, anchor, style sheet and icon on every page leads to something that exists', async () => {
    const broken: string[] = [];
    for (const name of pageNames()) {
      const page = await view(name);
      const targets = await page.evaluate(() => [
        ...[...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
        ...[...document.querySelectorAll('link[href]')].map((link) => (link as HTMLLinkElement).href),
        ...[...document.querySelectorAll('script[src], img[src]')].map((element) => (element as HTMLScriptElement).src),
      ]);
      for (const target of targets) {
        const url = new URL(target);
        if (url.protocol === 'http:' || url.protocol === 'https:') continue; // a web address in a lesson text: not followed offline
        if (url.protocol !== 'file:') {
          broken.push(`${name}: ${target} (not a file)`);
          continue;
        }
        const file = fileURLToPath(url);
        const inside = relative(siteDir, file);
        if (inside.startsWith('..') || inside.startsWith(sep)) {
          broken.push(`${name}: ${target} points outside the site folder`);
          continue;
        }
        if (!existsSync(file)) {
          broken.push(`${name}: ${target} does not exist`);
          continue;
        }
        const id = decodeURIComponent(url.hash.slice(1));
        if (id !== '' && !readFileSync(file, 'utf8').includes(`id="${id}"`)) broken.push(`${name}: ${target} has no element with id "${id}"`);
      }
    }
    expect(broken, 'broken links').toEqual([]);
  });

  test("the index shows each lesson's points from the progress file, as a bar and in words", async () => {
    const page = await view('index.html');
    let total = 0;
    for (const lesson of lessons) {
      const expected = expectedFor(progress, lesson);
      total += expected.points;
      const bar = page.locator(`.progress[data-lesson="${lesson.id}"]`);
      await expectBar(page, bar, lesson, expected);
      expect(await page.locator(`.lesson-list a[href="${lesson.id}.html"]`).count(), `the index links to lesson ${lesson.id}`).toBe(1);
    }
    const totalText = await page.locator('.progress-total .progress-text').innerText();
    expect(totalText, 'the points of the whole workbook').toContain(`${total} / ${lessons.length * 100} points`);
    expect(await page.locator('.progress[data-lesson="99-not-a-lesson"]').count(), 'progress of a lesson that does not exist is ignored').toBe(0);
  });

  /** Checks one bar: its number, its width, and the words beside it. */
  async function expectBar(page: Page, bar: ReturnType<Page['locator']>, lesson: Lesson, expected: { points: number; state: string }): Promise<void> {
    expect(await bar.count(), `a bar for lesson ${lesson.id}`).toBe(1);
    expect(await bar.getAttribute('data-state'), `state of lesson ${lesson.id}`).toBe(expected.state);
    const track = bar.locator('[role="progressbar"]');
    expect(await track.getAttribute('aria-valuenow'), `bar value of lesson ${lesson.id}`).toBe(String(expected.points));
    const widths = await bar.evaluate((element) => {
      const trackBox = (element.querySelector('.progress-track') as Element).getBoundingClientRect();
      const fillBox = (element.querySelector('.progress-fill') as Element).getBoundingClientRect();
      return { track: trackBox.width - 2, fill: fillBox.width };
    });
    expect(Math.abs(widths.fill / widths.track - expected.points / 100), `filled part of the bar of lesson ${lesson.id}`).toBeLessThan(0.02);
    const words = await bar.locator('.progress-text').innerText();
    expect(words, `points in words for lesson ${lesson.id}`).toContain(`${expected.points} / 100 points`);
    const stateWords = { done: 'done', started: expected.points === 0 ? 'checked, no points yet' : 'in progress', 'not-checked': 'not checked yet' }[
      expected.state
    ];
    expect(words, `state in words for lesson ${lesson.id}`).toContain(stateWords);
    void page;
  }

  test('each lesson page shows its points, and its tasks with their points and which are done', async () => {
    for (const lesson of lessons) {
      const page = await view(`${lesson.id}.html`);
      const expected = expectedFor(progress, lesson);
      await expectBar(page, page.locator('.lesson-status .progress'), lesson, expected);
      const rows = page.locator('table.tasks tbody tr');
      expect(await rows.count(), `${lesson.id}: one row per task`).toBe(lesson.tasks.length);
      for (const [index, task] of lesson.tasks.entries()) {
        const row = rows.nth(index);
        const cells = await row.locator('td').allInnerTexts();
        expect(cells[0], `${lesson.id} task ${index + 1} title`).toBe(`${index + 1}. ${task.title}`);
        expect(cells[1], `${lesson.id} task ${index + 1} points`).toBe(String(task.points));
        const status = expected.state === 'not-checked' ? 'not checked yet' : expected.done.includes(index + 1) ? '✓ done' : 'not yet';
        expect(cells[2], `${lesson.id} task ${index + 1} status`).toBe(status);
        expect(await page.locator(`#task-${index + 1}`).count(), `${lesson.id} has a heading for task ${index + 1}`).toBe(1);
      }
    }
  });

  test('sample outputs show every space exactly, in a monospace font', async () => {
    let checked = 0;
    // The lesson text on the lesson's page, each appendix (lessons/08-tutorials/games.md) on a page of its own.
    const texts = lessons.flatMap((lesson) => [
      { lesson, file: readmePath(lesson), pageFile: `${lesson.id}.html` },
      ...appendixPaths(lesson).map((file) => ({
        lesson,
        file,
        pageFile: `${lesson.id}.${basename(file, '.md')}.html`,
      })),
    ]);
    for (const { lesson, file, pageFile } of texts) {
      const readme = join(ROOT, file);
      if (!existsSync(readme)) continue;
      const examples = readExamples(readFileSync(readme, 'utf8'));
      if (examples.size === 0) continue;
      const page = await view(pageFile);
      for (const [name, text] of examples) {
        const block = page.locator(`pre[data-example="${name}"]`);
        expect(await block.count(), `${lesson.id}: example ${name} is on the page`).toBe(1);
        const shown = await block.evaluate((element) => ({
          text: element.textContent ?? '',
          whiteSpace: getComputedStyle(element).whiteSpace,
          font: getComputedStyle(element).fontFamily,
        }));
        expect(shown.text, `${lesson.id}: text of example ${name}`).toBe(text);
        expect(shown.whiteSpace, `${lesson.id}: example ${name} keeps spaces`).toBe('pre');
        expect(shown.font, `${lesson.id}: example ${name} font`).toMatch(/mono/i);
        checked += 1;
      }
    }
    expect(checked, 'number of examples checked').toBeGreaterThan(0);
  });

  test('TypeScript code in the lessons is highlighted', async () => {
    let blocks = 0;
    for (const lesson of lessons) {
      const readme = join(ROOT, readmePath(lesson));
      if (!existsSync(readme)) continue;
      const fences = [...readFileSync(readme, 'utf8').matchAll(/^```(?:ts|typescript|tsx|js|javascript)\b[^\n]*\n([\s\S]*?)^```/gm)];
      if (fences.length === 0) continue;
      const page = await view(`${lesson.id}.html`);
      const code = page.locator('pre.code-ts');
      expect(await code.count(), `${lesson.id}: TypeScript blocks`).toBe(fences.length);
      for (let index = 0; index < fences.length; index += 1) {
        const block = code.nth(index);
        expect(await block.evaluate((element) => element.textContent), `${lesson.id}: code block ${index + 1} text is unchanged`).toBe(
          (fences[index]?.[1] ?? '').replace(/\n$/, ''),
        );
        if ((fences[index]?.[1] ?? '').trim() !== '') {
          expect(await block.locator('[class^="tok-"]').count(), `${lesson.id}: code block ${index + 1} is coloured`).toBeGreaterThan(0);
        }
        blocks += 1;
      }
    }
    expect(blocks, 'TypeScript blocks checked').toBeGreaterThan(0);
  });

  test('hints open one level at a time', async () => {
    for (const lesson of lessons) {
      const page = await view(`${lesson.id}.html`);
      // One trip into the page per lesson: for each task, what is shown before and after opening the first hint.
      const seen = await page.evaluate((taskCount) => {
        const shown = (element: Element | null) => element?.checkVisibility() === true;
        const report = [];
        for (let number = 1; number <= taskCount; number += 1) {
          const hints = document.querySelectorAll(`.hints[data-task="${number}"]`);
          const block = hints[0];
          const first = block?.querySelector(':scope > details[data-level="1"]') ?? null;
          const second = first?.querySelector(':scope > .hint-body > details[data-level="2"]') ?? null;
          const before = {
            blocks: hints.length,
            folds: block?.querySelectorAll('details').length ?? 0,
            open: block?.querySelectorAll('details[open]').length ?? 0,
            firstHint: shown(first?.querySelector(':scope > .hint-body > p') ?? null),
            firstSummary: shown(first?.querySelector(':scope > summary') ?? null),
          };
          (first?.querySelector(':scope > summary') as HTMLElement | null)?.click();
          const after = {
            firstHint: shown(first?.querySelector(':scope > .hint-body > p') ?? null),
            secondSummary: shown(second?.querySelector(':scope > summary') ?? null),
            secondHint: shown(second?.querySelector(':scope > .hint-body > p') ?? null),
          };
          report.push({ before, after });
        }
        return report;
      }, lesson.tasks.length);
      for (const [index, task] of lesson.tasks.entries()) {
        if (task.hints.length === 0) continue;
        const label = `${lesson.id} task ${index + 1}`;
        const { before, after } = seen[index] as (typeof seen)[number];
        expect(before.blocks, `${label}: one hints block`).toBe(1);
        expect(before.folds, `${label}: one fold per hint`).toBe(task.hints.length);
        expect(before.open, `${label}: all folded at first`).toBe(0);
        expect(before.firstSummary, `${label}: the first hint can be opened`).toBe(true);
        expect(before.firstHint, `${label}: hint 1 hidden before opening`).toBe(false);
        expect(after.firstHint, `${label}: hint 1 shown after opening`).toBe(true);
        if (task.hints.length > 1) {
          expect(after.secondSummary, `${label}: then the next hint can be opened`).toBe(true);
          expect(after.secondHint, `${label}: hint 2 still hidden`).toBe(false);
        }
      }
      const hints = page.locator('.hints').first();
      if (lesson === lessons[0] && (await hints.count()) === 1) {
        await hints.evaluate((element) => element.querySelectorAll('details').forEach((details) => details.setAttribute('open', '')));
        await page.bringToFront();
        await hints.screenshot({ path: join(SCREENSHOTS, `hints-open-${lesson.id}.png`) });
      }
      await page.evaluate(() => document.querySelectorAll('details').forEach((details) => details.removeAttribute('open')));
    }
  });

  test('previous and next links join the lessons in order', async () => {
    for (const [index, lesson] of lessons.entries()) {
      const page = await view(`${lesson.id}.html`);
      const previous = lessons[index - 1];
      const next = lessons[index + 1];
      const prevLinks = await page.locator('a[rel="prev"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      const nextLinks = await page.locator('a[rel="next"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(prevLinks, `${lesson.id}: links to the previous lesson`).toEqual(previous ? [`${previous.id}.html`, `${previous.id}.html`] : []);
      expect(nextLinks, `${lesson.id}: links to the next lesson`).toEqual(next ? [`${next.id}.html`, `${next.id}.html`] : []);
      expect(await page.locator('a.nav-index[href="index.html"]').first().isVisible(), `${lesson.id}: link back to all lessons`).toBe(true);
    }
  });

  test('text has enough contrast against its background, in light and dark colours', async () => {
    const failures: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const name of pageNames()) {
        const page = await view(name, { colorScheme });
        await page.evaluate(() => document.querySelectorAll('details').forEach((details) => details.setAttribute('open', '')));
        failures.push(...(await page.evaluate(lowContrast)).map((failure) => `${colorScheme} ${name}: ${failure}`));
        await page.evaluate(() => document.querySelectorAll('details').forEach((details) => details.removeAttribute('open')));
        if (colorScheme === 'dark' && (name === 'index.html' || name === `${lessons[0]?.id}.html`)) await screenshot(page, `dark-${shotName(name)}.png`);
      }
    }
    expect(failures, 'text with too little contrast').toEqual([]);
  });

  test('pages fit a phone screen without sideways scrolling', async () => {
    for (const name of pageNames()) {
      const page = await view(name, { viewport: PHONE });
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page, `${name}: page width on a ${PHONE.width}px phone`).toBeLessThanOrEqual(widths.screen);
      await screenshot(page, `phone-${shotName(name)}.png`, name === 'index.html');
    }
    expect(problems, 'problems on phone pages').toEqual([]);
  });

  test('printing leaves out the navigation and hints and keeps the bars', async () => {
    const lesson = lessons[0] as Lesson;
    const page = await view(`${lesson.id}.html`);
    await page.emulateMedia({ media: 'print', colorScheme: 'light' });
    expect(await page.locator('.site-header').isVisible(), 'header when printed').toBe(false);
    expect(await page.locator('.lesson-nav').first().isVisible(), 'navigation when printed').toBe(false);
    if (lesson.tasks.some((task) => task.hints.length > 0)) expect(await page.locator('.hints').first().isVisible(), 'hints when printed').toBe(false);
    expect(await page.locator('.lesson-status .progress-text').isVisible(), 'points when printed').toBe(true);
    await screenshot(page, `print-${lesson.id}.png`);
  });

  /** Each language the site is built in besides English (the tests above): its code, and the lang attribute its pages carry. */
  const EDITIONS: Array<{ language: Language; lang: string }> = [
    { language: 'ru', lang: 'ru' },
    { language: 'ca', lang: 'ca' },
    { language: 'zh', lang: 'zh-Hans' },
  ];

  test.each(EDITIONS)(
    'the site in $language (npm run site -- --lang $language): every page loads with no console errors, in its language, its text drawn with real glyphs',
    async ({ language, lang }) => {
      const dir = join(work, `site-${language}`);
      const output = execFileSync(process.execPath, siteCommand(['--lang', language, '--out', dir, '--progress', progressFile]), {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(output, 'the command speaks the language').toContain(
        translator(language)('site.command.wrote', { count: lessons.length, folder: relative(ROOT, dir) }),
      );
      const names = readdirSync(dir).filter((name) => name.endsWith('.html'));
      const expected = [
        'index.html',
        ...lessons.flatMap((lesson) => [`${lesson.id}.html`, ...appendixPaths(lesson).map((file) => `${lesson.id}.${basename(file, '.md')}.html`)]),
      ];
      expect(names.sort(), 'the pages').toEqual(expected.sort());

      const seen: string[] = [];
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') seen.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) => seen.push(`request failed: ${request.url()}`));
      try {
        for (const name of expected) {
          await page.goto(pathToFileURL(join(dir, name)).href, { waitUntil: 'load' });
          expect(await page.evaluate(() => document.documentElement.lang), `${name}: the page's language`).toBe(lang);
          expect(await page.locator('h1').count(), `${name}: one main heading`).toBe(1);
          const fonts = await fontsOf(page, 'h1');
          expect(fonts.length, `${name}: the heading is drawn with some font`).toBeGreaterThan(0);
          if (language === 'zh') {
            expect(
              fonts.some((font) => CJK_FONT.test(font)),
              `${name}: the Chinese heading is drawn with a Chinese font, not boxes (fonts used: ${fonts.join(', ')}; install one: apt-get install fonts-noto-cjk)`,
            ).toBe(true);
          }
          const first = lessons[0] as Lesson;
          if (name === `${first.id}.html`) {
            await page.bringToFront();
            await page.screenshot({ path: join(SCREENSHOTS, `site-${language}-${first.number}.png`) });
          }
        }
      } finally {
        await page.close();
      }
      expect(seen, `problems while loading the ${language} pages`).toEqual([]);
    },
  );

  test('--serve serves the pages and rebuilds them after the progress file changes; open pages reload', async () => {
    const served = join(work, 'served');
    const liveProgress = join(work, 'live-progress.json');
    writeFileSync(liveProgress, JSON.stringify(progress));
    const child: ChildProcess = spawn(process.execPath, siteCommand(['--serve', '--port', '0', '--out', served, '--progress', liveProgress]), {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      // The limits below only stop a server that hangs: a busy machine may take minutes to start it.
      const base = await waitFor(
        () => {
          if (child.exitCode !== null) throw new Error(`the server ended (exit code ${child.exitCode}); output:\n${output}`);
          return /Serving the lessons at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1];
        },
        300_000,
        () => `no address printed; output:\n${output}`,
      );
      const lesson = lessons[0] as Lesson;
      const index = await (await fetch(base)).text();
      expect(index, 'the served index').toContain(`data-lesson="${lesson.id}" data-points="${expectedFor(progress, lesson).points}"`);
      expect((await fetch(`${base}../etc/passwd`)).status, 'nothing outside the site folder').toBe(404);
      expect((await fetch(`${base}no-such-page.html`)).status, 'a missing page').toBe(404);

      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`served index: console error: ${message.text()}`);
      });
      await page.goto(base);
      await page.waitForTimeout(1200); // the page has asked for the build number once
      const changed: Progress = { ...progress, lessons: { ...progress.lessons, [lesson.id]: entry(40, 100, [1]) } };
      writeFileSync(`${liveProgress}.tmp`, JSON.stringify(changed)); // replaced the way the grader does it
      renameSync(`${liveProgress}.tmp`, liveProgress);
      await page.waitForFunction((id) => document.querySelector(`.progress[data-lesson="${id}"]`)?.getAttribute('data-points') === '40', lesson.id, {
        timeout: 300_000,
      });
      expect(await page.locator(`.progress[data-lesson="${lesson.id}"] .progress-text`).innerText(), 'new points after the check').toContain('40 / 100 points');
      expect(output, 'the server says it rebuilt').toContain('The progress file changed: rebuilt the pages.');
      await page.close();
    } finally {
      child.kill('SIGTERM');
    }
  });
});

/** The name of a font family that draws Chinese characters (Noto Sans CJK, WenQuanYi, Droid Sans Fallback, …). */
const CJK_FONT = /CJK|WenQuanYi|Droid Sans Fallback|\bSC\b|Hei|Song|Ming/i;

/** The families of the fonts Chromium drew the text of an element with (its first match on the page), through the DevTools protocol. */
async function fontsOf(page: Page, selector: string): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('DOM.enable');
    await session.send('CSS.enable');
    const { root } = await session.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await session.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await session.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await session.detach();
  }
}

/** Waits until `value()` gives something, or fails with `explain()` after `ms`. */
async function waitFor<T>(value: () => T | undefined, ms: number, explain: () => string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = value();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(explain());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs in the page: every visible element with its own text whose colour has a contrast ratio
 * below 4.5 against the background behind it (WCAG AA), and bar colours below 3 against the track.
 */
function lowContrast(): string[] {
  type Rgba = [number, number, number, number];
  const parse = (color: string): Rgba => {
    const match = /^rgba?\(([^)]+)\)$/.exec(color);
    if (!match) throw new Error(`cannot read the colour ${color}`);
    const parts = (match[1] as string)
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const alpha = top[3];
    return [top[0] * alpha + bottom[0] * (1 - alpha), top[1] * alpha + bottom[1] * (1 - alpha), top[2] * alpha + bottom[2] * (1 - alpha), 1];
  };
  const background = (element: Element): Rgba => {
    const layers: Rgba[] = [];
    for (let current: Element | null = element; current; current = current.parentElement) {
      const color = parse(getComputedStyle(current).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    let result: Rgba = matchMedia('(prefers-color-scheme: dark)').matches ? [18, 20, 23, 1] : [255, 255, 255, 1];
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  };
  const luminance = (color: Rgba): number => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(color[0]) + 0.7152 * channel(color[1]) + 0.0722 * channel(color[2]);
  };
  const ratio = (a: Rgba, b: Rgba): number => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  };
  const describe = (element: Element): string => {
    const classes = element.getAttribute('class');
    return `<${element.tagName.toLowerCase()}${classes ? ` class="${classes}"` : ''}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  };

  const failures: string[] = [];
  for (const element of document.querySelectorAll('body *')) {
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (!ownText || element.getClientRects().length === 0) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || element.closest('.skip-link')) continue;
    const back = background(element);
    const text = over(parse(style.color), back);
    const value = ratio(text, back);
    if (value < 4.5) failures.push(`${describe(element)} has contrast ${value.toFixed(2)}`);
  }
  for (const fill of document.querySelectorAll('.progress-fill')) {
    if (fill.getBoundingClientRect().width === 0) continue;
    const track = fill.parentElement as Element;
    const value = ratio(parse(getComputedStyle(fill).backgroundColor), background(track));
    if (value < 3) failures.push(`a bar's filled part has contrast ${value.toFixed(2)} against its track`);
  }
  return failures;
}
