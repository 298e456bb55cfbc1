/**
 * "Adding a lesson" in docs/authoring.md, followed to the letter in a copy of the workbook: its files are
 * written from the guide's own fenced blocks (```ts file=…), its commands run as written, and
 * `npm run check-lesson` then calls the lesson ready, in seconds. A broken copy of the same lesson
 * shows that the check names each problem and what to do about it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readmeRow } from '../../scripts/lib/teacher/authoring.ts';
import { listLessons, readLesson, ROOT } from '../../scripts/lib/core/workbook.ts';
import { HIDDEN_MISS_SEED, hiddenMissSource } from './synthetic-class.ts';
import { runMeasured, type MeasuredRun } from './busy-machine.ts';

/** The example lesson's number in the guide, and the one it gets in the copy (no real lesson has it). */
const README_ID = '09-moves';
const ID = '99-moves';
const scratch = mkdtempSync(join(tmpdir(), 'workbook-authoring-'));
const copy = join(scratch, 'workbook');

/** The section "Adding a lesson" of the authoring guide. */
function addingALesson(): string {
  const guide = readFileSync(join(ROOT, 'docs', 'authoring.md'), 'utf8');
  const start = guide.indexOf('## Adding a lesson');
  const end = guide.indexOf('\n## ', start);
  return end === -1 ? guide.slice(start) : guide.slice(start, end);
}

