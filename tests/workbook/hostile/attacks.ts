/**
 * Hostile hand-ins for `npm run grade` (issue 12), and the honest students graded beside them.
 *
 * Each attack is what a dishonest student could hand in knowing everything a student edition holds
 * (the grader in scripts/, the visible suites, child-protocol.ts, vitest.config.ts): mostly one
 * replacement for lessons/01-board/board.ts, a file of this folder that starts with a comment saying
 * what it tries. tests/workbook/hostile.test.ts grades them all in one class and checks that none of
 * them earns a point it does not deserve or does any harm.
 *
 * Sources may hold placeholders, filled in per grading run by the test (see PLACEHOLDERS): the
 * teacher's folders are what a student would guess or read from the grader's command line, and
 * {{SANDBOX}} is a guard of the test harness, not of the attack: every attack that writes, kills or
 * spawns first checks that its target lies in the test's own temp folder, so that a grader that
 * does not stop it can only damage copies.
 */
import { readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writeArchiveBomb } from './archive-bomb.ts';

/** The teacher's workbook this file belongs to (where the reference solutions are read). */
const ROOT = join(import.meta.dirname, '..', '..', '..');

/** What a hand-in may put at risk; each one is checked by a test named after the attack. */
export type Threat =
  /** Points it did not earn, in any lesson. */
  | 'points'
  /** The rest of the class: the grader ends normally, the honest student keeps full marks, the reference passes. */
  | 'class'
  /** The teacher's workbook, by area: solutions/, tests/, lessons/, scripts/, node_modules/ packages, top-level files. */
  | 'workbook:solutions'
  | 'workbook:tests'
  | 'workbook:lessons'
  | 'workbook:scripts'
  | 'workbook:node_modules'
  | 'workbook:config'
  /** vitest's and tsx's on-disk caches. */
  | 'caches'
  /** The other students' hand-ins. */
  | 'hand-ins'
  /** The --out folder: only the grader's own files. */
  | 'output'
  /** gradebook.csv a few seconds after grading ends. */
  | 'gradebook-later'
  /** Processes left running after grading. */
  | 'processes'
  /** Names, inputs and code of the teacher-only tests, in the student's feedback. */
  | 'hidden'
  /** Inputs a hidden test gave the code, carried into a visible test's message (which the student reads). */
  | 'hidden-inputs'
  /** Connections to a server on 127.0.0.1. */
  | 'network'
  /** Memory of the grader's processes. */
  | 'memory'
  /** An archive unpacked without limits (memory, disk, no note). */
  | 'archive'
  /** Files the code writes: the grader's temp folder, where its sandbox's own folder lies. */
  | 'disk'
  /** Lines on the grader's own terminal that the grader did not write. */
  | 'terminal'
  /** A module outside the sandbox's list, or an answer about a file outside its folder or about the grader's machine (FENCE). */
  | 'fence'
  /** Control bytes on the teacher's terminal (grade, and check --hidden) or in any feedback file. */
  | 'control-bytes';

/** One student of the hostile class. */
export interface Attack {
  /** The student's folder name (and the attack's name). */
  name: string;
  /** One line: what it tries. */
  description: string;
  /** 'hostile' attacks the grader; 'control' is an honest student whose grade the test knows. */
  kind: 'hostile' | 'control';
  /** Files written over a copy of the student edition, by path in the student's workbook (placeholders filled). */
  files: Record<string, string>;
  /** Anything files cannot say (a symlink, an archive instead of a folder), done after the files are written. */
  extra?: (handInDir: string) => void | Promise<void>;
  /** What the attack puts at risk (hostile attacks only). */
  threatens: Threat[];
  /**
   * The most it may score in each lesson: 'stubs' is what the untouched student edition scores (0:
   * `npm test` checks that every test of every task fails on the stubs); 'dummy' is what the `dummy`
   * control, whose functions return the same wrong values, scores in a class without attackers.
   */
  deserves: 'stubs' | 'dummy' | 'control';
}

