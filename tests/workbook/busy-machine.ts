/**
 * Commands run to the end while the kernel says how long their processes waited for a CPU, so that a
 * test can hold a time to what the machine gave them: on a busy machine (another test run beside
 * this one) a command takes longer on the clock without doing more work.
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** What a command did: its status and output, its time on the clock, and how much the machine stretched that time. */
export interface MeasuredRun {
  status: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  /**
   * Time its processes ran or waited, ready, for a CPU, over the time they ran: 1 when nothing kept them
   * waiting, 2 when they waited as long as they ran. 1 where the kernel does not tell (not Linux).
   */
  stretch: number;
}

/** How often the processes are looked at: a process that lives shorter than this may go unseen (its time then counts as not stretched). */
const LOOK_EVERY_MS = 100;

/** The process `pid` and every process below it, through every thread (a worker thread starts processes of its own). */
function processTree(pid: number): number[] {
  const found = [pid];
  for (let index = 0; index < found.length; index += 1) {
    const parent = found[index] as number;
    let threads: string[] = [];
    try {
      threads = readdirSync(`/proc/${parent}/task`);
    } catch {
      continue;
    }
    for (const thread of threads) {
      try {
        const children = readFileSync(`/proc/${parent}/task/${thread}/children`, 'utf8').trim();
        if (children !== '') found.push(...children.split(/\s+/).map(Number));
      } catch {
        // gone
      }
    }
  }
  return found;
}

/** Nanoseconds a process's threads ran on a CPU and waited, ready, for one (Linux: /proc/PID/task/TID/schedstat). */
function processTimes(pid: number): { run: number; wait: number } | undefined {
  try {
    let run = 0;
    let wait = 0;
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      const [threadRun, threadWait] = readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ').map(Number);
      run += threadRun ?? 0;
      wait += threadWait ?? 0;
    }
    return { run, wait };
  } catch {
    return undefined;
  }
}

/** Runs a command to the end, looking at its processes' times meanwhile. */
export function runMeasured(command: string, args: string[], options: SpawnOptions): Promise<MeasuredRun> {
  const started = Date.now();
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  // The last times seen of every process of the command (a process's times only grow).
  const seen = new Map<number, { run: number; wait: number }>();
  const look = (): void => {
    if (child.pid === undefined) return;
    for (const pid of processTree(child.pid)) {
      const times = processTimes(pid);
      if (times !== undefined) seen.set(pid, times);
    }
  };
  const looking = process.platform === 'linux' ? setInterval(look, LOOK_EVERY_MS) : undefined;
  return new Promise((resolve) => {
    child.on('close', (status) => {
      clearInterval(looking);
      const run = [...seen.values()].reduce((sum, times) => sum + times.run, 0);
      const wait = [...seen.values()].reduce((sum, times) => sum + times.wait, 0);
      resolve({ status, stdout, stderr, seconds: (Date.now() - started) / 1000, stretch: run > 0 ? (run + wait) / run : 1 });
    });
  });
}
