/**
 * Keeps a worker thread and its sandboxes on one CPU (Linux, with util-linux's `taskset`, which comes
 * with `prlimit` and `unshare`). A call into a sandbox is synchronous: the thread waits while the
 * sandbox runs and the sandbox waits while the thread does, so the two never need two CPUs at once.
 * Waking a process that sleeps on the same CPU costs far less than waking one on another CPU: on the
 * 2-core virtual machine of the README's figures a call took 70–110 µs across CPUs and 40–50 µs on
 * one, and class grading took about 6 % less time. Each worker of vitest's pool gets a CPU of its own
 * (by its pool id). This is no fence: where it cannot be done, nothing changes but the speed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';

/** The CPUs this thread may run on, from /proc (empty where /proc does not tell). */
export function allowedCpus(status: string): number[] {
  const list = /^Cpus_allowed_list:\s*(\S+)\s*$/m.exec(status)?.[1];
  if (list === undefined) return [];
  const cpus: number[] = [];
  for (const part of list.split(',')) {
    const [first, last] = part.split('-').map(Number);
    if (first === undefined || !Number.isInteger(first)) return [];
    const end = last === undefined ? first : last;
    if (!Number.isInteger(end) || end < first) return [];
    for (let cpu = first; cpu <= end; cpu += 1) cpus.push(cpu);
  }
  return cpus;
}

/** The CPU a worker of the pool keeps to: one of the allowed CPUs, worker by worker in turn. */
export function cpuForWorker(poolId: number, cpus: number[]): number | undefined {
  if (cpus.length < 2 || !Number.isInteger(poolId) || poolId < 1) return undefined;
  return cpus[(poolId - 1) % cpus.length];
}

/**
 * Moves the calling thread to its worker's CPU and returns that CPU, for its sandboxes to be started
 * on; undefined (and nothing moved) off Linux, outside vitest's pool, or where `taskset` fails.
 */
export function pinThisThread(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const cpu = cpuForWorker(Number(process.env.VITEST_POOL_ID), allowedCpus(readFileSync('/proc/thread-self/status', 'utf8')));
    if (cpu === undefined) return undefined;
    const thread = readlinkSync('/proc/thread-self').split('/').pop() ?? '';
    const moved = spawnSync('taskset', ['--pid', '--cpu-list', String(cpu), thread], { stdio: 'ignore', timeout: 5000 });
    return moved.status === 0 ? cpu : undefined;
  } catch {
    return undefined;
  }
}
