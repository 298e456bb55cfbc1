/**
 * `npm run grade` over a class of 30 made-up hand-ins (synthetic-class.ts) laid out as Moodle, Canvas,
 * Google Classroom and GitHub Classroom hand them out, or as folders, zips and clones, with the
 * clutter of operating systems, near misses, a class list, and grade import files for Moodle and
 * Canvas. The gradebook is checked cell by cell and note by note; feedback never gives a hidden test
 * away; one hang stops nothing else; near misses are graded when the teacher says so; --shard parts
 * --merge into the same gradebook.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { crashMessage } from '../../scripts/lib/report/report.ts';
import { BOM, parseCsv } from '../../scripts/lib/teacher/csv.ts';
import { renderCsv } from '../../scripts/lib/teacher/gradebook/csv-table.ts';
import {
  feedbackFolder,
  forStudent,
  lessonNotesText,
  referenceProblemWords,
  type Gradebook,
  type StudentGrade,
} from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { readGradebook } from '../../scripts/lib/teacher/gradebook/files.ts';
import { mergeGradebooks } from '../../scripts/lib/teacher/gradebook/merge.ts';
import { byCodeUnits } from '../../scripts/lib/core/text.ts';
import { LMS_FILES } from '../../scripts/lib/teacher/gradebook/lms-export.ts';
import { formatPoints, scoreLesson, type LessonRun } from '../../scripts/lib/core/results.ts';
import { gradingBrokeForStudents } from '../../scripts/lib/teacher/class-grading.ts';
import { changedTests, locateLessons, type Submission } from '../../scripts/lib/teacher/intake/submissions.ts';
import { listLessons, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';
import { chromium, type Browser, type Page } from 'playwright-core';
import { quietLimitMs } from '../../scripts/lib/grader/command/suite-process.ts';
import { pathToFileURL } from 'node:url';
import { BROWSER_ARGS, CHROMIUM, DESKTOP, HAVE_BROWSER, IN_CI, PHONE, SCREENSHOTS } from './browser.ts';
import { CLASS_OF_30, grade, HIDDEN_MISS_SEED, rosterCsv, writeClass, writeClassPack, type Student } from './synthetic-class.ts';

const all = listLessons();
const [first, second] = all as [Lesson, Lesson];
const lessons = [first, second];
const LIMIT_SECONDS = '6';
const ABSENT = 'Cleo Absent';

const scratch = mkdtempSync(join(tmpdir(), 'workbook-grade-test-'));
const pack = join(scratch, 'pack');
const classDir = join(scratch, 'class');
const out = join(scratch, 'out');
let expected: ReturnType<typeof writeClass>;
let run: ReturnType<typeof spawnSync>;
let book: Gradebook;
let csv: string[][];

/** Hidden test names, read from the teacher-only suites: they must never reach a student. */
function hiddenTestNames(): string[] {
  const dir = join(ROOT, 'tests', 'hidden');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .flatMap((file) => [...readFileSync(join(dir, file), 'utf8').matchAll(/\btest\(\s*(['"`])(.+?)\1/g)].map((match) => match[2] as string));
}

const student = (name: string): StudentGrade => book.students.find((candidate) => candidate.name === name) as StudentGrade;
const byKind = (kind: Student['kind']): Student[] => CLASS_OF_30.filter((candidate) => candidate.kind === kind);
const row = (name: string): string[] => csv.find((cells) => cells[0] === name) as string[];
const cell = (name: string, lesson: Lesson): string => row(name)[1 + lessons.indexOf(lesson)] as string;
const notes = (name: string): string => row(name).at(-1) as string;
const feedback = (name: string): string => readFileSync(join(out, 'feedback', feedbackFolder(name), 'feedback.md'), 'utf8');
const page = (name: string): string => readFileSync(join(out, 'feedback', feedbackFolder(name), 'index.html'), 'utf8');

beforeAll(() => {
  writeClassPack(ROOT, lessons, pack);
  expected = writeClass(ROOT, pack, classDir, CLASS_OF_30, lessons);
  writeFileSync(join(scratch, 'roster.csv'), rosterCsv(CLASS_OF_30, ABSENT));
  run = grade([
    classDir,
    '--out',
    out,
    '--lessons',
    `${first.number}-${second.number}`,
    '--limit',
    LIMIT_SECONDS,
    '--roster',
    join(scratch, 'roster.csv'),
    '--format',
    'moodle',
    '--format',
    'canvas',
    // The hidden-miss student misses one hidden test on this seed (hidden.test.ts grades with a seed drawn).
    '--seed',
    HIDDEN_MISS_SEED,
  ]);
  book = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Gradebook;
  const text = readFileSync(join(out, 'gradebook.csv'), 'utf8');
  csv = parseCsv(text);
}, 600_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run grade on a class of 30 hand-ins as platforms hand them out', () => {
  test('finishes, shows a line per student, and names what it wrote', () => {
    expect(run.status, String(run.stderr) + String(run.stdout)).toBe(0);
    for (const { name } of CLASS_OF_30) expect(run.stdout).toMatch(new RegExp(`\\] ${name}\\b`));
    expect(run.stdout).toMatch(/Graded 31 hand-ins in [\d.]+ s/);
    expect(run.stdout).toContain('gradebook.html');
    expect(run.stdout).toContain(LMS_FILES.moodle);
    expect(run.stdout).toContain(LMS_FILES.canvas);
    expect(run.stdout, 'the reference passes the suites').not.toContain('Warning');
  });

  test("each student's line says the points the gradebook gives them", () => {
    // The line comes as a student's last lesson ends, before the runs are held to the reference's list
    // of tests; it must count a test that never ran as failed already, as the gradebook does.
    const said = [...String(run.stdout).matchAll(/^ +\[ *\d+\/\d+\] (.+): ([\d.]+)\/\d+$/gm)];
    expect(said.length, 'lines of students graded').toBeGreaterThan(20);
    const differ = said
      .map(([, line, points]) => ({ name: (line as string).replace(/ \(.*\)$/, ''), points }))
      .map(({ name, points }) => ({ name, points, total: book.students.find((candidate) => candidate.name === name)?.total }))
      .filter(({ points, total }) => total === undefined || points !== formatPoints(total));
    expect(differ, 'lines whose points differ from the gradebook').toEqual([]);
  });

  test('ends with a table of what it found in each hand-in', () => {
    const table = String(run.stdout).slice(String(run.stdout).indexOf('What was found in each hand-in'));
    const line = (name: string): string => table.split('\n').find((candidate) => candidate.startsWith(`  ${name} `)) ?? '';
    expect(line('Carl Lee')).toMatch(/Moodle\s+✓ +✓ +200\/200 +Carl Lee_1234_assignsubmission_file_\/ → tictactoe\.zip → tictactoe-workbook\/lessons\//);
    expect(line('José Núñez')).toMatch(/Canvas\s+✓ +✓ +200\/200 +nunezjose_20001_520001_tictactoe\.zip → tictactoe\/lessons\//);
    expect(line('Ivan Ivanov')).toMatch(/Canvas\s+✓ +✓ +200\/200 +2 files → lessons\//);
    expect(line('Kai King')).toMatch(/Google Classroom\s+✓ +✓/);
    expect(line('Mona Meyer')).toMatch(/GitHub Classroom\s+✓ +✓ +200\/200 +tictactoe-mona-m\//);
    expect(line('Ben Brooks')).toMatch(/zip\s+✓ +✓ +200\/200 +Ben Brooks\.zip → my-workbook\/lessons\//);
    expect(line('Rosa Ruiz')).toMatch(/folder\s+✓ +~ +100\/200/);
    expect(line('Quinn Quist')).toContain('(no lessons/ folder was found in it)');
    expect(line(ABSENT)).toMatch(/–\s+✗ +✗ +0\/200 +\(nothing handed in\)$/);
    expect(table).toContain('4 hand-ins have near misses (~)');
    expect(table).toContain('--accept-near-misses');
  });

  test('gradebook.csv starts with a UTF-8 byte order mark, then one row per student named from the class list', () => {
    expect(readFileSync(join(out, 'gradebook.csv'), 'utf8').startsWith(BOM)).toBe(true);
    expect(csv[0]).toEqual(['student', ...lessons.map((lesson) => lesson.id), 'total', 'late', 'notes']);
    const names = csv.slice(1).map((cells) => cells[0]);
    expect(names).toEqual([...CLASS_OF_30.map((candidate) => candidate.name), ABSENT].sort((a, b) => a.localeCompare(b)));
    for (const clutter of ['README', '__MACOSX', 'Thumbs', '.DS_Store']) expect(names.join('|')).not.toContain(clutter);
  });

  test.each(
    CLASS_OF_30.filter((candidate) => !['hanging', 'hidden-miss'].includes(candidate.kind)).map((candidate) => [
      candidate.name,
      candidate.layout,
      candidate.kind,
    ]),
  )('every cell of %s (%s, %s)', (name) => {
    const points = expected.get(name)?.points as Record<string, number>;
    for (const lesson of lessons) expect(cell(name, lesson), `${name}, ${lesson.id}`).toBe(String(points[lesson.id]));
    const total = lessons.reduce((sum, lesson) => sum + (points[lesson.id] as number), 0);
    expect(row(name)[lessons.length + 1], `${name}, total`).toBe(String(total));
  });

  test('the hanging hand-in: its lesson is stopped and noted, every other lesson graded in full', () => {
    const [hanging] = byKind('hanging') as [Student];
    expect(Number(cell(hanging.name, first))).toBeLessThan(100);
    expect(student(hanging.name).lessons[first.id]?.status).toBe('timeout');
    expect(notes(hanging.name)).toContain(`${first.id}: stopped after ${LIMIT_SECONDS} s`);
    expect(cell(hanging.name, second)).toBe('100');
    expect(feedback(hanging.name)).toMatch(/still running after \d+ s/);
  });

  test('points keep one decimal: a hidden case missed costs a fraction of a task', () => {
    const [miss] = byKind('hidden-miss') as [Student];
    const points = Number(cell(miss.name, first));
    expect(points).toBeGreaterThan(90);
    expect(points).toBeLessThan(100);
    expect(cell(miss.name, first)).toMatch(/^\d+\.\d$/);
    expect(student(miss.name).lessons[first.id]?.points).toBe(points);
  });

  test('notes are whole and name the real cause', () => {
    const [syntax] = byKind('syntax') as [Student];
    const cause = new RegExp(`Syntax error in lessons/${first.id}/${first.files[0]}, line \\d+, column \\d+: Expected identifier but found "\\("`);
    expect(notes(syntax.name)).toMatch(new RegExp(`${first.id}: not graded: the file does not load: ${cause.source}`));
    expect(notes(syntax.name)).toMatch(new RegExp(`${second.id}: not graded: it uses ${first.id}, which does not load: ${cause.source}`));
    expect(student(syntax.name).lessons[second.id]?.status).toBe('blocked');
    for (const lesson of lessons) expect(notes('Lea Long')).toContain(`tests/${lesson.id}.test.ts changed (ignored: graded with the teacher's copy)`);
    expect(notes('Hana Hill')).toBe(`Canvas marked it late; ${second.id}: not graded: lessons/${second.id}/${second.files[0]} is missing`);
    expect(student('Hana Hill').late).toBe(true);
    expect(notes('Quinn Quist')).toBe('not graded: nothing in the hand-in could be used (no lessons/ folder was found in it)');
    expect(notes(ABSENT)).toBe('not graded: no hand-in was found');
    for (const name of ['Ann Archer', 'Carl Lee', 'José Núñez', 'Ivan Ivanov', 'Kai King', 'Mona Meyer', 'Pia Park']) expect(notes(name), name).toBe('');
  });

  test('near misses are named with what was found and why, and not graded', () => {
    const file = second.files[0] as string;
    const capital = file.replace(/^./, (letter) => letter.toUpperCase());
    const want = `${second.id}: not graded: lessons/${second.id}/${file} is missing; the hand-in has`;
    const graded = `in place of lessons/${second.id}/${file} (--accept-near-misses grades it)`;
    expect(notes('Rosa Ruiz')).toBe(`${want} lessons/${second.id}/${capital} (the capital and small letters differ) ${graded}`);
    expect(notes('Sam Stone')).toBe(`${want} my-workbook/lessons/${second.id}/${file}.txt (its name has an extra ending) ${graded}`);
    expect(notes('Tara Tan')).toBe(`${want} lessons/${file} (it is in another folder) ${graded}`);
    expect(notes('Uma Ueda')).toContain(`tictactoe-workbook/lessons/${second.id.toUpperCase()}/${file} (the capital and small letters differ)`);
    expect(feedback('Rosa Ruiz')).toContain(
      `Not graded: \`lessons/${second.id}/${file}\` is missing; the hand-in has \`lessons/${second.id}/${capital}\` (the capital and small letters differ) in place of \`lessons/${second.id}/${file}\`. Rename or move \`lessons/${second.id}/${capital}\` to \`lessons/${second.id}/${file}\``,
    );
  });

  test('a feedback page and a feedback.md per student, with the points and the report in their words', () => {
    for (const name of [...CLASS_OF_30.map((candidate) => candidate.name), ABSENT]) {
      expect(existsSync(join(out, 'feedback', feedbackFolder(name), 'feedback.md')), name).toBe(true);
      expect(page(name), name).toMatch(new RegExp(`<h1 id="[\\w-]+">Feedback for ${name}</h1>`));
    }
    expect(feedback('Ann Archer')).toContain('**200 of 200 points**');
    const partly = feedback('Ada Abel');
    expect(partly).toMatch(/renderFramed is not written yet: it still throws "not implemented yet"/);
    expect(partly).toContain('## Your report');
    // The page keeps its look when sent alone: the site's style sheet is inside it.
    expect(page('Ada Abel')).toContain('<style>');
    expect(page('Ada Abel')).not.toContain('../../');
    expect(feedback('Lea Long')).toContain(`You changed tests/${first.id}.test.ts. Grading always uses your teacher's copy`);
    expect(feedback('Eva Eriksen')).toContain(`Not graded: it uses ${first.id}, which does not load: Syntax error in`);
    expect(feedback('Eva Eriksen')).toContain(`Fix lesson ${first.number} first`);
    expect(feedback(ABSENT)).toContain('Not graded: no hand-in was found.');
    expect(existsSync(join(out, 'style.css'))).toBe(true);
  });

  test("feedback counts hidden tests but never names them; the teacher's gradebook names them", () => {
    const hidden = hiddenTestNames();
    expect(hidden.length).toBeGreaterThan(0);
    const [miss] = byKind('hidden-miss') as [Student];
    expect(feedback(miss.name)).toMatch(/Hidden tests: 1 of \d+ failed \(task 3\)/);
    for (const name of [...CLASS_OF_30.map((candidate) => candidate.name), ABSENT]) {
      for (const secret of hidden) {
        expect(feedback(name), `${name}'s feedback shows the hidden test "${secret}"`).not.toContain(secret);
        expect(page(name), `${name}'s page shows the hidden test "${secret}"`).not.toContain(secret);
      }
    }
    // The teacher's gradebook also says what failed (the assertion; for a generated case, the counterexample).
    expect(student(miss.name).lessons[first.id]?.hiddenFailures).toEqual([
      {
        task: 3,
        name: 'renderFramed on a board with marks in the corners and the centre',
        detail: expect.stringContaining('expected: "-------------\\n| O | 2 | X |'),
      },
    ]);
    for (const name of CLASS_OF_30.map((candidate) => candidate.name)) expect(feedback(name), `${name}'s feedback`).not.toMatch(/Counterexample/);
    const html = readFileSync(join(out, 'gradebook.html'), 'utf8');
    expect(html).toContain('<span class="where">01 task 3:</span> renderFramed on a board with marks in the corners and the centre');
  });

  test('gradebook.html: one row per student, each lesson coloured by its points with the first task not finished', () => {
    const html = readFileSync(join(out, 'gradebook.html'), 'utf8');
    const rows = html
      .slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'))
      .split('\n')
      .filter((line) => line.startsWith('<tr '));
    expect(rows).toHaveLength(31);
    const ada = rows.find((line) => line.includes('>Ada Abel</a>')) as string;
    expect(ada).toContain(`<td class="cell status-partial" style="--p:40"><strong>40</strong><span class="open">Task 3: ${first.tasks[2]?.title}</span>`);
    expect(ada).toContain('href="feedback/Ada%20Abel/index.html"');
    expect(rows.find((line) => line.includes('>Eva Eriksen</a>'))).toContain(`<span class="word">waits for ${first.number}</span>`);
    const [miss] = byKind('hidden-miss') as [Student];
    expect(
      rows.find((line) => line.includes(`>${miss.name}</a>`)),
      'a hidden case missed, counted in the cell',
    ).toContain('<span class="hidden-count">1 hidden case missed</span>');
    expect(ada, 'hidden tests of tasks not finished anyway are not counted in the cell').not.toContain('hidden-count');
    expect(html).toContain('What the class finished, task by task');
    expect(html).toMatch(/Fewest finished, so perhaps worth teaching again: <strong>lesson 0\d, task \d<\/strong>/);
    expect(html).not.toMatch(/https?:\/\/|src="http|<link rel="stylesheet"/);
    expect(html).toContain("default-src 'none'");
  });
});

if (!HAVE_BROWSER && IN_CI) {
  test('Chromium is installed for the gradebook browser tests', () => {
    throw new Error(`The gradebook browser tests need Debian's Chromium at ${CHROMIUM}; .ci/run installs it.`);
  });
}

describe.skipIf(!HAVE_BROWSER)('the gradebook of the class of 30 in Chromium', () => {
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  /** Screenshots of the gradebook and a feedback page, for looking at by eye. */
  const shots = join(SCREENSHOTS, 'grading');

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: BROWSER_ARGS });
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light' });
    // The pages must work from disk alone: any request that is not a file is refused and reported.
    await context.route(
      (url) => url.protocol !== 'file:' && url.protocol !== 'data:',
      async (route) => {
        problems.push(`request to the outside: ${route.request().url()}`);
        await route.abort();
      },
    );
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(pathToFileURL(join(out, 'gradebook.html')).href);
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** The student names of the rows shown, top to bottom. */
  const shownNames = (): Promise<string[]> => page.$$eval('table.grades tbody tr:not([hidden]) th a', (links) => links.map((link) => link.textContent ?? ''));
  /** A cell's background colour as [r, g, b]. */
  const background = (selector: string): Promise<number[]> =>
    page.$eval(selector, (element) => (getComputedStyle(element).backgroundColor.match(/\d+/g) ?? []).slice(0, 3).map(Number));

  test('opens from disk without errors or requests, one row per student', async () => {
    expect(await shownNames()).toHaveLength(31);
    await page.screenshot({ path: join(shots, 'gradebook-desktop.png') });
    await page.screenshot({ path: join(shots, 'gradebook-desktop-whole.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  test('colours each lesson cell on a continuous scale: 0 red, 40 in between, 100 green', async () => {
    const zero = await background('tr[data-name="gia green"] td.cell');
    const forty = await background('tr[data-name="ada abel"] td.cell');
    const full = await background('tr[data-name="ann archer"] td.cell');
    expect(zero[0]).toBeGreaterThan(zero[1] as number);
    expect(full[1]).toBeGreaterThan(full[0] as number);
    expect(forty).not.toEqual(zero);
    expect(forty).not.toEqual(full);
    expect(forty[1], 'greener than 0').toBeGreaterThan(zero[1] as number);
    expect(forty[0], 'redder than 100').toBeGreaterThan(full[0] as number);
  });

  test('sorts by a column when its heading is clicked, and back the other way', async () => {
    await page.click('th button[data-sort="total"]');
    expect(await page.getAttribute('th:has(button[data-sort="total"])', 'aria-sort')).toBe('descending');
    const byTotal = [...book.students].sort((a, b) => b.total - a.total);
    expect(student((await shownNames())[0] as string).total).toBe(byTotal[0]?.total);
    await page.click('th button[data-sort="total"]');
    expect(student((await shownNames())[0] as string).total).toBe(0);
    await page.click(`th button[data-sort="${second.id}"]`);
    const names = await shownNames();
    const points = names.map((name) => student(name).lessons[second.id]?.points ?? 0);
    expect(points, 'descending by lesson 02').toEqual([...points].sort((a, b) => b - a));
    await page.click('th button[data-sort="name"]');
    expect(await shownNames()).toEqual(book.students.map((candidate) => candidate.name));
  });

  test('shows only the students below a threshold, by the total or one lesson', async () => {
    await page.fill('#threshold', '50');
    const below = book.students.filter((candidate) => (candidate.total / (lessons.length * 100)) * 100 < 50).map((candidate) => candidate.name);
    expect(await shownNames()).toEqual(below);
    expect(await page.textContent('#shown')).toBe(`${below.length} of 31 students shown (below 50 %)`);
    await page.screenshot({ path: join(shots, 'gradebook-below-50.png') });
    await page.selectOption('#filter-column', first.id);
    await page.fill('#threshold', '100');
    expect(await shownNames()).toEqual(
      book.students.filter((candidate) => (candidate.lessons[first.id]?.points ?? 0) < 100).map((candidate) => candidate.name),
    );
    await page.fill('#threshold', '');
    await page.selectOption('#filter-column', 'total');
    expect(await shownNames()).toHaveLength(31);
  });

  test('fits a phone: the page does not scroll sideways, the table scrolls inside its box', async () => {
    await page.setViewportSize(PHONE);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    const box = await page.$eval('#students', (element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(box.scroll).toBeGreaterThan(box.client);
    await page.screenshot({ path: join(shots, 'gradebook-phone.png') });
    await page.setViewportSize(DESKTOP);
  });

  test("a student's name opens their feedback as a page in the site's look", async () => {
    await Promise.all([page.waitForNavigation(), page.click('a:text-is("Rosa Ruiz")')]);
    expect(await page.textContent('h1')).toBe('Feedback for Rosa Ruiz');
    expect(await page.$$eval('table', (tables) => tables.length)).toBeGreaterThan(0);
    const header = await page.$eval('.site-header', (element) => getComputedStyle(element).backgroundColor);
    expect(header).toBe('rgb(23, 52, 92)');
    await page.screenshot({ path: join(shots, 'feedback-page.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(shots, 'feedback-page-phone.png') });
    await page.setViewportSize(DESKTOP);
    expect(problems).toEqual([]);
  });
});

describe('grade import files for learning platforms', () => {
  test('Moodle: the offline grading worksheet, matched by participant number', () => {
    const text = readFileSync(join(out, LMS_FILES.moodle), 'utf8');
    expect(text.startsWith(BOM)).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['Identifier', 'Full name', 'Email address', 'Grade', 'Maximum Grade', 'Last modified (grade)', 'Feedback comments']);
    const carl = rows.find((cells) => cells[1] === 'Carl Lee') as string[];
    expect(carl.slice(0, 5)).toEqual(['Participant 1234', 'Carl Lee', 'leecarl@school.example', '100', '100']);
    expect(carl[5]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(carl[6]).toBe(`${first.number} ${first.title}: 100/100; ${second.number} ${second.title}: 100/100`);
    expect(rows.find((cells) => cells[1] === 'Finn Fox')?.slice(0, 4)).toEqual(['Participant 1236', 'Finn Fox', 'foxfinn@school.example', '20']);
    expect(rows.find((cells) => cells[1] === ABSENT)?.[3], 'no grade for a student without a hand-in').toBe('');
    // Work not graded: the comment says why, in the words of the student's feedback.
    const comment = (name: string): string => rows.find((cells) => cells[1] === name)?.[6] ?? '';
    expect(comment(ABSENT)).toBe('Not graded: no hand-in was found.');
    expect(comment('Quinn Quist')).toBe('Not graded: nothing in the hand-in could be used (no lessons/ folder was found in it).');
    const file = `lessons/${second.id}/${second.files[0]}`;
    expect(comment('Uma Ueda')).toMatch(
      new RegExp(
        `; ${second.number} ${second.title}: 0/100, not graded: ${file} is missing; the hand-in has \\S+ \\(the capital and small letters differ\\) in place of ${file}$`,
      ),
    );
    expect(feedback('Uma Ueda').replaceAll('`', '')).toContain(comment('Uma Ueda').split(', not graded: ')[1] as string);
    expect(comment('Eva Eriksen')).toMatch(
      new RegExp(`^${first.number} ${first.title}: 0/100, not graded: the file does not load: Syntax error in lessons/${first.id}/`),
    );
  });

  test('Canvas: Student, ID, SIS User ID, SIS Login ID, Section, then the assignment', () => {
    const text = readFileSync(join(out, LMS_FILES.canvas), 'utf8');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', 'Tic-Tac-Toe workbook']);
    expect(rows.find((cells) => cells[0] === 'José Núñez')).toEqual(['José Núñez', '20001', '', '', '', '100']);
    expect(rows.find((cells) => cells[0] === 'Bo Berg')).toEqual(['Bo Berg', '20005', '', '', '', '50']);
    expect(run.stdout).toMatch(/No Canvas ID, SIS User ID or SIS Login ID \(from the names in Canvas's download, or --roster\) for Ada Abel, /);
  });
});

describe('--accept-near-misses', () => {
  test('grades the files found near where they belong, and says so to the teacher and the student', () => {
    const nearClass = join(scratch, 'near');
    mkdirSync(nearClass);
    for (const entry of readdirSync(classDir).filter((name) => /^(Rosa Ruiz|Sam Stone\.zip|Tara Tan|Uma Ueda_)/.test(name))) {
      cpSync(join(classDir, entry), join(nearClass, entry), { recursive: true });
    }
    const nearOut = join(scratch, 'near-out');
    const accepted = grade([nearClass, '--out', nearOut, '--lessons', `${first.number}-${second.number}`, '--accept-near-misses']);
    expect(accepted.status, String(accepted.stderr)).toBe(0);
    const nearBook = JSON.parse(readFileSync(join(nearOut, 'gradebook.json'), 'utf8')) as Gradebook;
    expect(nearBook.students.map((candidate) => [candidate.name, candidate.total])).toEqual([
      ['Rosa Ruiz', 200],
      ['Sam Stone', 200],
      ['Tara Tan', 200],
      ['Uma Ueda', 200],
    ]);
    const file = second.files[0] as string;
    expect(lessonNotesText(nearBook.students[2]?.lessons[second.id] ?? {})).toBe(
      `graded lessons/${file} as lessons/${second.id}/${file} (near miss accepted: it is in another folder)`,
    );
    expect(accepted.stdout).toMatch(/Tara Tan\s+folder\s+✓ +≈ +200\/200/);
    const taraFeedback = readFileSync(join(nearOut, 'feedback', 'Tara Tan', 'feedback.md'), 'utf8');
    expect(taraFeedback).toContain(
      `Your teacher graded \`lessons/${file}\` in place of \`lessons/${second.id}/${file}\`. Next time, name and place it exactly as \`lessons/${second.id}/${file}\`.`,
    );
  });
});

describe('what a student may see', () => {
  const outcome = (name: string, hidden: boolean, status: 'passed' | 'failed') => ({
    name,
    task: 1,
    hidden,
    status,
    durationMs: 1,
    ...(status === 'failed' ? { failure: { kind: 'assertion' as const, name: 'AssertionError', message: `detail of ${name}` } } : {}),
  });

  test('hidden tests lose their names and failures; a hang inside one loses the test name and the output', () => {
    const run = {
      lessonId: first.id,
      tests: [outcome('visible one', false, 'failed'), outcome('the secret case', true, 'failed')],
      problem: { kind: 'timeout' as const, limitMs: 5000, runningTest: 'another secret case', lastOutput: ['the secret board'] },
      output: 'printed during a secret case',
      durationMs: 5000,
    };
    const safe = forStudent(scoreLesson(first, run), new Set(['visible one']));
    const text = JSON.stringify(safe.run);
    expect(text).not.toMatch(/secret/);
    expect(safe.run.tests.map((test) => test.status)).toEqual(['failed', 'failed']);
    expect(safe.run.tests[0]?.failure?.message, 'a visible failure stays').toBe('detail of visible one');
    expect(safe.tasks[0]?.hiddenFailed).toBe(1);
    expect(safe.run.problem).toEqual({ kind: 'timeout', limitMs: 5000, runningTest: 'a hidden test', lastOutput: [] });
  });

  test("grading that broke says so without the test runner's last lines (they may hold what the code printed during hidden tests)", () => {
    const run = {
      lessonId: first.id,
      tests: [],
      problem: {
        kind: 'crash' as const,
        cause: 'grader-broke' as const,
        end: { kind: 'signal' as const, signal: 'SIGKILL' },
        tail: 'printed during a secret case',
      },
      output: '',
      durationMs: 1,
    };
    const safe = forStudent(scoreLesson(first, run), new Set());
    expect(JSON.stringify(safe.run)).not.toMatch(/secret/);
    expect(safe.run.problem).toEqual({ ...run.problem, tail: '' });
    expect(safe.run.problem?.kind === 'crash' && crashMessage(safe.run.problem)).toBe(
      'Grading itself broke: the test runner was stopped by SIGKILL before this lesson was graded. This is a fault of the grader, not of the code it grades.',
    );
  });

  test('a hang inside a visible test keeps the test name and what the code printed', () => {
    const run = {
      lessonId: first.id,
      tests: [],
      problem: { kind: 'timeout' as const, limitMs: 5000, runningTest: 'visible one', lastOutput: ['X | O'] },
      output: '',
      durationMs: 5000,
    };
    expect(forStudent(scoreLesson(first, run), new Set(['visible one'])).run.problem).toEqual(run.problem);
  });
});

describe('sharding and merging', () => {
  test('--shard 3/6 grades every sixth hand-in from the third, the same as the whole run', () => {
    // One lesson only, and a shard without the hanging hand-in, to keep the test quick: the shard's cells
    // must equal that column of the whole run, cell for cell.
    const only = (gradebook: Gradebook): Gradebook => ({
      ...gradebook,
      lessons: gradebook.lessons.filter((lesson) => lesson.id === first.id),
      students: gradebook.students.map((candidate) => {
        const kept = candidate.lessons[first.id];
        return { ...candidate, lessons: kept ? { [first.id]: kept } : {}, total: kept?.points ?? 0 };
      }),
    });
    const shardOut = join(scratch, 'shard2');
    // The same seed as the whole run, so the hidden tests draw the same inputs (and name the same counterexamples).
    const part = grade([
      classDir,
      '--shard',
      '3/6',
      '--lessons',
      first.number,
      '--out',
      shardOut,
      '--limit',
      LIMIT_SECONDS,
      '--roster',
      join(scratch, 'roster.csv'),
      '--seed',
      String(book.seed),
    ]);
    expect(part.status, String(part.stderr)).toBe(0);
    expect(part.stdout).toMatch(/Grading 5 hand-ins \(this shard; 26 others/);
    const shard = JSON.parse(readFileSync(join(shardOut, 'gradebook.json'), 'utf8')) as Gradebook;
    const sorted = book.students.map((candidate) => candidate.name);
    expect(shard.shard).toEqual({ index: 3, count: 6 });
    // Dealt in code-unit order of the names (no locale changes it), listed in the gradebook's order.
    const dealt = [...sorted].sort(byCodeUnits).filter((_, index) => index % 6 === 2);
    expect(shard.students.map((candidate) => candidate.name)).toEqual(sorted.filter((name) => dealt.includes(name)));
    expect(dealt.filter((name) => byKind('hanging').some((candidate) => candidate.name === name))).toEqual([]);
    const whole = only(book);
    for (const graded of shard.students) {
      expect(graded.lessons, graded.name).toEqual(whole.students.find((candidate) => candidate.name === graded.name)?.lessons);
    }

    // The other parts, cut from the whole run, merged with the shard give the whole gradebook back.
    const rest = join(scratch, 'rest');
    mkdirSync(rest);
    const others = {
      ...whole,
      shard: { index: 1, count: 6 },
      students: whole.students.filter((candidate) => !shard.students.some((s) => s.name === candidate.name)),
    };
    writeFileSync(join(rest, 'gradebook.json'), JSON.stringify(others));
    const merged = join(scratch, 'merged');
    const merging = grade(['--merge', shardOut, rest, '--out', merged, '--format', 'canvas']);
    expect(merging.status, String(merging.stderr)).toBe(0);
    const mergedBook = JSON.parse(readFileSync(join(merged, 'gradebook.json'), 'utf8')) as Gradebook;
    expect(renderCsv(mergedBook)).toBe(renderCsv(whole));
    expect(mergedBook.students.map((candidate) => candidate.name)).toEqual(sorted);
    for (const name of sorted) expect(existsSync(join(merged, 'feedback', feedbackFolder(name), 'index.html')), name).toBe(true);
    expect(existsSync(join(merged, LMS_FILES.canvas))).toBe(true);
  });

  test('merging refuses parts that graded different lessons or are the same shard', () => {
    const part = { ...book, students: book.students.slice(0, 1) };
    expect(() => mergeGradebooks([part, part])).toThrow(/the same shard/);
    expect(() => mergeGradebooks([part, { ...part, lessons: part.lessons.slice(1), students: [] }])).toThrow(/different lessons/);
  });

  test('a merged gradebook keeps the warning that the reference scored below 100', () => {
    const part = {
      ...book,
      shard: { index: 1, count: 2 },
      students: book.students.slice(0, 1),
      referenceProblems: [{ kind: 'below-full' as const, lesson: first.id, earned: 95 }],
    };
    const merged = mergeGradebooks([part, { ...book, shard: { index: 2, count: 2 }, students: book.students.slice(1, 2) }]);
    expect(merged.referenceProblems).toEqual(part.referenceProblems);
  });
});

describe('finding the workbook in a hand-in', () => {
  test('a copy, a folder around it, or only the lessons folder', () => {
    const base = join(scratch, 'shapes');
    cpSync(join(pack, 'lessons'), join(base, 'plain', 'lessons'), { recursive: true });
    cpSync(join(pack, 'lessons'), join(base, 'wrapped', 'inner', 'lessons'), { recursive: true });
    cpSync(join(pack, 'lessons'), join(base, 'bare'), { recursive: true });
    mkdirSync(join(base, 'empty', 'node_modules', 'x', 'lessons', '01-board'), { recursive: true });
    expect(locateLessons(join(base, 'plain'))).toEqual({ root: join(base, 'plain'), lessonsDir: join(base, 'plain', 'lessons') });
    expect(locateLessons(join(base, 'wrapped'))?.lessonsDir).toBe(join(base, 'wrapped', 'inner', 'lessons'));
    expect(locateLessons(join(base, 'bare'))).toEqual({ lessonsDir: join(base, 'bare') });
    expect(locateLessons(join(base, 'empty')), 'lessons inside node_modules do not count').toBeUndefined();
  });

  test('a test file is "changed" only when it matches neither the teacher nor the pack that was handed out', () => {
    const root = join(scratch, 'changes');
    cpSync(pack, root, { recursive: true });
    const submission: Submission = { name: 'x', source: root, root, lessonsDir: join(root, 'lessons') };
    expect(changedTests(submission, ROOT, lessons)).toEqual([]);
    writeFileSync(join(root, 'tests', `${first.id}.test.ts`), '// mine\n');
    rmSync(join(root, 'tests', `${second.id}.test.ts`));
    expect(changedTests(submission, ROOT, lessons)).toEqual([
      { path: `tests/${first.id}.test.ts`, change: 'changed' },
      { path: `tests/${second.id}.test.ts`, change: 'deleted' },
    ]);
  });
});

describe('one worker asked for', () => {
  test('--workers 1 (or VITEST_MAX_WORKERS=1) still grades every student: the pool keeps two workers', () => {
    // With one worker, vitest would run every student's test file in one module graph, and every file
    // after the first would run no tests: everyone but the first student got 0, the reference too.
    const folder = join(scratch, 'one-worker');
    for (const name of ['ana', 'ben', 'cleo']) {
      cpSync(join(pack, 'lessons'), join(folder, name, 'lessons'), { recursive: true });
      for (const lesson of lessons) cpSync(join(ROOT, 'solutions', lesson.id), join(folder, name, 'lessons', lesson.id), { recursive: true });
    }
    const graded = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/grade.ts',
        folder,
        '--out',
        join(scratch, 'one-worker-out'),
        '--lessons',
        `${first.number}-${second.number}`,
        '--workers',
        '1',
      ],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', VITEST_MAX_WORKERS: '1' } },
    );
    expect(graded.status, graded.stdout + graded.stderr).toBe(0);
    const gradebook = readGradebook(join(scratch, 'one-worker-out'));
    expect(gradebook.referenceProblems ?? []).toEqual([]);
    expect(gradebook.students.map((each) => [each.name, lessons.map((lesson) => each.lessons[lesson.id]?.points)])).toEqual(
      ['ana', 'ben', 'cleo'].map((name) => [name, [100, 100]]),
    );
  });
});

describe('students graded one after another', () => {
  test("each is graded on their own code: a class's methods and accessors are never another student's", () => {
    // Class grading runs the students' test files one after another in the same workers, and the
    // suites' mirrors of a student's TicTacToe get that student's methods. Here classes that differ
    // from the reference (an isFull that always says false, a board kept behind an accessor, no isFull
    // at all) sit before, between and after honest ones, and the class is graded in both orders: what
    // a student got from the one before them would differ between the orders (--seed 1: the hidden
    // suites draw the same inputs in both).
    const lesson = all.find((candidate) => candidate.id === '05-class') as Lesson;
    const folder = join(scratch, 'shared-file');
    const solution = readFileSync(join(ROOT, 'solutions', lesson.id, 'tictactoe.ts'), 'utf8');
    const withIsFull = (body: string): string => solution.replace(/( {2})isFull\(\): boolean \{\n[\s\S]*?\n {2}\}\n/, body);
    const wrong = withIsFull('  isFull(): boolean {\n    return false;\n  }\n');
    const missing = withIsFull('  declare isFull: () => boolean;\n');
    const accessor = solution.replace(
      /( {2})board: Grid;\n/,
      '  #cells: Grid = [];\n  get board(): Grid {\n    return this.#cells;\n  }\n  set board(value: Grid) {\n    this.#cells = value;\n  }\n',
    );
    for (const changed of [wrong, missing, accessor]) expect(changed, 'a changed copy of the solution').not.toBe(solution);
    const sources = { wrong, 'honest-1': solution, missing, accessor, 'honest-2': solution };
    /** Grades the students in the order given (their folders are named so that they sort in it). */
    const gradeInOrder = (names: Array<keyof typeof sources>, out: string): Record<string, number | undefined> => {
      for (const [index, name] of names.entries()) {
        const place = join(folder, out, `${index + 1}-${name}`, 'lessons');
        cpSync(join(ROOT, 'lessons'), place, { recursive: true });
        // The finished lessons it builds on (the class draws its grid with lesson 01's functions).
        cpSync(join(ROOT, 'solutions'), place, { recursive: true, filter: (path) => !path.endsWith('stubs.lock.json') });
        writeFileSync(join(place, lesson.id, 'tictactoe.ts'), sources[name]);
      }
      const graded = grade([join(folder, out), '--out', join(folder, `${out}-gradebook`), '--lessons', lesson.number, '--seed', '1']);
      expect(graded.status, `${graded.stdout}${graded.stderr}`).toBe(0);
      return Object.fromEntries(
        readGradebook(join(folder, `${out}-gradebook`)).students.map((each) => [each.name.replace(/^\d+-/, ''), each.lessons[lesson.id]?.points]),
      );
    };
    const names = Object.keys(sources) as Array<keyof typeof sources>;
    const forwards = gradeInOrder(names, 'forwards');
    for (const name of ['honest-1', 'honest-2']) expect(forwards[name], name).toBe(100);
    for (const name of ['wrong', 'missing', 'accessor']) expect(forwards[name], name).toBeLessThan(100);
    expect(gradeInOrder([...names].reverse(), 'backwards')).toEqual(forwards);
  });

  test("what a student's code does while their suites load counts the same whether or not their sandbox was kept, alone or in a class", async () => {
    // A student's first lesson must find the same modules loaded whatever their sandbox holds (a
    // review found a lesson 01 that scored 94 or 100 from run to run with memory near the limit, when
    // a test file held four students): here lesson 02's module sets a global that lesson 01's
    // createBoard reads, so lesson 01 loses points alone and in a class, holding 150 MB or not.
    const folder = join(scratch, 'memory-held');
    const board = readFileSync(join(ROOT, 'solutions', first.id, 'board.ts'), 'utf8');
    const input = readFileSync(join(ROOT, 'solutions', second.id, 'input.ts'), 'utf8');
    const reading = board.replace(
      'return Array.from({ length: 9 }, () => EMPTY);',
      'if ((globalThis as Record<string, unknown>).laterLessonLoaded === true) return [];\n  return Array.from({ length: 9 }, () => EMPTY);',
    );
    expect(reading).not.toBe(board);
    const flagging = `${input}\n(globalThis as Record<string, unknown>).laterLessonLoaded = true;\n`;
    // (The holding one also takes a third of a second more to load, so that a look every 15 ms cannot miss it.)
    const holding = `${flagging}\n(globalThis as Record<string, unknown>).held = new Uint8Array(150 * 1024 * 1024).fill(1);\nconst loadedBy = Date.now() + 300;\nwhile (Date.now() < loadedBy) {\n  // still loading\n}\n`;
    const students = { 'a-holding': holding, 'b-flagging': flagging, 'c-honest': input };
    for (const [name, inputSource] of Object.entries(students)) {
      for (const group of ['class', `alone-${name}`]) {
        if (group.startsWith('alone') && name === 'c-honest') continue;
        const place = join(folder, group, name, 'lessons');
        cpSync(join(ROOT, 'lessons'), place, { recursive: true });
        cpSync(join(ROOT, 'solutions'), place, { recursive: true, filter: (path) => !path.endsWith('stubs.lock.json') });
        if (name !== 'c-honest') writeFileSync(join(place, first.id, 'board.ts'), reading);
        writeFileSync(join(place, second.id, 'input.ts'), inputSource);
      }
    }
    const large = new Set<string>();
    // Only the sandboxes of this grading run count: another grading on the machine (a second test run) has its own.
    const look = (grader: number): void => {
      const listed = spawnSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' }).stdout ?? '';
      const rows = listed.split('\n').map((line) => {
        const [pid = '', ppid = '', rssKb = ''] = line.trim().split(/\s+/);
        return { pid, ppid, rssKb: Number(rssKb), sandbox: line.includes('--experimental-permission') };
      });
      const run = new Set([String(grader)]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const row of rows) if (!run.has(row.pid) && run.has(row.ppid)) grew = Boolean(run.add(row.pid));
      }
      for (const row of rows) if (row.sandbox && row.rssKb > 120 * 1024 && run.has(row.pid)) large.add(row.pid);
    };
    const gradeGroup = async (group: string, watched: boolean): Promise<Record<string, Record<string, number | undefined>>> => {
      const child = spawn(
        process.execPath,
        // A call limit far above what loading takes: filling 150 MB takes about a second on a quiet machine and
        // more beside other test files, and what is measured here is the memory a sandbox holds, not time.
        [
          '--import',
          'tsx',
          'scripts/grade.ts',
          join(folder, group),
          '--out',
          join(folder, `${group}-out`),
          '--lessons',
          `${first.number}-${second.number}`,
          '--limit',
          '20',
        ],
        { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: 'ignore' },
      );
      const watching = watched ? setInterval(() => look(child.pid as number), 15) : undefined;
      const status = await new Promise<number | null>((resolveExit) => child.on('close', resolveExit));
      clearInterval(watching);
      expect(status, group).toBe(0);
      return Object.fromEntries(
        readGradebook(join(folder, `${group}-out`)).students.map((each) => [
          each.name,
          Object.fromEntries(lessons.map((lesson) => [lesson.id, each.lessons[lesson.id]?.points])),
        ]),
      );
    };
    const inClass = await gradeGroup('class', true);
    expect(large.size, 'sandboxes that held more than 120 MB').toBeGreaterThan(0);
    expect(inClass['c-honest']).toEqual({ [first.id]: 100, [second.id]: 100 });
    expect(inClass['a-holding']?.[first.id], 'lesson 01 saw the global of lesson 02').toBeLessThan(100);
    expect(inClass['a-holding'], 'a sandbox that held 150 MB, and one that did not').toEqual(inClass['b-flagging']);
    for (const name of ['a-holding', 'b-flagging']) {
      const alone = await gradeGroup(`alone-${name}`, false);
      expect(alone[name], `${name} graded alone`).toEqual(inClass[name]);
    }
  });

  test("an input a hidden suite gives the code, even while it loads, never reaches a visible test's message", () => {
    // A student's lessons run in one sandbox process, booted afresh for each part of a lesson but the
    // same process: code can keep what it is given in a global and throw it later. So every visible
    // part of a student runs before any hidden part (runner.ts), and a process that has run code for
    // a hidden part is never used for a visible one (client.ts, lessonStarted). The suites never call
    // the code while they load, so here a copy of the workbook has a hidden suite that does: lesson
    // 02's parseMove keeps every line, and lesson 01's renderBoard throws them into visible tests.
    const folder = join(scratch, 'carried');
    const workbook = join(folder, 'workbook');
    for (const name of ['package.json', 'vitest.config.ts', 'tsconfig.json', 'scripts', 'tests', 'solutions', 'lessons']) {
      cpSync(join(ROOT, name), join(workbook, name), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(workbook, 'node_modules'));
    const secret = 'typed-by-a-hidden-suite-while-it-loads';
    const hiddenSuite = join(workbook, 'tests', 'hidden', `${second.id}.test.ts`);
    writeFileSync(hiddenSuite, `${readFileSync(hiddenSuite, 'utf8')}\nparseMove(${JSON.stringify(secret)}, Array(9).fill(' '));\n`);
    const board = readFileSync(join(ROOT, 'solutions', first.id, 'board.ts'), 'utf8');
    const input = readFileSync(join(ROOT, 'solutions', second.id, 'input.ts'), 'utf8');
    const throwing = board.replace(
      /(export function renderBoard\(board: Board\): string \{\n)/,
      '$1  throw new Error(`carried:${JSON.stringify((globalThis as Record<string, unknown>).carried ?? [])}`);\n',
    );
    const keeping = input.replace(
      /(export function parseMove\(raw: string, board: Board\): MoveResult \{\n)/,
      '$1  ((globalThis as Record<string, unknown[]>).carried ??= []).push(raw);\n',
    );
    expect([throwing, keeping], 'the changed solutions').not.toEqual([board, input]);
    const place = join(folder, 'class', 'keeper', 'lessons');
    cpSync(join(ROOT, 'lessons'), place, { recursive: true });
    cpSync(join(ROOT, 'solutions'), place, { recursive: true, filter: (path) => !path.endsWith('stubs.lock.json') });
    writeFileSync(join(place, first.id, 'board.ts'), throwing);
    writeFileSync(join(place, second.id, 'input.ts'), keeping);
    const graded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/grade.ts', join(folder, 'class'), '--out', join(folder, 'out'), '--lessons', `${first.number}-${second.number}`],
      { cwd: workbook, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(graded.status, `${graded.stdout}${graded.stderr}`).toBe(0);
    const shown = readFileSync(join(folder, 'out', 'feedback', feedbackFolder('keeper'), 'feedback.md'), 'utf8');
    expect(shown, 'the visible failures of renderBoard').toContain('carried:[');
    expect(shown).not.toContain(secret);
  });

  test('when grading breaks after the reference is graded, the command and the gradebook say so (and it exits 1)', () => {
    // A review stopped the runner through a hand-in (since fixed) after the reference's file was done:
    // the students not yet graded got 0, and the command exited 0 with nothing said but in the notes.
    // The runner marks each lesson it never graded; those marks must become a problem of the whole run.
    const graded = (lessonId: string): LessonRun => ({ lessonId, tests: [], output: '', durationMs: 1 });
    const broken = (lessonId: string): LessonRun => ({
      ...graded(lessonId),
      problem: { kind: 'crash', cause: 'grader-broke', end: { kind: 'signal', signal: 'SIGKILL' }, tail: 'more' },
    });
    const crashed: LessonRun = {
      ...graded('03-win'),
      problem: { kind: 'crash', cause: 'runner-stalled', end: { kind: 'silent', silentMs: 15_000 }, lesson: '03-win', handIn: 'Ann' },
    };
    expect(gradingBrokeForStudents([[graded('01-board'), crashed]])).toBeUndefined();
    const problem = gradingBrokeForStudents([[graded('01-board')], [broken('01-board'), broken('02-input')], [broken('01-board')]]);
    expect(problem).toEqual({ kind: 'broke-for-students', students: 2, lessons: 3, end: { kind: 'signal', signal: 'SIGKILL' } });
    expect(problem && referenceProblemWords(problem)).toBe(
      'grading itself broke for 2 students (3 lessons not graded: the test runner was stopped by SIGKILL before this lesson was graded. This is a fault of the grader, not of the code it grades.)',
    );
  });

  test('the grader outwaits a file whose every lesson loops while it loads, before calling grading broken', () => {
    // vitest says nothing while a test file's suites load, and each lesson's load may run into the
    // call limit: three such students in a file of four once made the grader stop the whole run at
    // 120 s (--limit 6), and their honest classmate got 0 (found in a review).
    const lessonsPerFile = all.length;
    for (const limitMs of [3000, 6000, 20_000]) expect(quietLimitMs(lessonsPerFile, limitMs)).toBeGreaterThan(lessonsPerFile * (limitMs + 1000));
  });
});
