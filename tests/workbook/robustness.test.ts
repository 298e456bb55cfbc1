/**
 * The grader survives any student code: in a scratch copy of the exercise files (the reference
 * solutions with planted bugs), `npm run check` still finishes, a fault fails only the tests that
 * meet it, and every other lesson is graded in full.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BUSY_STRETCH } from '../../scripts/lib/grader/pump/cpu-time.mjs';
import { listLessons, ROOT } from '../../scripts/lib/core/workbook.ts';
import { scratchWorkbook } from '../../scripts/lib/teacher/bench.ts';

const LIMIT_SECONDS = 5;
const scratch = mkdtempSync(join(tmpdir(), 'workbook-robust-'));
const target = join(scratch, 'lessons');

interface LessonResult {
  id: string;
  earned: number;
  done: boolean;
  problem: { kind: string; runningTest?: string; failure?: { message: string } } | null;
  output: string;
  tasks: Array<{ tests: Array<{ name: string; status: string; message: string | null }> }>;
}

let report = '';
let results: LessonResult[] = [];
let seconds = 0;

/** Inserts `line` as the first statement of the exported function `name` in a lesson file. */
function plantInFunction(file: string, name: string, line: string): void {
  const source = readFileSync(file, 'utf8');
  const opening = new RegExp(`(export function ${name}\\([^)]*\\)[^{]*\\{\\n)`);
  expect(opening.test(source), `${file} has export function ${name}`).toBe(true);
  writeFileSync(file, source.replace(opening, `$1  ${line}\n`));
}

/** Replaces the text `from` by `to` in a lesson file, after checking the file holds it (so a plant never silently misses). */
function replaceInFile(file: string, from: string, to: string): void {
  const source = readFileSync(file, 'utf8');
  expect(source, `${file} holds the text to replace`).toContain(from);
  writeFileSync(file, source.replace(from, to));
}

/** Adds lines at the end (or, with `first`, at the start) of a lesson file. */
function plantInModule(file: string, lines: string, first = false): void {
  const source = readFileSync(file, 'utf8');
  writeFileSync(file, first ? `${lines}\n${source}` : `${source}\n${lines}\n`);
}

beforeAll(() => {
  cpSync(join(ROOT, 'solutions'), target, { recursive: true });
  plantInFunction(join(target, '02-input/input.ts'), 'parseMove', 'process.exit(0);');
  plantInModule(join(target, '03-win/win.ts'), "for (let line = 0; line < 100_000; line += 1) console.log('x'.repeat(99));", true);
  plantInFunction(join(target, '04-game/game.ts'), 'playGame', "console.log('the board, one last time');\n  while (true) {}");
  plantInModule(join(target, '05-class/tictactoe.ts'), 'for (;;) {}');
  plantInModule(join(target, '07-search/search.ts'), 'const broken = ;');
  // Not bugs: imports of every kind between exercise files, an import cycle included, must still work.
  plantInModule(join(target, '01-board/board.ts'), "import * as computerModule from '../06-computer/computer.ts';", true);
  plantInModule(
    join(target, '01-board/board.ts'),
    "export default 'the board';\nexport const computerModuleKeys = (): string[] => Object.keys(computerModule);",
  );
  plantInModule(join(target, '06-computer/computer.ts'), "import theBoard, * as boardModule from '../01-board/board.ts';", true);
  plantInFunction(
    join(target, '06-computer/computer.ts'),
    'computerMove',
    "if (theBoard !== 'the board' || !boardModule.computerModuleKeys().includes('computerMove')) throw new Error('an import went wrong');",
  );

  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'scripts/check.ts'),
      '--target',
      target,
      '--limit',
      String(LIMIT_SECONDS),
      '--no-typecheck',
      '--json',
      join(scratch, 'results.json'),
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 540_000 },
  );
  seconds = (Date.now() - started) / 1000;
  report = run.stdout;
  results = (JSON.parse(readFileSync(join(scratch, 'results.json'), 'utf8')) as { lessons: LessonResult[] }).lessons;
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const byId = (id: string): LessonResult => results.find((lesson) => lesson.id === id) as LessonResult;

