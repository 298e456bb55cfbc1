/**
 * Runs graded suites in a vitest child process and collects results per lesson. The suites are the
 * teacher's code; the graded code runs in sandbox processes behind them (scripts/lib/grader/sandbox/), so
 * an endless loop, a crash or an exit in that code fails only the test that met it, and the child
 * itself never hangs on student code. Several folders (a class of students) run in one child with
 * one pool of workers.
 */
import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, watch as watchFolder, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ChildMessage } from '../contracts/child-protocol.ts';
import { type DefinedTest, holdToList } from './held-to-list.ts';
import { LessonRuns, type Pending, type SuitePart } from './lesson-runs.ts';
import { dealByWeight, readLessonTimes, recordLessonTimes, type LessonTimes } from './lesson-times.ts';
import type { Failure, LessonProblem, LessonRun } from '../../core/results.ts';
import { compileCacheFile, readCompiledFolder, writeCompiledFolders } from '../contracts/compile.ts';
import { loadProblemOf } from './load-problem.ts';
import { startPipeStock } from './pipe-stock.ts';
import { probeFences, SANDBOX_LIMITS, type Fences } from '../contracts/fences.ts';
import { startSuiteProcess } from './suite-process.ts';
import { suiteWorkers } from '../contracts/workers.mjs';
import { GRADED_PROJECT } from '../contracts/grader-vitest.mjs';
import { gradedTestFile, gradedTestSource } from '../contracts/test-files.ts';
import { planFile, writePlan, type GradingPlan, type PlannedJob, type PlannedPart } from '../contracts/plan.ts';
import { printable } from '../../core/text.ts';
import type { SandboxWords } from '../contracts/sandbox-words.ts';
import { hiddenSuitePath, listLessons, ROOT, suitePath, UsageError, type Lesson } from '../../core/workbook.ts';

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
  /**
   * Where check and watch keep what makes the next run of the same workbook faster (its .workbook/
   * folder): how long each lesson took, to deal one folder's lessons out over the workers evenly
   * (lesson-times.ts: a check records them, watch only reads them), and the compiled exercise files
   * (compile.ts). Class grading keeps nothing.
   */
  stateDir?: string;
  /** How long the test runner may stay silent before it is stopped, in milliseconds (for tests; see quietLimitMs). */
  quietMs?: number;
  /** How to name each folder to the teacher (a student's name), by index; the folder's path when not given. */
  names?: string[];
  /** Called as each lesson of each folder finishes, with its run as it will count (held to the list of tests, see heldCopy). */
  onLessonDone?: (targetIndex: number, run: LessonRun) => void;
  /**
   * The seed of the hidden suites' generated inputs (in the grading plan, read by tests/support/property.ts):
   * every folder of one run, the reference's included, gets the same inputs. Drawn by the suites when not given.
   */
  seed?: number;
  /** What the sandbox tells the graded code it refuses (a module, say), in the student's language; English when not given. */
  sandboxWords?: SandboxWords;
}

/** The largest seed a run takes (seeds are whole numbers from 0 to this). */
export const MAX_SEED = 2 ** 31 - 1;

/** A fresh seed for a run of the hidden suites. */
export function drawSeed(): number {
  return randomInt(0, MAX_SEED);
}

/** The seed of a --seed option, or a UsageError that says what a seed looks like. */
export function parseSeed(text: string): number {
  const seed = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || seed > MAX_SEED) {
    throw new UsageError(`--seed takes a whole number from 0 to ${MAX_SEED} (the seed a gradebook shows), not "${text}".`);
  }
  return seed;
}

/** The default wall-clock limit of one call into the graded code. */
export const DEFAULT_LIMIT_MS = SANDBOX_LIMITS.callMs;

/** Runs the lessons of one folder; one LessonRun per lesson, in the given order. */
export async function runLessons(options: Omit<RunOptions, 'targets'> & { target: string }): Promise<LessonRun[]> {
  const [runs] = await runTargets({ ...options, targets: [options.target] });
  return runs as LessonRun[];
}

