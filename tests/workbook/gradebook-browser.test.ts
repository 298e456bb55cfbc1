/**
 * The gradebook's first screen in a real browser (Debian's Chromium, driven by playwright-core):
 * does it answer "who needs help"? A made-up class (made-up-gradebook.ts, no grading runs) is
 * written as a gradebook folder, gradebook.html is opened from disk at 1280 and 390 px, and the
 * first screens go to build/screenshots/gradebook/. A feedback page is opened alone, away from its
 * folder, to see that it keeps its look.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeGradebook } from '../../scripts/lib/teacher/gradebook/files.ts';
import { feedbackFolders } from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { BROWSER_ARGS, CHROMIUM, DESKTOP, HAVE_BROWSER, IN_CI, PHONE, SCREENSHOTS } from './browser.ts';
import { madeUpGradebook, madeUpGradebookOfSevenLessons } from './made-up-gradebook.ts';

/** This test's screenshots: a folder of their own, which the site's browser test leaves alone. */
const SHOTS = join(SCREENSHOTS, 'gradebook');

if (!HAVE_BROWSER && IN_CI) {
  test('Chromium is installed for the browser tests', () => {
    throw new Error(`The browser tests need Debian's Chromium at ${CHROMIUM}, and it is missing: apt-get install -y chromium`);
  });
}

