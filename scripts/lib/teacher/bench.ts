/** Timing helpers for `npm run bench`: run something several times, keep medians, build a table. */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Median, min and max of a set of timings, in milliseconds. */
export interface Stats {
  median: number;
  min: number;
  max: number;
  runs: number;
  /**
   * Median CPU time the machine spent while the command ran (Linux): every process of the command,
   * the graded code's sandboxes included. A busy machine stretches the clock time far more than this,
   * so ratios of it compare better between runs.
   */
  cpuMedian?: number;
  /** The timed runs, in the order they were taken (runs of commands timed in turns pair up by position). */
  samples?: Sample[];
}

/** One timed run of a command: clock time and, where the kernel tells it, CPU time, in milliseconds. */
export interface Sample {
  wallMs: number;
  cpuMs?: number;
}

/** Stats scaled by a factor (a class's figures per hand-in, or one check's figures times a class). */
export function scaled(figures: Stats, factor: number): Stats {
  const cpu = figures.cpuMedian === undefined ? {} : { cpuMedian: figures.cpuMedian * factor };
  const samples =
    figures.samples === undefined
      ? {}
      : { samples: figures.samples.map(({ wallMs, cpuMs }) => ({ wallMs: wallMs * factor, ...(cpuMs === undefined ? {} : { cpuMs: cpuMs * factor }) })) };
  return { median: figures.median * factor, min: figures.min * factor, max: figures.max * factor, runs: figures.runs, ...cpu, ...samples };
}

/**
 * CPU time, in milliseconds, the whole machine has spent so far, in user and kernel mode (Linux: the
 * first line of /proc/stat); undefined elsewhere. The bench takes it before and after a command, so
 * it must run alone. Not the command's own CPU time as the kernel counts it for a parent (cutime in
 * /proc/self/stat): on Linux a sandbox runs below `unshare`, which the grader ends with SIGKILL, so
 * the kernel never adds the sandbox's time to the command's, and that count left out the graded
 * code's work (about a third of a class's CPU time).
 */
function machineCpuMs(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user, nice, system, idle, iowait, irq, softirq, steal: all but idle, iowait and steal were busy here.
  const [user, nice, system, , , irq, softirq] = fields;
  const busy = [user, nice, system, irq, softirq];
  if (!busy.every((ticks) => ticks !== undefined && Number.isFinite(ticks))) return undefined;
  let ticks = 0;
  for (const part of busy) ticks += part as number;
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** Summarises timings. */
export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0, runs: sorted.length };
}

/**
 * Runs a command to its end and returns how long it took, on the clock and on the CPUs, in milliseconds
 * (its exit status is ignored). Run one command at a time on an otherwise idle machine: the CPU time
 * is all the machine did meanwhile (see machineCpuMs).
 */
export function timeCommand(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Sample> {
  const started = performance.now();
  const cpuBefore = machineCpuMs();
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
      else {
        const cpuAfter = machineCpuMs();
        const cpu = cpuBefore === undefined || cpuAfter === undefined ? {} : { cpuMs: cpuAfter - cpuBefore };
        resolve({ wallMs: performance.now() - started, ...cpu });
      }
    });
  });
}

/**
 * Times several commands the same number of times, taking turns (a, b, a, b, …), so that
 * a busy moment of the machine hits each of them alike; returns one Stats per command. Each command
 * first runs once untimed: the first run after an install or a change fills caches (vitest's
 * transforms, the pack's imports) that every later run finds, and would weigh on whichever command
 * happened to go first.
 */
export async function timeInTurns(runs: number, commands: Array<() => Promise<Sample>>): Promise<Stats[]> {
  for (const command of commands) await command();
  const samples = commands.map((): Sample[] => []);
  for (let round = 0; round < runs; round += 1) {
    for (const [index, command] of commands.entries()) samples[index]?.push(await command());
  }
  return samples.map(statsOfSamples);
}

/** Stats of timed runs: clock times, with the median CPU time when every run has one. */
export function statsOfSamples(samples: Sample[]): Stats {
  const wall = { ...stats(samples.map((sample) => sample.wallMs)), samples };
  const cpu = samples.map((sample) => sample.cpuMs);
  if (cpu.some((ms) => ms === undefined)) return wall;
  return { ...wall, cpuMedian: stats(cpu as number[]).median };
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

/** Lesson id → the times of its tests added up, in milliseconds. */
export type LessonTestTimes = Record<string, number>;

/** What `npm run check -- --json FILE` writes, as far as the bench reads it. */
interface CheckResultFile {
  lessons: Array<{ id: string; tasks: Array<{ tests: Array<{ durationMs: number }> }> }>;
}

/** Each lesson's test times added up, from the file `npm run check -- --json FILE` wrote. */
export function lessonTimesOfCheck(file: string): LessonTestTimes {
  const result = JSON.parse(readFileSync(file, 'utf8')) as CheckResultFile;
  const times: LessonTestTimes = {};
  for (const lesson of result.lessons) {
    let total = 0;
    for (const task of lesson.tasks) for (const test of task.tests) total += test.durationMs;
    times[lesson.id] = total;
  }
  return times;
}

/** What vitest's JSON reporter writes, as far as the bench reads it. */
interface VitestJsonReport {
  testResults: Array<{ name: string; assertionResults: Array<{ duration?: number | null }> }>;
}

/** Each lesson's test times added up, from vitest's JSON reporter: a suite file tests/03-win.test.ts is lesson 03-win's. */
export function lessonTimesOfVitest(file: string): LessonTestTimes {
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJsonReport;
  const times: LessonTestTimes = {};
  for (const suite of report.testResults) {
    const lessonId = /(\d\d-[^/]+)\.test\.ts$/.exec(suite.name)?.[1];
    if (lessonId === undefined) continue;
    let total = 0;
    for (const test of suite.assertionResults) total += test.duration ?? 0;
    times[lessonId] = (times[lessonId] ?? 0) + total;
  }
  return times;
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
  const header = ['figure', 'median', 'min', 'max', 'runs', 'CPU (median)', 'note'];
  const cells = rows.map((row) => [
    row.figure,
    formatMs(row.stats.median),
    formatMs(row.stats.min),
    formatMs(row.stats.max),
    String(row.stats.runs),
    row.stats.cpuMedian === undefined ? '' : formatMs(row.stats.cpuMedian),
    row.note ?? '',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => (line[column] as string).length)));
  const line = (values: string[]): string => `| ${values.map((value, column) => value.padEnd(widths[column] as number)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}

/**
 * The Node arguments of one of the workbook's npm scripts (`node --import tsx scripts/play.ts`, say),
 * run from the workbook's folder: the bench times what `npm run NAME` runs, without npm's own start.
 */
export function npmScriptArgs(root: string, name: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  const [command, ...args] = (scripts[name] ?? '').trim().split(/\s+/);
  if (command !== 'node' || args.length === 0) throw new Error(`package.json's script "${name}" does not start with node: ${scripts[name] ?? 'there is none'}`);
  return args;
}