/** A copy of the reference solutions in a folder of its own (`name`), and its lesson 01 file to plant bugs in. */
function referenceCopy(name: string): { folder: string; file: string } {
  const folder = join(scratch, name, 'lessons');
  cpSync(join(ROOT, 'solutions'), folder, { recursive: true });
  return { folder, file: join(folder, '01-board/board.ts') };
}

/** Lesson 01 as `npm run check 01` grades the exercise files in `folder` (its results file is written beside the folder). */
function checkLessonOne(folder: string): LessonResult | undefined {
  return checkLesson(folder, '01');
}

/** A lesson (by number) as `npm run check NN` of `workbook` (this one unless told) grades the exercise files in `folder`. */
function checkLesson(folder: string, lesson: string, workbook = ROOT): LessonResult | undefined {
  return checkWithReport(folder, lesson, workbook).result;
}

/** The same, with the report the student reads in the terminal. */
function checkWithReport(folder: string, lesson: string, workbook = ROOT): { result: LessonResult | undefined; report: string } {
  const json = join(folder, '..', 'results.json');
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(workbook, 'scripts/check.ts'), lesson, '--target', folder, '--no-typecheck', '--json', json],
    {
      cwd: workbook,
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 540_000,
    },
  );
  return { result: (JSON.parse(readFileSync(json, 'utf8')) as { lessons: LessonResult[] }).lessons[0], report: run.stdout };
}

test('check finishes in good time and reports every lesson: a loop costs the limit once per file, then a second per test', () => {
  expect(results.map((lesson) => lesson.id)).toEqual(listLessons().map((lesson) => lesson.id));
  const looping = results.find((lesson) => lesson.id === '04-game')?.tasks.flatMap((task) => task.tests).length ?? 0;
  // On a busy machine each stopped call may get back the time it waited for a CPU, up to BUSY_STRETCH times its limit.
  expect(seconds).toBeLessThan(BUSY_STRETCH * (2 * LIMIT_SECONDS + looping) + 40);
  expect(report).toMatch(/^Total: /m);
});

test('lessons without planted bugs are graded in full (default, named and namespace imports and an import cycle between them work)', () => {
  expect(byId('01-board').earned).toBe(100);
  expect(byId('06-computer').earned).toBe(100);
});

test('a synchronous endless loop fails only the tests that meet it, with the last output', () => {
  const lesson = byId('04-game');
  expect(lesson.problem).toBeNull();
  const stopped = lesson.tasks.flatMap((task) => task.tests).filter((each) => (each.message ?? '').includes('was still running after'));
  expect(stopped.length).toBeGreaterThan(0);
  expect(stopped[0]?.message).toContain('the board, one last time');
  expect(stopped[0]?.message).toContain('Does every loop in your code end?');
});

test('the pretend player beside the code: changing the lines it types, or making it pass on a value that runs code when read, stops the code in that test', () => {
  // tests/support/pretend-player.ts: the player's twin sits in the sandbox, where the code can reach it;
  // the test's own player checks every line the code was given against its own copy.
  const folder = join(scratch, 'twin', 'lessons');
  cpSync(join(ROOT, 'solutions'), folder, { recursive: true });
  plantInModule(
    join(folder, '08-tutorials/tutorials.ts'),
    "const realShift = Array.prototype.shift;\nArray.prototype.shift = function (this: unknown[]) { const value = realShift.call(this); return typeof value === 'string' && /^[0-9]$/.test(value) ? '5' : value; };",
  );
  // The twin passes on String(text); with String changed, an object reaches the test's player, which reads
  // it while the code runs on: it cannot call the code back then.
  plantInFunction(
    join(folder, '04-game/game.ts'),
    'playGame',
    "const realString = String;\n  (globalThis as { String: unknown }).String = (value: unknown) => (typeof value === 'object' && value !== null && 'sneaky' in value ? value : realString(value));\n  io.print({ sneaky: true, toString: () => 'sneaky' } as unknown as string);",
  );
  const json = join(scratch, 'twin', 'results.json');
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/check.ts'), '04', '08', '--target', folder, '--no-typecheck', '--json', json], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 540_000,
  });
  const lessons = (JSON.parse(readFileSync(json, 'utf8')) as { lessons: LessonResult[] }).lessons;
  for (const [id, message] of [
    ['08-tutorials', 'Your code changed the lines the pretend player types, so it was stopped.'],
    ['04-game', 'Your code gave the test a value that runs your code when it is read'],
  ] as const) {
    const lesson = lessons.find((each) => each.id === id) as LessonResult;
    const caught = lesson.tasks.flatMap((task) => task.tests).filter((each) => (each.message ?? '').includes(message));
    expect(caught.length, `${id}: tests that say "${message}"`).toBeGreaterThan(0);
    expect(caught.every((each) => each.status === 'failed')).toBe(true);
    expect(lesson.earned).toBeLessThan(100);
  }
});