describe.skipIf(!HAVE_BROWSER)("the gradebook's first screen in a browser", () => {
  let work: string;
  let browser: Browser;
  const problems: string[] = [];
  const book = madeUpGradebook();

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'workbook-gradebook-browser-'));
    writeGradebook(book, join(work, 'grades'));
    mkdirSync(SHOTS, { recursive: true });
    for (const file of readdirSync(SHOTS)) rmSync(join(SHOTS, file), { force: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: BROWSER_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** A page opened from disk at this size, every problem and every request to the outside recorded. */
  async function open(file: string, viewport: { width: number; height: number }): Promise<Page> {
    const page = await browser.newPage({ viewport, colorScheme: 'light' });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${file}: console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${file}: page error: ${error.message}`));
    await page.route(
      (url) => url.protocol !== 'file:' && url.protocol !== 'data:',
      async (route) => {
        problems.push(`${file}: request to the outside: ${route.request().url()}`);
        await route.abort();
      },
    );
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    return page;
  }

  test('at 1280 px: the hidden-tests column is on the first screen, notes are folded to one line', async () => {
    problems.length = 0;
    const page = await open(join(work, 'grades', 'gradebook.html'), DESKTOP);
    await page.screenshot({ path: join(SHOTS, 'desktop-1280.png') });
    const hiddenHead = await page.locator('th.hidden-head').boundingBox();
    expect(hiddenHead, 'the hidden-tests heading is drawn').not.toBeNull();
    expect((hiddenHead?.x ?? Infinity) + (hiddenHead?.width ?? 0), 'the hidden-tests heading ends inside 1280 px').toBeLessThanOrEqual(DESKTOP.width);

    // Every long note is folded: its summary takes one line, and the rest opens with a click.
    const folds = page.locator('td.notes details');
    expect(await folds.count(), 'students with long or many notes').toBeGreaterThanOrEqual(3);
    for (const fold of await folds.all()) {
      expect(await fold.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
      const summary = fold.locator('summary');
      const lines = await summary.evaluate((element) =>
        Math.round(element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight)),
      );
      expect(lines, `${await summary.textContent()}: one line`).toBe(1);
    }
    const dmitri = page.locator('tr', { has: page.locator('a', { hasText: 'Дмитрий Иванов' }) });
    await expect.poll(() => dmitri.locator('td.notes summary').textContent()).toMatch(/… and 3 more$/);
    await dmitri.locator('td.notes summary').click();
    expect(await dmitri.locator('td.notes li').count()).toBe(4);
    await dmitri.screenshot({ path: join(SHOTS, 'desktop-notes-open.png') });

    // A near miss says what was found; no row is taller than a few lines on the first screen.
    expect(await dmitri.locator('td.cell .word').first().textContent()).toBe('near miss: board.ts');
    const rowHeights = await page.locator('table.grades tbody tr').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(Math.max(...rowHeights.slice(0, -1)), 'the tallest row, in px').toBeLessThan(180);
    expect(problems).toEqual([]);
  });

  test('at 1280 px with all seven lessons 01–07 graded, the hidden-tests column is still on the first screen', async () => {
    writeGradebook(madeUpGradebookOfSevenLessons(), join(work, 'seven'));
    const page = await open(join(work, 'seven', 'gradebook.html'), DESKTOP);
    await page.screenshot({ path: join(SHOTS, 'desktop-1280-seven-lessons.png') });
    const hiddenHead = await page.locator('th.hidden-head').boundingBox();
    expect((hiddenHead?.x ?? Infinity) + (hiddenHead?.width ?? 0), 'the hidden-tests heading ends inside 1280 px').toBeLessThanOrEqual(DESKTOP.width);
  });

  test('the legend samples are drawn: the colours, the done bar and the stripes of a cell not graded', async () => {
    const page = await open(join(work, 'grades', 'gradebook.html'), DESKTOP);
    const legend = page.locator('.legend');
    await legend.scrollIntoViewIfNeeded();
    await legend.screenshot({ path: join(SHOTS, 'legend.png') });
    for (const sample of await page.locator('.legend .swatch').all()) {
      const box = await sample.boundingBox();
      expect(box?.width ?? 0, 'a sample has a width').toBeGreaterThan(8);
      expect(box?.height ?? 0, 'a sample has a height').toBeGreaterThan(8);
    }
    // The striped sample: seen as pixels, it holds at least two colours that differ clearly (stripes on the red).
    const striped = page.locator('.legend .sample-not-graded');
    const colours = await distinctColours(browser, await striped.screenshot());
    expect(colours.spread, 'the darkest and lightest stripe differ by this much (0–255)').toBeGreaterThan(20);
    // The cells the sample stands for are striped too (a cell's colour once hid its stripes).
    const stripes = await page.locator('table.grades td.not-graded').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).backgroundImage));
    expect(stripes.length, 'cells not graded').toBeGreaterThan(3);
    for (const stripe of stripes) expect(stripe).toContain('repeating-linear-gradient');
    const done = await distinctColours(browser, await page.locator('.legend .sample-done').screenshot());
    expect(done.spread, 'the done sample shows its bar').toBeGreaterThan(60);
  });

  test('at 390 px: the table scrolls sideways with the names kept in view', async () => {
    const page = await open(join(work, 'grades', 'gradebook.html'), PHONE);
    await page.screenshot({ path: join(SHOTS, 'phone-390.png') });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, 'the page itself does not scroll sideways').toBeLessThanOrEqual(PHONE.width);
    const scroller = page.locator('#students');
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth), 'the table scrolls in its box').toBe(true);
    await scroller.evaluate((element) => {
      element.scrollLeft = 400;
    });
    const name = await page.locator('table.grades tbody th').first().boundingBox();
    const box = await scroller.boundingBox();
    expect(Math.abs((name?.x ?? 0) - (box?.x ?? 0)), 'the name column stays at the left').toBeLessThan(2);
    await page.screenshot({ path: join(SHOTS, 'phone-390-scrolled.png') });
  });

  test('a feedback page sent alone keeps its look and asks no network', async () => {
    problems.length = 0;
    const folder = feedbackFolders(book).get(book.students.find((each) => each.name === '王芳') ?? book.students[0]!) ?? '';
    const alone = join(work, 'sent-alone.html');
    copyFileSync(join(work, 'grades', 'feedback', folder, 'index.html'), alone);
    const page = await open(alone, PHONE);
    const header = await page.evaluate(() => getComputedStyle(document.querySelector('.site-header') as Element).backgroundColor);
    expect(header, 'the site style is applied').not.toBe('rgba(0, 0, 0, 0)');
    const logo = await page.evaluate(() => (document.querySelector('.brand-logo') as HTMLImageElement).naturalWidth);
    expect(logo, 'the logo is drawn').toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'feedback-alone-390.png') });
    expect(problems).toEqual([]);
  });
});

/**
 * How far apart the colours of a screenshot are: the difference in brightness (0–255) between its
 * darkest and lightest pixels. The PNG is decoded by the browser itself, on a blank page.
 */
async function distinctColours(browser: Browser, png: Buffer): Promise<{ spread: number }> {
  const blank = await browser.newPage();
  try {
    const spread = await blank.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      let darkest = 255;
      let lightest = 0;
      for (let index = 0; index < pixels.length; index += 4) {
        const brightness = 0.299 * (pixels[index] ?? 0) + 0.587 * (pixels[index + 1] ?? 0) + 0.114 * (pixels[index + 2] ?? 0);
        darkest = Math.min(darkest, brightness);
        lightest = Math.max(lightest, brightness);
      }
      return lightest - darkest;
    }, png.toString('base64'));
    return { spread };
  } finally {
    await blank.close();
  }
}