/** The placeholders a source may hold, and what the test puts there for each grading run. */
export const PLACEHOLDERS = {
  SANDBOX: "the test's temp folder for this run (a harness guard: attacks touch nothing outside it)",
  WORKBOOK: "the teacher's workbook the grader runs in",
  CLASS: 'the folder of hand-ins',
  OUT: "the grader's --out folder",
  TMP: "the grader's temp folder (TMPDIR), where a student would guess /tmp",
  PORT: 'a TCP port on 127.0.0.1 the test listens on',
  NAME: "the student's own folder name",
} as const;
export type Placeholders = Record<keyof typeof PLACEHOLDERS, string>;

/** A source with its placeholders filled in. */
export function fillPlaceholders(source: string, values: Placeholders): string {
  return source.replace(/\{\{([A-Z]+)\}\}/g, (match, key: string) => (key in values ? values[key as keyof Placeholders] : match));
}

const BOARD = 'lessons/01-board/board.ts';
const INPUT = 'lessons/02-input/input.ts';
const WIN = 'lessons/03-win/win.ts';

/** The stub of lesson 01 as the workbook ships it. */
const STUB_BOARD = readFileSync(join(ROOT, BOARD), 'utf8');

/** A file of this folder, as it is. */
const ownFile = (name: string): string => readFileSync(join(import.meta.dirname, `${name}.ts`), 'utf8');

/**
 * A fixture of this folder, as a student would hand it in. Most attacks are a few lines in front of
 * the untouched stub, and the patched-assertion attacks in front of the dummy control's functions:
 * a fixture that ends saying so gets those appended.
 */
function fixture(name: string): string {
  const source = ownFile(name);
  if (source.includes("the dummy control's functions (attacks.ts appends them)")) return `${source}\n${dummyFunctions()}`;
  if (source.includes('the shipped stub of lesson 01 (attacks.ts appends it)')) return `${source}\n${STUB_BOARD}`;
  if (source.includes('the exports that say so (attacks.ts appends them)')) return `${source}\n${SAYING_SEEN}`;
  return source;
}

/** Lesson 01's exports for a fixture that gathered lines in `seen`: every function throws them, one message. */
const SAYING_SEEN = `const report = (): never => {
  throw new Error(seen.join('\\n'));
};

export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];
export const createBoard: () => Board = report;
export const renderBoard: (board: Board) => string = report;
export const renderFramed: (board: Board) => string = report;
export const createGrid: () => Grid = report;
export const renderGrid: (grid: Grid) => string = report;
`;