/** Runs the lessons of every folder; result [t][l] is lesson l of folder t. */
export async function runTargets(options: RunOptions): Promise<LessonRun[][]> {
  const root = options.root ?? ROOT;
  const targets = options.targets.map((target) => resolve(target));
  const pending = targets.flatMap((_, targetIndex) => options.lessons.map((lesson): Pending => newPending(root, lesson, targetIndex, options.hidden === true)));
  for (const entry of pending.filter((candidate) => candidate.parts.length === 0)) {
    entry.run.problem = { kind: 'crash', cause: 'no-suite', suite: `tests/${entry.run.lessonId}.test.ts` };
  }
  const open = pending.filter((entry) => entry.parts.length > 0);
  const { stateDir } = options;
  const settings = {
    limitMs: options.limitMs ?? DEFAULT_LIMIT_MS,
    fences: options.fences ?? probeFences(),
    seed: options.seed,
    stateDir,
    referenceIndex: options.referenceIndex,
    names: options.names,
    quietMs: options.quietMs,
    sandboxWords: options.sandboxWords,
  };
  if (open.length > 0) await runChild(root, targets, open, settings, options.onLessonDone);
  if (stateDir !== undefined && targets.length === 1) {
    recordLessonTimes(
      stateDir,
      open.map((entry) => entry.run),
      targets[0],
    );
  }
  for (const entry of pending) holdToList(entry.run, listFor(pending, entry, options.referenceIndex));
  return targets.map((_, targetIndex) => pending.filter((entry) => entry.targetIndex === targetIndex).map((entry) => entry.run));
}

function newPending(root: string, lesson: Lesson, targetIndex: number, hidden: boolean): Pending {
  return {
    targetIndex,
    project: GRADED_PROJECT,
    parts: suiteParts(root, lesson, hidden),
    partsEnded: 0,
    run: { lessonId: lesson.id, tests: [], output: '', durationMs: 0 },
    done: false,
    collected: [],
  };
}

/**
 * The list of tests a lesson's run is held to: what the reference's run of the lesson collected, or,
 * without a reference (a check), what the lesson's own run collected.
 */
function listFor(pending: Pending[], entry: Pending, referenceIndex: number | undefined): DefinedTest[] {
  if (referenceIndex === undefined) return entry.collected;
  return pending.find((candidate) => candidate.targetIndex === referenceIndex && candidate.run.lessonId === entry.run.lessonId)?.collected ?? [];
}

/**
 * A lesson's run as it will count, for the progress shown while the others run: held to its list (the
 * reference's, or its own until the reference's suites have been collected), so that a test that
 * never ran already counts as failed. The run itself is held once every lesson has ended.
 */
function heldCopy(pending: Pending[], entry: Pending, referenceIndex: number | undefined): LessonRun {
  const run = { ...entry.run, tests: [...entry.run.tests] };
  const list = listFor(pending, entry, referenceIndex);
  holdToList(run, list.length > 0 ? list : entry.collected);
  return run;
}

/**
 * The parts of a lesson's suites, in the order they run: its visible suite, then, when asked for and
 * there is one, its hidden suite (which imports the visible one: loaded once per module id, so only
 * the hidden tests register there). None when there is no visible suite.
 */
function suiteParts(root: string, lesson: Lesson, hidden: boolean): SuitePart[] {
  const visible = join(root, suitePath(lesson));
  if (!existsSync(visible)) return [];
  const withHidden = join(root, hiddenSuitePath(lesson));
  return [{ file: visible, hidden: false }, ...(hidden && existsSync(withHidden) ? [{ file: withHidden, hidden: true }] : [])];
}

/**
 * The jobs of a run, their test files written (each the same two lines: see test-files.ts), and each
 * lesson's file noted. A class: every lesson of one student per file (the reference solutions, the
 * list every hand-in is held to, first). One folder: its
 * lessons are dealt out over as many files as there are workers, so they still run side by side, by
 * how long each took last time (`times`), so that the workers finish at about the same time.
 */
