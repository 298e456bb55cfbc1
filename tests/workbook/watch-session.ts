/** `npm run watch` in a scratch workbook, for the tests of watch mode: what it has printed, report by report. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** A running watch. */
export interface WatchSession {
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Its reports so far, each ending with its "Checked at …" footer. */
  reports: () => string[];
  /** When it last printed anything (Date.now()). */
  heardAt: () => number;
  /** Stops it and every process it started. */
  stop: () => void;
}

/** Starts `npm run watch LESSON` in `workbook`, without colours. */
export function startWatch(workbook: string, lesson: string): WatchSession {
  const child = spawn(process.execPath, ['--import', 'tsx', join(workbook, 'scripts/watch.ts'), lesson], {
    cwd: workbook,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let heardAt = Date.now();
  const hear = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    heardAt = Date.now();
  };
  child.stdout.on('data', hear);
  child.stderr.on('data', hear);
  return {
    output: () => output,
    reports: () => output.split(/(?<=Ctrl-C stops\.\n)/).filter((part) => part.includes('Checked at')),
    heardAt: () => heardAt,
    stop: () => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    },
  };
}
