/**
 * Hostile hand-ins (issue 12): every attack of tests/workbook/hostile/attacks.ts is one student of a
 * class graded by `npm run grade` beside honest controls, and each must end with no undeserved points
 * and no harm: the honest student at full marks, the workbook and its caches byte-identical, every
 * hand-in unchanged, no process left, the gradebook unchanged a few seconds after the command returns,
 * nothing of the hidden tests in any feedback, no connection to the test's server, memory and disk
 * kept in bounds.
 *
 * Everything runs in copies, in one temp folder (see beforeAll): a copy of this workbook (with its
 * own node_modules, so its caches are its own), a student edition made by `npm run pack`, the class,
 * the --out folder and the grader's TMPDIR. Attacks that succeed can only damage those copies; the
 * repository itself is snapshotted, and any file a hand-in wrote there is restored in afterAll.
 *
 * One class holds every attacker, graded once. When the test runs as root (CI does; teachers do not)
 * the same class is also graded as uid 65534 from a copy it owns, at the same time. Three controls are first graded
 * alone: a baseline no attacker can disturb, and one more run of the looping student (two when there
 * is no run as uid 65534), so that it is graded three times in all.
 *
 * Part of `npm test` (WORKBOOK_HOSTILE=0 leaves it out, for a quick local run). WORKBOOK_HOSTILE_ONLY=a,b
 * grades only the named attacks (and the controls); WORKBOOK_HOSTILE_SKIP_NOBODY=1 skips the non-root
 * run; WORKBOOK_HOSTILE_FROM=DIR grades with another checkout of the workbook (its scripts/, tests/,
 * solutions/), for example an older commit, to see which attacks worked there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { boardOf, gridOf } from '../support/boards.ts';
import { ATTACKS, CARRIED, CONTROLS, FENCE, fillPlaceholders, type Attack, type Threat } from './hostile/attacks.ts';
import type { HandInNote } from '../../scripts/lib/teacher/gradebook/gradebook-types.ts';
import { handInNoteWords } from '../../scripts/lib/teacher/gradebook/note-words.ts';

const ENABLED = process.env.WORKBOOK_HOSTILE !== '0';
const ROOT = join(import.meta.dirname, '..', '..');
/** The workbook to grade with: this repository, or another checkout (WORKBOOK_HOSTILE_FROM=DIR, e.g. an older commit). */
const SOURCE = process.env.WORKBOOK_HOSTILE_FROM ?? ROOT;
const LESSONS = ['01-board', '02-input', '03-win'] as const;
const LESSON_RANGE = '01-03';
const LIMIT_SECONDS = '3';
/**
 * Every grading here uses the same seed, so the hidden suites draw the same inputs in every run: the
 * runs are compared student by student, and a hand-in that is partly wrong (throwing-honest's isFull)
 * can pass a generated case on one seed and fail it on another.
 */
const SEED = '20261201';
/**
 * How long one grading run may take before the test stops it: a run that does not end means a hand-in
 * kept the grader alive. At least this; on a busy machine (other tests, other work), more: see runTimeoutMs.
 */
const RUN_TIMEOUT_MS = 420_000;
/**
 * How many times as long as the controls graded alone (measured first, on this machine, as busy as it
 * is then) the hostile class may take before it counts as kept alive.
 */
const RUN_TIMEOUT_PER_CONTROLS_RUN = 20;
/** The deadline of a grading run, once the controls alone have shown how fast this machine grades now. */
let runTimeoutMs = RUN_TIMEOUT_MS;
/** How long after the grader returns the gradebook must stay as it was. */
const LATER_MS = 3_000;
/**
 * The most memory one process of a grading run may hold (the memory bomb tries for 5 GiB). The largest
 * is the vitest child, which holds every student's suites, hidden ones with their exhaustive checks
 * included, and huge-answers' parsed 8 MB answers until they are collected.
 */
const MEMORY_LIMIT = 1.5 * 1024 ** 3;
/** The most memory the grader process itself may hold (the archive bomb unpacks 3 GiB). */
const GRADER_MEMORY_LIMIT = 1024 ** 3;
/** The most the grader's temp folder may hold at any time (the archive bomb unpacks 3 GiB). */
const TEMP_LIMIT = 100 * 1024 ** 2;
const NOBODY = 65534;

const only = process.env.WORKBOOK_HOSTILE_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const attacks = only === undefined ? ATTACKS : ATTACKS.filter((attack) => only.includes(attack.name));
const students: Attack[] = [...CONTROLS, ...attacks];

/** Whether the class can be graded as uid 65534 too: only when running as root, and only if such a process can start. */
const asNobody: { run: boolean; why: string } = (() => {
  if (!ENABLED) return { run: false, why: 'not enabled' };
  if (process.env.WORKBOOK_HOSTILE_SKIP_NOBODY) return { run: false, why: 'WORKBOOK_HOSTILE_SKIP_NOBODY is set' };
  if (process.getuid?.() !== 0) return { run: false, why: 'the test does not run as root, so it already runs as a teacher would' };
  const probe = spawnSync(process.execPath, ['-e', 'process.exit(0)'], { uid: NOBODY, gid: NOBODY, cwd: '/' });
  if (probe.error || probe.status !== 0) return { run: false, why: `no process can run as uid ${NOBODY}: ${probe.error?.message ?? probe.status}` };
  return { run: true, why: '' };
})();

// ---------------------------------------------------------------------------------------------
// What one grading run leaves behind.

interface Outcome {
  status: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  timedOut: boolean;
}

interface StudentRow {
  name: string;
  lessons: Record<string, { points: number; status: string; note?: string }>;
  total: number;
  notes: HandInNote[];
  /** The student's feedback (Markdown): which tests failed and why, for the message of a failed check. */
  feedback?: string;
}

interface Book {
  students: StudentRow[];
}

/** sha256 of every file under a folder by relative path; a symlink counts as its target text. */
type Snapshot = Map<string, string>;

interface ProcessPeak {
  rss: number;
  command: string;
}