test('tests that do not meet the loop still pass and earn their points', () => {
  const lesson = byId('04-game');
  expect(lesson.earned).toBeGreaterThan(0);
  expect(lesson.tasks.flatMap((task) => task.tests).some((each) => each.status === 'passed')).toBe(true);
});

test("a file that takes a while to load loses no more than its loop: after a stop, loading it again has the usual limit and spends none of the test's or lesson's time", () => {
  // After a stop a fresh sandbox loads the file again. That load once ran under the limit the stop had
  // shortened, and its time counted in the test's and the lesson's budgets: a file that sleeps 2 s as it
  // loads, with a loop that ten tests of lesson 02 meet, ran out of its lesson's time.
  const outcomes = (name: string, slowStart: boolean): Array<[string, string]> => {
    const { folder } = referenceCopy(name);
    const file = join(folder, '02-input/input.ts');
    plantInFunction(file, 'parseMove', 'if (/[a-z]/i.test(raw)) for (;;) {}');
    if (slowStart) plantInModule(file, '// a slow start\nAtomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);');
    const tests = checkLesson(folder, '02')?.tasks.flatMap((task) => task.tests) ?? [];
    return tests.map((each) => [each.name, each.status]);
  };
  const loopOnly = outcomes('loop-only', false);
  expect(loopOnly.filter(([, status]) => status === 'failed').length).toBeGreaterThan(5);
  expect(outcomes('loop-and-slow-start', true)).toEqual(loopOnly);
});

test("a batch of calls the grader times leaves out the module's load: right after a stop, a file slow to load is timed on its calls alone", () => {
  // A review found that the first batch after a stop (lesson 07's timed passes, say) counted the load
  // of the file in a fresh sandbox as time its calls took. A workbook of its own runs a suite of two
  // tests: a call that never ends, then a batch timed by the grader.
  const workbook = scratchWorkbook(ROOT);
  try {
    writeFileSync(
      join(workbook, 'tests/07-search.test.ts'),
      [
        "import { expect, test } from 'vitest';",
        "import { bestMove } from '@workbook/07-search/search';",
        "import type { Board } from '@workbook/01-board/board';",
        "import { lessonTasks } from './support/lesson.ts';",
        "import { timedEach } from './support/sealed.ts';",
        "const task = lessonTasks('07-search');",
        'const cells = (picture: string): Board => [...picture] as Board;',
        'task(3, () => {',
        "  test('a call that never ends', () => {",
        "    bestMove(cells('XXXXXXXX '), 'O');",
        '  });',
        "  test('a timed batch', () => {",
        "    const { outcomes, ms } = timedEach(bestMove, [[cells('XOXOXOOX '), 'X']]);",
        '    expect(outcomes).toEqual([{ ok: true, value: 8 }]);',
        '    expect(ms).toBeLessThan(1000);',
        '  });',
        '});',
        '',
      ].join('\n'),
    );
    const { folder } = referenceCopy('timed-after-stop');
    const file = join(folder, '07-search/search.ts');
    plantInFunction(file, 'bestMove', "if (board.join('') === 'XXXXXXXX ') for (;;) {}");
    plantInModule(file, 'const loadedBy = Date.now() + 1500;\nwhile (Date.now() < loadedBy) {\n  // a slow start\n}');
    const tests = checkLesson(folder, '07', workbook)
      ?.tasks.flatMap((task) => task.tests)
      .map((each) => [each.name, each.status, each.message]);
    expect(tests).toEqual([
      ['a call that never ends', 'failed', expect.stringContaining('still running')],
      ['a timed batch', 'passed', null],
    ]);
  } finally {
    rmSync(workbook, { recursive: true, force: true });
  }
});

