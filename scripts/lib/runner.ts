/**
 * Runs graded suites in a vitest child process and collects results per lesson. The suites are the
 * teacher's code; the graded code runs in sandbox processes behind them (scripts/lib/sandbox/), so
 * an endless loop, a crash or an exit in that code fails only the test that met it, and the child
 * itself never hangs on student code. Several folders (a class of students) run in one child with
 * one pool of workers.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, watch as watchFolder } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { ChildMessage, ChildRequest } from './child-protocol.ts';
import type { LessonRun, TestOutcome } from './results.ts';
import { writeCompiledFolders } from './sandbox/compile.ts';
import { probeFences, SANDBOX_LIMITS, type Fences } from './sandbox/fences.ts';
import { hiddenSuitePath, listLessons, ROOT, suitePath, type Lesson } from './workbook.ts';

/** How to run a set of lessons over one or more folders. */
export interface RunOptions {
  /** The folders whose exercise files are graded. */
  targets: string[];
  lessons: Lesson[];
  /** Also run the teacher-only suites in tests/hidden/. */
  hidden?: boolean;
  /** Wall-clock limit of one call into the graded code, in milliseconds. */
  limitMs?: number;
  /** The workbook whose tests and config are used. */
  root?: string;
  /** Index of the target whose suites' tests are the list every folder is held to (the reference solutions). */
  referenceIndex?: number;
  /** The fences around the graded code (found once per run when not given). */
  fences?: Fences;
  /** Called as each lesson of each folder finishes. */
  onLessonDone?: (targetIndex: number, run: LessonRun) => void;
}

/** The default wall-clock limit of one call into the graded code. */
export const DEFAULT_LIMIT_MS = SANDBOX_LIMITS.callMs;

/** How long the test runner may stay silent before the grader calls grading itself broken. */
const QUIET_LIMIT_MS = 120_000;

/** Output kept per lesson. */
const OUTPUT_KEEP = 8 * 1024;

/** A collected test: what a suite defines. */
interface DefinedTest {
  name: string;
  task: number;
  hidden: boolean;
}

/** One lesson of one folder while its suites run. */
interface Pending {
  targetIndex: number;
  project: string;
  files: string[];
  run: LessonRun;
  startedAt?: number;
  filesDone: number;
  /** Every test of the lesson's suites, as vitest collected them. */
  collected: DefinedTest[];
}

/** Runs the lessons of one folder; one LessonRun per lesson, in the given order. */
export async function runLessons(options: Omit<RunOptions, 'targets'> & { target: string }): Promise<LessonRun[]> {
  const [runs] = await runTargets({ ...options, targets: [options.target] });
  return runs as LessonRun[];
}

/** Runs the lessons of every folder; result [t][l] is lesson l of folder t. */
export async function runTargets(options: RunOptions): Promise<LessonRun[][]> {
  const root = options.root ?? ROOT;
  const targets = options.targets.map((target) => resolve(target));
  const pending = targets.flatMap((_, targetIndex) =>
    options.lessons.map((lesson): Pending => newPending(root, lesson, targetIndex, options.hidden === true)),
  );
  for (const entry of pending.filter((candidate) => candidate.files.length === 0)) {
    entry.run.problem = { kind: 'crash', message: `There is no graded suite tests/${entry.run.lessonId}.test.ts.` };
  }
  const open = pending.filter((entry) => entry.files.length > 0);
  const settings = { limitMs: options.limitMs ?? DEFAULT_LIMIT_MS, fences: options.fences ?? probeFences() };
  if (open.length > 0) await runChild(root, targets, open, settings, options.onLessonDone);
  const reference = options.referenceIndex;
  for (const entry of pending) {
    const list = reference === undefined ? entry.collected : listOf(pending, reference, entry.run.lessonId);
    holdToList(entry.run, list);
  }
  return targets.map((_, targetIndex) =>
    pending.filter((entry) => entry.targetIndex === targetIndex).map((entry) => entry.run),
  );
}

function newPending(root: string, lesson: Lesson, targetIndex: number, hidden: boolean): Pending {
  return {
    targetIndex,
    project: `lessons:${targetIndex}`,
    files: suiteFiles(root, lesson, hidden),
    run: { lessonId: lesson.id, tests: [], output: '', durationMs: 0 },
    filesDone: 0,
    collected: [],
  };
}

/** The tests the reference's run of a lesson collected. */
function listOf(pending: Pending[], referenceIndex: number, lessonId: string): DefinedTest[] {
  return pending.find((entry) => entry.targetIndex === referenceIndex && entry.run.lessonId === lessonId)?.collected ?? [];
}

/**
 * Holds a lesson's outcomes to the list of tests its suites define: a test counts as passed only if
 * it is on the list, ran exactly once and passed. A test on the list without exactly one outcome, or
 * one that was skipped, counts as failed; outcomes of tests not on the list are dropped. Each of
 * these is noted for the teacher (they mean the grading went wrong, not the student's code).
 */
