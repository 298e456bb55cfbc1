/**
 * The behavioural leak check: no function a pack ships computes a graded function of a lesson that
 * is not handed out finished. Text checks (leaks.ts) find a solution body copied word for word; this
 * one finds a model written afresh. Every exported function of every module that can hold code
 * (tests/, scripts/lib/, vitest.config.ts; not the lessons' own files, which are stubs or finished
 * code handed out on purpose) is called on the sample inputs of each graded function (probes.ts),
 * next to the reference solution, and one that gives the reference's answer on every sample is a model.
 *
 * The calls run in a child process (models-child.ts), in a scratch copy of the pack with the
 * workbook's node_modules linked in, fenced off from starting processes, threads and servers, with a
 * time limit per call and per module loaded: a function (or module) that never returns is left out on
 * the next try, and counts as not agreeing.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lesson } from '../../core/workbook.ts';
import type { ChildLine, ChildTask } from './models-child.ts';

/** What the check found. */
export interface ModelCheck {
  /** "tests/support/opponents.ts: lineOwner computes lesson 03's graded function winner". */
  models: string[];
  /** Shipped modules that could not be loaded outside vitest, so their functions were not called ("path: error"). */
  unloadable: string[];
  /** Functions (or modules) that never returned: not agreeing, and left out. */
  hung: string[];
  /** Functions given up after their time on first samples ran out (models-child.ts): counted as not agreeing. */
  undecided: string[];
  /** Probes whose samples prove too little, or that could not be made (a lesson without a reference). */
  weak: string[];
  modules: number;
  functions: number;
  probes: number;
  calls: number;
  /** Wall time of the whole check, in milliseconds. */
  ms: number;
}

/**
 * How long one try of the child may take: only a guard against the check itself going wrong, since the
 * child stops any call or load of shipped code that runs too long (models-child.ts), and a try takes
 * minutes on a busy machine.
 */
const TRY_LIMIT_MS = 30 * 60_000;

/** How many functions may never return before the check gives up (each costs a try). */
const MOST_HUNG = 5;

/** True for a shipped file whose exported functions the check calls: code of the suites, the tools' library or the config, with an export. */
export function isCheckedModule(path: string, content: Buffer): boolean {
  if (!/\.(ts|mts|mjs|js)$/.test(path) || /\.d\.m?ts$/.test(path)) return false;
  if (!(path.startsWith('tests/') || path.startsWith('scripts/lib/') || path === 'vitest.config.ts')) return false;
  return /^\s*export\b/m.test(content.toString('utf8'));
}

/**
 * Calls every function the pack's files export on the probes of the `probed` lessons. `lessons` are
 * all the workbook's lessons (a probe may use another lesson's reference, such as lesson 06's players).
 */
export function findModels(root: string, files: Map<string, Buffer>, lessons: Lesson[], probed: string[]): ModelCheck {
  const started = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), 'workbook-pack-models-'));
  try {
    const pack = join(scratch, 'pack');
    for (const [path, content] of files) {
      mkdirSync(dirname(join(pack, path)), { recursive: true });
      writeFileSync(join(pack, path), content);
    }
    if (existsSync(join(root, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(pack, 'node_modules'), 'junction');
    const task: ChildTask = {
      root,
      lessonFiles: Object.fromEntries(lessons.map((lesson) => [lesson.id, lesson.files])),
      probed,
      modules: [...files].filter(([path, content]) => isCheckedModule(path, content)).map(([path]) => path),
      skip: [],
      results: join(scratch, 'results.jsonl'),
    };
    const hung: string[] = [];
    for (;;) {
      const { lines, stderr, timedOut } = runChild(scratch, pack, task);
      if (timedOut) throw new Error(`The behavioural leak check did not finish in ${TRY_LIMIT_MS / 60_000} minutes.\n${stderr.trim()}`);
      const done = lines.find((line): line is Extract<ChildLine, { done: unknown }> => 'done' in line);
      if (done !== undefined) return summary(lines, hung, done.done, Date.now() - started);
      const last = lines.findLast((line) => 'try' in line || 'load' in line);
      if (last === undefined || hung.length >= MOST_HUNG) {
        const why = hung.length > 0 ? ` (never returned: ${hung.join(', ')})` : '';
        throw new Error(`The behavioural leak check did not finish${why}.\n${stderr.trim()}`);
      }
      const culprit = 'try' in last ? last.try : (last as { load: string }).load;
      hung.push(culprit.replace('#', ': '));
      task.skip.push(culprit);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** One try of the child: what it wrote, line by line, and its error output. */
function runChild(scratch: string, pack: string, task: ChildTask): { lines: ChildLine[]; stderr: string; timedOut: boolean } {
  const taskFile = join(scratch, 'task.json');
  writeFileSync(taskFile, JSON.stringify(task));
  writeFileSync(task.results, '');
  const errors = join(scratch, 'stderr.txt');
  const errorsFd = openSync(errors, 'w');
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./models-child.ts', import.meta.url)), taskFile], {
    cwd: pack,
    // What shipped functions print goes nowhere; the child's own errors go to a file (a pipe's buffer could fill up).
    stdio: ['ignore', 'ignore', errorsFd],
    timeout: TRY_LIMIT_MS,
    killSignal: 'SIGKILL',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  closeSync(errorsFd);
  const lines = readFileSync(task.results, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ChildLine);
  const timedOut = (run.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  return { lines, stderr: readFileSync(errors, 'utf8').slice(-4000), timedOut };
}

/** What the lines of a finished try say. */
function summary(lines: ChildLine[], hung: string[], done: Extract<ChildLine, { done: unknown }>['done'], ms: number): ModelCheck {
  const models: string[] = [];
  const unloadable: string[] = [];
  const weak: string[] = [];
  const undecided: string[] = [];
  for (const line of lines) {
    if ('agrees' in line) {
      const [path, name] = line.agrees.split('#');
      models.push(`${path}: ${name} computes lesson ${line.lesson.slice(0, 2)}'s graded function ${line.name}`);
    } else if ('unloadable' in line) unloadable.push(`${line.unloadable}: ${line.error}`);
    else if ('weak' in line) weak.push(`${line.weak}: ${line.why}`);
    else if ('slow' in line) undecided.push(line.slow.replace('#', ': '));
  }
  return { models: [...new Set(models)], unloadable, hung, undecided, weak, ...done, ms };
}