test('a hidden property whose code the grader stopped fails for that reason, not as a case that "failed once, then passed"', () => {
  // Lesson 05's move() never ends on one move of O's, which some generated games make. Once a call is
  // stopped, the property calls the code no more: shrinking would only meet stops again (each with a
  // fresh sandbox), or end on a value that passes alone, whose message blamed the test.
  const { folder } = referenceCopy('stopped-property');
  const file = join(folder, '05-class/tictactoe.ts');
  const source = readFileSync(file, 'utf8');
  const opening = "    if (this.board[r][c] !== '.') {";
  expect(source).toContain(opening);
  writeFileSync(
    file,
    source.replace(opening, `    if (r === 2 && c === 0 && this.player === 'O') {\n      for (;;) {\n        // never ends\n      }\n    }\n${opening}`),
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts', '05', '--target', folder, '--no-typecheck', '--hidden', '--seed', '1'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 540_000,
  });
  const hidden = run.stdout.slice(run.stdout.indexOf('Hidden tests that failed'));
  expect(hidden, run.stdout + run.stderr).toContain('Stopped by the grader after');
  expect(hidden).not.toContain('failed once, then passed');
});

test('code that never finishes loading is stopped, and the report says so', () => {
  expect(byId('05-class').problem?.kind).toBe('timeout');
  expect(report).toContain('while your file was being loaded');
});

test('a syntax error is shown with the file and line', () => {
  const lesson = byId('07-search');
  expect(lesson.problem?.kind).toBe('load-error');
  expect(report).toMatch(/Syntax error in \S*07-search\/search\.ts, line \d+/);
});

test('process.exit(0) cannot end the grader; the test that called it fails in plain words', () => {
  const lesson = byId('02-input');
  expect(lesson.done).toBe(false);
  const messages = lesson.tasks.flatMap((task) => task.tests.map((each) => each.message ?? ''));
  expect(messages.some((message) => message.includes('called process.exit(0)'))).toBe(true);
});

test('10 MB of printing is cut, and the lesson is still graded', () => {
  const lesson = byId('03-win');
  expect(lesson.earned).toBe(100);
  expect(lesson.output.length).toBeLessThan(10_000);
});

test('printing on standard error counts as printing: "returns the text and prints nothing" fails', () => {
  // A review found `process.stderr.write` passed the tests that console.log and process.stdout.write fail.
  const { folder, file } = referenceCopy('stderr');
  plantInFunction(file, 'renderBoard', "process.stderr.write('drawing the board\\n');");
  const lesson = checkLessonOne(folder);
  const failed = lesson?.tasks.flatMap((task) => task.tests).filter((each) => each.status !== 'passed') ?? [];
  expect(failed.map((each) => each.message ?? '').join('\n')).toContain('what renderBoard printed');
  expect(lesson?.earned).toBeLessThan(100);
});

