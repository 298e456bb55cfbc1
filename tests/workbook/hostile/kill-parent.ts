// Attack: kill the grader. process.kill(process.ppid) sends SIGTERM to the process that started this
// one; then every ancestor whose command line runs the grader (scripts/grade.ts) is killed too, in
// case a wrapper sits in between.
import { readFileSync } from 'node:fs';

/** Test harness guard (not part of the attack): only kill processes of this test's own grading run. */
function mine(pid: number): boolean {
  try {
    return pid > 1 && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('{{SANDBOX}}/');
  } catch {
    return false;
  }
}
function parentOf(pid: number): number {
  try {
    return Number(
      readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /s, '')
        .split(' ')[1],
    );
  } catch {
    return 0;
  }
}

if (mine(process.ppid)) process.kill(process.ppid);
for (let pid = parentOf(process.pid); pid > 1; pid = parentOf(pid)) {
  let command = '';
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    break;
  }
  if (command.includes('grade.ts') && mine(pid)) process.kill(pid, 'SIGKILL');
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
