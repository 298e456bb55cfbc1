/**
 * The vitest child process that runs the suites (suite-child.mjs): started (suite-spawn.mjs, or ahead
 * by prelaunch.mjs) in a process group of its own before it knows what it will run, then told by
 * `start`; watched for silence, and stopped with everything it started (the sandboxes are in its
 * process group).
 */
import type { ChildProcess } from 'node:child_process';
import type { RunnerEnd } from '../../core/results.ts';
import type { ChildStart } from '../contracts/child-protocol.ts';
import { START_LIMIT_MS } from '../contracts/fences.ts';
import { sandboxSpec } from '../contracts/fences.ts';
import { lessonsOf, type GradingPlan } from '../contracts/plan.ts';
import { suiteWorkers } from '../contracts/workers.mjs';
import { spawnSuiteChild, takePrelaunchedChild } from './suite-spawn.mjs';

/** How long the test runner may stay silent before the grader calls grading itself broken (at least). */
const QUIET_LIMIT_MS = 120_000;

/** What starting a new sandbox may take, beyond a call's own limit, when a lesson's modules load. */
const LOAD_MARGIN_MS = 2000;

/**
 * How long the test runner may stay silent: two minutes, or longer when a test file may take longer
 * to load. vitest says nothing while a file's suites load, and each lesson's load may run into the
 * call limit (a hand-in whose module loops when it loads) and then start a new sandbox: a file of
 * class grading holds every lesson of a student.
 */
export function quietLimitMs(lessonsInLargestFile: number, limitMs: number): number {
  return Math.max(QUIET_LIMIT_MS, lessonsInLargestFile * (limitMs + LOAD_MARGIN_MS) + QUIET_LIMIT_MS / 2);
}

/** What the child printed that is kept, for the message when grading itself broke. */
const SAID_KEEP = 8 * 1024;

/** How the child runs (what it runs, and with which folders and settings, comes with `start`: the plan). */
export interface SuiteSettings {
  /** Watch mode: the child keeps running, so silence between saves is no fault. */
  watch: boolean;
  /** How long the child may stay silent, in milliseconds, instead of quietLimitMs (for tests of the watchdog). */
  quietMs?: number | undefined;
}

/** A running child. */
export interface SuiteProcess {
  child: ChildProcess;
  /** The child spoke (silence is measured from here). */
  heard(): void;
  /** Stops the child and every process it started. */
  stop(): void;
  /** Tells the child where this run's plan is (written at `planPath`): it runs the plan's test files. */
  start(planPath: string, plan: GradingPlan): void;
  /**
   * Resolves when the child has exited (and its process group is stopped): how it ended (the watchdog
   * stopped it, or a signal, or it exited), and the last lines it printed.
   */
  exited: Promise<SuiteExit>;
}

/** How a child ended. */
export interface SuiteExit {
  end: RunnerEnd;
  tail: string;
}

/** Starts the vitest child for one run (or takes the one prelaunch.mjs started); `start` then tells it what to run. */
export function startSuiteProcess(root: string, settings: SuiteSettings): SuiteProcess {
  const child = takePrelaunchedChild(root, settings.watch) ?? spawnSuiteChild(root, settings.watch);
  let said = '';
  const keep = (chunk: Buffer): void => {
    if (said.length < SAID_KEEP) said += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let heardAt = Date.now();
  let quietMs = QUIET_LIMIT_MS;
  const stop = (): void => stopGroup(child.pid);
  let silentMs: number | undefined;
  const exited = new Promise<SuiteExit>((resolveExit) => {
    // The suites never wait on student code for long (every call has a deadline, every test and lesson
    // a time budget), so a silent runner is stopped, and the grader says which hand-in was running.
    const watchdog = setInterval(() => {
      if (settings.watch || Date.now() - heardAt < quietMs) return;
      silentMs = quietMs;
      stop();
    }, 1000);
    child.on('exit', (code, signal) => {
      clearInterval(watchdog);
      // Whatever the sandboxes left (they are in this process group) goes with the child.
      stop();
      const end: RunnerEnd = silentMs !== undefined ? { kind: 'silent', silentMs } : signal !== null ? { kind: 'signal', signal } : { kind: 'exit', code };
      resolveExit({ end, tail: said.trim().split('\n').slice(-6).join('\n') });
    });
  });
  const start = (planPath: string, plan: GradingPlan): void => {
    heardAt = Date.now();
    quietMs = settings.quietMs ?? quietLimitMs(Math.max(1, ...plan.jobs.map(lessonsOf)), plan.limitMs);
    const message: ChildStart = { type: 'start', plan: planPath, spares: spareSpecs(plan) };
    // (A child that has already ended cannot be told; its exit says why.)
    child.send(message, () => {});
  };
  return {
    child,
    heard: () => {
      heardAt = Date.now();
    },
    start,
    stop,
    exited,
  };
}

/**
 * The sandboxes the child starts at once, one for each of the first test files to run side by side:
 * they start while vitest itself does, when one of this machine's two CPUs has little to do, and the
 * first lessons find them listening. Where the child keeps the sandboxes' pumps (Linux, with named
 * pipes: see pump/pump.mjs).
 */
function spareSpecs(plan: GradingPlan): ChildStart['spares'] {
  if (process.platform !== 'linux' || plan.pipeStock === undefined) return [];
  const count = Math.min(suiteWorkers(), plan.jobs.length);
  return Array.from({ length: count }, () => ({ ...sandboxSpec(plan.fences, plan.sandboxesDir), startLimitMs: START_LIMIT_MS }));
}

/** Stops a process group. */
function stopGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