function writeJobs(root: string, folder: string, open: Pending[], times: LessonTimes, referenceIndex: number | undefined): PlannedJob[] {
  mkdirSync(folder, { recursive: true });
  const source = gradedTestSource(root);
  const jobs: PlannedJob[] = [];
  const addJob = (lessons: Pending[]): void => {
    const file = gradedTestFile(folder, jobs.length);
    writeFileSync(file, source);
    jobs.push({ file, parts: plannedParts(lessons) });
    for (const candidate of lessons) candidate.file = file;
  };
  const targets = [...new Set(open.map((candidate) => candidate.targetIndex))];
  const lessonsOf = (target: number): Pending[] => open.filter((candidate) => candidate.targetIndex === target);
  if (targets.length === 1) {
    const [target] = targets as [number];
    const lessons = lessonsOf(target);
    const dealt = dealByWeight(lessons, Math.max(1, Math.min(suiteWorkers(), lessons.length)), (candidate) => times[candidate.run.lessonId]);
    for (const mine of dealt) {
      if (mine.length > 0) addJob(mine);
    }
    return jobs;
  }
  const students = targets.filter((target) => target !== referenceIndex);
  const reference = referenceIndex !== undefined && targets.includes(referenceIndex) ? [referenceIndex] : [];
  for (const target of [...reference, ...students]) addJob(lessonsOf(target));
  return jobs;
}

/**
 * The parts of some lessons of one folder, in the order a test file runs them (see lesson-entry.ts):
 * every visible part before any hidden part. The graded code of a folder runs in one sandbox process
 * for the whole file (booted afresh for each part, but the same process), so whatever it keeps from a
 * hidden test's inputs can only ever reach a hidden test, never a visible test's message, which the
 * student reads.
 */
function plannedParts(lessons: Pending[]): PlannedPart[] {
  const parts = (hidden: boolean): PlannedPart[] =>
    lessons.flatMap((candidate) =>
      candidate.parts
        .filter((part) => part.hidden === hidden)
        .map((part) => ({ lesson: candidate.run.lessonId, suite: part.file, hidden, folder: candidate.targetIndex })),
    );
  return [...parts(false), ...parts(true)];
}

/** Extra behaviour of a child that keeps watching files and runs again after every change. */
interface WatchHooks {
  /** Called when a run starts (after a save, or a run dropped because files changed during it). */
  onRunStart?: () => void;
  /**
   * Called when a run of the files as they are now has ended (a run during which files changed is
   * dropped, and one more starts): `complete` when every lesson of it ended.
   */
  onRunEnd: (complete: boolean) => void;
  /** Set once the child is running, to stop it. */
  setStop?: (stop: () => void) => void;
}