test('a thrown value of any shape (a message that is a number, a stack that is not text, a symbol) is reported as thrown, not as a test that did not run', () => {
  // A review found a thrown object whose message was a number broke the child's reporter, so its tests counted as "did not run exactly once".
  const { folder, file } = referenceCopy('odd-throws');
  plantInFunction(file, 'renderBoard', 'if (board.length === 9) throw { message: 12345, name: { a: 1 }, stack: 7 };');
  plantInFunction(file, 'renderFramed', "if (board.length === 9) throw Object.assign(new Error('x'), { message: ['a', 'b'], name: 42 });");
  plantInFunction(file, 'createGrid', "throw Symbol('boo');");
  plantInFunction(file, 'renderGrid', "throw { toString: 1, message: { toString: 5 }, stack: ['a'], stacks: 'x' };");
  const lesson = checkLessonOne(folder);
  const tasks = lesson?.tasks ?? [];
  // Task 1 (createBoard) passes; every test of the four functions that throw fails, saying the code threw.
  expect(tasks[0]?.tests.every((each) => each.status === 'passed')).toBe(true);
  const failed = tasks.slice(1).flatMap((task) => task.tests);
  expect(failed.length).toBeGreaterThan(0);
  for (const each of failed) {
    expect(each.status).toBe('failed');
    expect(each.message).toMatch(/^Your code threw an error/);
  }
  expect(failed.map((each) => each.message).join('\n')).toContain('Symbol(boo)');
});

test("the code's own failed assert, and errors worded like the grader's, are reported as errors the code threw", () => {
  // A review found node:assert's error shown as what the test expected, an error with a huge expected/actual
  // pair holding the test runner up for minutes, messages like vitest's read as a timeout or a syntax error,
  // and an error named and marked like the pretend player's read as the pretend player stopping the code.
  const { folder, file } = referenceCopy('worded-throws');
  plantInModule(file, "import assert from 'node:assert';", true);
  plantInFunction(file, 'createBoard', 'assert.strictEqual(9, 10);');
  plantInFunction(
    file,
    'renderBoard',
    "if (board.includes('X')) throw Object.assign(new Error('kept asking for input 3 times after input had ended'), { name: 'EndlessInputError', kept: 'asking', limit: 3 });\n  if (board.length === 9) throw new Error('Test timed out in 3000ms.');",
  );
  plantInFunction(
    file,
    'renderFramed',
    "if (board.includes('X')) throw { name: 'EndlessInputError', message: 'kept asking for input 2 times after input had ended', kept: 'asking', limit: 2 };\n  if (board.length === 9) throw new Error('createBoard: SyntaxError in the cell list');",
  );
  plantInFunction(
    file,
    'createGrid',
    "throw Object.assign(new Error('diff'), { expected: Array.from({ length: 150_000 }, (_, i) => `a${i}`).join('\\n'), actual: Array.from({ length: 150_000 }, (_, i) => `b${i}`).join('\\n') });",
  );
  plantInFunction(
    file,
    'renderGrid',
    "throw Object.assign(new Error('made up'), { name: 'AssertionError', expected: 'FAKE EXPECTED', actual: 'FAKE ACTUAL', showDiff: true });",
  );
  const lesson = checkLessonOne(folder);
  const tests = lesson?.tasks.flatMap((task) => task.tests) ?? [];
  expect(tests.length).toBeGreaterThan(0);
  for (const each of tests) {
    expect(each.status).toBe('failed');
    expect(each.message).toMatch(/^Your code threw an error/);
    expect(each.message).not.toContain('FAKE');
    expect(each.message).not.toContain('pretend player');
  }
  expect(tests.some((each) => each.message?.includes('EndlessInputError: kept asking for input 2 times'))).toBe(true);
  expect(tests.some((each) => each.message?.includes('EndlessInputError: kept asking for input 3 times'))).toBe(true);
});

test('Math.random in the code gives the same numbers on every check: the same results, word for word', () => {
  // A review found lesson 04 graded 86.4, 89.1 and 86.4 in three checks of code that drew its own random numbers.
  const { folder, file } = referenceCopy('own-random');
  plantInFunction(file, 'renderBoard', 'if (Math.random() < 0.2) return `wrong ${Math.random()}`;');
  const outcomes = (lesson: LessonResult | undefined) => ({
    earned: lesson?.earned,
    tests: lesson?.tasks.flatMap((task) => task.tests.map(({ status, message }) => ({ status, message }))),
  });
  const first = outcomes(checkLessonOne(folder));
  expect(first.earned).toBeLessThan(100);
  expect(outcomes(checkLessonOne(folder))).toEqual(first);
});

