/** `npm run grade`: grades a class's hand-ins with the teacher's suites, hidden ones included (a teacher's tool). */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { existsSync, writeFileSync } from 'node:fs';
import { gradeClass, type ClassOptions, type ProgressEvent } from './lib/teacher/class-grading.ts';
import { nothingGradedWords } from './lib/teacher/gradebook/note-words.ts';
import { colorsEnabled, LANGUAGE_OPTION, painter, parseCommandLine, Refusal, runCommand, shownPath } from './lib/command-line/cli.ts';
import { existingGradebook, readGradebook, removeGradebook, writeGradebook } from './lib/teacher/gradebook/files.ts';
import {
  GRADEBOOK_FILES,
  graderBrokeProblem,
  lessonColumns,
  referenceProblemWords,
  type Gradebook,
  type ReferenceProblem,
} from './lib/teacher/gradebook/gradebook.ts';
import { checkUpdate, languageOf, mergeGradebooks, refuseOverwrite, updateGradebook } from './lib/teacher/gradebook/merge.ts';
import { optionsRecord, workbookFingerprint } from './lib/teacher/part-record.ts';
import { renderIntakeTable } from './lib/teacher/intake/intake-table.ts';
import { LMS_FILES, LMS_FORMATS, renderLmsExport, type LmsFormat } from './lib/teacher/gradebook/lms-export.ts';
import { parseLessonList } from './lib/core/workbook.ts';
import { readRoster } from './lib/teacher/intake/roster.ts';
import { DEFAULT_LIMIT_MS, parseSeed } from './lib/grader/command/runner.ts';
import { MIN_WORKERS } from './lib/grader/contracts/workers.mjs';
import { lessonsOfPack } from './lib/teacher/intake/submissions.ts';
import { listLessons, ROOT, UsageError } from './lib/core/workbook.ts';
import { plural, printable } from './lib/core/text.ts';
import { languageOption } from './lib/i18n/choose.ts';
import { SOURCE_LANGUAGE, type Language } from './lib/core/languages.ts';

