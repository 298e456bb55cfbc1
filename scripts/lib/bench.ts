/** Timing helpers for `npm run bench`: run something several times, keep medians, build a table. */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Median, min and max of a set of timings, in milliseconds. */
export interface Stats {
  median: number;
  min: number;
  max: number;
  runs: number;
}

/** Summarises timings. */
export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0, runs: sorted.length };
}

/** Runs a command to its end and returns how long it took, in milliseconds (its exit status is ignored). */
export function timeCommand(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 4000) errors += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== null && code > 1) reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${errors}`));
      else resolve(performance.now() - started);
    });
  });
}

/**
 * Times several commands the same number of times, taking turns (a, b, a, b, …), so that
 * a busy moment of the machine hits each of them alike; returns one Stats per command.
 */
export async function timeInTurns(runs: number, commands: Array<() => Promise<number>>): Promise<Stats[]> {
  const samples = commands.map((): number[] => []);
  for (let round = 0; round < runs; round += 1) {
    for (const [index, command] of commands.entries()) samples[index]?.push(await command());
  }
  return samples.map(stats);
}

/** Copies a workbook (without node_modules, .git, .workbook and build) into a new temporary folder, linking node_modules. */
export function scratchWorkbook(root: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'workbook-bench-'));
  for (const name of readdirSync(root)) {
    if (['node_modules', '.git', '.workbook', 'build'].includes(name)) continue;
    cpSync(join(root, name), join(copy, name), { recursive: true });
  }
  if (existsSync(join(root, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

/** One row of the bench table. */
export interface Row {
  figure: string;
  stats: Stats;
  /** A note such as a ratio. */
  note?: string;
}

/** Formats a duration for the table. */
export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(2)} ms`;
}

/** The table as Markdown-style text. */
export function renderTable(rows: Row[]): string {
  const header = ['figure', 'median', 'min', 'max', 'runs', 'note'];
  const cells = rows.map((row) => [
    row.figure,
    formatMs(row.stats.median),
    formatMs(row.stats.min),
    formatMs(row.stats.max),
    String(row.stats.runs),
    row.note ?? '',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => (line[column] as string).length)));
  const line = (values: string[]): string => `| ${values.map((value, column) => value.padEnd(widths[column] as number)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