export function holdToList(run: LessonRun, list: DefinedTest[]): void {
  if (list.length === 0) return;
  const key = (test: { name: string; hidden: boolean }): string => `${test.hidden ? 'hidden' : 'visible'}\u0000${test.name}`;
  const byKey = new Map<string, TestOutcome[]>();
  for (const outcome of run.tests) byKey.set(key(outcome), [...(byKey.get(key(outcome)) ?? []), outcome]);
  const anomalies: string[] = [];
  const held = list.map((test): TestOutcome => {
    const outcomes = byKey.get(key(test)) ?? [];
    const [only] = outcomes;
    if (outcomes.length === 1 && only !== undefined && only.status !== 'skipped') return only;
    if (run.problem === undefined) anomalies.push(`${describeTest(test)} ${outcomes.length === 0 ? 'did not run' : outcomes.length > 1 ? `ran ${outcomes.length} times` : 'was skipped'}`);
    return {
      ...test,
      status: 'failed',
      failure: { kind: 'thrown', name: 'Error', message: 'This test did not run exactly once, so it counts as failed.' },
      durationMs: 0,
    };
  });
  const known = new Set(list.map(key));
  for (const outcome of run.tests) if (!known.has(key(outcome))) anomalies.push(`${describeTest(outcome)} is not one of the suites' tests: ignored`);
  run.tests = held;
  if (anomalies.length > 0) run.anomalies = anomalies;
}

function describeTest(test: { name: string; hidden: boolean }): string {
  return test.hidden ? 'a hidden test' : `the test "${test.name}"`;
}

/** The suite files of a lesson that exist in this workbook. */
function suiteFiles(root: string, lesson: Lesson, hidden: boolean): string[] {
  const paths = hidden ? [suitePath(lesson), hiddenSuitePath(lesson)] : [suitePath(lesson)];
  return paths.map((path) => join(root, path)).filter((path) => existsSync(path));
}

/** Extra behaviour of a child that keeps watching files and runs again after every change. */
interface WatchHooks {
  /** Called when a run starts (after a save) and when every lesson of it has finished. */
  onRunStart?: () => void;
  onRunEnd: () => void;
  /** Set once the child is running, to stop it. */
  setStop?: (stop: () => void) => void;
}