/** The files the section spells out: ```lang file=PATH fences inside its list, unindented, with the example's id replaced. */
function filesOfSection(section: string): Map<string, string> {
  const files = new Map<string, string>();
  const fence = /^( *)(`{3,})\w* file=(\S+)\n([\s\S]*?)^\1\2$/gm;
  for (const match of section.matchAll(fence)) {
    const indent = (match[1] as string).length;
    const body = (match[4] as string)
      .split('\n')
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join('\n');
    files.set((match[3] as string).replaceAll(README_ID, ID), body.replaceAll(README_ID, ID).replaceAll('Lesson 09', 'Lesson 99'));
  }
  return files;
}

/** Runs a workbook command in the copy (or another workbook), as `npm run NAME -- args` would. */
function run(script: string, args: string[], cwd = copy): { status: number | null; stdout: string; stderr: string; ms: number } {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - started };
}

let files: Map<string, string>;
let ready: MeasuredRun;
let broken: ReturnType<typeof run>;

beforeAll(async () => {
  for (const part of ['lessons', 'solutions', 'tests', 'scripts', 'package.json', 'tsconfig.json', 'vitest.config.ts', 'README.md']) {
    cpSync(join(ROOT, part), join(copy, part), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  files = filesOfSection(addingALesson());
  // Steps 1 to 3 and 5: the files, as the guide gives them.
  for (const [path, text] of files) {
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    writeFileSync(join(copy, path), text);
  }
  // Step 4: npm run stubs. Step 7: the row the guide shows, in the README's table.
  const stubs = run('stubs', []);
  if (stubs.status !== 0) throw new Error(`npm run stubs failed:\n${stubs.stdout}${stubs.stderr}`);
  const row = /^ *(\| 09 \| .*\|)$/m.exec(addingALesson())?.[1]?.replace('| 09 |', '| 99 |').replaceAll(README_ID, ID) ?? '';
  const readme = readFileSync(join(copy, 'README.md'), 'utf8');
  const table = readme.indexOf('\n\n', readme.indexOf('| 07 |'));
  writeFileSync(join(copy, 'README.md'), `${readme.slice(0, table)}\n${row}${readme.slice(table)}`);
  // Step 8 (measured: how long it took is held to what the machine gave it).
  ready = await runMeasured(process.execPath, ['--import', 'tsx', 'scripts/check-lesson.ts', '99'], { cwd: copy, env: { ...process.env, NO_COLOR: '1' } });

  // The same lesson, broken five ways at once.
  writeFileSync(join(copy, 'README.md'), readme);
  const text = join(copy, 'lessons', ID, 'README.md');
  writeFileSync(text, readFileSync(text, 'utf8').replace('(40 points)', '(45 points)').replace('## Pitfalls', '## Mistakes'));
  const suite = join(copy, 'tests', `${ID}.test.ts`);
  writeFileSync(
    suite,
    readFileSync(suite, 'utf8')
      .replace("example('99-moves', 'move-line')", "'Move 3'")
      .replace('task(2, () => {', "task(2, () => {\n  test('a test that passes whatever the code does', () => {\n    expect(1).toBe(1);\n  });\n"),
  );
  const exercise = join(copy, 'lessons', ID, 'moves.ts');
  writeFileSync(exercise, `${readFileSync(exercise, 'utf8')}\n// my own note\n`);
  broken = run('check-lesson', ['moves']);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('"Adding a lesson", followed to the letter', () => {
  test('the guide spells out every file of the example lesson', () => {
    expect([...files.keys()].sort()).toEqual([`lessons/${ID}/README.md`, `lessons/${ID}/lesson.json`, `solutions/${ID}/moves.ts`, `tests/${ID}.test.ts`]);
    expect(addingALesson()).toContain(
      readmeRow({ ...readLesson('01-board'), id: README_ID, number: '09', title: 'Count the moves', files: ['moves.ts'], buildsOn: ['01-board'] }),
    );
  });

  test('names what the code exports: lessonTasks, example, callEach, timedEach, watchMathRandom', () => {
    const section = addingALesson();
    const support = ['lesson.ts', 'sealed.ts'].map((file) => readFileSync(join(ROOT, 'tests', 'support', file), 'utf8')).join('\n');
    for (const name of ['lessonTasks', 'example', 'callEach', 'timedEach', 'watchMathRandom']) {
      expect(section).toContain(name);
      expect(support, `tests/support exports ${name}`).toMatch(new RegExp(`export (async )?function ${name}\\b`));
    }
    expect(section).not.toMatch(/task\(n, …\)` that/);
  });

  test('npm run check-lesson then calls the lesson ready, every check passing, in seconds', () => {
    expect(ready.status, ready.stdout + ready.stderr).toBe(0);
    expect(ready.stdout).toContain('Lesson 99 (Count the moves), checked as its author:');
    expect(ready.stdout).not.toContain('✗');
    expect(ready.stdout.match(/✓/g)).toHaveLength(7);
    expect(ready.stdout).toMatch(/Lesson 99-moves is ready \([\d.]+ s\)/);
    // Seconds on an unhurried machine: the time a busy machine kept its processes waiting for a CPU is not the check's.
    expect(ready.seconds).toBeLessThan(45 * ready.stretch);
  });
});

describe('npm run check-lesson on a broken lesson', () => {
  test('fails, and names each problem with what to do', () => {
    expect(broken.status).toBe(1);
    const out = broken.stdout;
    expect(out).toContain('no heading "### Task 2: Say the move number (40 points)" (the title and points come from lesson.json)');
    expect(out).toContain('no "## Pitfalls" section');
    expect(out).toContain("examples no test reads (read them with example('99-moves', '…') so text and tests agree): move-line");
    expect(out).toContain(`lessons/${ID}/moves.ts is edited by hand: run npm run stubs -- --force`);
    expect(out).toContain(
      `README.md's table under "## Lessons" has no row for lesson 99. Add this line to it:\n        | 99 | Count the moves | \`lessons/${ID}/moves.ts\` | 01 |`,
    );
    expect(out).toContain('a test that passes whatever the code does passes on the stub: it must fail until the student writes the code');
    expect(out).toMatch(/4 of 7 checks failed/);
  });

  test('the README is never printed whole', () => {
    expect(broken.stdout).not.toContain('## For students');
  });

  test('a lesson.json that is broken is named, not thrown', () => {
    const json = join(copy, 'lessons', ID, 'lesson.json');
    writeFileSync(json, readFileSync(json, 'utf8').replace('"points": 60', '"points": 50'));
    const result = run('check-lesson', [ID]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('task points add up to 90, not 100');
    unlinkSync(json);
  });
});

describe('hidden tests against any folder', () => {
  test('npm run check -- --target DIR --hidden names the hidden tests a folder fails; without --hidden the lesson looks done', () => {
    const [board] = listLessons() as [ReturnType<typeof readLesson>];
    const target = join(scratch, 'someone-else');
    mkdirSync(join(target, board.id), { recursive: true });
    writeFileSync(join(target, board.id, board.files[0] as string), hiddenMissSource(ROOT, board));
    const visible = run('check', [board.number, '--target', target, '--no-typecheck'], ROOT);
    expect(visible.stdout, visible.stderr).toMatch(/100\/100\s+done/);
    const hidden = run('check', [board.number, '--target', target, '--no-typecheck', '--hidden', '--seed', HIDDEN_MISS_SEED], ROOT);
    expect(hidden.stdout).toContain(`grading the code in ${target}, hidden tests included (seed ${HIDDEN_MISS_SEED}; replay with --seed ${HIDDEN_MISS_SEED})`);
    expect(hidden.stdout).toMatch(/9\d\.\d\/100\s+not done yet/);
    expect(hidden.stdout).toContain('(hidden) renderFramed on a board with marks in the corners and the centre');
    expect(hidden.status).toBe(1);
  });
});

describe('a suite the reference does not pass', () => {
  test('grading says so at the top of the gradebook and on the terminal, and exits 1', () => {
    // The example lesson, with its suite now expecting something the reference does not do.
    const json = join(copy, 'lessons', ID, 'lesson.json');
    writeFileSync(json, files.get(`lessons/${ID}/lesson.json`) as string);
    const suite = join(copy, 'tests', `${ID}.test.ts`);
    writeFileSync(suite, (files.get(`tests/${ID}.test.ts`) as string).replace("toBe('Move 1')", "toBe('Move 0')"));
    const hand = join(scratch, 'class', 'Ann', 'lessons', ID);
    mkdirSync(hand, { recursive: true });
    cpSync(join(copy, 'solutions', ID, 'moves.ts'), join(hand, 'moves.ts'));
    cpSync(join(copy, 'solutions', '01-board'), join(scratch, 'class', 'Ann', 'lessons', '01-board'), { recursive: true });
    const out = join(scratch, 'grades');
    const graded = run('grade', [join(scratch, 'class'), '--lessons', '99', '--out', out]);
    expect(graded.status, graded.stdout + graded.stderr).toBe(1);
    expect(graded.stdout).toMatch(new RegExp(`Warning: ${ID}: the reference solutions get [\\d.]+/100 with your suites\\. Fix the suites`));
    // Only lesson 99 is graded, but the code it imports from lesson 01 is there: Ann's work earns what the reference earns.
    expect(readFileSync(join(out, 'gradebook.csv'), 'utf8')).toMatch(/\r\nAnn,80,80,,\r\n/);
    const html = readFileSync(join(out, 'gradebook.html'), 'utf8');
    expect(html).toMatch(
      new RegExp(`<div class="banner" role="alert"><strong>Do not trust these grades yet\\.</strong>[^]*${ID}: the reference solutions get`),
    );
  });
});
