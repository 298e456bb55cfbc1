/** `npm run bench [-- --quick]`: the workbook's speed, measured side by side, as medians with min and max. */
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import {
  formatMs,
  npmScriptArgs,
  renderTable,
  scaled,
  scratchWorkbook,
  stats,
  statsOfSamples,
  timeCommand,
  lessonTimesOfCheck,
  lessonTimesOfVitest,
  timeInTurns,
  type LessonTestTimes,
  type Row,
  type Sample,
  type Stats,
} from './lib/teacher/bench.ts';
import type { SearchTiming } from './lib/teacher/bench-search.ts';
import { listLessons, ROOT } from './lib/core/workbook.ts';
import { UNSEALED_MODE } from './lib/grader/contracts/grader-vitest.mjs';

const USAGE = `
Usage: npm run bench [-- --quick]

Times the grader, watch mode, the search of lesson 07, class grading, packing and the web pages,
and prints a table of medians (with min and max). --quick runs fewer repetitions (for CI).
`;

const node = process.execPath;
const tsx = ['--import', 'tsx'];
const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

runCommand(USAGE, async () => {
  const { values } = parseCommandLine({ quick: { type: 'boolean', default: false } });
  const runs = values.quick ? 1 : 3;
  const rows: Row[] = [];
  const ratios: string[] = [];
  const step = (text: string): void => {
    process.stderr.write(`bench: ${text}\n`);
  };
  const scratch = scratchWorkbook(ROOT);
  try {
    step(`the grader against plain vitest, ${runs} runs each`);
    const stubs = join(scratch, 'lessons');
    const solutions = join(scratch, 'solutions');
    // `npm run check` as package.json runs it (prelaunch.mjs starts the vitest child while the command loads).
    const checkArgs = npmScriptArgs(scratch, 'check');
    const check =
      (target: string, ...options: string[]) =>
      () =>
        timeCommand(node, [...checkArgs, '--target', target, ...options], { cwd: scratch });
    // The baseline: the same suites with the graded files imported in their own realm, unsealed.
    const plain =
      (target: string, ...options: string[]) =>
      () =>
        timeCommand(node, [vitest, 'run', '--project', 'lessons', '--mode', UNSEALED_MODE, ...options], { cwd: scratch, env: { WORKBOOK_TARGET: target } });
    // The type check (tsc, beside the tests) is part of every check; plain vitest has none, so the
    // sealed tests alone are timed too. A check of files that have not changed since the last one gets
    // the type check's stored result; after a save, tsc runs again: a comment added to one exercise
    // file before each run times that too.
    let edits = 0;
    const checkAfterSave = (target: string) => () => {
      edits += 1;
      appendFileSync(join(target, '03-win', 'win.ts'), `// saved again (${edits})\n`);
      return check(target)();
    };
    const [checkSolutions, checkSaved, checkUntyped, vitestSolutions, checkStubs, vitestStubs] = await timeInTurns(runs, [
      check(solutions),
      checkAfterSave(solutions),
      check(solutions, '--no-typecheck'),
      plain(solutions),
      check(stubs),
      plain(stubs),
    ]);
    const overheadSolutions = ratio(checkSolutions, vitestSolutions, 'plain vitest');
    const overheadSaved = ratio(checkSaved, vitestSolutions, 'plain vitest');
    const overheadUntyped = ratio(checkUntyped, vitestSolutions, 'plain vitest');
    const overheadStubs = ratio(checkStubs, vitestStubs, 'plain vitest');
    rows.push(
      { figure: 'npm run check, all lessons, solutions', stats: checkSolutions as Stats, note: overheadSolutions },
      { figure: 'npm run check after saving one file, all lessons, solutions', stats: checkSaved as Stats, note: overheadSaved },
      { figure: 'npm run check --no-typecheck, all lessons, solutions', stats: checkUntyped as Stats, note: overheadUntyped },
      { figure: 'plain vitest run (unsealed), all lessons, solutions', stats: vitestSolutions as Stats },
      { figure: 'npm run check, all lessons, stubs', stats: checkStubs as Stats, note: overheadStubs },
      { figure: 'plain vitest run (unsealed), all lessons, stubs', stats: vitestStubs as Stats },
    );
    ratios.push(`sealed grader on the solutions: ${overheadSolutions}; after saving one file: ${overheadSaved}; without the type check: ${overheadUntyped}`);
    ratios.push(`sealed grader on the stubs: ${overheadStubs}`);

    step(`the tests alone, lesson by lesson, sealed and plain, ${runs} runs each`);
    const testsAlone = await lessonByLesson(runs, listLessons(scratch), {
      sealed: (file) => check(solutions, '--no-typecheck', '--json', file),
      plain: (file) => plain(solutions, '--reporter=json', `--outputFile=${file}`),
      scratch,
    });
    rows.push(...testsAlone.rows);
    ratios.push(`the tests alone (every lesson's test times added up): ${testsAlone.summary}`);

    step('one lesson');
    const [oneLesson] = await timeInTurns(runs, [check(solutions, '01')]);
    rows.push({ figure: 'npm run check 01 (solutions)', stats: oneLesson as Stats });

    step('watch mode: from saving a file to the verdict');
    rows.push({ figure: 'npm run watch 01: save → verdict', stats: await watchLatency(scratch, runs) });

    step('lesson 07 search (reference), each run in a fresh process');
    const search = await searchTimings(runs);
    rows.push(
      { figure: 'bestMove, empty board, cold cache', stats: search.bestMoveEmptyCold },
      { figure: 'bestMove, empty board, warm cache', stats: search.bestMoveEmptyWarm },
      { figure: 'bestMove, three mid-game positions', stats: search.bestMoveMidGame },
      { figure: 'audit(ruleMove, first)', stats: search.auditRules },
      { figure: 'audit(bestMove, second), after the above', stats: search.auditBest },
      { figure: 'countGames()', stats: search.countGames },
      { figure: 'countPositions()', stats: search.countPositions },
    );

    if (existsSync(join(scratch, 'scripts/grade.ts'))) {
      // A class as the issue sizes it (30 hand-ins × every lesson, hidden tests included); fewer in quick mode.
      const students = values.quick ? 3 : 30;
      step(`class grading of ${students} hand-ins × every lesson, with and without tests/hidden, against separate checks`);
      // The same class graded by a copy of the workbook without tests/hidden, in turns with the full one,
      // so the difference is what the hidden suites cost (the same seed for every run).
      const bare = scratchWorkbook(scratch);
      rmSync(join(bare, 'tests', 'hidden'), { recursive: true, force: true });
      const submissions = makeSubmissions(scratch, students);
      const out = join(scratch, 'gradebook-out');
      const gradeWith =
        (root: string, ...options: string[]) =>
        () =>
          timeCommand(node, [...tsx, join(root, 'scripts/grade.ts'), submissions, '--out', out, '--seed', '1', ...options], { cwd: root });
      // The class as the issue that asked for sealed grading sized it, when the workbook had seven lessons.
      const firstSeven = lessonRange(scratch, 7);
      const [grade, gradeBare, gradeSeven] = await timeInTurns(runs, [gradeWith(scratch), gradeWith(bare), gradeWith(scratch, '--lessons', firstSeven)]);
      rmSync(bare, { recursive: true, force: true });
      // A few checks of single hand-ins, each timed: grading a class one student at a time costs that many times one.
      const singles: Sample[] = [];
      for (let index = 0; index < Math.min(students, 3); index += 1) {
        const target = join(submissions, `student-${index + 1}`, 'lessons');
        singles.push(await check(target)());
      }
      const each = statsOfSamples(singles);
      const separate = scaled(each, students);
      const perHandIn = scaled(grade as Stats, 1 / students);
      const perHandInBare = scaled(gradeBare as Stats, 1 / students);
      const hiddenCost = difference(perHandIn, perHandInBare);
      const speedUp = ratio(separate, grade, 'faster than separate checks');
      rows.push(
        { figure: `npm run grade, ${students} hand-ins × ${listLessons(scratch).length} lessons`, stats: grade as Stats, note: speedUp },
        { figure: `npm run grade, ${students} hand-ins × 7 lessons (${firstSeven})`, stats: gradeSeven as Stats, note: 'the class size of the target: 60 s' },
        { figure: 'npm run grade, per hand-in', stats: perHandIn },
        { figure: 'npm run grade without tests/hidden, per hand-in', stats: perHandInBare },
        { figure: 'what the hidden suites add, per hand-in', stats: hiddenCost, note: `${formatMs(hiddenCost.median)} (budget 1 s)` },
        { figure: 'npm run check, one hand-in', stats: each },
        { figure: `${students} separate checks (${students} × the above)`, stats: separate },
      );
      const cpuOf = (figures: Stats): string => (figures.cpuMedian === undefined ? '' : ` (CPU time ${formatMs(figures.cpuMedian)})`);
      ratios.push(`class grading: ${formatMs(perHandIn.median)} per hand-in${cpuOf(perHandIn)}; ${speedUp}`);
      ratios.push(`class grading, ${students} hand-ins × 7 lessons (${firstSeven}): ${formatMs((gradeSeven as Stats).median)}${cpuOf(gradeSeven as Stats)}`);
      ratios.push(
        `hidden suites in class grading: ${formatMs(hiddenCost.median)} per hand-in${cpuOf(hiddenCost)} (${formatMs(perHandIn.median)} with them, ${formatMs(perHandInBare.median)} without)`,
      );
    }

    if (existsSync(join(scratch, 'scripts/pack.ts'))) {
      step('npm run pack');
      const out = join(scratch, 'pack-out');
      const [pack] = await timeInTurns(runs, [
        () => {
          rmSync(out, { recursive: true, force: true });
          return timeCommand(node, [...tsx, join(scratch, 'scripts/pack.ts'), '--lessons', everyLesson(scratch), '--out', out], { cwd: scratch });
        },
      ]);
      rows.push({ figure: 'npm run pack, all lessons', stats: pack as Stats });
    }

    if (existsSync(join(scratch, 'scripts/site.ts'))) {
      step('npm run site');
      const [site] = await timeInTurns(runs, [() => timeCommand(node, [...tsx, join(scratch, 'scripts/site.ts')], { cwd: scratch })]);
      rows.push({ figure: 'npm run site', stats: site as Stats });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${runs} runs per figure (${values.quick ? 'quick' : 'full'})\n`,
  );
  console.log(renderTable(rows));
  console.log(`\nHeadline ratios (medians, measured in this run):\n${ratios.map((line) => `- ${line}`).join('\n')}`);
  return 0;
});

/**
 * What a step adds, a − b, never below 0: run by run when the two were timed in turns (the median, min
 * and max of the differences), else figure by figure.
 */
function difference(a: Stats, b: Stats): Stats {
  const minus = (x: number, y: number): number => Math.max(0, x - y);
  if (a.samples !== undefined && a.samples.length === b.samples?.length) {
    const paired = b.samples;
    return statsOfSamples(
      a.samples.map((sample, index) => {
        const other = paired[index] as Sample;
        const cpu = sample.cpuMs !== undefined && other.cpuMs !== undefined ? { cpuMs: minus(sample.cpuMs, other.cpuMs) } : {};
        return { wallMs: minus(sample.wallMs, other.wallMs), ...cpu };
      }),
    );
  }
  const cpu = a.cpuMedian !== undefined && b.cpuMedian !== undefined ? { cpuMedian: minus(a.cpuMedian, b.cpuMedian) } : {};
  return { median: minus(a.median, b.median), min: minus(a.min, b.min), max: minus(a.max, b.max), runs: a.runs, ...cpu };
}

/**
 * What sealing costs in the tests themselves: each lesson's test times added up, in `npm run check
 * --no-typecheck` (every call into the graded code crosses to a sandbox process) and in plain vitest,
 * taken in turns, as the two commands report them. These leave out each command's start, the suites'
 * loading and the sandboxes' start, and add up what two workers ran side by side.
 */
async function lessonByLesson(
  runs: number,
  lessons: ReadonlyArray<{ id: string }>,
  commands: { sealed: (file: string) => () => Promise<Sample>; plain: (file: string) => () => Promise<Sample>; scratch: string },
): Promise<{ rows: Row[]; summary: string }> {
  const sealedFile = join(commands.scratch, 'tests-alone-sealed.json');
  const plainFile = join(commands.scratch, 'tests-alone-plain.json');
  const sealed: LessonTestTimes[] = [];
  const plain: LessonTestTimes[] = [];
  for (let round = 0; round < runs; round += 1) {
    await commands.sealed(sealedFile)();
    sealed.push(lessonTimesOfCheck(sealedFile));
    await commands.plain(plainFile)();
    plain.push(lessonTimesOfVitest(plainFile));
  }
  const medianOf = (runsTimes: LessonTestTimes[], pick: (times: LessonTestTimes) => number): Stats => stats(runsTimes.map(pick));
  const times = (of: string) => (runTimes: LessonTestTimes) => runTimes[of] ?? 0;
  const total = (runTimes: LessonTestTimes) => Object.values(runTimes).reduce((sum, ms) => sum + ms, 0);
  const versus = (sealedStats: Stats, plainStats: Stats): string =>
    `plain vitest ${formatMs(plainStats.median)}: ${plainStats.median > 0 ? (sealedStats.median / plainStats.median).toFixed(1) : '?'} ×`;
  const rows = lessons.map((lesson) => {
    const sealedStats = medianOf(sealed, times(lesson.id));
    return { figure: `lesson ${lesson.id}, its tests, sealed`, stats: sealedStats, note: versus(sealedStats, medianOf(plain, times(lesson.id))) };
  });
  const sealedTotal = medianOf(sealed, total);
  const plainTotal = medianOf(plain, total);
  rows.push({ figure: 'every lesson, their tests, sealed', stats: sealedTotal, note: versus(sealedTotal, plainTotal) });
  return { rows, summary: `${formatMs(sealedTotal.median)} sealed, ${versus(sealedTotal, plainTotal)}` };
}

/** "1.42 × words" for a / b by clock medians, then "(CPU time: 1.50 ×)" by CPU medians when both have them. */
function ratio(a: Stats | undefined, b: Stats | undefined, words: string): string {
  if (!a || !b || b.median === 0) return `? × ${words}`;
  const cpu = a.cpuMedian !== undefined && b.cpuMedian ? ` (CPU time: ${(a.cpuMedian / b.cpuMedian).toFixed(2)} ×)` : '';
  return `${(a.median / b.median).toFixed(2)} × ${words}${cpu}`;
}

/** Starts watch mode in the scratch workbook, saves lesson 01's file `runs` times, and times each verdict. */
async function watchLatency(scratch: string, runs: number): Promise<Stats> {
  const file = join(scratch, 'lessons/01-board/board.ts');
  cpSync(join(scratch, 'solutions/01-board/board.ts'), file);
  const child = spawn(node, [...tsx, join(scratch, 'scripts/watch.ts'), '01'], {
    cwd: scratch,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  let verdicts = 0;
  let waiting: (() => void) | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    const found = chunk.toString('utf8').match(/Checked at/g)?.length ?? 0;
    verdicts += found;
    if (found > 0) waiting?.();
  });
  const nextVerdict = (seen: number): Promise<void> =>
    new Promise((resolve) => {
      waiting = () => {
        if (verdicts > seen) resolve();
      };
      waiting();
    });
  const samples: number[] = [];
  try {
    await nextVerdict(0);
    for (let index = 0; index < runs; index += 1) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const seen = verdicts;
      const started = performance.now();
      appendFileSync(file, `// saved ${index}\n`);
      await nextVerdict(seen);
      samples.push(performance.now() - started);
    }
  } finally {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }
  return stats(samples);
}

/** Times the reference search in `runs` fresh processes. */
async function searchTimings(runs: number): Promise<Record<SearchTiming, Stats>> {
  const samples: Record<string, number[]> = {};
  for (let index = 0; index < runs; index += 1) {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(node, [...tsx, join(ROOT, 'scripts/lib/teacher/bench-search.ts')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`bench-search exited with ${code}`))));
    });
    for (const [name, ms] of Object.entries(JSON.parse(output) as Record<string, number>)) {
      (samples[name] ??= []).push(ms);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, stats(values)])) as Record<SearchTiming, Stats>;
}

