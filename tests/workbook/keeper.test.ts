// The pumps of the sandboxes, run in the main thread of the grader's vitest child for every worker
// thread (scripts/lib/grader/sandbox/pump.mjs, startKeeper): a sandbox of a thread that has gone
// must not outlive it, as it would not with the thread's own helper thread.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { startKeeper } from '../../scripts/lib/grader/sandbox/pump.mjs';

/** True while a process with this id runs (a zombie counts as gone). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

// A suites' thread as channel.ts is one, reduced to the protocol: it asks the keeper for a process
// (here `sleep`, in place of a sandbox), waits until it runs, and says which process it is.
const THREAD = `
const { BroadcastChannel, parentPort, receiveMessageOnPort, threadId, workerData } = require('node:worker_threads');
const task = /\\/task\\/(\\d+)$/.exec(require('node:fs').readlinkSync('/proc/thread-self'))[1];
const signal = new SharedArrayBuffer(4);
const replies = new BroadcastChannel('tictactoe-workbook-keeper-' + threadId);
const requests = new BroadcastChannel('tictactoe-workbook-keeper');
requests.postMessage({
  op: 'spawn', sid: 1, thread: threadId, task, signal, command: 'sleep', args: ['60'], env: { PATH: process.env.PATH },
  memoryLimitBytes: 0, scratch: workerData.scratch, control: new SharedArrayBuffer(16),
});
Atomics.wait(new Int32Array(signal), 0, 0, 10000);
parentPort.postMessage(receiveMessageOnPort(replies)?.message);
setInterval(() => {}, 1000);
`;

test.runIf(process.platform === 'linux')("a worker thread's sandboxes end when the thread goes", async () => {
  const stopKeeper = startKeeper();
  const scratch = mkdtempSync(join(tmpdir(), 'workbook-keeper-test-'));
  try {
    const worker = new Worker(THREAD, { eval: true, workerData: { scratch } });
    const spawned = await new Promise<{ pid?: number }>((resolve) => worker.once('message', resolve));
    const pid = spawned.pid as number;
    expect(running(pid)).toBe(true);
    await worker.terminate();
    const until = Date.now() + 5000;
    while (running(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running(pid)).toBe(false);
  } finally {
    stopKeeper();
    rmSync(scratch, { recursive: true, force: true });
  }
});
