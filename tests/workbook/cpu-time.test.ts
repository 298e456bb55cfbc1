/**
 * What the pump reads of the kernel to stop a call at its deadline only when its code had its time
 * (cpu-time.mjs): a call whose code waits for a CPU right now, a wait the kernel has not yet counted,
 * is not stopped for it; code that loops on a quiet machine, or sleeps, is.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { mayWaitUncounted, processRun, type CallRuns } from '../../scripts/lib/grader/pump/cpu-time.mjs';

const ready = (runMs: number) => ({ runMs, ready: true });
const asleep = (runMs: number) => ({ runMs, ready: false });
const runs = (sandbox: CallRuns['sandbox'], thread: CallRuns['thread'] = asleep(5)): CallRuns => ({ sandbox, thread });

describe('a call past its deadline may be waiting for a CPU, uncounted', () => {
  test('when its code is ready to run and has not run since the last look', () => {
    expect(mayWaitUncounted(runs(ready(40)), runs(ready(40)))).toBe(true);
  });
  test("when the suites' thread that serves it is ready and has not run since the last look", () => {
    expect(mayWaitUncounted(runs(asleep(40), ready(7)), runs(asleep(40), ready(7)))).toBe(true);
  });
  test('when its code is ready and there was no look before (the pump itself was kept waiting)', () => {
    expect(mayWaitUncounted(undefined, runs(ready(40)))).toBe(true);
  });
  test('not when its code ran since the last look: code that loops is stopped', () => {
    expect(mayWaitUncounted(runs(ready(40)), runs(ready(60)))).toBe(false);
  });
  test('not when its code sleeps, or waits for something other than a CPU', () => {
    expect(mayWaitUncounted(runs(asleep(40)), runs(asleep(40)))).toBe(false);
    expect(mayWaitUncounted(undefined, runs(asleep(40)))).toBe(false);
  });
  test('not where the kernel does not tell', () => {
    expect(mayWaitUncounted(undefined, runs(undefined, undefined))).toBe(false);
  });
});

describe.runIf(process.platform === 'linux')('processRun reads a real process', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
  });

  test('a process that loops is ready to run, and its time grows', async () => {
    child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    const pid = child.pid;
    /** The process's run once `ready` says so, looked at every 50 ms (a busy machine may take seconds to start it, or to run it again). */
    const once = async (ready: (run: NonNullable<ReturnType<typeof processRun>>) => boolean): Promise<NonNullable<ReturnType<typeof processRun>>> => {
      for (const startedAt = Date.now(); Date.now() - startedAt < 120_000; await sleep(50)) {
        const run = processRun(pid);
        if (run !== undefined && ready(run)) return run;
      }
      throw new Error(`process ${pid}: ${JSON.stringify(processRun(pid))}`);
    };
    const first = await once((run) => run.runMs > 0 && run.ready);
    const later = await once((run) => run.runMs > first.runMs);
    expect(first.ready).toBe(true);
    expect(later.runMs).toBeGreaterThan(first.runMs);
  });
  test('a process that sleeps is not ready to run', async () => {
    child = spawn('sleep', ['30'], { stdio: 'ignore' });
    await sleep(300);
    expect(processRun(child.pid)?.ready).toBe(false);
  });
  test('a process that is gone tells nothing', async () => {
    child = spawn('true', [], { stdio: 'ignore' });
    const pid = child.pid;
    await new Promise((resolve) => child?.once('exit', resolve));
    expect(processRun(pid)).toBeUndefined();
  });
});