interface Run {
  label: string;
  uid?: number;
  /** Everything of this run lives here; attacks may touch nothing outside it. */
  sandbox: string;
  teacher: string;
  classDir: string;
  out: string;
  tmp: string;
  port: number;
  outcome?: Outcome;
  book?: Book;
  csvAtEnd?: string;
  csvLater?: string;
  workbookBefore: Snapshot;
  workbookAfter: Snapshot;
  classBefore: Snapshot;
  classAfter: Snapshot;
  tempCachesBefore: Snapshot;
  tempCachesAfter: Snapshot;
  peaks: Map<number, ProcessPeak>;
  graderPid?: number;
  tempPeak: number;
  connections: string[];
  leftovers: Array<{ pid: number; command: string }>;
  feedback: Map<string, string>;
  /** What of the hidden suites must never reach a student (read before the run). */
  secrets: string[];
}

const MAIN_LABEL = process.getuid?.() === 0 ? 'graded as root' : 'graded as this user';
const NOBODY_LABEL = `graded as uid ${NOBODY} (a teacher without root)`;
const runs = new Map<string, Run>();
/** Grades of the controls graded alone (no attacker in the class): one run, or two without the run as uid 65534. */
const cleanBooks: Book[] = [];
let scratch = '';
const repositoryBefore = new Map<string, string>();
/** What the grader says when the reference fails the suites: never to be said because of a hand-in. */
const BLAMES_SUITES = /fix (the|your) suites|reference solutions get/i;

// ---------------------------------------------------------------------------------------------
// Helpers.

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Every file under `dir`, hashed (symlinks by target, never followed). */
function snapshot(dir: string, skip: (path: string) => boolean = () => false): Snapshot {
  const result: Snapshot = new Map();
  const walk = (folder: string): void => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(folder, name);
      const rel = relative(dir, path);
      if (skip(rel)) continue;
      let stat: Stats;
      try {
        stat = lstatSync(path);
      } catch {
        continue;
      }
      if (stat.isSymbolicLink()) result.set(rel, `symlink -> ${readlinkSync(path)}`);
      else if (stat.isDirectory()) walk(path);
      else if (stat.isFile()) {
        try {
          result.set(rel, sha256(readFileSync(path)));
        } catch {
          result.set(rel, 'unreadable');
        }
      } else result.set(rel, `special file (mode ${stat.mode.toString(8)})`);
    }
  };
  walk(dir);
  return result;
}

/** What differs between two snapshots, as readable lines. */
function differences(before: Snapshot, after: Snapshot, within: (path: string) => boolean = () => true): string[] {
  const lines: string[] = [];
  for (const [path, hash] of before) {
    if (!within(path)) continue;
    if (!after.has(path)) lines.push(`removed: ${path}`);
    else if (after.get(path) !== hash) lines.push(`changed: ${path}`);
  }
  for (const path of after.keys()) if (within(path) && !before.has(path)) lines.push(`added: ${path}`);
  return lines;
}

const CACHE_DIRS = ['node_modules/.experimental-vitest-cache/', 'node_modules/.vite/', 'node_modules/.vite-temp/', 'node_modules/.vitest/'];
const isCache = (path: string): boolean => CACHE_DIRS.some((dir) => `${path}/`.startsWith(dir));

/** The areas of the teacher's workbook, as the attacks' threats name them. */
const AREAS: Record<string, (path: string) => boolean> = {
  solutions: (path) => path.startsWith('solutions/'),
  tests: (path) => path.startsWith('tests/'),
  lessons: (path) => path.startsWith('lessons/'),
  scripts: (path) => path.startsWith('scripts/'),
  node_modules: (path) => path.startsWith('node_modules/') && !isCache(path),
  config: (path) => !path.includes('/') || path.startsWith('.ci/'),
};

/** The marker every writing attack leaves in what it writes: "hostile:<attack name>". */
const MARKER = new RegExp(`hostile${':'}(${ATTACKS.map((attack) => attack.name).join('|')})\\b`);

/** What a student must never see of the teacher-only suites: test names, inputs (in several spellings), lines of code. */
function hiddenDetails(teacher: string): string[] {
  const hiddenDir = join(teacher, 'tests', 'hidden');
  if (!existsSync(hiddenDir)) return [];
  const visible = readdirSync(join(teacher, 'tests'))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => readFileSync(join(teacher, 'tests', name), 'utf8'))
    .join('\n');
  const secrets = new Set<string>();
  for (const file of readdirSync(hiddenDir).filter((name) => name.endsWith('.test.ts'))) {
    const text = readFileSync(join(hiddenDir, file), 'utf8');
    for (const match of text.matchAll(/\btest\(\s*(['"`])(.+?)\1/g)) secrets.add(match[2] as string);
    for (const match of text.matchAll(/\b(boardOf|gridOf)\(\s*'([^']+)'\s*\)/g)) {
      const picture = match[2] as string;
      if (visible.includes(`'${picture}'`)) continue;
      secrets.add(picture);
      secrets.add(JSON.stringify(match[1] === 'boardOf' ? boardOf(picture) : gridOf(picture)));
    }
    for (const line of text.split('\n').map((candidate) => candidate.trim())) {
      if (line.length >= 30 && !line.startsWith('//') && !line.startsWith('*') && !line.startsWith('/*') && !visible.includes(line)) secrets.add(line);
    }
  }
  secrets.add('tests/hidden');
  return [...secrets];
}

/**
 * The lists of typed lines a feedback shows between the CARRIED markers (what carry-hidden's hasWon
 * throws), with the dots that make spaces visible read as spaces; lists that are not plain JSON (in
 * the HTML page, say) are left out.
 */
function carriedLists(text: string): string[][] {
  const lists: string[][] = [];
  for (const match of text.matchAll(new RegExp(`${CARRIED.start}(\\[.*?\\])${CARRIED.end}`, 'g'))) {
    try {
      lists.push((JSON.parse(match[1] as string) as string[]).map((line) => line.replaceAll('·', ' ')));
    } catch {
      // not plain JSON
    }
  }
  return lists;
}

/** The text of the visible suites, in which every line a visible test types appears (some escaped: "\\t"). */
function visibleSuitesText(teacher: string): string {
  const tests = join(teacher, 'tests');
  return readdirSync(tests)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => readFileSync(join(tests, name), 'utf8'))
    .join('\n');
}

/** The feedback of every student (feedback.md and its page), by student name (read from the "# Feedback for NAME" heading). */
function readFeedback(out: string): Map<string, string> {
  const found = new Map<string, string>();
  const dir = join(out, 'feedback');
  if (!existsSync(dir)) return found;
  for (const folder of readdirSync(dir)) {
    const path = join(dir, folder, 'feedback.md');
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    // The student's page too: what it shows must be as free of secrets as the text.
    const page = join(dir, folder, 'index.html');
    const html = existsSync(page) ? readFileSync(page, 'utf8') : '';
    found.set(/^# Feedback for (.*)$/m.exec(text)?.[1] ?? folder, `${text}\n${html}`);
  }
  return found;
}

/** pid → parent pid and resident memory, for every process. */
function processTable(): Map<number, { ppid: number; rss: number }> {
  const table = new Map<number, { ppid: number; rss: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8')
        .replace(/^.*\) /s, '')
        .split(' ');
      table.set(Number(name), { ppid: Number(fields[1]), rss: Number(fields[21]) * 4096 });
    } catch {
      // gone
    }
  }
  return table;
}

/** A process's command line on one line. */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').replace(/\s+/g, ' ').trim();
  } catch {
    return '';
  }
}