/** Runs one child over the open lessons; returns when it exits or has been stopped. */
function runChild(
  root: string,
  targets: string[],
  open: Pending[],
  settings: { limitMs: number; fences: Fences },
  onLessonDone: RunOptions['onLessonDone'],
  watch?: WatchHooks,
): Promise<void> {
  // Every graded folder is compiled here, once, before the suites start; the suites read the result
  // from this private folder (the sandboxes cannot), and watch mode compiles again after each save.
  const compiledDir = mkdtempSync(join(tmpdir(), 'workbook-compiled-'));
  // The sandboxes' scratch folders go in here, so nothing of theirs outlives the run (others may pass through).
  const sandboxesDir = mkdtempSync(join(tmpdir(), 'workbook-sandboxes-'));
  chmodSync(sandboxesDir, 0o711);
  const compile = (): void => writeCompiledFolders(compiledDir, targets, listLessons(root));
  compile();
  const byJob = new Map(open.flatMap((entry) => entry.files.map((file) => [`${entry.project}|${file}`, entry] as const)));
  const byModuleId = new Map<string, Pending>();
  const request: ChildRequest = {
    root,
    targets,
    jobs: open.flatMap((entry) => entry.files.map((file) => ({ project: entry.project, file }))),
    watch: watch !== undefined,
  };
  const child = spawn(process.execPath, [join(root, 'scripts/lib/suite-child.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      WORKBOOK_TARGETS: JSON.stringify(targets),
      WORKBOOK_CHILD_REQUEST: JSON.stringify(request),
      WORKBOOK_FENCES: JSON.stringify(settings.fences),
      WORKBOOK_COMPILED_DIR: compiledDir,
      WORKBOOK_SANDBOX_DIR: sandboxesDir,
      WORKBOOK_CALL_LIMIT_MS: String(settings.limitMs),
      // vitest leaves one core free by default; the grader has the machine to itself, so it uses all.
      VITEST_MAX_WORKERS: process.env.VITEST_MAX_WORKERS ?? String(availableParallelism()),
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  let said = '';
  const keep = (chunk: Buffer): void => {
    if (said.length < OUTPUT_KEEP) said += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let heardAt = Date.now();

  const finish = (entry: Pending): void => {
    entry.run.durationMs = entry.startedAt === undefined ? 0 : Date.now() - entry.startedAt;
    onLessonDone?.(entry.targetIndex, entry.run);
  };

  child.on('message', (message: ChildMessage) => {
    heardAt = Date.now();
    if (message.type === 'log') {
      const entry = byModuleId.get(message.taskId?.split('_')[0] ?? '');
      if (entry && entry.run.output.length < OUTPUT_KEEP) entry.run.output += message.text;
      return;
    }
    if (message.type === 'done') return;
    if (message.type === 'run-start') {
      // Only watch mode runs again in the same child.
      if (!watch) return;
      watch.onRunStart?.();
      for (const file of message.files) {
        const entry = byJob.get(`${file.project}|${file.file}`);
        if (entry) Object.assign(entry, { startedAt: undefined, filesDone: 0, collected: [], run: { ...entry.run, tests: [], output: '', problem: undefined, anomalies: undefined } });
      }
      return;
    }
    if (message.type === 'run-end') {
      if (watch) {
        for (const entry of open) holdToList(entry.run, entry.collected);
        watch.onRunEnd();
      }
      return;
    }
    const entry = byJob.get(`${message.project}|${message.file}`);
    if (!entry) return;
    if (message.type === 'module-start') {
      byModuleId.set(message.id, entry);
      entry.startedAt ??= Date.now();
    } else if (message.type === 'collected') {
      entry.collected.push(...message.tests);
    } else if (message.type === 'test') {
      entry.run.tests.push(message.outcome);
    } else {
      if (message.loadError && entry.run.problem === undefined) {
        const hidden = message.file.includes(`${sep}tests${sep}hidden${sep}`);
        entry.run.problem = loadProblem(message.loadError, settings.limitMs, hidden);
      }
      entry.filesDone += 1;
      if (entry.filesDone === entry.files.length) finish(entry);
    }
  });

  watch?.setStop?.(() => stop(child.pid));
  // The graded files are not in vitest's module graph (the sandbox runs them), so this side watches
  // them, compiles again and asks the child to run the suites again.
  const watchers = watch
    ? targets.map((target) => {
        let timer: NodeJS.Timeout | undefined;
        return watchFolder(target, { recursive: true }, () => {
          clearTimeout(timer);
          timer = setTimeout(() => {
            compile();
            child.send({ type: 'rerun' });
          }, 20);
        });
      })
    : [];
  return new Promise((resolveRun) => {
    // The suites never wait on student code for long (every call has a deadline), so a silent runner
    // means grading itself broke; it is stopped and said so.
    const watchdog = setInterval(() => {
      if (watch || Date.now() - heardAt < QUIET_LIMIT_MS) return;
      said += `\n(the test runner said nothing for ${QUIET_LIMIT_MS / 1000} s and was stopped)`;
      stop(child.pid);
    }, 1000);
    child.on('exit', (code, signal) => {
      clearInterval(watchdog);
      for (const watcher of watchers) watcher.close();
      rmSync(compiledDir, { recursive: true, force: true });
      rmSync(sandboxesDir, { recursive: true, force: true });
      // Whatever the sandboxes left (they are in this process group) goes with the child.
      stop(child.pid);
      for (const entry of open.filter((candidate) => candidate.filesDone < candidate.files.length && candidate.run.problem === undefined)) {
        const how = signal ? `was stopped by ${signal}` : `ended with exit code ${code}`;
        const tail = said.trim().split('\n').slice(-6).join('\n');
        entry.run.problem = {
          kind: 'crash',
          message: `Grading itself broke: the test runner ${how} before this lesson was graded. This is a fault of the grader, not of the code it grades.${tail ? `\n${tail}` : ''}`,
          grader: true,
        };
        finish(entry);
      }
      resolveRun();
    });
  });
}

/** What a suite that could not load means: the graded code ran too long while loading, or threw. */
function loadProblem(failure: NonNullable<Extract<ChildMessage, { type: 'module-end' }>['loadError']>, limitMs: number, hidden: boolean): LessonRun['problem'] {
  if (failure.kind === 'stopped') {
    return { kind: 'timeout', limitMs, lastOutput: hidden ? [] : (failure.printed ?? []) };
  }
  return { kind: 'load-error', failure, hidden };
}

/**
 * Grades lessons of one folder again after every change to their files, in one child that keeps
 * vitest running (so a verdict comes quickly). `onResults` gets the runs after each check.
 */
export async function watchLessons(
  options: Omit<RunOptions, 'targets' | 'onLessonDone'> & {
    target: string;
    onResults: (runs: LessonRun[]) => void;
    onRunStart?: () => void;
    setStop?: (stop: () => void) => void;
  },
): Promise<LessonRun[]> {
  const root = options.root ?? ROOT;
  const pending = options.lessons.map((lesson) => newPending(root, lesson, 0, options.hidden === true));
  const runs = (): LessonRun[] => pending.map((entry) => entry.run);
  const hooks: WatchHooks = { onRunStart: options.onRunStart, onRunEnd: () => options.onResults(runs()), setStop: options.setStop };
  const settings = { limitMs: options.limitMs ?? DEFAULT_LIMIT_MS, fences: options.fences ?? probeFences() };
  await runChild(root, [resolve(options.target)], pending, settings, undefined, hooks);
  return runs();
}

/** Stops the child and every process it started. */
function stop(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
