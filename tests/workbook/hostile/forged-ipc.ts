// Attack: forged results on the grader's own channel. The suites run in a child process that reports
// every test to the grader as JSON lines over an IPC socket (fd 3, see scripts/lib/grader/contracts/child-protocol.ts).
// Any code in that process can write to the socket: this file sends hundreds of passing tests per task.
import { readdirSync, readlinkSync, writeSync } from 'node:fs';
import { expect } from 'vitest';

const suite = expect.getState().testPath ?? '';
// The grader's one project (scripts/lib/grader/contracts/test-files.ts), as a forger reading the grader would name it.
const project = 'lessons:graded';
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
      batch.push(`${JSON.stringify({ type: 'test', project, file: suite, lesson: '01-board', outcome })}\n`);
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