/** Processes, not in `before`, whose command line, environment or working folder mention `folder`. */
function processesMentioning(folder: string, before: Set<number>): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  for (const pid of processTable().keys()) {
    if (before.has(pid) || pid === process.pid) continue;
    let mentions = commandOf(pid).includes(folder);
    for (const part of ['environ', 'cwd']) {
      if (mentions) break;
      try {
        mentions = part === 'cwd' ? readlinkSync(`/proc/${pid}/cwd`).startsWith(folder) : readFileSync(`/proc/${pid}/environ`, 'utf8').includes(folder);
      } catch {
        // not ours to read, or gone
      }
    }
    if (mentions) found.push({ pid, command: commandOf(pid).slice(0, 300) });
  }
  return found;
}

/** Bytes on disk under a folder. */
function diskUsage(dir: string): number {
  let total = 0;
  const walk = (folder: string): void => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      try {
        const stat = lstatSync(join(folder, name));
        if (stat.isDirectory()) walk(join(folder, name));
        else total += stat.blocks * 512;
      } catch {
        // gone
      }
    }
  };
  walk(dir);
  return total;
}

/** A byte that moves a terminal's cursor or starts an escape (C0 but the line end and tab, DEL, C1): none may reach a terminal or a feedback file. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for
const CONTROL_BYTE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Each text that holds a control byte, named, with the first one shown as its code and the text around it. */
function controlBytesIn(texts: Record<string, string>): string[] {
  return Object.entries(texts).flatMap(([name, text]) => {
    const at = text.search(CONTROL_BYTE);
    if (at === -1) return [];
    const code = (text.codePointAt(at) ?? 0).toString(16).padStart(2, '0');
    return [`${name}: \\x${code} at ${at}, in ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 40))}`];
  });
}

/** `npm run check -- 01 02 03 --target HAND-IN/lessons --hidden`, as the run's user: what it printed. */
function checkHidden(run: Pick<Run, 'teacher' | 'classDir' | 'tmp' | 'uid'>, name: string): string {
  const checked = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(run.teacher, 'scripts', 'check.ts'),
      ...LESSONS.map((lesson) => lesson.slice(0, 2)),
      '--target',
      join(run.classDir, name, 'lessons'),
      '--hidden',
      '--seed',
      SEED,
    ],
    {
      cwd: run.teacher,
      env: graderEnv(run.tmp, run.uid === undefined ? undefined : dirname(run.teacher)),
      encoding: 'utf8',
      timeout: runTimeoutMs,
      ...(run.uid === undefined ? {} : { uid: run.uid, gid: run.uid }),
    },
  );
  return `${checked.stdout}\n${checked.stderr}`;
}

