/**
 * A check that is killed (a terminal closed, `timeout`, an editor stopping its task) leaves nothing
 * behind: its vitest child and the sandboxes go with it, even while a call of the graded code loops.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { replaceBlock } from './hostile/attacks.ts';

const scratch = mkdtempSync(join(tmpdir(), 'workbook-killed-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every process on the machine: pid → parent pid. */
function parents(): Map<number, number> {
  const listed = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' }).stdout ?? '';
  const pairs = listed
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  return new Map(pairs);
}

/** The processes started by `pid`, at any depth. */
function descendants(pid: number): number[] {
  const byParent = parents();
  const found: number[] = [];
  const visit = (parent: number): void => {
    for (const [child, its] of byParent) {
      if (its === parent && !found.includes(child)) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

/** True while the process exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const waitMs = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test.runIf(process.platform === 'linux')(
  'a check killed while the code loops leaves no process of its own behind',
  async () => {
    const lessons = join(scratch, 'lessons');
    cpSync(join(ROOT, 'solutions'), lessons, { recursive: true });
    const win = join(lessons, '03-win/win.ts');
    writeFileSync(win, replaceBlock(readFileSync(win, 'utf8'), 'isFull', '    for (;;) {\n      // never ends\n    }'));
    // As `npm run check` starts it (package.json): the vitest child is started ahead, while the command loads.
    const command = ['--import', './scripts/lib/grader/command/prelaunch.mjs', 'scripts/lib/core/run-bundled.mjs', 'scripts/check.ts'];
    const check = spawn(process.execPath, [...command, '03', '--target', lessons, '--no-typecheck', '--limit', '60'], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: 'ignore',
    });
    const pid = check.pid as number;
    // Until the grader's vitest child and a sandbox run (the loop then holds the sandbox for a minute).
    let started: number[] = [];
    for (let waited = 0; waited < 60_000 && started.length < 3; waited += 200) {
      await waitMs(200);
      started = descendants(pid);
    }
    expect(started.length, 'the check started its vitest child and a sandbox').toBeGreaterThanOrEqual(3);
    await waitMs(1000);
    started = descendants(pid);
    check.kill('SIGTERM');
    let left = started;
    for (let waited = 0; waited < 10_000 && left.length > 0; waited += 200) {
      await waitMs(200);
      left = started.filter(alive);
    }
    for (const each of left) process.kill(each, 'SIGKILL');
    expect(left, 'processes of the killed check still running 10 s later').toEqual([]);
  },
  120_000,
);