test("the code's own `call` on a built-in method changes nothing the sandbox sends (it keeps the methods it calls)", () => {
  const { folder, file } = referenceCopy('own-call');
  plantInFunction(file, 'renderBoard', "(Object.prototype.toString as unknown as { call: unknown }).call = () => '[object Promise]';");
  plantInFunction(file, 'createGrid', '(Object.prototype.hasOwnProperty as unknown as { call: unknown }).call = () => false;');
  expect(checkLessonOne(folder)?.earned).toBe(100);
});

test('a stack overflow is placed in the calls that went on without end, with a word on what it means', () => {
  const { folder } = referenceCopy('stack-overflow');
  const file = join(folder, '07-search/search.ts');
  // The move is never made, so the search goes on until the stack runs out, often deep in lesson 03's win check.
  replaceInFile(file, 'return -score(withMove(board, cell, player), otherPlayer(player));', 'return -score(board, otherPlayer(player));');
  const tests = checkLesson(folder, '07')?.tasks.flatMap((task) => task.tests) ?? [];
  const thrown = tests.filter((each) => each.message?.startsWith('Your code threw') && each.message.includes('Maximum call stack size exceeded'));
  expect(thrown.length).toBeGreaterThan(0);
  for (const each of thrown) {
    expect(each.message).toMatch(
      /^Your code threw an error \(at lessons\/07-search\/search\.ts:\d+:\d+\):\n {2}RangeError: Maximum call stack size exceeded\nA function kept calling itself/,
    );
  }
});

test('an async function is told that it gave back a Promise, and how to fix it, not shown an empty object', () => {
  const { folder, file } = referenceCopy('promise');
  replaceInFile(file, 'export function renderBoard(board: Board): string {', 'export async function renderBoard(board: Board): Promise<string> {');
  const lesson = checkLessonOne(folder);
  const drawn = lesson?.tasks.find((task) => task.tests.some((each) => each.name.startsWith('renderBoard')));
  expect(drawn?.tests[0]?.message).toBe(
    [
      'Your code gave back a Promise, not an answer: the test cannot wait for it.',
      "Is the function marked async, or does it return a Promise? The lesson's functions give their answer straight away: remove async (and await).",
    ].join('\n'),
  );
});

test('a board changed in place is what the report explains, not the crash it leads to in a later check of the task', () => {
  const { folder } = referenceCopy('changed-in-place');
  const file = join(folder, '06-computer/computer.ts');
  // The beginner's helper places the mark in the board it was given instead of in a copy.
  replaceInFile(file, '  const copy = [...board];\n  copy[cell] = mark;\n  return copy;', '  board[cell] = mark;\n  return board;');
  const { report } = checkWithReport(folder, '06');
  const explained = report.split('\n').find((line) => line.trimStart().startsWith("computerMove 'hard'"));
  expect(explained?.trim()).toBe("computerMove 'hard' leaves the board unchanged");
});

test('a value the code gives back or throws that cannot be copied to the test is reported as such, not as an error it threw', () => {
  const { folder, file } = referenceCopy('unreadable');
  plantInFunction(file, 'createBoard', 'let deep: unknown[] = [];\n  for (let i = 0; i < 100_000; i += 1) deep = [deep];\n  return deep as unknown as Board;');
  plantInFunction(file, 'createGrid', "throw new Proxy({}, { getPrototypeOf: () => { throw new Error('trap'); } });");
  const lesson = checkLessonOne(folder);
  const [createBoard, , , createGrid] = lesson?.tasks.map((task) => task.tests[0]?.message ?? '') ?? [];
  expect(createBoard).toMatch(/^Your code gave back a value the test cannot read/);
  expect(createGrid).toMatch(/^Your code threw a value the test cannot read/);
});
