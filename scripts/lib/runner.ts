/**
 * Runs graded suites in a child process and collects results per lesson. A lesson whose code runs
 * longer than the limit (an endless loop) is stopped and reported as timed out; the lessons that
 * were still running beside it are run again in a fresh child, so one hang never stalls the rest.
 * Several folders (a class of students) can be graded by one child and its pool of workers.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { RESULT_MARK, STOPPED_PREFIX, TEST_MARK, traceName, type ChildMessage, type ChildRequest } from './child-protocol.ts';
import type { LessonRun, TestOutcome } from './results.ts';
import { hiddenSuitePath, ROOT, suitePath, type Lesson } from './workbook.ts';

/** How to run a set of lessons over one or more folders. */
export interface RunOptions {
  /** The folders whose exercise files are graded. */
  targets: string[];
  lessons: Lesson[];
  /** Also run the teacher-only suites in tests/hidden/. */
  hidden?: boolean;
  /** Wall-clock limit per lesson, in milliseconds. */
  limitMs?: number;
  /** The workbook whose tests and config are used. */
  root?: string;
  /** Called as each lesson of each folder finishes. */
  onLessonDone?: (targetIndex: number, run: LessonRun) => void;
}

/** The default wall-clock limit per lesson. */
export const DEFAULT_LIMIT_MS = 10_000;

/** Output kept per lesson. */
const OUTPUT_KEEP = 8 * 1024;

/** One lesson of one folder while its suites run. */
interface Pending {
  targetIndex: number;
  project: string;
  files: string[];
  run: LessonRun;
  startedAt?: number;
  filesDone: number;
  /** Tests that hung once: they count as failed, and the lesson runs again without them (once). */
  hung: TestOutcome[];
  /** Every test of the lesson's suites, as vitest collected them (to count those a hang kept from running). */
  collected: Array<{ name: string; task: number; hidden: boolean }>;
}

/**
 * How many times the run may still stop a child for a hang. Every lesson may need one stop; one
 * more lets a lesson run again without its hung test. So the worst case stays (lessons + 1) × limit.
 */
interface Budget {
  stopsLeft: number;
  limitMs: number;
}

/** Runs the lessons of one folder; one LessonRun per lesson, in the given order. */
export async function runLessons(options: Omit<RunOptions, 'targets'> & { target: string }): Promise<LessonRun[]> {
  const [runs] = await runTargets({ ...options, targets: [options.target] });
  return runs as LessonRun[];
}

