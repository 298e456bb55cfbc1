/** Runs a student command of a workbook as a student would, piped and without colours, for the tests that read what it prints. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/core/workbook.ts';

/** What a command printed, and how it ended. */
export interface CommandRun {
  stdout: string;
  stderr: string;
  status: number | null;
}

/** How a command is run: its standard input, the workbook it runs in (this one unless told), and how long it may take. */
export interface CommandOptions {
  input?: string;
  root?: string;
  timeoutMs?: number;
}

/** Runs scripts/`command`.ts of the workbook with `args` (as `npm run command -- args` does), without colours. */
export function runStudentCommand(
  command: 'arena' | 'play',
  args: string[],
  { input = '', root = ROOT, timeoutMs = 120_000 }: CommandOptions = {},
): CommandRun {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', `${command}.ts`), ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: timeoutMs,
  });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}
