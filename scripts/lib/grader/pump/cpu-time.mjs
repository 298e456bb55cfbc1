// @ts-check
// What the kernel counts of a sandbox: how long it ran on a CPU, how long it was ready to run but
// waited for one (a busy machine), and how much memory it holds. The suites' thread (channel.ts) times
// the graded code by the first; the pump (pump.mjs) uses the second to give a call back the time the
// machine kept it waiting, and the suites' thread to keep the budgets of time on a clock that a busy
// machine does not stretch (steady-clock.ts); the pump uses the third to stop a sandbox that holds
// too much (the suites' thread reads it too, to decide whether an idle sandbox may be kept), and
// whether a sandbox is ready to run, to tell a call that waits for a CPU right now from one that
// spent its time (mayWaitUncounted). Plain JavaScript, because the pump loads it without a
// TypeScript loader.
import { readFileSync } from 'node:fs';

/**
 * On a busy machine a call can reach its deadline while its code has been kept waiting for a CPU; the
 * pump then gives the call that waiting time back (so a correct solution never fails because other
 * programs were busy), but never lets it run longer than this many times its limit on the clock: a
 * bound that holds even if the machine never gives the code a CPU, set above the stretch of a heavily
 * loaded machine.
 * Where the kernel does not tell the waiting time (not Linux), the deadline is on the clock alone.
 */
export const BUSY_STRETCH = 12;

/**
 * Milliseconds a process and the processes below it have run on a CPU (`runMs`) and waited, ready,
 * for one (`waitMs`), from /proc/PID/schedstat; undefined where /proc does not tell (not Linux, or
 * the process is gone).
 * @param {number | undefined} pid
 * @returns {{ runMs: number, waitMs: number } | undefined}
 */
export function schedTimes(pid) {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const [run, wait] = treeTimesNs(pid);
    return { runMs: run / 1e6, waitMs: wait / 1e6 };
  } catch {
    return undefined;
  }
}

/**
 * Milliseconds a thread of this process (`task`, its id in the operating system; the calling thread
 * when undefined) has waited, ready, for a CPU; undefined where /proc does not tell.
 * @param {string} [task]
 * @returns {number | undefined}
 */
export function threadWaitMs(task) {
  if (process.platform !== 'linux') return undefined;
  try {
    const wait = Number(readFileSync(task === undefined ? '/proc/thread-self/schedstat' : `/proc/self/task/${task}/schedstat`, 'utf8').split(' ')[1]);
    return Number.isFinite(wait) ? wait / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How long a task has run on a CPU, in milliseconds, and whether it is ready to run now (running, or
 * waiting for a CPU); `folder` is its folder in /proc. The kernel adds a wait to the task's waiting
 * time only when the wait ends, so a task that is ready and has not run since it was last looked at
 * may be waiting for a CPU right now, uncounted.
 * @param {string} folder
 * @returns {TaskRun | undefined}
 */
function taskRun(folder) {
  try {
    const stat = readFileSync(`${folder}/stat`, 'utf8');
    // The state follows the command's name in parentheses, which may itself hold ") ".
    const ready = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'R';
    const runMs = Number(readFileSync(`${folder}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    return Number.isFinite(runMs) ? { runMs, ready } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What taskRun tells of a process (its main thread, which runs the graded code); undefined where /proc
 * does not tell.
 * @param {number | undefined} pid
 */
export function processRun(pid) {
  return pid === undefined || process.platform !== 'linux' ? undefined : taskRun(`/proc/${pid}`);
}

/**
 * What taskRun tells of a thread of this process (`task`, its id in the operating system); undefined
 * where /proc does not tell.
 * @param {string | undefined} task
 */
export function threadRun(task) {
  return task === undefined || process.platform !== 'linux' ? undefined : taskRun(`/proc/self/task/${task}`);
}

/**
 * What the processes of a call have run, and whether they are ready to run (see taskRun): the
 * sandbox's innermost process, which runs the graded code, and the suites' thread it serves.
 * @typedef {{ sandbox: TaskRun | undefined, thread: TaskRun | undefined }} CallRuns
 */
/** @typedef {{ runMs: number, ready: boolean }} TaskRun */

/**
 * Whether the call's code, or the suites' thread, may be waiting for a CPU right now without the wait
 * counted yet (see taskRun): it is ready to run and has not run since the last look (or there was no
 * look before). The pump then does not stop the call until it has run: on a machine so busy that a
 * call's code waits longer than its limit in one go, correct code is not stopped for that wait, while
 * on a quiet machine code that loops runs between two looks and is stopped at once.
 * @param {CallRuns | undefined} before
 * @param {CallRuns} now
 */
export function mayWaitUncounted(before, now) {
  // (With no look before, one look more.)
  const stalled = (/** @type {'sandbox' | 'thread'} */ task) => now[task]?.ready === true && (before === undefined || now[task]?.runMs === before[task]?.runMs);
  return stalled('sandbox') || stalled('thread');
}

/**
 * The innermost process below `pid`, following the first child at each level (`pid` itself when it has
 * none): where the fences start a sandbox below processes of their own (`unshare` waits for it), the
 * one that runs its code. Undefined where /proc does not tell.
 * @param {number | undefined} pid
 * @returns {number | undefined}
 */
export function innermostProcess(pid) {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    let current = pid;
    for (;;) {
      const [child] = readFileSync(`/proc/${current}/task/${current}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      if (child === undefined) return current;
      current = Number(child);
    }
  } catch {
    return undefined;
  }
}

/** @param {number} pid @returns {[number, number]} nanoseconds run and waited, the process and those below it */
function treeTimesNs(pid) {
  const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.reduce(
    ([runSum, waitSum], child) => {
      const [childRun, childWait] = treeTimesNs(Number(child));
      return [runSum + childRun, waitSum + childWait];
    },
    [run ?? 0, wait ?? 0],
  );
}

/**
 * The resident memory of a process and the processes below it, in bytes; undefined where /proc does
 * not tell (not Linux, or the process is gone).
 * @param {number | undefined} pid
 * @returns {number | undefined}
 */
export function residentBytes(pid) {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    return treeResidentBytes(pid);
  } catch {
    return undefined;
  }
}

/** @param {number} pid @returns {number} */
function treeResidentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  const own = match ? Number(match[1]) * 1024 : 0;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.reduce((sum, child) => sum + treeResidentBytes(Number(child)), own);
}
