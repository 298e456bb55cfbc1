// `npm run watch` while saves land during a check, as editors that format or save on their own do:
// every report it prints, and the progress it writes, must be what a plain `npm run check` says of
// one version of the files as saved, and the last of them that of the files as they ended.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { parseProgress, progressPath } from '../../scripts/lib/core/progress.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { scratchWorkbook } from '../../scripts/lib/teacher/bench.ts';
import { startWatch } from './watch-session.ts';

const scratch = scratchWorkbook(ROOT);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The file saved again and again: lesson 08's, whose check (with the lessons it builds on) takes seconds. */
const SAVED = join(scratch, 'lessons/08-tutorials/tutorials.ts');
const DRAW_BOARD = 'export function drawBoard(layout: Layout, board: Board): string {';

/** What one plain check of a version says: its report's lesson and task lines, and each lesson's latest points. */
interface Verdict {
  name: string;
  lines: string[];
  latest: Record<string, number>;
}

/** The lines of a report that say points: each lesson's line and each task's line. */
function pointLines(report: string): string[] {
  return report
    .split('\n')
    .filter((line) => /^\d\d {2}/.test(line) || /^\s+\S+ Task \d+: /.test(line))
    .map((line) => line.trim());
}

/** Each lesson's latest points in the scratch workbook's progress file. */
function latestPoints(): Record<string, number> {
  const progress = parseProgress(readFileSync(progressPath(scratch), 'utf8'));
  return Object.fromEntries(Object.entries(progress?.lessons ?? {}).map(([id, lesson]) => [id, lesson.latest]));
}