const USAGE = `
Usage: npm run grade -- HAND_INS [--out DIR] [--lessons LIST | --pack DIR] [--roster FILE.csv] [options]
       npm run grade -- RESUBMISSIONS --update DIR [--roster FILE.csv] [--format moodle|canvas]
       npm run grade -- --merge PART… --out DIR [--format moodle|canvas]

Grades every hand-in in HAND_INS, a folder or a platform's download as one .zip: each subfolder,
archive or group of files is one student, as Moodle, Canvas, Google Classroom, GitHub Classroom or
you laid them out (see docs/class-grading.md). Their exercise files are graded with your own
suites, visible and hidden (tests/hidden/); tests a student changed are ignored and reported.
Writes DIR/gradebook.html (open it in a browser), gradebook.csv, gradebook.json, and per student
DIR/feedback/<student>/index.html and feedback.md. Ends with a table of what it found in each hand-in.
This runs the students' code on this machine: see docs/sealed-grading.md.
  --out DIR              where to write (default build/grades); a gradebook of other students there is
                         never written over (use --update to add or replace students, or --replace)
  --update DIR           grade the hand-ins given (resubmissions) into the gradebook in DIR, with its
                         seed, lessons and options: their rows, feedback and the platforms' files are
                         replaced, every other student's kept (see docs/class-grading.md)
  --replace              write over the gradebook in --out, whoever it holds
  --lessons LIST         lessons to grade (default: every lesson at least one hand-in has a folder for)
  --pack DIR             grade the lessons your own pack in DIR assigned (the --out folder of npm run pack);
                         which lessons are graded never comes from a file in a hand-in
  --roster FILE.csv      the class list: folder or id → name (a Canvas gradebook export, a Moodle grading
                         worksheet or a GitHub Classroom roster work as they are); students on it without
                         a hand-in get a row too
  --accept-near-misses   grade exercise files found near where they belong (Win.ts for win.ts,
                         win.ts.txt, win.ts in another folder); without it they are only named in the notes
  --format moodle|canvas also write the grade import file of that platform (may be given twice)
  --assignment NAME      the assignment column of the Canvas file (default "Tic-Tac-Toe workbook";
                         "Name (1234)" matches Canvas assignment 1234)
  --shard i/n            grade only every n-th hand-in (names in Unicode order, the same on every machine), from the i-th
                         (split a course over CI jobs); needs --seed, the same for every shard
  --merge PART…          join the --out folders of several --shard runs into one gradebook; refuses parts
                         graded from another class, workbook, seed or options
  --limit SECONDS        stop a call into a student's code that runs longer than this; that test fails (default ${DEFAULT_LIMIT_MS / 1000})
  --workers N            test workers in the pool (default: one per CPU, ${availableParallelism()} here; at least ${MIN_WORKERS})
  --seed N               the seed of the hidden tests' generated inputs: every run draws one and shows it
                         (terminal, gradebook); give it again to replay a run exactly
  --lang LANG            the class's language, which every student's feedback speaks: en, ru, ca or zh
                         (default en; --update keeps the gradebook's); your gradebook stays in English
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
    roster: { type: 'string' },
    'accept-near-misses': { type: 'boolean', default: false },
    format: { type: 'string', multiple: true },
    assignment: { type: 'string' },
    seed: { type: 'string' },
    update: { type: 'string' },
    replace: { type: 'boolean', default: false },
    ...LANGUAGE_OPTION,
  });
  if (values.update !== undefined) {
    const given = (['out', 'shard'] as const).filter((name) => values[name] !== undefined).map((name) => `--${name}`);
    if (values.merge) given.push('--merge');
    if (values.replace) given.push('--replace');
    if (given.length > 0) throw new UsageError(`--update DIR writes into DIR, the gradebook it updates: it takes no ${given.join(', ')}.`);
  }
  const out = resolve(values.update ?? values.out ?? resolve(ROOT, 'build', 'grades'));
  const shownOut = shownPath(out);
  const given = (values.format ?? []).map((format): LmsFormat => {
    if (!LMS_FORMATS.includes(format as LmsFormat)) throw new UsageError(`--format takes ${LMS_FORMATS.join(' or ')}, not "${format}".`);
    return format as LmsFormat;
  });
  // What the folder holds already: never written over when it has other students, unless --replace says so.
  const existing = values.replace ? undefined : existingGradebook(out);
  const formats = platformFormats(given, existing, out);
  const assignment = values.assignment ?? existing?.platformFiles?.assignment;
  const save = (book: Gradebook): void => {
    if (values.replace) removeGradebook(out, Object.values(LMS_FILES));
    if (formats.length > 0) book.platformFiles = { formats, ...(formats.includes('canvas') && assignment !== undefined ? { assignment } : {}) };
    else delete book.platformFiles;
    writeGradebook(book, out);
  };
  const exportFor = (book: Gradebook): void => writeExports(book, out, formats, assignment);

  if (values.merge) {
    if (positionals.length === 0) throw new UsageError('Name the parts to merge: npm run grade -- --merge part1 part2 --out DIR');
    // The parts were graded already: an option of grading would be silently ignored here.
    const grading = ['shard', 'lessons', 'pack', 'seed', 'limit', 'workers', 'roster', 'lang'] as const;
    const given = grading.filter((name) => values[name] !== undefined).map((name) => `--${name}`);
    if (values['accept-near-misses']) given.push('--accept-near-misses');
    if (given.length > 0)
      throw new UsageError(
        `--merge takes the parts, --out and the grade import options (--format, --assignment), not ${given.join(', ')}: the parts were graded with their own.`,
      );
    const book = mergeGradebooks(
      positionals.map((part) => readGradebook(resolve(part))),
      positionals,
    );
    if (existing !== undefined) refuseOverwrite(existing, shownOut, book.students);
    save(book);
    console.log(`Merged ${plural(positionals.length, 'part')}: ${book.students.length} students.`);
    printWritten(book, out);
    exportFor(book);
    return warnReference(book.referenceProblems ?? []) ? 1 : 0;
  }

  if (positionals.length !== 1) throw new UsageError('Name the folder of hand-ins (or the class download .zip): npm run grade -- HAND_INS');
  if (!existsSync(positionals[0] as string)) throw new UsageError(`There is no folder or file ${positionals[0]}.`);
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

  const seed = values.seed === undefined ? undefined : parseSeed(values.seed);
  const roster = values.roster === undefined ? undefined : readRoster(resolve(values.roster));
  const language = values.lang === undefined ? undefined : languageOption(values.lang);
  const grading: ClassOptions = {
    root: ROOT,
    submissionsDir: resolve(positionals[0] as string),
    lessons,
    limitMs: limitSeconds * 1000,
    shard,
    ...(roster === undefined ? {} : { roster }),
    acceptNearMisses: values['accept-near-misses'],
    onProgress: progressPrinter(),
    ...(seed === undefined ? {} : { seed }),
    ...(language === undefined ? {} : { language }),
    beforeGrading: (rows) => {
      if (existing !== undefined) refuseOverwrite(existing, shownOut, rows);
    },
  };
  if (values.update !== undefined) {
    if (existing === undefined)
      throw new Refusal(
        `${shownOut} holds no ${GRADEBOOK_FILES.json} to update: grade the class there first (npm run grade -- CLASS_DOWNLOAD --out ${shownOut}).`,
      );
    const classBook = existing;
    const result = await gradeClass(updateOptions(grading, classBook, shownOut, values.limit !== undefined));
    const update = updateGradebook(classBook, result.book);
    save(update.book);
    const seconds = (result.durationMs / 1000).toFixed(1);
    console.log(`Graded ${plural(update.replaced.length + update.added.length, 'hand-in')} again in ${seconds} s (${seedLine(update.book.seed)}).`);
    if (update.replaced.length > 0) console.log(`  Replaced: ${update.replaced.map(printable).join(', ')}`);
    if (update.added.length > 0) console.log(`  Added (not in the gradebook before): ${update.added.map(printable).join(', ')}`);
    console.log(`  Kept as they were: ${plural(update.book.students.length - update.replaced.length - update.added.length, 'student')}`);
    printWritten(update.book, out);
    exportFor(update.book);
    return warnReference(result.referenceProblems) ? 1 : 0;
  }
  const result = await gradeClass(grading);
  save(result.book);
  const seconds = (result.durationMs / 1000).toFixed(1);
  console.log(`Graded ${plural(result.book.students.length, 'hand-in')} in ${seconds} s (${seedLine(result.book.seed)}).`);
  printWritten(result.book, out);
  exportFor(result.book);
  console.log("The students' code ran sealed off, one process per hand-in:");
  for (const fence of result.book.fences ?? []) console.log(`  - ${fence}`);
  console.log('');
  for (const line of renderIntakeTable(result.intake, result.book, painter(colorsEnabled()))) console.log(line);
  return warnReference(result.referenceProblems) ? 1 : 0;
});

/**
 * The options to grade resubmissions into the gradebook `classBook` with: its lessons, seed, --limit
 * and --accept-near-misses unless given; refused (naming what differs and how to grade the whole
 * class again) when what is given, the workbook's suites or the class list differ from the class's.
 */
function updateOptions(grading: ClassOptions, classBook: Gradebook, shownOut: string, limitGiven: boolean): ClassOptions {
  const all = listLessons();
  const lessons =
    grading.lessons ??
    classBook.lessons.map((column) => {
      const lesson = all.find((candidate) => candidate.id === column.id);
      if (lesson === undefined)
        throw new Refusal(
          `${shownOut} graded lesson ${column.id}, which this workbook does not have: grade the resubmissions with the workbook the class was graded with.`,
        );
      return lesson;
    });
  if (classBook.seed === undefined)
    throw new Refusal(
      `The students in ${shownOut} were graded with different seeds (merged parts): a resubmission cannot be graded to match them. Merge parts graded with one --seed.`,
    );
  const seed = grading.seed ?? classBook.seed;
  const limitMs = limitGiven ? (grading.limitMs ?? DEFAULT_LIMIT_MS) : (classBook.options?.limitMs ?? DEFAULT_LIMIT_MS);
  const acceptNearMisses = grading.acceptNearMisses === true || classBook.options?.acceptNearMisses === true;
  const language: Language = grading.language ?? languageOf(classBook);
  const incoming: Gradebook = {
    kind: 'tictactoe-gradebook',
    version: 1,
    gradedAt: '',
    lessons: lessonColumns(lessons),
    seed,
    workbook: workbookFingerprint(ROOT, all),
    options: optionsRecord(limitMs, acceptNearMisses, grading.roster),
    students: [],
    ...(language === SOURCE_LANGUAGE ? {} : { language }),
  };
  checkUpdate(classBook, shownOut, incoming);
  const { beforeGrading: _checksAnotherFolder, ...rest } = grading;
  return { ...rest, lessons, seed, limitMs, acceptNearMisses, language };
}

/**
 * The platforms' files to write: those asked for, and those the folder's gradebook had already (so
 * none is left behind with old grades).
 */
function platformFormats(given: LmsFormat[], existing: Gradebook | undefined, out: string): LmsFormat[] {
  const had = (format: LmsFormat): boolean =>
    existing !== undefined && (existing.platformFiles?.formats.includes(format) === true || existsSync(resolve(out, LMS_FILES[format])));
  return LMS_FORMATS.filter((format) => given.includes(format) || had(format));
}

/** Says what is wrong when the reference did not get 100 (or grading broke); true when anything is. */
function warnReference(problems: ReferenceProblem[]): boolean {
  for (const problem of problems) {
    const words = referenceProblemWords(problem);
    console.log(
      graderBrokeProblem(problem)
        ? `Error: ${words}. Grade again; if it happens again, it is a bug in the grader.`
        : `Warning: ${words}. Fix the suites before trusting these grades (the gradebook says so at the top).`,
    );
  }
  return problems.length > 0;
}

/** Writes the grade import files of the platforms asked for, and names the students a platform cannot match. */
function writeExports(book: Gradebook, out: string, formats: LmsFormat[], assignment: string | undefined): void {
  for (const format of formats) {
    const written = renderLmsExport(format, book, assignment);
    writeFileSync(resolve(out, written.file), written.text);
    console.log(
      `  ${shownPath(out)}/${written.file} (${format === 'moodle' ? 'Moodle: the assignment\'s "Upload grading worksheet"' : 'Canvas: Grades → Import'})`,
    );
    if (written.unmatched.length > 0) {
      const by =
        format === 'moodle'
          ? "Moodle participant number (from the names in Moodle's download, or an Identifier column in --roster)"
          : "Canvas ID, SIS User ID or SIS Login ID (from the names in Canvas's download, or --roster)";
      console.log(`    No ${by} for ${written.unmatched.join(', ')}: enter ${written.unmatched.length === 1 ? 'that grade' : 'those grades'} by hand.`);
    }
  }
}

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
      console.log(
        `Grading ${plural(event.students, 'hand-in')}${shard} × ${plural(event.lessons, 'lesson')}, hidden tests included, in one pool of workers (${seedLine(event.seed)})…`,
      );
    } else if (event.kind === 'lesson') {
      status(`${event.done} of ${event.total} lessons graded…`);
    } else {
      status('');
      const why = event.nothingGraded === undefined ? '' : ` (${nothingGradedWords(event.nothingGraded)})`;
      console.log(`  [${String(event.done).padStart(width)}/${event.total}] ${printable(`${event.name}${why}`)}: ${event.points}/${event.max}`);
    }
  };
}

/** "seed 123; replay with --seed 123". */
function seedLine(seed: number | undefined): string {
  return seed === undefined ? 'no seed recorded' : `seed ${seed}; replay with --seed ${seed}`;
}

function printWritten(book: Gradebook, out: string): void {
  const shown = shownPath(out);
  console.log(`  ${shown}/${GRADEBOOK_FILES.html} (open it in a browser: who needs help, with what)`);
  console.log(`  ${shown}/${GRADEBOOK_FILES.csv}`);
  console.log(`  ${shown}/${GRADEBOOK_FILES.feedback}/<student>/index.html and feedback.md (${book.students.length})`);
}