/** Runs one child over the open lessons; returns when it exits or has been stopped. */
async function runChild(
  root: string,
  targets: string[],
  open: Pending[],
  settings: ChildSettings,
  onLessonDone: RunOptions['onLessonDone'],
  watch?: WatchHooks,
  attempt = 0,
): Promise<void> {
  // Every graded folder is compiled here, once, before the suites start; the suites read the result
  // from this private folder (the sandboxes cannot), and watch mode compiles again after each save.
  const compiledDir = mkdtempSync(join(tmpdir(), 'workbook-compiled-'));
  // The sandboxes' scratch folders go in here, so nothing of theirs outlives the run (others may pass through).
  const sandboxesDir = mkdtempSync(join(tmpdir(), 'workbook-sandboxes-'));
  chmodSync(sandboxesDir, 0o711);
  // Named pipes for the sandboxes, made ahead in the background (see pipe-stock.ts); not on Windows.
  const pipes = process.platform === 'win32' ? undefined : startPipeStock(sandboxesDir);
  // The child starts vitest (about half a second) while the folders are compiled, the test files
  // written and the plan made here; it runs them when told where the plan is.
  const { stateDir, referenceIndex, names, quietMs } = settings;
  const suites = startSuiteProcess(root, { watch: watch !== undefined, quietMs });
  const compileCache = stateDir === undefined ? undefined : compileCacheFile(stateDir);
  const compile = (): void => writeCompiledFolders(compiledDir, targets, listLessons(root), compileCache);
  const cleanUp = (): void => {
    rmSync(compiledDir, { recursive: true, force: true });
    pipes?.stop();
    rmSync(sandboxesDir, { recursive: true, force: true });
  };
  let plan: GradingPlan;
  const planPath = planFile(compiledDir);
  try {
    compile();
    const times = stateDir === undefined || targets.length !== 1 ? {} : readLessonTimes(stateDir, targets[0]);
    plan = {
      targets,
      project: GRADED_PROJECT,
      jobs: writeJobs(root, join(compiledDir, 'suites'), open, times, referenceIndex),
      ...(settings.seed === undefined ? {} : { seed: settings.seed }),
      ...(settings.sandboxWords === undefined ? {} : { sandboxWords: settings.sandboxWords }),
      limitMs: settings.limitMs,
      fences: settings.fences,
      compiledDir,
      sandboxesDir,
      ...(pipes === undefined ? {} : { pipeStock: pipes.folder }),
      watch: watch !== undefined,
    };
    writePlan(planPath, plan);
  } catch (error) {
    suites.stop();
    await suites.exited;
    cleanUp();
    throw error;
  }
  suites.start(planPath, plan);
  const finish = (entry: Pending): void => onLessonDone?.(entry.targetIndex, heldCopy(open, entry, referenceIndex));
  const allLessons = listLessons(root);
  const whyNotLoaded = (entry: Pending, failure: Failure, hidden: boolean): LessonProblem => {
    const lesson = allLessons.find((candidate) => candidate.id === entry.run.lessonId) as Lesson;
    const compiled = readCompiledFolder(compiledDir, entry.targetIndex);
    return loadProblemOf(lesson, allLessons, { target: targets[entry.targetIndex] as string, compiled }, failure, hidden);
  };
  const lessons = new LessonRuns(open, settings.limitMs, finish, whyNotLoaded);

  // Only watch mode runs again in the same child.
  const runs = watch ? watchRuns(suites.child, lessons, compile, watch) : undefined;
  suites.child.on('message', (message: ChildMessage) => {
    suites.heard();
    if (message.type === 'done') return;
    if (message.type === 'run-start') runs?.started(message.files);
    else if (message.type === 'run-end') runs?.ended();
    else lessons.apply(message);
  });
  watch?.setStop?.(suites.stop);
  // The graded files are not in vitest's module graph (the sandbox runs them), so this side watches them.
  const watchers = runs ? targets.map((target) => watchFolder(target, { recursive: true }, runs.changed)) : [];

  const { end, tail } = await suites.exited;
  for (const watcher of watchers) watcher.close();
  cleanUp();
  // The lessons that were running when the runner went silent or ended are the ones that stopped it:
  // each says so, naming its hand-in, and the lessons it had not reached are graded in a new runner.
  const running = lessons.unfinished().filter((entry) => entry.partStartedAt !== undefined);
  if (watch === undefined && running.length > 0 && attempt < MAX_RERUNS) {
    for (const entry of running) {
      entry.run.problem = { kind: 'crash', cause: 'runner-stalled', end, lesson: entry.run.lessonId, handIn: nameOf(targets, names, entry.targetIndex) };
      entry.done = true;
      finish(entry);
    }
    const rest = lessons.unfinished();
    for (const entry of rest) startAfresh(entry);
    if (rest.length > 0) await runChild(root, targets, rest, settings, onLessonDone, undefined, attempt + 1);
    return;
  }
  for (const entry of lessons.unfinished()) {
    entry.run.problem = { kind: 'crash', cause: 'grader-broke', end, tail };
    finish(entry);
  }
}

/** What runChild needs besides the folders and lessons. */
interface ChildSettings {
  limitMs: number;
  fences: Fences;
  seed?: number | undefined;
  stateDir?: string | undefined;
  referenceIndex?: number | undefined;
  names?: string[] | undefined;
  quietMs?: number | undefined;
  sandboxWords?: SandboxWords | undefined;
}

/**
 * How many times one run starts a new runner for the lessons a stopped one had not reached. Each time
 * at least one lesson (the one that was running) is settled, so this only bounds what a fault of the
 * grader itself, met by lesson after lesson, would cost.
 */
