// `npm run check` starts the grader's vitest child before the command itself has loaded
// (scripts/lib/grader/command/prelaunch.mjs): the check must come out the same, and a child nobody takes must go.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { npmScriptArgs } from '../../scripts/lib/teacher/bench.ts';

/** Runs `npm run check -- ...args` as package.json says (without npm), marked so that its processes can be found. */
function runCheck(mark: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [...npmScriptArgs(ROOT, 'check'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', WORKBOOK_TEST_MARK: mark },
    timeout: 60_000,
  });
}

/** Processes whose environment holds the mark (Linux: /proc). */
function marked(mark: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`WORKBOOK_TEST_MARK=${mark}`)) found.push(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** Waits until no process holds the mark, or a few seconds have passed; gives what is left. */
async function leftAfterAWhile(mark: string): Promise<string[]> {
  for (let tries = 0; tries < 50; tries += 1) {
    if (marked(mark).length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return marked(mark);
}

test('package.json runs check with the child started ahead', () => {
  expect(npmScriptArgs(ROOT, 'check')).toEqual([
    '--import',
    './scripts/lib/grader/command/prelaunch.mjs',
    'scripts/lib/core/run-bundled.mjs',
    'scripts/check.ts',
  ]);
});

test('a check with the child started ahead grades as usual', async () => {
  const mark = randomUUID();
  const run = runCheck(mark, '--solutions', '01', '--no-typecheck');
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toContain('100/100');
  if (process.platform === 'linux') expect(await leftAfterAWhile(mark), 'processes of the check still running').toEqual([]);
});

test.runIf(process.platform === 'linux')('a check that ends before grading (help, a wrong option) leaves no child behind', async () => {
  const help = randomUUID();
  expect(runCheck(help, '--help').status).toBe(0);
  const wrong = randomUUID();
  const run = runCheck(wrong, '--no-such-option');
  expect(run.status).not.toBe(0);
  expect(run.stderr).toContain('--no-such-option');
  expect(await leftAfterAWhile(help), 'processes of the help still running').toEqual([]);
  expect(await leftAfterAWhile(wrong), 'processes of the wrong option still running').toEqual([]);
});