/** dummy.ts without its opening comment. */
function dummyFunctions(): string {
  const dummy = ownFile('dummy');
  return dummy.slice(dummy.indexOf('export type Mark'));
}
/** A reference solution of the teacher's workbook, as it is. */
const solution = (path: string): string => readFileSync(join(ROOT, 'solutions', path.replace(/^lessons\//, '')), 'utf8');

/** A reference solution with the body of one solution block replaced. */
export function replaceBlock(source: string, block: string, body: string): string {
  const replaced = source.replace(new RegExp(`(// BEGIN SOLUTION ${block}\\n)[\\s\\S]*?(\\n\\s*// END SOLUTION)`), `$1${body}$2`);
  if (replaced === source) throw new Error(`no solution block ${block}`);
  return replaced;
}
/**
 * carry-hidden: a correct lesson 02 whose parseMove keeps every line it is given in a global, and a
 * lesson 03 whose hasWon throws the last of them (between CARRIED markers) into a visible test's message.
 */
export const CARRIED = { start: 'carried:', end: ':carried' };
/**
 * fence-*: every function throws what the attack tried, a line each, "fence open: …" for each door that
 * opened (a module loaded, a file's existence told, the report read) and "fence tried: …" for the others.
 */
export const FENCE = { tried: 'fence tried:', open: 'fence open:' };
/** A reference solution with lines put first in one solution block. */
function prependToBlock(source: string, block: string, lines: string): string {
  const opening = `// BEGIN SOLUTION ${block}\n`;
  if (!source.includes(opening)) throw new Error(`no solution block ${block}`);
  return source.replace(opening, `${opening}${lines}`);
}
const carryingInput = (source: string): string =>
  prependToBlock(
    source,
    'parseMove',
    `  const carried = ((globalThis as Record<string, unknown>).carried ??= []) as string[];
  if (!carried.includes(raw)) carried.push(raw);
`,
  );
const throwingCarried = (source: string): string =>
  replaceBlock(
    source,
    'hasWon',
    `  const carried = ((globalThis as Record<string, unknown>).carried ?? []) as string[];
  throw new Error('${CARRIED.start}' + JSON.stringify(carried.slice(-30)) + '${CARRIED.end}');`,
  );
const hanging = (source: string, block: string): string => replaceBlock(source, block, '    for (;;) {\n      // never ends\n    }');
const throwing = (source: string, block: string): string => replaceBlock(source, block, `    throw new Error('${block} is broken');`);

/** One hostile hand-in: a board.ts from this folder. */
function boardAttack(name: string, description: string, threatens: Threat[], deserves: 'stubs' | 'dummy' = 'stubs'): Attack {
  return { name, description, kind: 'hostile', files: { [BOARD]: fixture(name) }, threatens: ['points', ...threatens], deserves };
}

/** Honest students: the test knows what each must score. */
export const CONTROLS: Attack[] = [
  {
    name: 'honest',
    description: 'the reference solutions copied as the exercise files: full marks',
    kind: 'control',
    files: { [BOARD]: solution(BOARD), [INPUT]: solution(INPUT), [WIN]: solution(WIN) },
    threatens: [],
    deserves: 'control',
  },
  {
    name: 'untouched',
    description: 'the student edition as handed out (the stubs): no points',
    kind: 'control',
    files: {},
    threatens: [],
    deserves: 'control',
  },
  {
    name: 'looping-honest',
    description: 'correct lessons 01 and 02, and a lesson 03 whose isFull never returns: 100, 100, and the same 03 every run',
    kind: 'control',
    files: { [BOARD]: solution(BOARD), [INPUT]: solution(INPUT), [WIN]: hanging(solution(WIN), 'isFull') },
    threatens: [],
    deserves: 'control',
  },
  {
    name: 'throwing-honest',
    description: "like looping-honest, but isFull throws: what looping-honest's 03 must score if a hang costs only the tests that hang",
    kind: 'control',
    files: { [BOARD]: solution(BOARD), [INPUT]: solution(INPUT), [WIN]: throwing(solution(WIN), 'isFull') },
    threatens: [],
    deserves: 'control',
  },
  {
    name: 'dummy',
    description: 'board.ts functions that return wrong values of the right type: what the patched-assertion attacks deserve',
    kind: 'control',
    files: { [BOARD]: fixture('dummy') },
    threatens: [],
    deserves: 'control',
  },
];

/** The attacks of issue 12, each a student of the class. */
export const ATTACKS: Attack[] = [
  // One fence, and no control bytes (issue 42): every way of loading a module or asking after a file, and escape sequences.
  boardAttack(
    'fence-load',
    "loads node:vm, node:v8 and node:fs through every door of Node's loader (module.constructor._load, createRequire, the globals of node -e…)",
    ['fence'],
  ),
  boardAttack('fence-import', "imports node:vm, node:v8, node:fs and the teacher's reference with Node's own import(), settled by process._tickCallback", [
    'fence',
  ]),
  boardAttack('fence-exists', "asks fs and Node's loader whether the hidden tests, the reference and a classmate's file exist (realpathSync, _findPath…)", [
    'fence',
    'hidden',
  ]),
  boardAttack('fence-report', "throws process.report's command line and environment, and the process's env, argv, flags and folder, into every message", [
    'fence',
    'hidden',
  ]),
  boardAttack('escape-bytes', 'writes escape sequences (window title, clear screen, hyperlink, 8-bit CSI) in answers, output, stderr, fd 2 and errors', [
    'control-bytes',
    'class',
  ]),
  // Test injection: extra passing tests in every "Task N:" block, the real ones skipped.
  boardAttack('inject-import', "registers passing tests per task and skips the real ones, with the API from import 'vitest'", []),
  boardAttack('inject-global', 'the same injection with the test API found on globalThis (no vitest import)', []),
  boardAttack('inject-constructor', 'the same injection through an obfuscated constructor chain (no "vitest", no "globalThis" in the source)', []),
  // Patched assertions.
  boardAttack('patch-expect-extend', 'expect.extend with matchers that always pass', [], 'dummy'),
  boardAttack('patch-chai-assert', "chai's Assertion.prototype.assert replaced by a no-op", [], 'dummy'),
  boardAttack('patch-object-is', 'Object.is replaced (in both realms) by a function that always says "same"', [], 'dummy'),
  // The teacher's reference.
  boardAttack('ref-import', "re-exports the reference: await import(process.cwd() + '/solutions/01-board/board.ts')", []),
  boardAttack('ref-fs-eval', "reads the reference with fs, compiles it with the teacher's TypeScript and evaluates it", []),
  {
    name: 'ref-symlink',
    description: 'board.ts is a symlink to /proc/self/cwd/solutions/01-board/board.ts',
    kind: 'hostile',
    files: {},
    extra: (handInDir) => {
      rmSync(join(handInDir, BOARD));
      symlinkSync('/proc/self/cwd/solutions/01-board/board.ts', join(handInDir, BOARD));
    },
    threatens: ['points', 'workbook:solutions'],
    deserves: 'stubs',
  },
  // Archives.
  {
    name: 'archive-bomb',
    description: 'a .zip of a few MB holding the stubs and three 1 GiB entries of zeros',
    kind: 'hostile',
    files: {},
    extra: writeArchiveBomb,
    threatens: ['points', 'archive'],
    deserves: 'stubs',
  },
  // Forged results.
  boardAttack('forged-trace', "appends thousands of passing results to the grader's trace files in the temp folder, then hangs", []),
  boardAttack('forged-ipc', "writes passing test records straight into the grader's IPC socket (fd 3 of the suite process)", []),
  boardAttack('forged-frames', 'reaches for fs through module.constructor._load to write answers of 380,000 objects into its channel', ['class']),
  boardAttack('fake-report', 'prints grader-like report lines and result records on stdout and stderr, then hangs in a test', ['terminal']),
  // Ending the run.
  boardAttack('exit-on-load', 'exits the process while board.ts loads (process.exit, then process.reallyExit)', ['class']),
  boardAttack('exit-in-test', 'exits the process during a test', ['class']),
  boardAttack('sigkill-on-load', "process.kill(process.pid, 'SIGKILL') while board.ts loads", ['class']),
  boardAttack('sigkill-in-test', "process.kill(process.pid, 'SIGKILL') during a test", ['class']),
  boardAttack('kill-parent', 'process.kill(process.ppid), and SIGKILL to any ancestor running grade.ts', ['class']),
  // Harm outside the hand-in.
  boardAttack('write-solutions', "breaks the teacher's solutions/ (the grader then blames the suites)", ['workbook:solutions', 'class']),
  boardAttack('write-tests', "replaces the teacher's suites, visible and hidden, by always-passing ones", ['workbook:tests', 'class']),
  boardAttack(
    'write-lessons',
    "empties the examples of the teacher's lessons/*/README.md (expected outputs) and edits the stubs",
    ['workbook:lessons', 'class'],
    'dummy',
  ),
  boardAttack('write-grader', "patches the teacher's scripts/lib/core/results.ts and node_modules/@vitest/expect to pass everything", [
    'workbook:scripts',
    'workbook:node_modules',
    'class',
  ]),
  boardAttack('write-caches', "poisons vitest's fs module cache (tests/support/lesson.ts) and tsx's cache (scripts/lib/core/results.ts)", ['caches']),
  boardAttack('write-classmates', "appends to every classmate's exercise files during the run", ['hand-ins']),
  boardAttack('write-output', "plants a forged gradebook in --out, and gradebook.html as a symlink to the teacher's vitest.config.ts", [
    'output',
    'workbook:config',
  ]),
  boardAttack('detached-gradebook', 'starts a detached process that rewrites its row of gradebook.csv after grading ends', ['gradebook-later', 'processes']),
  // Resources.
  boardAttack('memory-bomb', 'a worker thread (or, without threads, timer ticks) fills Buffers and arrays to 3-5 GiB and outlives its tests', [
    'memory',
    'class',
  ]),
  boardAttack('disk-fill', "reaches for fs through module.constructor._load to write 384 MiB of files in its sandbox's own folder", ['disk', 'class']),
  boardAttack('sync-loop', 'createBoard never returns (an endless synchronous loop)', ['class']),
  boardAttack('microtask-loop', 'renderBoard starts a promise chain that schedules itself forever', ['class']),
  // Leaks.
  boardAttack('leak-hook', "hooks in the hidden suite throw the hidden tests' names", ['hidden']),
  boardAttack('leak-throw', 'errors and output carry the arguments, stack and test names of every call, hidden ones included', ['hidden']),
  {
    name: 'carry-hidden',
    description: "a correct lesson 02 keeps the lines the tests give it in a global; lesson 03's hasWon throws the last 30 into a visible test's message",
    kind: 'hostile',
    files: { [BOARD]: solution(BOARD), [INPUT]: carryingInput(solution(INPUT)), [WIN]: throwingCarried(solution(WIN)) },
    threatens: ['hidden-inputs'],
    deserves: 'control',
  },
  boardAttack('network', 'sends what it sees to a server on 127.0.0.1 by HTTP and TCP', ['network']),
  // Time and size (issue 42): slow hand-ins and answers at the size caps, which may cost only their own lessons' budgets.
  {
    name: 'slow-calls',
    description: 'a correct lesson 01 whose every call sleeps 2.9 s, just under its 3 s deadline: its lesson runs out of time',
    kind: 'hostile',
    files: { [BOARD]: sleepingBlocks(solution(BOARD), 2900) },
    threatens: ['class'],
    deserves: 'control',
  },
  {
    name: 'slow-property',
    description: "a correct lesson 02 whose askMove sleeps 0.45 s a call: the hidden property test's batches stay under their deadline",
    kind: 'hostile',
    files: { [BOARD]: solution(BOARD), [INPUT]: sleepingBlocks(solution(INPUT), 450, ['askMove']) },
    threatens: ['class'],
    deserves: 'control',
  },
  {
    name: 'huge-answers',
    description: "the dummy control's functions, but renderBoard answers 4 million line ends and renderGrid 7 million characters on one line (the size caps)",
    kind: 'hostile',
    files: { [BOARD]: hugeAnswers() },
    threatens: ['points', 'class'],
    deserves: 'dummy',
  },
];

/**
 * huge-answers: answers at the size caps, returned at once. Every test that compares them fails;
 * building their diffs and messages in full took minutes and gigabytes.
 */
function hugeAnswers(): string {
  const source = `// Attack: answers at the size caps (4 million line ends; 7 million characters on one line).\n${dummyFunctions()}`;
  const huge = source
    .replace(/(export function renderBoard\(board: Board\): string \{\n {2}return )'';/, "$1'\\n'.repeat(4_000_000);")
    .replace(/(export function renderGrid\(grid: Grid\): string \{\n {2}return )'';/, "$1'x'.repeat(7_000_000);");
  if (!huge.includes('4_000_000') || !huge.includes('7_000_000')) throw new Error("the dummy control's renderBoard or renderGrid changed");
  return huge;
}

/** A reference solution whose solution blocks (all, or those named) first sleep `ms` without using the CPU. */
export function sleepingBlocks(source: string, ms: number, blocks?: string[]): string {
  const sleep = `  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});\n`;
  return source.replace(/(\/\/ BEGIN SOLUTION (\w+)\n)/g, (line, _opening, block: string) =>
    block === 'ONLY' || (blocks !== undefined && !blocks.includes(block)) ? line : `${line}${sleep}`,
  );
}