const MAX_RERUNS = 3;

/** How the teacher knows a folder: the name given for it, else its path (made printable). */
function nameOf(targets: string[], names: string[] | undefined, index: number): string {
  return printable(names?.[index] ?? targets[index] ?? `folder ${index}`);
}

/** A lesson the stopped runner had not finished, as it was before it ran: it is graded again from its start. */
function startAfresh(entry: Pending): void {
  Object.assign(entry, { file: undefined, partStartedAt: undefined, partsEnded: 0, done: false, collected: [] });
  entry.run = { lessonId: entry.run.lessonId, tests: [], output: '', durationMs: 0 };
}

/** How long watch mode waits after a change for more of the same save (a save may change several files). */
const SAVES_SETTLE_MS = 20;

/** What watch mode does as files change and runs start and end (see watchRuns). */
interface WatchedRuns {
  /** A graded file changed. */
  changed: () => void;
  /** The child holds a run until this answers (see onTestRunStart in ipc-reporter.ts). */
  started: (files: Array<{ project: string; file: string }>) => void;
  /** vitest says the run has ended. */
  ended: () => void;
}

/**
 * The runs of a watching child, one at a time, each of the files as they were when it started. The
 * graded files are compiled only when a run starts, as the child holds it (no run is reading them
 * then); a change asks for a run only when none is going on or asked for. A run during which files
 * changed is dropped at its end, unreported, and one more run starts: however many saves came during
 * it, each report is of exactly one whole run of the files as they are. A run vitest starts on its
 * own (its watcher saw a suite change) counts the same.
 */
function watchRuns(child: ChildProcess, lessons: LessonRuns, compile: () => void, watch: WatchHooks): WatchedRuns {
  let changes = 0;
  let changesCompiled = 0;
  let running = false;
  let asked = false;
  let settle: NodeJS.Timeout | undefined;
  const ask = (): void => {
    asked = true;
    child.send({ type: 'rerun' }, () => {});
  };
  return {
    changed: () => {
      changes += 1;
      clearTimeout(settle);
      settle = setTimeout(() => {
        if (!running && !asked) ask();
      }, SAVES_SETTLE_MS);
    },
    started: (files) => {
      running = true;
      asked = false;
      if (changes !== changesCompiled) {
        changesCompiled = changes;
        compile();
      }
      lessons.restart(files);
      watch.onRunStart?.();
      child.send({ type: 'go' }, () => {});
    },
    ended: () => {
      running = false;
      if (changes !== changesCompiled) {
        if (!asked) ask();
        return;
      }
      for (const entry of lessons.open) holdToList(entry.run, entry.collected);
      watch.onRunEnd(lessons.open.every((entry) => entry.done));
    },
  };
}

/**
 * Grades lessons of one folder again after every change to their files, in one child that keeps
 * vitest running (so a verdict comes quickly). `onResults` gets the runs after each check of the files
 * as they are (see watchRuns), and whether every lesson of it ended.
 */
export async function watchLessons(
  options: Omit<RunOptions, 'targets' | 'onLessonDone'> & {
    target: string;
    onResults: (runs: LessonRun[], complete: boolean) => void;
    onRunStart?: () => void;
    setStop?: (stop: () => void) => void;
  },
): Promise<LessonRun[]> {
  const root = options.root ?? ROOT;
  const pending = options.lessons.map((lesson) => newPending(root, lesson, 0, options.hidden === true));
  const runs = (): LessonRun[] => pending.map((entry) => entry.run);
  const { stateDir } = options;
  const hooks: WatchHooks = { onRunStart: options.onRunStart, onRunEnd: (complete) => options.onResults(runs(), complete), setStop: options.setStop };
  const settings = {
    limitMs: options.limitMs ?? DEFAULT_LIMIT_MS,
    fences: options.fences ?? probeFences(),
    seed: options.seed,
    stateDir,
    sandboxWords: options.sandboxWords,
  };
  await runChild(root, [resolve(options.target)], pending, settings, undefined, hooks);
  return runs();
}