/** A line as a suite's source may write it in a string literal: \r, \n, \t, and \uXXXX for every other unit outside printable ASCII. */
function sourceEscaped(line: string): string {
  const named: Record<string, string> = { '\r': '\\r', '\n': '\\n', '\t': '\\t' };
  return line.replace(/[^\x20-\x7e]/g, (unit) => named[unit] ?? `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Fails with every item listed (vitest would shorten a long list to "[ Array(3) ]"). */
function expectNone(items: string[], what: string): void {
  if (items.length > 0) throw new Error(`${what}:\n${items.map((item) => `  ${item}`).join('\n')}`);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A copy of the workbook as the teacher has it: no .git, no build output, its own node_modules without caches. */
function copyWorkbook(to: string): void {
  const keep =
    (from: string) =>
    (source: string): boolean => {
      const rel = relative(from, source);
      return !['.git', 'build', '.workbook'].some((skip) => rel === skip || rel.startsWith(`${skip}/`)) && !isCache(rel);
    };
  cpSync(SOURCE, to, { recursive: true, verbatimSymlinks: true, filter: keep(SOURCE) });
  if (!existsSync(join(to, 'node_modules'))) {
    cpSync(join(ROOT, 'node_modules'), join(to, 'node_modules'), { recursive: true, verbatimSymlinks: true, filter: keep(ROOT) });
  }
}

/** The grader's environment: this one without vitest's and the workbook's own variables, with its own TMPDIR. */
function graderEnv(tmp: string, home?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(VITEST|WORKBOOK_)/.test(key)) env[key] = value;
  return { ...env, TMPDIR: tmp, NO_COLOR: '1', ...(home === undefined ? {} : { HOME: home }) };
}

/** Runs a command to the end (or the deadline), watching memory and the temp folder meanwhile. */
function runWatched(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; uid?: number; tmp: string },
  watch?: { peaks: Map<number, ProcessPeak>; onPid: (pid: number) => void; onTemp: (bytes: number) => void },
): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
  });
  if (child.pid !== undefined) watch?.onPid(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    if (stdout.length < 4_000_000) stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4_000_000) stderr += chunk.toString('utf8');
  });
  const sampler =
    watch === undefined
      ? undefined
      : setInterval(() => {
          const table = processTable();
          const tree = new Set([child.pid as number]);
          for (let grew = true; grew; ) {
            grew = false;
            for (const [pid, entry] of table) {
              if (!tree.has(pid) && tree.has(entry.ppid)) {
                tree.add(pid);
                grew = true;
              }
            }
          }
          for (const pid of tree) {
            const rss = table.get(pid)?.rss ?? 0;
            const command = commandOf(pid).slice(0, 200);
            // A process forked but not yet exec'd is a copy of its parent, sharing its memory: not counted.
            if (pid !== child.pid && command === commandOf(table.get(pid)?.ppid ?? 0).slice(0, 200)) continue;
            const peak = watch.peaks.get(pid);
            if (peak === undefined) watch.peaks.set(pid, { rss, command });
            else if (rss > peak.rss) Object.assign(peak, { rss, command });
          }
          watch.onTemp(diskUsage(options.tmp));
        }, 200);
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // gone
    }
  }, runTimeoutMs);
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      clearTimeout(deadline);
      if (sampler) clearInterval(sampler);
      resolve({ status, signal, stdout, stderr, durationMs: Date.now() - started, timedOut });
    });
  });
}

/** `npm run grade -- CLASS --out OUT --lessons 01-03 --limit 3 --seed SEED`, from the teacher's workbook. */
function grade(run: Pick<Run, 'teacher' | 'classDir' | 'out' | 'tmp' | 'uid'>, watch?: Parameters<typeof runWatched>[2]): Promise<Outcome> {
  return runWatched(
    [
      '--import',
      'tsx',
      join(run.teacher, 'scripts', 'grade.ts'),
      run.classDir,
      '--out',
      run.out,
      '--lessons',
      LESSON_RANGE,
      '--limit',
      LIMIT_SECONDS,
      '--seed',
      SEED,
    ],
    { cwd: run.teacher, env: graderEnv(run.tmp, run.uid === undefined ? undefined : dirname(run.teacher)), uid: run.uid, tmp: run.tmp },
    watch,
  );
}

function readBook(out: string): Book | undefined {
  try {
    return JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Book;
  } catch {
    return undefined;
  }
}

/** Writes the class: one copy of the student edition per student, with the student's files (placeholders filled) and extras. */
async function writeClass(pack: string, classDir: string, who: Attack[], values: Run): Promise<void> {
  mkdirSync(classDir, { recursive: true });
  for (const student of who) {
    const handIn = join(classDir, student.name);
    cpSync(pack, handIn, { recursive: true });
    for (const [path, source] of Object.entries(student.files)) {
      writeFileSync(
        join(handIn, path),
        fillPlaceholders(source, {
          SANDBOX: values.sandbox,
          WORKBOOK: values.teacher,
          CLASS: values.classDir,
          OUT: values.out,
          TMP: values.tmp,
          PORT: String(values.port),
          NAME: student.name,
        }),
      );
    }
    await student.extra?.(handIn);
  }
}

/** A server on 127.0.0.1 that records every connection (and the first bytes sent). */
function listen(connections: string[]): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    let seen = '';
    socket.on('data', (chunk: Buffer) => {
      if (seen.length < 300) seen += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => connections.push(seen.slice(0, 300)));
    socket.setTimeout(2000, () => socket.destroy());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port })));
}

function newRun(label: string, sandbox: string, uid?: number): Run {
  return {
    label,
    uid,
    sandbox,
    teacher: join(sandbox, 'teacher'),
    classDir: join(sandbox, 'class'),
    out: join(sandbox, 'out'),
    tmp: join(sandbox, 'tmp'),
    port: 0,
    workbookBefore: new Map(),
    workbookAfter: new Map(),
    classBefore: new Map(),
    classAfter: new Map(),
    tempCachesBefore: new Map(),
    tempCachesAfter: new Map(),
    peaks: new Map(),
    tempPeak: 0,
    connections: [],
    leftovers: [],
    feedback: new Map(),
    secrets: [],
  };
}

/** The tsx cache in the grader's temp folder (tsx-<uid>/). */
function tempCaches(tmp: string): Snapshot {
  return snapshot(tmp, (path) => !/^tsx-[^/]*(\/|$)/.test(path));
}

/** Grades the hostile class in a prepared run (its server already listening) and records everything the checks need. */
async function gradeHostileClass(run: Run, server: Server): Promise<void> {
  try {
    run.secrets = hiddenDetails(run.teacher);
    run.workbookBefore = snapshot(run.teacher);
    run.classBefore = snapshot(run.classDir);
    run.tempCachesBefore = tempCaches(run.tmp);
    const before = new Set(processTable().keys());
    run.outcome = await grade(run, {
      peaks: run.peaks,
      onPid: (pid) => (run.graderPid = pid),
      onTemp: (bytes) => (run.tempPeak = Math.max(run.tempPeak, bytes)),
    });
    run.csvAtEnd = existsSync(join(run.out, 'gradebook.csv')) ? readFileSync(join(run.out, 'gradebook.csv'), 'utf8') : undefined;
    const atEnd = processesMentioning(run.sandbox, before);
    await sleep(LATER_MS);
    run.csvLater = existsSync(join(run.out, 'gradebook.csv')) ? readFileSync(join(run.out, 'gradebook.csv'), 'utf8') : undefined;
    // Anything that outlived the grader counts, whether it is still there 3 s later or not.
    const later = processesMentioning(run.sandbox, before);
    run.leftovers = [...atEnd, ...later.filter((found) => !atEnd.some((seen) => seen.pid === found.pid))];
    run.book = readBook(run.out);
    run.feedback = readFeedback(run.out);
    run.workbookAfter = snapshot(run.teacher);
    run.classAfter = snapshot(run.classDir);
    run.tempCachesAfter = tempCaches(run.tmp);
  } finally {
    server.close();
  }
}

/** Kills what a run left running (by pid, each one checked to mention the run's folder). */
function killLeftovers(folder: string): void {
  for (const { pid } of processesMentioning(folder, new Set())) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}

/** The repository's own files a hand-in could reach if a path escaped the copies. */
const REPOSITORY_AREAS = ['solutions', 'tests', 'lessons', 'scripts', ...CACHE_DIRS.map((dir) => dir.slice(0, -1))];

function snapshotRepository(): void {
  for (const area of REPOSITORY_AREAS) {
    for (const [path, hash] of snapshot(join(ROOT, area))) repositoryBefore.set(join(area, path), hash);
  }
  const backup = join(scratch, 'repository-backup');
  for (const area of ['solutions', 'tests', 'lessons', 'scripts']) cpSync(join(ROOT, area), join(backup, area), { recursive: true });
}

/** Files of the repository a hand-in wrote (they carry an attack's marker), restored from the backup. */
function restoreRepository(): string[] {
  const restored: string[] = [];
  const backup = join(scratch, 'repository-backup');
  for (const area of REPOSITORY_AREAS) {
    for (const [path, hash] of snapshot(join(ROOT, area))) {
      const full = join(area, path);
      if (repositoryBefore.get(full) === hash) continue;
      let text = '';
      try {
        text = readFileSync(join(ROOT, full), 'utf8');
      } catch {
        continue;
      }
      if (!MARKER.test(text)) continue; // changed by someone else working in this tree: leave it
      restored.push(full);
      if (existsSync(join(backup, full))) writeFileSync(join(ROOT, full), readFileSync(join(backup, full)));
      else console.warn(`hostile.test.ts: ${full} was written by a hand-in and did not exist before; it is left for a person to remove.`);
    }
  }
  return restored;
}

// ---------------------------------------------------------------------------------------------
// The runs.

let restoredFromRepository: string[] = [];

describe.skipIf(!ENABLED)('hostile hand-ins against npm run grade (issue 12)', () => {
  beforeAll(async () => {
    scratch = realpathSync(mkdtempSync(join(tmpdir(), 'workbook-hostile-')));
    chmodSync(scratch, 0o711);
    snapshotRepository();

    // The teacher's workbook, and a student edition of lessons 01-03 made with npm run pack.
    const main = newRun(MAIN_LABEL, join(scratch, 'main'));
    mkdirSync(main.sandbox);
    copyWorkbook(main.teacher);
    mkdirSync(main.tmp);
    const pack = join(main.sandbox, 'pack');
    const packed = spawnSync(process.execPath, ['--import', 'tsx', join(main.teacher, 'scripts', 'pack.ts'), '--lessons', LESSON_RANGE, '--out', pack], {
      cwd: main.teacher,
      env: graderEnv(main.tmp),
      encoding: 'utf8',
    });
    if (packed.status !== 0) throw new Error(`npm run pack failed:\n${packed.stdout}\n${packed.stderr}`);

    // The controls that need a baseline, alone: what no attacker can disturb, and more runs of the looping
    // student (three in all with the hostile runs: two alone when there is no run as uid 65534).
    const baseline = CONTROLS.filter((control) => ['dummy', 'throwing-honest', 'looping-honest'].includes(control.name));
    for (let index = 1; index <= (asNobody.run ? 1 : 2); index += 1) {
      const clean = {
        ...newRun(`controls alone ${index}`, main.sandbox),
        classDir: join(main.sandbox, `clean-${index}`),
        out: join(main.sandbox, `clean-${index}-out`),
      };
      await writeClass(pack, clean.classDir, baseline, clean);
      const outcome = await grade(clean);
      runTimeoutMs = Math.max(runTimeoutMs, RUN_TIMEOUT_PER_CONTROLS_RUN * outcome.durationMs);
      console.log(`hostile.test.ts: ${clean.label}: ${(outcome.durationMs / 1000).toFixed(1)} s`);
      const book = readBook(clean.out);
      if (book === undefined) throw new Error(`the controls could not be graded alone (${clean.label}):\n${outcome.stdout}\n${outcome.stderr}`);
      cleanBooks.push(book);
    }

    // The same teacher's workbook (caches warm), owned by uid 65534, for the run as a non-root teacher.
    let nobody: Run | undefined;
    if (asNobody.run) {
      nobody = newRun(NOBODY_LABEL, join(scratch, 'nobody'), NOBODY);
      mkdirSync(nobody.sandbox);
      cpSync(main.teacher, nobody.teacher, { recursive: true, verbatimSymlinks: true });
      mkdirSync(nobody.tmp);
    }

    // The two runs grade at the same time, each in its own folders with its own server: neither can see
    // the other's files, and a hand-in that slows the machine must cost only its own student in both.
    const ready: Array<{ run: Run; server: Server }> = [];
    for (const run of [main, ...(nobody ? [nobody] : [])]) {
      const { server, port } = await listen(run.connections);
      run.port = port;
      await writeClass(pack, run.classDir, students, run);
      if (run.uid !== undefined) {
        const owned = spawnSync('chown', ['-R', `${run.uid}:${run.uid}`, run.sandbox]);
        if (owned.status !== 0) throw new Error(`chown failed: ${owned.stderr}`);
      }
      runs.set(run.label, run);
      ready.push({ run, server });
    }
    await Promise.all(ready.map(({ run, server }) => gradeHostileClass(run, server)));
    for (const { run } of ready) {
      const { status, signal, durationMs, timedOut } = run.outcome as Outcome;
      const largest = [...run.peaks.values()].sort((a, b) => b.rss - a.rss).slice(0, 3);
      console.log(
        `hostile.test.ts: ${run.label}, ${students.length} students: ${(durationMs / 1000).toFixed(1)} s, status ${status}, signal ${signal}` +
          `${timedOut ? ', stopped at the deadline' : ''}; temp folder at most ${(run.tempPeak / 1024 ** 2).toFixed(0)} MB; largest processes: ` +
          largest.map((peak) => `${(peak.rss / 1024 ** 2).toFixed(0)} MB ${peak.command.slice(0, 80)}`).join(' | '),
      );
      killLeftovers(run.sandbox);
    }
    // (Room for the runs' own deadlines, which grow with a busy machine: each run is stopped at runTimeoutMs.)
  }, 3_600_000);

  afterAll(() => {
    if (scratch === '') return;
    killLeftovers(scratch);
    restoredFromRepository = restoreRepository();
    if (restoredFromRepository.length > 0) console.warn(`hostile.test.ts restored files of the repository: ${restoredFromRepository.join(', ')}`);
    rmSync(scratch, { recursive: true, force: true });
  });

  test('the repository itself was not reached by any hand-in (everything ran in copies)', () => {
    expect(restoreRepository(), 'files of the repository that carry an attack marker').toEqual([]);
  });

  const labels = [MAIN_LABEL, ...(asNobody.run ? [NOBODY_LABEL] : [])];
  if (process.getuid?.() === 0 && !asNobody.run) test.skip(`${NOBODY_LABEL}: skipped, ${asNobody.why}`, () => {});

  describe.each(labels)('%s', (label) => {
    const run = (): Run => {
      const found = runs.get(label);
      if (found === undefined) throw new Error(`the run "${label}" did not happen (see beforeAll)`);
      return found;
    };
    const book = (): Book => {
      const { book: found, outcome } = run();
      if (found === undefined) {
        throw new Error(
          `no gradebook: the grader ${outcome?.timedOut ? `was still running after ${runTimeoutMs / 1000} s` : `ended with status ${outcome?.status}, signal ${outcome?.signal}`}\n` +
            `${outcome?.stdout.slice(-2000)}\n${outcome?.stderr.slice(-2000)}`,
        );
      }
      return found;
    };
    const row = (name: string): StudentRow => {
      const found = book().students.find((student) => student.name === name);
      if (found === undefined) throw new Error(`the gradebook has no row for ${name}`);
      return found;
    };
    const points = (name: string): Record<string, number> =>
      Object.fromEntries(LESSONS.map((lesson) => [lesson, row(name).lessons[lesson]?.points ?? Number.NaN]));
    const cleanPoints = (name: string, index = 0): Record<string, number> => {
      const student = cleanBooks[index]?.students.find((candidate) => candidate.name === name);
      return Object.fromEntries(LESSONS.map((lesson) => [lesson, student?.lessons[lesson]?.points ?? Number.NaN]));
    };
    const allowed = (attack: Attack): Record<string, number> =>
      attack.deserves === 'dummy' ? cleanPoints('dummy') : Object.fromEntries(LESSONS.map((lesson) => [lesson, 0]));

    // What each threat means, checked for one attack (or, with no attack, for the whole run).
    const workbookUnchanged = (area: string): void => {
      const { workbookBefore, workbookAfter } = run();
      expectNone(
        differences(workbookBefore, workbookAfter, AREAS[area]),
        `what changed in the teacher's ${area === 'config' ? 'top-level files' : `${area}/`}`,
      );
    };
    const cachesClean = (): void => {
      const { teacher, workbookBefore, workbookAfter, tempCachesBefore, tempCachesAfter } = run();
      const changed = [
        ...differences(workbookBefore, workbookAfter, (path) => path.startsWith('node_modules/.experimental-vitest-cache/')).filter(
          (line) => !line.startsWith('added'),
        ),
        ...differences(tempCachesBefore, tempCachesAfter)
          .filter((line) => !line.startsWith('added'))
          .map((line) => `${line} (tsx cache)`),
      ];
      expectNone(changed, 'cache entries that existed before the run and changed or went');
      const poisoned = [...workbookAfter.keys()]
        .filter(isCache)
        .map((path) => join(teacher, path))
        .concat([...tempCachesAfter.keys()].map((path) => join(run().tmp, path)))
        .filter((path) => {
          try {
            return MARKER.test(readFileSync(path, 'utf8'));
          } catch {
            return false;
          }
        });
      expectNone(poisoned, 'cache files holding what a hand-in wrote');
    };
    const handInsUnchanged = (): void => {
      const { classBefore, classAfter } = run();
      expectNone(differences(classBefore, classAfter), 'what changed in the hand-ins');
    };
    const outputClean = (): void => {
      const { out } = run();
      const stray: string[] = [];
      const walk = (dir: string): void => {
        for (const name of existsSync(dir) ? readdirSync(dir) : []) {
          const path = join(dir, name);
          const rel = relative(out, path);
          const stat = lstatSync(path);
          if (stat.isSymbolicLink()) stray.push(`${rel} (a symlink to ${readlinkSync(path)})`);
          else if (stat.isDirectory()) walk(path);
          else if (!/^(gradebook\.(json|csv|html)|style\.css|favicon\.svg|feedback\/[^/]+\/(feedback\.md|index\.html))$/.test(rel)) stray.push(rel);
          else if (MARKER.test(readFileSync(path, 'utf8'))) stray.push(`${rel} (holds what a hand-in wrote)`);
        }
      };
      walk(out);
      expectNone(stray, 'files in the output folder that the grader did not write');
      // The feedback pages are made from the leak-checked feedback.md alone: the same text, as HTML.
      for (const folder of readdirSync(join(out, 'feedback'))) {
        expect(existsSync(join(out, 'feedback', folder, 'index.html')), `feedback/${folder}/index.html`).toBe(true);
      }
      expect(readdirSync(join(out, 'feedback')).length, 'feedback folders (one per student)').toBe(book().students.length);
    };
    const gradebookStable = (): void => {
      const { csvAtEnd, csvLater } = run();
      expect(csvAtEnd, 'gradebook.csv when the grader returned').toBeDefined();
      expect(csvLater, `gradebook.csv ${LATER_MS / 1000} s later`).toBe(csvAtEnd);
    };
    const noProcessLeft = (): void => {
      expectNone(
        run().leftovers.map(({ pid, command }) => `${pid}: ${command}`),
        'processes still running after the grader returned',
      );
    };
    const noHiddenDetail = (names?: string[]): void => {
      const { feedback, sandbox } = run();
      const secrets = [...run().secrets, sandbox];
      const leaks: string[] = [];
      for (const [name, text] of feedback) {
        if (names !== undefined && !names.includes(name)) continue;
        for (const secret of secrets) if (text.includes(secret)) leaks.push(`${name}'s feedback shows: ${secret.slice(0, 120)}`);
      }
      if (names !== undefined) for (const name of names) expect(feedback.has(name), `${name} has a feedback.md`).toBe(true);
      expectNone(leaks, 'hidden names, inputs, code or teacher paths in feedback');
    };
    const noConnection = (): void => {
      expectNone(
        run().connections.map((sent) => `sent: ${sent.slice(0, 200)}`),
        "connections to the test's server on 127.0.0.1",
      );
    };
    /** No process above MEMORY_LIMIT (but the grader itself, if `besidesGrader`: what the archive bomb fills). */
    const memoryBounded = (besidesGrader = false): void => {
      const over = [...run().peaks]
        .filter(([pid, peak]) => peak.rss > MEMORY_LIMIT && !(besidesGrader && pid === run().graderPid))
        .map(([pid, peak]) => `${pid}: ${(peak.rss / 1024 ** 3).toFixed(2)} GiB, ${peak.command}`);
      expectNone(over, `processes of the run above ${MEMORY_LIMIT / 1024 ** 3} GiB`);
    };
    const classGradedFairly = (): void => {
      const { outcome } = run();
      expect(outcome?.timedOut, 'the grader was still running at the deadline').toBe(false);
      expect(outcome?.status, `the grader's exit status\n${outcome?.stderr.slice(-1500)}`).toBe(0);
      expect(
        book()
          .students.map((student) => student.name)
          .sort(),
        'a row per student',
      ).toEqual(students.map((student) => student.name).sort());
      expect(points('honest'), 'the honest student').toEqual(Object.fromEntries(LESSONS.map((lesson) => [lesson, 100])));
      expect(points('untouched'), 'the untouched student').toEqual(Object.fromEntries(LESSONS.map((lesson) => [lesson, 0])));
      expect(points('dummy'), 'the dummy student, as graded without attackers').toEqual(cleanPoints('dummy'));
      expect(points('throwing-honest'), 'the throwing student, as graded without attackers').toEqual(cleanPoints('throwing-honest'));
      expect(outcome?.stdout, 'no warning that the reference fails the suites').not.toMatch(BLAMES_SUITES);
    };

    const CHECKS: Record<Threat, { title: string; check: (attack: Attack) => void }> = {
      points: {
        title: 'earns no undeserved points',
        check: (attack) => {
          const want = allowed(attack);
          const got = points(attack.name);
          const over = LESSONS.filter((lesson) => !(got[lesson] !== undefined && got[lesson] <= (want[lesson] as number)));
          expect(
            Object.fromEntries(over.map((lesson) => [lesson, got[lesson]])),
            `lessons where ${attack.name} scored more than ${attack.deserves === 'dummy' ? "the dummy student's " : ''}${JSON.stringify(want)}`,
          ).toEqual({});
        },
      },
      class: { title: 'leaves the rest of the class graded as without it', check: () => classGradedFairly() },
      'workbook:solutions': { title: "leaves the teacher's solutions/ byte-identical", check: () => workbookUnchanged('solutions') },
      'workbook:tests': { title: "leaves the teacher's tests/ byte-identical", check: () => workbookUnchanged('tests') },
      'workbook:lessons': { title: "leaves the teacher's lessons/ byte-identical", check: () => workbookUnchanged('lessons') },
      'workbook:scripts': { title: "leaves the teacher's scripts/ byte-identical", check: () => workbookUnchanged('scripts') },
      'workbook:node_modules': { title: "leaves the teacher's node_modules/ packages byte-identical", check: () => workbookUnchanged('node_modules') },
      'workbook:config': { title: "leaves the teacher's top-level files byte-identical", check: () => workbookUnchanged('config') },
      caches: { title: "leaves vitest's and tsx's caches unpoisoned", check: () => cachesClean() },
      'hand-ins': { title: "leaves every classmate's hand-in unchanged", check: () => handInsUnchanged() },
      output: { title: 'leaves the output folder to the grader', check: () => outputClean() },
      'gradebook-later': { title: `leaves gradebook.csv unchanged ${LATER_MS / 1000} s after grading`, check: () => gradebookStable() },
      processes: { title: 'leaves no process running', check: () => noProcessLeft() },
      hidden: {
        title: 'gets nothing of the hidden tests into its feedback',
        check: (attack) => noHiddenDetail([attack.name]),
      },
      'hidden-inputs': {
        title: "carries no line a hidden test typed into a visible test's message",
        check: (attack) => {
          const lists = carriedLists(run().feedback.get(attack.name) ?? '');
          expect(lists.length, 'visible failures that show what the code kept (else the attack did not run)').toBeGreaterThan(0);
          const visible = visibleSuitesText(run().teacher);
          const typedByHiddenTests = lists
            .flat()
            .filter((line) => !visible.includes(line) && !visible.includes(JSON.stringify(line).slice(1, -1)) && !visible.includes(sourceEscaped(line)));
          expectNone(
            [...new Set(typedByHiddenTests)].map((line) => JSON.stringify(line).slice(0, 80)),
            'lines no visible suite types, shown in a visible test of a later lesson',
          );
        },
      },
      network: { title: 'reaches no server on 127.0.0.1', check: () => noConnection() },
      memory: { title: `is held below ${MEMORY_LIMIT / 1024 ** 3} GiB`, check: () => memoryBounded(true) },
      archive: {
        title: `is refused with a note, unpacked within ${TEMP_LIMIT / 1024 ** 2} MB of disk and ${GRADER_MEMORY_LIMIT / 1024 ** 3} GiB of memory`,
        check: (attack) => {
          const { peaks, graderPid, tempPeak } = run();
          expect(row(attack.name).notes.map(handInNoteWords).join(' '), 'a note for the teacher').not.toBe('');
          expect(tempPeak, "bytes in the grader's temp folder at the most").toBeLessThanOrEqual(TEMP_LIMIT);
          expect(peaks.get(graderPid ?? -1)?.rss ?? 0, 'memory of the grader process at the most').toBeLessThanOrEqual(GRADER_MEMORY_LIMIT);
        },
      },
      disk: {
        title: `writes no file: the grader's temp folder holds at most ${TEMP_LIMIT / 1024 ** 2} MB at any time`,
        check: () => expect(run().tempPeak, "bytes in the grader's temp folder at the most").toBeLessThanOrEqual(TEMP_LIMIT),
      },
      terminal: {
        title: "puts no line on the grader's terminal",
        check: (attack) => {
          const { outcome } = run();
          const printed = `${outcome?.stdout}\n${outcome?.stderr}`;
          expect(printed).not.toContain('Warning: the grader is broken');
          expect(printed).not.toContain(`[1/1] ${attack.name}: 300/300`);
          expect(printed).not.toContain(`${attack.name},100,100,100,300,`);
        },
      },
      fence: {
        title: "loads no module outside the sandbox's list, and learns nothing of files outside its folder or of the grader's machine",
        check: (attack) => {
          const text = run().feedback.get(attack.name) ?? '';
          expect(text, `${attack.name}'s feedback shows what it tried (else the attack did not run)`).toContain(FENCE.tried);
          expectNone(
            text.split('\n').filter((line) => line.includes(FENCE.open)),
            'doors that opened',
          );
        },
      },
      'control-bytes': {
        title: "puts no control byte on the teacher's terminal (grade, and check --hidden) or in any feedback file",
        check: (attack) => {
          const { outcome, feedback } = run();
          const texts: Record<string, string> = { "the grader's terminal output": `${outcome?.stdout}\n${outcome?.stderr}` };
          for (const [name, text] of feedback) texts[`${name}'s feedback.md and index.html`] = text;
          texts[`npm run check -- --target ${attack.name}/lessons --hidden`] = checkHidden(run(), attack.name);
          expectNone(controlBytesIn(texts), 'texts with control bytes');
          expect(feedback.get(attack.name), 'the escape shown as a picture in the feedback (else the attack did not run)').toContain('\u241b');
          expect(texts[`npm run check -- --target ${attack.name}/lessons --hidden`], 'the escape shown as a picture by check').toContain('\u241b');
        },
      },
    };

    for (const attack of attacks) {
      describe(`${attack.name}: ${attack.description}`, () => {
        for (const threat of attack.threatens) test(`${attack.name} ${CHECKS[threat].title}`, () => CHECKS[threat].check(attack));
      });
    }

    describe('the class as a whole', () => {
      test('the grader finishes, exits 0, and grades every student', () => {
        const { outcome } = run();
        expect(outcome?.timedOut, 'still running at the deadline').toBe(false);
        expect(outcome?.status, outcome?.stderr.slice(-1500)).toBe(0);
        expect(
          book()
            .students.map((student) => student.name)
            .sort(),
        ).toEqual(students.map((student) => student.name).sort());
      });
      test('the honest student gets 100 in every lesson', () => {
        expect(points('honest')).toEqual(Object.fromEntries(LESSONS.map((lesson) => [lesson, 100])));
      });
      test('the untouched student gets 0 in every lesson', () => {
        expect(points('untouched')).toEqual(Object.fromEntries(LESSONS.map((lesson) => [lesson, 0])));
      });
      test('the dummy and throwing students get what they get without attackers', () => {
        expect(points('dummy'), 'dummy').toEqual(cleanPoints('dummy'));
        expect(points('throwing-honest'), 'throwing-honest').toEqual(cleanPoints('throwing-honest'));
      });
      test('looping-honest: 100 in lessons 01 and 02', () => {
        const got = points('looping-honest');
        expect({ '01-board': got['01-board'], '02-input': got['02-input'] }).toEqual({ '01-board': 100, '02-input': 100 });
      });
      test('looping-honest: lesson 03 loses only the tests that call isFull (what throwing-honest gets)', () => {
        expect(points('looping-honest')['03-win'], row('looping-honest').feedback).toBe(cleanPoints('throwing-honest')['03-win']);
      });
      test('looping-honest: the same grades in every run (without attackers, and with them as each user)', () => {
        const every = [...cleanBooks.map((_, index) => cleanPoints('looping-honest', index))];
        const feedbacks = cleanBooks.map((clean) => clean.students.find((candidate) => candidate.name === 'looping-honest')?.feedback);
        for (const other of runs.values()) {
          const student = other.book?.students.find((candidate) => candidate.name === 'looping-honest');
          every.push(Object.fromEntries(LESSONS.map((lesson) => [lesson, student?.lessons[lesson]?.points ?? Number.NaN])));
          feedbacks.push(student?.feedback);
        }
        expect(every.length, 'runs of the looping student').toBeGreaterThanOrEqual(3);
        // On a failure, the feedback of each run that differs says which tests it lost, and why.
        const expected = points('looping-honest');
        const differing = feedbacks.filter((_, index) => JSON.stringify(every[index]) !== JSON.stringify(expected));
        expect(every, differing.join('\n----\n')).toEqual(every.map(() => expected));
      });
      test('the reference solutions pass the suites (no "fix the suites" warning)', () => {
        expect(run().outcome?.stdout).not.toMatch(BLAMES_SUITES);
      });
      test("the teacher's workbook is byte-identical afterwards (solutions, tests, lessons, scripts, node_modules, top-level files)", () => {
        const { workbookBefore, workbookAfter } = run();
        expectNone(
          differences(workbookBefore, workbookAfter, (path) => !isCache(path)),
          "what changed in the teacher's workbook",
        );
      });
      test("vitest's and tsx's caches: no entry that existed changed, none holds what a hand-in wrote", () => cachesClean());
      test('every hand-in is unchanged', () => handInsUnchanged());
      test('the output folder holds only the gradebook and one feedback.md and page per student', () => outputClean());
      test('no process of the run is left', () => noProcessLeft());
      test(`gradebook.csv is unchanged ${LATER_MS / 1000} s after the grader returns`, () => gradebookStable());
      test("no feedback holds a hidden test's name, input or code, or a path of the teacher's", () => noHiddenDetail());
      test("no connection reached the test's server", () => noConnection());
      test(`no process of the run held more than ${MEMORY_LIMIT / 1024 ** 3} GiB`, () => memoryBounded());
      test(`the grader's temp folder never held more than ${TEMP_LIMIT / 1024 ** 2} MB`, () => {
        expect(run().tempPeak).toBeLessThanOrEqual(TEMP_LIMIT);
      });
    });
  });
});