/** A plain check of lesson 08 (and what it builds on) of the files as they are now: `npm run check 08` without the type check. */
function plainCheck(name: string): Verdict {
  const args = ['--import', './scripts/lib/grader/command/prelaunch.mjs', 'scripts/lib/core/run-bundled.mjs', 'scripts/check.ts', '08', '--no-typecheck'];
  const result = spawnSync(process.execPath, args, { cwd: scratch, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8' });
  const lines = pointLines(result.stdout);
  if (lines.length === 0) throw new Error(`npm run check 08 printed no points:\n${result.stdout}${result.stderr}`);
  return { name, lines, latest: latestPoints() };
}

test('every report of watch is a plain check of one saved version, however close the saves', async () => {
  // Every lesson solved, so that each lesson 08 builds on is at 100 in every plain check.
  for (const lesson of readdirSync(join(scratch, 'solutions')).filter((name) => statSync(join(scratch, 'solutions', name)).isDirectory())) {
    cpSync(join(scratch, 'solutions', lesson), join(scratch, 'lessons', lesson), { recursive: true });
  }
  const solved = readFileSync(SAVED, 'utf8');
  expect(solved).toContain(DRAW_BOARD);
  const texts = [
    solved,
    solved.replace(DRAW_BOARD, `${DRAW_BOARD}\n  if (layout === 'lab') return '';`),
    solved.replace(DRAW_BOARD, `${DRAW_BOARD}\n  if (layout !== 'lines') return '';`),
  ];
  // Each version's plain check, once.
  const expected: Verdict[] = texts.map((text, index) => {
    writeFileSync(SAVED, text);
    return plainCheck(`version ${index}`);
  });
  expect(new Set(expected.map((verdict) => verdict.lines.join('\n'))).size).toBe(texts.length);
  let current = 0;
  writeFileSync(SAVED, texts[current] as string);

  const watch = startWatch(scratch, '08');
  const reports = watch.reports;
  const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  /** The longest check watch has taken so far, in milliseconds (from its reports' "in N s"). */
  const longestCheckMs = (): number => Math.max(0, ...reports().map((report) => 1000 * Number(/ in ([\d.]+) s\./.exec(report)?.[1] ?? 0)));
  /**
   * Waits until watch has printed a report after `seen` and then nothing for longer than a check takes.
   * Watch that never settles fails the test: after two minutes, or twenty of its longest checks on a machine so busy that they take longer.
   */
  const quiet = async (seen: number): Promise<void> => {
    const startedAt = Date.now();
    while (reports().length <= seen || Date.now() - watch.heardAt() < Math.max(4000, 1.5 * longestCheckMs())) {
      const limitMs = Math.max(120_000, 20 * longestCheckMs());
      if (Date.now() - startedAt > limitMs) throw new Error(`watch did not settle within ${Math.round(limitMs / 1000)} s; it said:\n${watch.output()}`);
      await sleep(100);
    }
  };

  const problems: string[] = [];
  const seenLog: string[] = [];
  /** Checks the reports since `seen` against the versions saved meanwhile, and the last one and the progress against the version now saved. */
  const judge = (scenario: string, seen: number, saved: number[]): void => {
    const fresh = reports().slice(seen);
    const allowed = [...new Set(saved)].map((index) => expected[index] as Verdict);
    const final = expected[current] as Verdict;
    seenLog.push(`${scenario}: ${fresh.length} report(s); saved ${saved.join(', ')}; last saved ${current}`);
    for (const [index, report] of fresh.entries()) {
      const lines = pointLines(report);
      const match = allowed.find((verdict) => verdict.lines.join('\n') === lines.join('\n'));
      seenLog.push(`  report ${index + 1}: ${match?.name ?? 'NO PLAIN CHECK'}: ${lines.join(' | ')}`);
      if (!match) problems.push(`${scenario}: report ${index + 1} is no plain check of a saved version:\n${report}`);
      if (/did not run exactly once|did not run, because its lesson stopped/.test(report))
        problems.push(`${scenario}: report ${index + 1} says a test did not run`);
    }
    const last = pointLines(fresh.at(-1) ?? '').join('\n');
    if (last !== final.lines.join('\n')) problems.push(`${scenario}: the last report is not the plain check of the file as it ended (${final.name})`);
    const latest = latestPoints();
    const wrong = Object.entries(final.latest).filter(([id, points]) => latest[id] !== points);
    seenLog.push(`  progress.json latest: ${JSON.stringify(latest)}`);
    if (wrong.length > 0) problems.push(`${scenario}: progress.json says ${JSON.stringify(latest)}, the plain check ${JSON.stringify(final.latest)}`);
  };
  /** Saves a version (by index) and notes it. */
  const save = (index: number, saved: number[]): void => {
    writeFileSync(SAVED, texts[index] as string);
    saved.push(index);
    current = index;
  };

  try {
    await quiet(0);
    judge('first check', 0, [current]);
    // Two different versions, this far apart; each scenario ends on a version other than the one it began with.
    for (const gapMs of [0, 200, 1000, 3000]) {
      const seen = reports().length;
      const saved: number[] = [];
      const first = (current + 1) % texts.length;
      save(first, saved);
      if (gapMs > 0) await sleep(gapMs);
      save((first + 1) % texts.length, saved);
      await quiet(seen);
      judge(`two saves ${gapMs / 1000} s apart`, seen, saved);
    }
    // A burst of ten saves makes one more check, not ten.
    const seen = reports().length;
    const saved: number[] = [];
    for (let count = 0; count < 10; count += 1) {
      save((current + 1) % texts.length, saved);
      await sleep(100);
    }
    await quiet(seen);
    judge('ten saves 0.1 s apart', seen, saved);
    const burstReports = reports().length - seen;
    if (burstReports > 3) problems.push(`ten saves 0.1 s apart: ${burstReports} reports, where one more check was due`);
    // vitest's own watcher runs a suite again when it changes: a save during that run counts the same.
    const before = reports().length;
    const suite = join(scratch, 'tests/08-tutorials.test.ts');
    writeFileSync(suite, `${readFileSync(suite, 'utf8')}// changed\n`);
    await sleep(300);
    // (A run that ended before the save is of the version before it.)
    const afterSuite: number[] = [current];
    save((current + 1) % texts.length, afterSuite);
    await quiet(before);
    judge('a save while a changed suite runs again', before, afterSuite);
    const leftOver = readdirSync(join(scratch, '.workbook')).filter((name) => name.endsWith('.tmp'));
    if (leftOver.length > 0) problems.push(`temporary files left in .workbook/: ${leftOver.join(', ')}`);
  } finally {
    watch.stop();
  }
  expect(problems, `what watch printed, scenario by scenario:\n${seenLog.join('\n')}`).toEqual([]);
  // (The waits above end the test when watch never settles; this limit only stops a test that hangs.)
}, 1_800_000);