/** Runs the lessons of every folder; result [t][l] is lesson l of folder t. */
export async function runTargets(options: RunOptions): Promise<LessonRun[][]> {
  const root = options.root ?? ROOT;
  const limitMs = options.limitMs ?? DEFAULT_LIMIT_MS;
  const targets = options.targets.map((target) => resolve(target));
  const pending = targets.flatMap((_, targetIndex) =>
    options.lessons.map((lesson): Pending => ({
      targetIndex,
      project: `lessons:${targetIndex}`,
      files: suiteFiles(root, lesson, options.hidden === true),
      run: { lessonId: lesson.id, tests: [], output: '', durationMs: 0 },
      filesDone: 0,
      hung: [],
      collected: [],
    })),
  );
  const budget: Budget = { stopsLeft: pending.length + 1, limitMs };
  for (const entry of pending.filter((candidate) => candidate.files.length === 0)) {
    entry.run.problem = { kind: 'crash', message: `There is no graded suite tests/${entry.run.lessonId}.test.ts.` };
  }
  let open = pending.filter((entry) => entry.files.length > 0);
  while (open.length > 0) {
    const retriesBefore = open.reduce((sum, entry) => sum + entry.hung.length, 0);
    await runChild(root, targets, open, budget, options.onLessonDone);
    const unfinished = open.filter((entry) => entry.filesDone < entry.files.length && entry.run.problem === undefined);
    const retries = open.reduce((sum, entry) => sum + entry.hung.length, 0) - retriesBefore;
    if (unfinished.length === open.length && retries === 0) {
      // The child stopped without grading anything more: give up on these instead of trying forever.
      for (const entry of unfinished) {
        entry.run.problem = { kind: 'crash', message: 'The test run stopped before this lesson was graded.' };
        options.onLessonDone?.(entry.targetIndex, entry.run);
      }
      break;
    }
    for (const entry of unfinished) {
      entry.run.tests = [...entry.hung];
      entry.run.output = '';
      entry.filesDone = 0;
      entry.startedAt = undefined;
      entry.collected = [];
    }
    open = unfinished;
  }
  return targets.map((_, targetIndex) =>
    pending.filter((entry) => entry.targetIndex === targetIndex).map((entry) => entry.run),
  );
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
  budget: Budget,
  onLessonDone: RunOptions['onLessonDone'],
  watch?: WatchHooks,
): Promise<void> {
  const { limitMs } = budget;
  const traceDir = mkdtempSync(join(tmpdir(), 'workbook-trace-'));
  const byJob = new Map(open.flatMap((entry) => entry.files.map((file) => [`${entry.project}|${file}`, entry] as const)));
  const byModuleId = new Map<string, Pending>();
  const request: ChildRequest = {
    root,
    targets,
    jobs: open.flatMap((entry) =>
      entry.files.map((file) => ({ project: entry.project, file, skip: entry.hung.map((test) => test.name) })),
    ),
    watch: watch !== undefined,
  };
  const child = spawn(process.execPath, [join(root, 'scripts/lib/suite-child.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      WORKBOOK_TARGETS: JSON.stringify(targets),
      WORKBOOK_TRACE_DIR: traceDir,
      WORKBOOK_CHILD_REQUEST: JSON.stringify(request),
      // vitest leaves one core free by default; the grader has the machine to itself, so it uses all.
      VITEST_MAX_WORKERS: process.env.VITEST_MAX_WORKERS ?? String(availableParallelism()),
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  let stray = '';
  const keepStray = (chunk: Buffer): void => {
    if (stray.length < OUTPUT_KEEP) stray += chunk.toString('utf8');
  };
  child.stdout?.on('data', keepStray);
  child.stderr?.on('data', keepStray);

  const finish = (entry: Pending): void => {
    entry.run.durationMs = entry.startedAt === undefined ? 0 : Date.now() - entry.startedAt;
    onLessonDone?.(entry.targetIndex, entry.run);
  };

  child.on('message', (message: ChildMessage) => {
    if (message.type === 'log') {
      const entry = byModuleId.get(message.taskId?.split('_')[0] ?? '');
      if (entry && entry.run.output.length < OUTPUT_KEEP) entry.run.output += message.text;
      return;
    }
    if (message.type === 'done') return;
    if (message.type === 'run-start') {
      // Only watch mode runs again in the same child; a first run starts from what runTargets set up.
      if (!watch) return;
      watch.onRunStart?.();
      for (const file of message.files) {
        const entry = byJob.get(`${file.project}|${file.file}`);
        if (entry) Object.assign(entry, { startedAt: undefined, filesDone: 0, run: { ...entry.run, tests: [], output: '', problem: undefined } });
      }
      return;
    }
    if (message.type === 'run-end') {
      watch?.onRunEnd();
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
        entry.run.problem = { kind: 'load-error', failure: message.loadError };
      }
      entry.filesDone += 1;
      if (entry.filesDone === entry.files.length) finish(entry);
    }
  });

  watch?.setStop?.(() => stop(child.pid));
  return new Promise((resolveRun) => {
    const watchdog = setInterval(() => {
      const now = Date.now();
      // The setup file creates the trace as a suite starts loading, even if the code then blocks.
      for (const entry of open) {
        if (entry.startedAt === undefined && entry.files.some((file) => existsSync(join(traceDir, traceName(entry.project, file))))) {
          entry.startedAt = now;
        }
      }
      const hung = open.find(
        (entry) => entry.startedAt !== undefined && entry.filesDone < entry.files.length && now - entry.startedAt > limitMs,
      );
      if (!hung) return;
      clearInterval(watchdog);
      const seen = readTrace(traceDir, hung);
      const unresolved = open.filter((entry) => entry.filesDone < entry.files.length && entry.run.problem === undefined).length;
      const canRetry = seen.runningTest !== undefined && hung.hung.length === 0 && !watch && budget.stopsLeft > unresolved;
      budget.stopsLeft -= 1;
      if (canRetry) {
        // Count the hung test as failed and grade the rest of the lesson in the next child.
        hung.hung.push(hungTest(seen, limitMs));
      } else {
        hung.run.problem = { kind: 'timeout', limitMs, runningTest: seen.runningTest?.name, lastOutput: seen.lastOutput };
        // Keep the tests that finished before the hang, even those vitest had not reported yet.
        const reported = new Set(hung.run.tests.map((test) => test.name));
        hung.run.tests.push(...finishedTests(traceDir, hung).filter((test) => !reported.has(test.name)));
        // The stopped test, and every test that never ran, count as failed.
        const stopped = seen.runningTest === undefined ? [] : [hungTest(seen, limitMs)];
        hung.run.tests.push(...stopped, ...neverRan(hung, [...reported, ...hung.run.tests.map((test) => test.name), ...stopped.map((test) => test.name)]));
        finish(hung);
      }
      stop(child.pid);
    }, 100);
    child.on('exit', () => {
      clearInterval(watchdog);
      rmSync(traceDir, { recursive: true, force: true });
      resolveRun();
    });
  });
}

/**
 * Grades lessons of one folder again after every change to their files, in one child that keeps
 * vitest running (so a verdict comes quickly). `onResults` gets the runs after each check. When code
 * hangs, the child is stopped and the promise resolves: call again after the next change.
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
  const pending = options.lessons.map((lesson): Pending => ({
    targetIndex: 0,
    project: 'lessons:0',
    files: suiteFiles(root, lesson, options.hidden === true),
    run: { lessonId: lesson.id, tests: [], output: '', durationMs: 0 },
    filesDone: 0,
    hung: [],
    collected: [],
  }));
  const runs = (): LessonRun[] => pending.map((entry) => entry.run);
  const hooks: WatchHooks = { onRunStart: options.onRunStart, onRunEnd: () => options.onResults(runs()), setStop: options.setStop };
  const limitMs = options.limitMs ?? DEFAULT_LIMIT_MS;
  await runChild(root, [resolve(options.target)], pending, { stopsLeft: 0, limitMs }, undefined, hooks);
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

/** The test that was running and the last lines printed, from the trace the setup file wrote. */
function readTrace(traceDir: string, entry: Pending): Trace {
  const traces = entry.files
    .map((file) => ({ file, path: join(traceDir, traceName(entry.project, file)) }))
    .filter(({ path }) => existsSync(path))
    .map(({ file, path }) => ({ file, lines: readFileSync(path, 'utf8').split('\n') }));
  // The hung suite is one whose last test started and never finished (no result line after it).
  const running = traces.find(({ lines }) => {
    const markAt = lines.findLastIndex((line) => line.startsWith(TEST_MARK));
    return markAt !== -1 && !lines.slice(markAt).some((line) => line.startsWith(RESULT_MARK));
  });
  const chosen = running ?? traces[0];
  if (chosen === undefined) return { lastOutput: [], hidden: false };
  const hidden = chosen.file.includes(`${sep}tests${sep}hidden${sep}`);
  const markAt = chosen.lines.findLastIndex((line) => line.startsWith(TEST_MARK));
  const lastOutput = chosen.lines
    .slice(markAt + 1)
    .filter((line) => line !== '' && !line.startsWith(RESULT_MARK))
    .slice(-12);
  if (running === undefined || markAt === -1) return { lastOutput, hidden };
  const [task, ...name] = (chosen.lines[markAt] as string).slice(TEST_MARK.length).split('\t');
  return { runningTest: { task: Number(task), name: name.join('\t') }, lastOutput, hidden };
}

/** Failed outcomes for the collected tests of a stopped lesson that have no outcome. */
function neverRan(entry: Pending, known: string[]): TestOutcome[] {
  const seen = new Set(known);
  return entry.collected
    .filter((test) => !seen.has(test.name))
    .map((test) => ({
      ...test,
      status: 'failed' as const,
      failure: { name: 'Error', message: 'This test did not run: the lesson was stopped before it.' },
      durationMs: 0,
    }));
}

/** The outcomes of the tests that finished, as the setup file traced them. */
function finishedTests(traceDir: string, entry: Pending): TestOutcome[] {
  return entry.files
    .map((file) => join(traceDir, traceName(entry.project, file)))
    .filter((path) => existsSync(path))
    .flatMap((path) => readFileSync(path, 'utf8').split('\n'))
    .filter((line) => line.startsWith(RESULT_MARK))
    .map((line) => JSON.parse(line.slice(RESULT_MARK.length)) as TestOutcome);
}

/** What the trace tells about a hung lesson. */
interface Trace {
  runningTest?: { task: number; name: string };
  lastOutput: string[];
  /** Whether the hung suite is a teacher-only one. */
  hidden: boolean;
}

/** The failed outcome recorded for a test that was stopped because it ran too long. */
function hungTest(trace: Trace, limitMs: number): TestOutcome {
  const printed = trace.lastOutput.length > 0 ? `\nThe last lines your code printed:\n${trace.lastOutput.join('\n')}` : '';
  return {
    name: trace.runningTest?.name ?? '',
    task: trace.runningTest?.task ?? 0,
    hidden: trace.hidden,
    status: 'failed',
    failure: { name: 'Error', message: `${STOPPED_PREFIX}${limitMs}ms.${printed}` },
    durationMs: limitMs,
  };
}
