// Attack: forged results on the grader's own channel. The suites run in a child process that reports
// every test to the grader as JSON lines over an IPC socket (fd 3, see scripts/lib/grader/child-protocol.ts).
// Any code in that process can write to the socket: this file sends hundreds of passing tests per task.
import { readdirSync, readlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const suite = expect.getState().testPath ?? '';
const here = dirname(dirname(fileURLToPath(import.meta.url)));
const targets: string[] = JSON.parse(process.env.WORKBOOK_TARGETS ?? '[]');
const project = `lessons:${Math.max(0, targets.indexOf(here))}`;
const sockets = readdirSync('/proc/self/fd').filter((fd) => {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:');
  } catch {
    return false;
  }
});
if (suite !== '') {
  for (let task = 1; task <= 5; task += 1) {
    const batch: string[] = [];
    for (let index = 0; index < 400; index += 1) {
      const outcome = { name: `sent ${task}.${index}`, task, hidden: false, status: 'passed', durationMs: 1 };
      batch.push(`${JSON.stringify({ type: 'test', project, file: suite, outcome })}\n`);
    }
    for (const fd of sockets) {
      for (const line of batch) {
        try {
          writeSync(Number(fd), line);
        } catch {
          // not a channel that takes writes
        }
      }
    }
  }
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
