// The pumps of the sandboxes, run in the main thread of the grader's vitest child for every worker
// thread (scripts/lib/grader/pump/pump.mjs, startKeeper): a sandbox of a thread that has gone
// must not outlive it, as it would not with the thread's own helper thread, and neither must a
// sandbox started ahead (prespawn) that no thread took.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { startPipeStock } from '../../scripts/lib/grader/command/pipe-stock.ts';
import { startKeeper } from '../../scripts/lib/grader/pump/pump.mjs';

/** True while a process with this id runs (a zombie counts as gone). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const waitMs = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits up to five seconds for a process to end; true when it has. */
/** The sandboxes' scratch folders still in `parent`, after waiting up to 5 s for them to go. */
async function scratchLeftIn(parent: string): Promise<string[]> {
  const left = (): string[] => readdirSync(parent).filter((name) => name.startsWith('scratch-'));
  const until = Date.now() + 5000;
  while (left().length > 0 && Date.now() < until) await waitMs(50);
  return left();
}

async function ended(pid: number): Promise<boolean> {
  const until = Date.now() + 5000;
  while (running(pid) && Date.now() < until) await waitMs(50);
  return !running(pid);
}

// A suites' thread as channel.ts is one, reduced to the protocol: it asks the keeper for a process
// (`request`: here `sleep` in place of a sandbox, or a spare started ahead), waits for the answer,
// and hands it on.
const THREAD = `
const { BroadcastChannel, parentPort, receiveMessageOnPort, threadId, workerData } = require('node:worker_threads');
const task = /\\/task\\/(\\d+)$/.exec(require('node:fs').readlinkSync('/proc/thread-self'))[1];
const signal = new SharedArrayBuffer(4);
const replies = new BroadcastChannel('tictactoe-workbook-keeper-' + threadId);
const requests = new BroadcastChannel('tictactoe-workbook-keeper');
requests.postMessage({ ...workerData.request, thread: threadId, task, signal });
Atomics.wait(new Int32Array(signal), 0, 0, 10000);
parentPort.postMessage(receiveMessageOnPort(replies)?.message);
setInterval(() => {}, 1000);
`;

/** Starts a thread that sends the keeper one request; gives the thread and the keeper's answer. */
async function threadAsking(request: Record<string, unknown>): Promise<{ worker: Worker; answer: { pid?: number; spare?: { pid: number } | null } }> {
  const worker = new Worker(THREAD, { eval: true, workerData: { request } });
  const answer = await new Promise<{ pid?: number }>((resolve) => worker.once('message', resolve));
  return { worker, answer };
}

/** What starting `sleep 60` takes (whatever argument the keeper adds), with its own scratch folder inside `parent`. */
function sleepSpec(parent: string): { command: string; args: string[]; env: Record<string, string>; memoryLimitBytes: number; scratch: string } {
  const scratch = mkdtempSync(join(parent, 'scratch-'));
  return { command: 'sh', args: ['-c', 'exec sleep 60'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, memoryLimitBytes: 0, scratch };
}

test.runIf(process.platform === 'linux')("a worker thread's sandboxes end when the thread goes", async () => {
  const keeper = startKeeper();
  const parent = mkdtempSync(join(tmpdir(), 'workbook-keeper-test-'));
  try {
    const { worker, answer } = await threadAsking({ op: 'spawn', sid: 1, ...sleepSpec(parent), control: new SharedArrayBuffer(16) });
    const pid = answer.pid as number;
    expect(running(pid)).toBe(true);
    await worker.terminate();
    expect(await ended(pid)).toBe(true);
  } finally {
    keeper.stop();
    rmSync(parent, { recursive: true, force: true });
  }
});

test.runIf(process.platform === 'linux')('sandboxes started ahead go to the first threads that ask, one each, and end with them', async () => {
  const keeper = startKeeper();
  const parent = mkdtempSync(join(tmpdir(), 'workbook-keeper-test-'));
  const stock = startPipeStock(parent);
  try {
    keeper.prespawn(
      [0, 1].map(() => ({ ...sleepSpec(parent), startLimitMs: 15_000 })),
      stock.folder,
    );
    const first = await threadAsking({ op: 'take-spare', sid: 1, until: Date.now() + 15_000 });
    const taken = first.answer.spare?.pid as number;
    expect(running(taken)).toBe(true);
    const second = await threadAsking({ op: 'take-spare', sid: 1, until: Date.now() + 15_000 });
    const kept = second.answer.spare?.pid as number;
    expect(kept).not.toBe(taken);
    const third = await threadAsking({ op: 'take-spare', sid: 1, until: Date.now() + 15_000 });
    expect(third.answer.spare).toBeNull();
    await first.worker.terminate();
    expect(await ended(taken)).toBe(true);
    expect(running(kept)).toBe(true);
    await second.worker.terminate();
    await third.worker.terminate();
    expect(await ended(kept)).toBe(true);
  } finally {
    keeper.stop();
    stock.stop();
    // A sandbox's folder goes when the keeper hears that its process ended, which may come a moment after it has.
    expect(await scratchLeftIn(parent)).toEqual([]);
    rmSync(parent, { recursive: true, force: true });
  }
});

test.runIf(process.platform === 'linux')('sandboxes started ahead that no thread took end when the keeper stops', async () => {
  const keeper = startKeeper();
  const parent = mkdtempSync(join(tmpdir(), 'workbook-keeper-test-'));
  const stock = startPipeStock(parent);
  try {
    keeper.prespawn([{ ...sleepSpec(parent), startLimitMs: 15_000 }], stock.folder);
    let pids: number[] = [];
    for (let tries = 0; tries < 100 && pids.length === 0; tries += 1) {
      await waitMs(20);
      pids = readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .filter((pid) => {
          try {
            return (
              readFileSync(`/proc/${pid}/cmdline`, 'utf8') === 'sleep\u000060\u0000' &&
              readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(process.pid)
            );
          } catch {
            return false;
          }
        });
    }
    expect(pids).toHaveLength(1);
    keeper.stop();
    expect(await ended(pids[0] as number)).toBe(true);
  } finally {
    keeper.stop();
    stock.stop();
    rmSync(parent, { recursive: true, force: true });
  }
});
