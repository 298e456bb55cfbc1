/** `npm run grade`: grades a class's hand-ins with the teacher's suites, hidden ones included (a teacher's tool). */
import { availableParallelism } from 'node:os';
import { relative, resolve } from 'node:path';
import { gradeClass, type ProgressEvent } from './lib/class-grading.ts';
import { parseCommandLine, runCommand } from './lib/cli.ts';
import { GRADEBOOK_FILES, mergeGradebooks, readGradebook, writeGradebook, type Gradebook } from './lib/gradebook.ts';
import { parseLessonList } from './lib/pack.ts';
import { DEFAULT_LIMIT_MS } from './lib/runner.ts';
import { lessonsOfPack } from './lib/submissions.ts';
import { listLessons, ROOT, UsageError } from './lib/workbook.ts';

const USAGE = `
Usage: npm run grade -- SUBMISSIONS_DIR [--out DIR] [--lessons LIST | --pack DIR] [--shard i/n] [--limit SECONDS]
       npm run grade -- --merge PART… --out DIR

Grades every hand-in in SUBMISSIONS_DIR: each subfolder (a copy of the pack, a clone, an unzipped
archive) or .zip file is one student. Their exercise files are graded with your own suites,
visible and hidden (tests/hidden/); tests a student changed are ignored and reported.
Writes DIR/gradebook.csv, DIR/gradebook.html, DIR/gradebook.json and DIR/feedback/<student>/feedback.md.
This runs the students' code on this machine: see "Class grading" in README.md.
  --out DIR         where to write (default build/grades)
  --lessons LIST    lessons to grade (default: every lesson at least one hand-in has a folder for)
  --pack DIR        grade the lessons your own pack in DIR assigned (the --out folder of npm run pack);
                    which lessons are graded never comes from a file in a hand-in
  --shard i/n       grade only every n-th hand-in, starting with the i-th (split a course over CI jobs)
  --merge PART…     join the --out folders of several --shard runs into one gradebook
  --limit SECONDS   stop a call into a student's code that runs longer than this; that test fails (default ${DEFAULT_LIMIT_MS / 1000})
  --workers N       test workers in the pool (default: one per CPU, ${availableParallelism()} here)
`;

runCommand(USAGE, async () => {
  const { values, positionals } = parseCommandLine({
    out: { type: 'string' },
    lessons: { type: 'string' },
    pack: { type: 'string' },
    shard: { type: 'string' },
    merge: { type: 'boolean', default: false },
    limit: { type: 'string' },
    workers: { type: 'string' },
  });
  const out = resolve(values.out ?? resolve(ROOT, 'build', 'grades'));

  if (values.merge) {
    if (positionals.length === 0) throw new UsageError('Name the parts to merge: npm run grade -- --merge part1 part2 --out DIR');
    if (values.shard !== undefined || values.lessons !== undefined || values.pack !== undefined) throw new UsageError('--merge takes only the parts and --out.');
    const book = mergeGradebooks(positionals.map((part) => readGradebook(resolve(part))));
    writeGradebook(book, out);
    console.log(`Merged ${positionals.length} part${positionals.length === 1 ? '' : 's'}: ${book.students.length} students.`);
    printWritten(book, out);
    return 0;
  }

  if (positionals.length !== 1) throw new UsageError('Name the folder of hand-ins: npm run grade -- SUBMISSIONS_DIR');
  const limitSeconds = values.limit === undefined ? DEFAULT_LIMIT_MS / 1000 : Number(values.limit);
  if (!(limitSeconds > 0)) throw new UsageError(`--limit takes a number of seconds, not "${values.limit}".`);
  const workers = values.workers === undefined ? availableParallelism() : Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1) throw new UsageError(`--workers takes a whole number, not "${values.workers}".`);
  // vitest's own default is one worker less than the CPUs (a single worker on a 2-core machine); grading
  // is the only work this run does, so the pool gets every CPU. The runner passes this on to its child.
  if (values.workers !== undefined || process.env.VITEST_MAX_WORKERS === undefined) process.env.VITEST_MAX_WORKERS = String(workers);
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (values.lessons !== undefined && values.pack !== undefined) throw new UsageError('Choose the lessons with --lessons or with --pack, not both.');
  const lessons =
    values.pack !== undefined
      ? lessonsOfPack(resolve(values.pack), listLessons())
      : values.lessons === undefined
        ? undefined
        : parseLessonList(values.lessons, listLessons());

  const result = await gradeClass({
    root: ROOT,
    submissionsDir: resolve(positionals[0] as string),
    lessons,
    limitMs: limitSeconds * 1000,
    shard,
    onProgress: progressPrinter(),
  });
  writeGradebook(result.book, out);
  const seconds = (result.durationMs / 1000).toFixed(1);
  console.log(`Graded ${result.book.students.length} hand-in${result.book.students.length === 1 ? '' : 's'} in ${seconds} s.`);
  printWritten(result.book, out);
  console.log('The students\' code ran sealed off, one process per hand-in:');
  for (const fence of result.book.fences ?? []) console.log(`  - ${fence}`);
  for (const problem of result.referenceProblems) {
    console.log(/grading itself broke/.test(problem) ? `Error: ${problem}. Grade again; if it happens again, it is a bug in the grader.` : `Warning: ${problem}. Fix the suites before trusting these grades.`);
  }
  return result.referenceProblems.length > 0 ? 1 : 0;
});

/** "2/5" → { index: 2, count: 5 }. */
function parseShard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard takes i/n with 1 ≤ i ≤ n, for example --shard 1/3, not "${text}".`);
  }
  return { index, count };
}

/** Progress on the terminal: a line per finished student, and a status line while lessons finish. */
function progressPrinter(): (event: ProgressEvent) => void {
  const live = process.stderr.isTTY === true;
  const status = (text: string): void => {
    if (live) process.stderr.write(`\r\x1b[K${text}`);
  };
  let width = 2;
  return (event) => {
    if (event.kind === 'start') {
      width = String(event.students).length;
      const shard = event.skipped > 0 ? ` (this shard; ${event.skipped} others are left to the other shards)` : '';
      console.log(`Grading ${event.students} hand-in${event.students === 1 ? '' : 's'}${shard} × ${event.lessons} lesson${event.lessons === 1 ? '' : 's'}, hidden tests included, in one pool of workers…`);
    } else if (event.kind === 'lesson') {
      status(`${event.done} of ${event.total} lessons graded…`);
    } else {
      status('');
      console.log(`  [${String(event.done).padStart(width)}/${event.total}] ${event.name}: ${event.points}/${event.max}`);
    }
  };
}

function printWritten(book: Gradebook, out: string): void {
  const shown = relative(process.cwd(), out) || '.';
  console.log(`  ${shown}/${GRADEBOOK_FILES.csv}`);
  console.log(`  ${shown}/${GRADEBOOK_FILES.html}`);
  console.log(`  ${shown}/${GRADEBOOK_FILES.feedback}/<student>/feedback.md (${book.students.length})`);
}