/** N synthetic submissions in a folder, each a copy of the workbook's lessons with the reference filled in. */
function makeSubmissions(scratch: string, count: number): string {
  const folder = join(scratch, 'submissions');
  for (let index = 0; index < count; index += 1) {
    const student = join(folder, `student-${index + 1}`);
    mkdirSync(student, { recursive: true });
    cpSync(join(scratch, 'lessons'), join(student, 'lessons'), { recursive: true });
    cpSync(join(scratch, 'solutions'), join(student, 'lessons'), { recursive: true, filter: (path) => !path.endsWith('stubs.lock.json') });
    cpSync(join(scratch, 'tests'), join(student, 'tests'), {
      recursive: true,
      filter: (path) => !path.includes('/tests/hidden') && !path.includes('/tests/workbook'),
    });
  }
  return folder;
}

/** The first `count` lessons of a workbook as a range for --lessons, for example 01-07. */
function lessonRange(root: string, count: number): string {
  const numbers = listLessons(root)
    .slice(0, count)
    .map((lesson) => lesson.number);
  return `${numbers[0] ?? '01'}-${numbers.at(-1) ?? '01'}`;
}

/** Every lesson of a workbook as a range for --lessons, for example 01-08. */
function everyLesson(root: string): string {
  return lessonRange(root, listLessons(root).length);
}
