/**
 * Grading a class: every hand-in's exercise files against the teacher's own suites, visible and
 * hidden, all in one vitest child with one pool of workers (runner.ts), plus the reference
 * solutions as one more folder so the teacher learns at once whether the suites themselves pass.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { absentFeedback, pointsOnlyFeedback, renderFeedback } from './gradebook/feedback.ts';
import type { NothingGraded } from './gradebook/note-words.ts';
import {
  forStudent,
  graderBrokeProblem,
  lessonColumns,
  lessonGrade,
  type FileFinding,
  type Gradebook,
  type HandInNote,
  type HandInReason,
  type LessonGrade,
  type ReferenceProblem,
  type StudentGrade,
} from './gradebook/gradebook.ts';
import { withPrerequisites } from '../grader/command/grading.ts';
import { classFolder, findSubmissions, unpackClassArchive } from './intake/intake.ts';
import { findNearMisses, type NearMiss } from './intake/near-misses.ts';
import { roundPoints, scoreLesson, type Crash, type LessonRun, type LessonScore } from '../core/results.ts';
import { findLeaks, secretsOf, type Secret } from './pack/leaks.ts';
import { findInRoster, type PlatformIds, type RosterEntry } from './intake/roster.ts';
import { DEFAULT_LIMIT_MS, drawSeed, runTargets } from '../grader/command/runner.ts';
import { describeFences, probeFences } from '../grader/contracts/fences.ts';
import { changedTests, hasLessonFolder, hintsSeen, isInPlace, missingFiles, privateCopy, type Submission } from './intake/submissions.ts';
import { hiddenSuitePath, listLessons, suitePath, UsageError, type Lesson } from '../core/workbook.ts';
import { ZipError } from './intake/zip.ts';
import { classRecord, optionsRecord, shardMembers, workbookFingerprint } from './part-record.ts';
import type { Identity } from './gradebook/merge.ts';
import { byCodeUnits, lookAlike, numbered } from '../core/text.ts';
import { SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { sandboxWords } from '../report/sandbox-words.ts';
import type { IntakeNote } from '../command-line/intake-notes.ts';

/** What to grade and how. */
export interface ClassOptions {
  /** The teacher's workbook: its suites, hidden suites and solutions are used. */
  root: string;
  submissionsDir: string;
  /** The lessons to grade, as the teacher chose them (--lessons or --pack); by default every lesson handed in. */
  lessons?: Lesson[];
  limitMs?: number;
  /** Grade only every count-th hand-in in code-unit order of their names, starting with the index-th (1-based); needs `seed`. */
  shard?: { index: number; count: number };
  /** The class list: names to show, ids for a platform's grade import, and who handed nothing in. */
  roster?: RosterEntry[];
  /** Grade exercise files found near where they belong (wrong case, an extra ending, another folder). */
  acceptNearMisses?: boolean;
  onProgress?: (event: ProgressEvent) => void;
  /** The seed of the hidden suites' generated inputs (--seed, to replay a run); drawn when not given. */
  seed?: number;
  /**
   * Called with who will get a row, once the hand-ins are found and before any code runs: throws to
   * stop the run (a refusal, such as writing over a gradebook of other students).
   */
  beforeGrading?: (rows: Identity[]) => void;
  /** The class's language: the students' feedback speaks it (English when not given). */
  language?: Language;
}

/** What grading reports while it runs. */
export type ProgressEvent =
  | { kind: 'start'; students: number; lessons: number; skipped: number; seed: number }
  | { kind: 'lesson'; done: number; total: number }
  /** `nothingGraded`: why no code of the hand-in was graded, when none was. */
  | { kind: 'student'; name: string; done: number; total: number; points: number; max: number; nothingGraded?: NothingGraded };

/** What grading a class gives. */
export interface ClassResult {
  book: Gradebook;
  /** What was found in each hand-in, in the gradebook's order (for the table the command ends with). */
  intake: IntakeRow[];
  /** Lessons where the reference solutions do not get 100 with the teacher's suites (a problem in the suites). */
  referenceProblems: ReferenceProblem[];
  durationMs: number;
}

/**
 * The lessons to grade when the teacher named none (neither --lessons nor --pack): every lesson of
 * the workbook that at least one hand-in has a folder for. Nothing a hand-in says it was assigned
 * (its .workbook/pack.json) counts: a student can edit that.
 */
export function defaultLessons(submissions: Submission[], all: Lesson[]): Lesson[] {
  return all.filter((lesson) => submissions.some((submission) => hasLessonFolder(submission, lesson.id)));
}

/** What intake found in one hand-in, for the table at the end of `npm run grade`. */
export interface IntakeRow {
  name: string;
  platform?: Submission['platform'];
  /** True when the hand-in is an archive itself. */
  archive?: true;
  found: string;
  /** Per graded lesson: its files found ("found"), only near misses ("near" / "accepted"), or none ("missing"). */
  lessons: Record<string, 'found' | 'near' | 'accepted' | 'missing'>;
  /** Why nothing of the hand-in was graded, when nothing was (and something was handed in). */
  problem?: HandInReason;
  /** True when the platform marked the hand-in late (Canvas's LATE). */
  late?: boolean;
}

/** One hand-in as it will be graded: the submission, its near misses, and the notes of its private copy. */
interface Prepared {
  submission: Submission;
  nearMisses: NearMiss[];
  copyNotes: IntakeNote[];
  /** The private copy that is graded, when anything can be graded. */
  copyDir?: string;
}

/** Grades every hand-in in a folder (or one shard of them). */
export async function gradeClass(options: ClassOptions): Promise<ClassResult> {
  const startedAt = Date.now();
  if (options.shard !== undefined && options.seed === undefined) {
    throw new UsageError(
      `--shard needs --seed: every shard must draw the same hidden-test inputs, or hand-ins in different shards are graded on different cases. Give every shard the same seed, for example --seed ${drawSeed()}.`,
    );
  }
  const scratch = mkdtempSync(join(tmpdir(), 'workbook-grade-'));
  try {
    const classDir = statSync(options.submissionsDir).isFile() ? classArchive(options.submissionsDir, scratch) : options.submissionsDir;
    const all = listLessons(options.root);
    const workbook = workbookFingerprint(options.root, all);
    const everyone = withRoster(findSubmissions(classFolder(classDir, scratch), join(scratch, 'hand-ins'), all), options.roster);
    // Worked out over every hand-in, so all shards grade the same columns.
    const lessons = options.lessons ?? defaultLessons(everyone, all);
    const shard = options.shard;
    // Dealt in an order no machine setting changes, so shards run under different locales still cover the class once.
    const submissions = shard ? shardMembers(everyone, shard) : everyone;
    options.beforeGrading?.(
      submissions.map((submission) => ({
        name: submission.name,
        handedIn: submission.absent !== true,
        ...(platformIds(submission) === undefined ? {} : { ids: platformIds(submission) }),
      })),
    );
    // Each hand-in is graded from a private copy of only its exercise files (links and oddities refused),
    // with those of the lessons they build on, which their code imports.
    const copied = withPrerequisites(lessons, all);
    const prepared = submissions.map((submission, index) =>
      prepare(submission, copied, join(scratch, 'copies', String(index), 'lessons'), options.acceptNearMisses === true),
    );
    const gradable = prepared.filter((entry) => entry.copyDir !== undefined);
    const solutions = join(options.root, 'solutions');
    const withReference = existsSync(solutions);
    const targets = [...gradable.map((entry) => entry.copyDir as string), ...(withReference ? [solutions] : [])];
    const fences = probeFences();
    // One seed for the whole run: the reference and every hand-in get the same generated inputs.
    const seed = options.seed ?? drawSeed();
    const limitMs = options.limitMs ?? DEFAULT_LIMIT_MS;
    const language = options.language ?? SOURCE_LANGUAGE;
    options.onProgress?.({ kind: 'start', students: submissions.length, lessons: lessons.length, skipped: everyone.length - submissions.length, seed });

    const finished = new Set<string>();
    const perTarget = new Map<number, { count: number; points: number }>();
    const total = gradable.length * lessons.length;
    let studentsDone = 0;
    for (const entry of prepared.filter((candidate) => candidate.copyDir === undefined)) {
      studentsDone += 1;
      options.onProgress?.({
        kind: 'student',
        name: entry.submission.name,
        nothingGraded: handInReason(entry.submission) ?? { kind: 'nothing-in-place' },
        done: studentsDone,
        total: submissions.length,
        points: 0,
        max: lessons.length * 100,
      });
    }
    const runs =
      targets.length === 0 || lessons.length === 0
        ? []
        : await runTargets({
            root: options.root,
            targets,
            names: [...gradable.map((entry) => entry.submission.name), ...(withReference ? ['the reference solutions'] : [])],
            lessons,
            hidden: true,
            limitMs,
            fences,
            seed,
            // What the sandbox says when a hand-in reaches for a module it may not have: in the class's language.
            sandboxWords: sandboxWords(language),
            // The reference's suites define the list of tests every hand-in is held to.
            referenceIndex: withReference ? targets.length - 1 : undefined,
            onLessonDone: (targetIndex, run) => {
              const key = `${targetIndex}|${run.lessonId}`;
              if (finished.has(key) || targetIndex >= gradable.length) return;
              finished.add(key);
              options.onProgress?.({ kind: 'lesson', done: finished.size, total });
              const lesson = lessons.find((candidate) => candidate.id === run.lessonId) as Lesson;
              const before = perTarget.get(targetIndex) ?? { count: 0, points: 0 };
              const sofar = { count: before.count + 1, points: roundPoints(before.points + scoreLesson(lesson, run).earned) };
              perTarget.set(targetIndex, sofar);
              if (sofar.count === lessons.length) {
                studentsDone += 1;
                const submission = (gradable[targetIndex] as Prepared).submission;
                options.onProgress?.({
                  kind: 'student',
                  name: submission.name,
                  done: studentsDone,
                  total: submissions.length,
                  points: sofar.points,
                  max: lessons.length * 100,
                });
              }
            },
          });

    const reference = withReference ? runs[targets.length - 1] : undefined;
    const referenceProblems = (reference ?? []).flatMap((run, index) => {
      const score = scoreLesson(lessons[index] as Lesson, run);
      return score.done ? [] : [referenceProblem(run, score.earned)];
    });
    // Grading can also break after the reference's own lessons are done: the students' lessons that
    // were never graded then say so, and so must the command (it exits 1) and the top of the gradebook.
    const brokenForStudents = gradingBrokeForStudents(runs.slice(0, gradable.length));
    if (brokenForStudents !== undefined && !referenceProblems.some(graderBrokeProblem)) {
      referenceProblems.push(brokenForStudents);
    }
    const visibleNames = visibleTestNames(lessons, runs);
    const secrets = feedbackSecrets(options.root, reference ?? [], visibleNames);

    const students = prepared.map((entry): StudentGrade => {
      const targetIndex = gradable.indexOf(entry);
      const student = gradeStudent(
        options.root,
        entry,
        lessons,
        targetIndex === -1 ? undefined : runs[targetIndex],
        visibleNames,
        options.acceptNearMisses === true,
        language,
      );
      return { ...withSafeFeedback(student, secrets, [scratch, options.root, options.submissionsDir], language), seed };
    });
    const book: Gradebook = {
      kind: 'tictactoe-gradebook',
      version: 1,
      gradedAt: new Date().toISOString(),
      lessons: lessonColumns(lessons),
      seed,
      students,
    };
    if (shard) book.shard = shard;
    // (An English gradebook records no language, as gradebooks always did.)
    if (language !== SOURCE_LANGUAGE) book.language = language;
    // What --merge checks before it joins this part to others.
    book.class = classRecord(everyone.map((entry) => entry.name));
    book.workbook = workbook;
    book.options = optionsRecord(limitMs, options.acceptNearMisses === true, options.roster);
    book.fences = describeFences(fences);
    if (referenceProblems.length > 0) book.referenceProblems = referenceProblems;
    const intake = prepared.map((entry, index) => intakeRow(entry, lessons, options.acceptNearMisses === true, students[index] as StudentGrade));
    return { book, intake, referenceProblems, durationMs: Date.now() - startedAt };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A whole class download given as one .zip, unpacked; a UsageError says why when it cannot be. */
function classArchive(path: string, scratch: string): string {
  if (!/\.zip$/i.test(path)) throw new UsageError(`${path} is a file: give the folder of hand-ins, or the class download as a .zip.`);
  try {
    return unpackClassArchive(path, scratch);
  } catch (error) {
    if (error instanceof ZipError) throw new UsageError(`The class download ${path} could not be unpacked: ${error.message}.`);
    throw error;
  }
}

/**
 * The hand-ins with the names of the class list, and one more (that cannot be graded) for every
 * student on the list of whom nothing was found. Several hand-ins that match one student are all
 * kept, with a note, and none of them takes the student's ids into the grade import. Every row's name
 * is unique ("Wei Zhang (2)"), even where the list names two students alike. Without a class list,
 * the hand-ins as they are.
 */
function withRoster(submissions: Submission[], roster: RosterEntry[] | undefined): Submission[] {
  if (roster === undefined) return submissions;
  // (In an order no machine setting changes: which of two hand-ins that match one student gets "(2)" is the same everywhere.)
  const found = [...submissions]
    .sort((a, b) => byCodeUnits(a.name, b.name))
    .map((submission) => ({ submission, entry: findInRoster(roster, { ...submission, keys: submission.keys ?? [submission.name] }) }));
  const matches = new Map<RosterEntry, number>();
  for (const { entry } of found) if (entry !== undefined) matches.set(entry, (matches.get(entry) ?? 0) + 1);
  const named = found.map(({ submission, entry }): Submission => {
    if (entry === undefined) return { ...submission, notes: [...(submission.notes ?? []), { kind: 'not-on-class-list' }] };
    const sharing = matches.get(entry) ?? 1;
    if (sharing === 1) return { ...submission, name: entry.name, roster: entry };
    const { platformId: _dropped, ...rest } = submission;
    const note: HandInNote = { kind: 'class-list-shared', count: sharing, name: entry.name };
    return { ...rest, name: entry.name, roster: { ...entry, ids: {} }, notes: [...(submission.notes ?? []), note] };
  });
  const absent = roster
    .filter((entry) => !matches.has(entry) && !listedTwice(entry, [...matches.keys()]))
    .map((entry): Submission => ({ name: entry.name, source: '', roster: entry, absent: true, problem: { kind: 'no-hand-in' } }));
  return uniqueNames([...named, ...absent]).sort((a, b) => a.name.localeCompare(b.name));
}

/** True for a row of the class list that names, by a platform's id, a student another row already has (listed twice, in two sections). */
function listedTwice(entry: RosterEntry, matched: RosterEntry[]): boolean {
  const ids = (of: RosterEntry): string[] =>
    (['moodleParticipant', 'canvasId', 'github'] as const).flatMap((kind) => (of.ids[kind] === undefined ? [] : [`${kind}:${of.ids[kind]}`]));
  const own = ids(entry);
  return own.length > 0 && matched.some((other) => ids(other).some((id) => own.includes(id)));
}

/** The rows with every name made unique, " (2)", " (3)"… (names that look alike count as the same), in an order no machine setting changes. */
function uniqueNames(rows: Submission[]): Submission[] {
  const taken = new Set<string>();
  // (Hand-ins before the students of whom nothing was found: a plain name goes to work that was handed in.)
  return [...rows]
    .sort((a, b) => Number(a.absent === true) - Number(b.absent === true) || byCodeUnits(a.name, b.name) || byCodeUnits(a.source, b.source))
    .map((row) => {
      const name = numbered(row.name, (candidate) => taken.has(lookAlike(candidate)));
      taken.add(lookAlike(name));
      return name === row.name ? row : { ...row, name };
    });
}

/** A hand-in's near misses and private copy (taking accepted near misses in place of the files they stand for). */
function prepare(submission: Submission, lessons: Lesson[], copyDir: string, accept: boolean): Prepared {
  if (submission.absent || (submission.problem !== undefined && submission.lessonsDir === undefined)) return { submission, nearMisses: [], copyNotes: [] };
  const nearMisses = findNearMisses(submission.folders ?? [], lessons, submission.lessonsDir, (lesson, file) => isInPlace(submission, lesson, file));
  if (submission.lessonsDir === undefined && !(accept && nearMisses.length > 0)) return { submission, nearMisses, copyNotes: [] };
  const copy = privateCopy(submission, lessons, copyDir, accept ? nearMisses : []);
  return { submission, nearMisses, copyNotes: copy.notes, copyDir: copy.lessonsDir };
}

/** The row of the intake table for one hand-in. */
function intakeRow(entry: Prepared, lessons: Lesson[], accepted: boolean, student: StudentGrade): IntakeRow {
  const { submission } = entry;
  const state = (lesson: Lesson): IntakeRow['lessons'][string] => {
    if (lesson.files.every((file) => isInPlace(submission, lesson, file))) return 'found';
    if (entry.nearMisses.some((miss) => miss.lessonId === lesson.id)) return accepted ? 'accepted' : 'near';
    return 'missing';
  };
  const row: IntakeRow = {
    name: student.name,
    found: submission.absent ? '(nothing handed in)' : (submission.found ?? ''),
    lessons: Object.fromEntries(lessons.map((lesson) => [lesson.id, state(lesson)])),
  };
  if (submission.platform !== undefined) row.platform = submission.platform;
  if (submission.archive === true) row.archive = true;
  if (student.notGraded !== undefined && !submission.absent) row.problem = student.notGraded;
  if (submission.late === true) row.late = true;
  return row;
}

/** The problem to tell the teacher of when students' lessons were left ungraded because grading broke (undefined when none were). */
export function gradingBrokeForStudents(studentRuns: LessonRun[][]): ReferenceProblem | undefined {
  const broken = studentRuns.map((lessonRuns) => lessonRuns.flatMap((run) => graderBroke(run) ?? []));
  const students = broken.filter((crashes) => crashes.length > 0).length;
  const [first, ...rest] = broken.flat();
  if (first === undefined) return undefined;
  return { kind: 'broke-for-students', students, lessons: 1 + rest.length, end: first.end };
}

/** The crash of a lesson whose grading itself broke, when it did. */
function graderBroke(run: LessonRun): Extract<Crash, { cause: 'grader-broke' }> | undefined {
  return run.problem?.kind === 'crash' && run.problem.cause === 'grader-broke' ? run.problem : undefined;
}

/** Why the reference solutions did not get 100 for a lesson: the grader broke, or no test of it ran, or the suites need fixing. */
function referenceProblem(run: LessonRun, earned: number): ReferenceProblem {
  const broke = graderBroke(run);
  if (broke !== undefined) return { kind: 'grading-broke', lesson: run.lessonId, end: broke.end };
  // Every lesson's suites define tests (npm test holds them to it): none at all, and no problem, is the grader's fault.
  if (run.problem === undefined && run.tests.length === 0) return { kind: 'grading-broke', lesson: run.lessonId };
  return { kind: 'below-full', lesson: run.lessonId, earned };
}

/** What must never appear in a student's feedback: hidden test names (unless a visible test has the same name) and files, and solution bodies. */
function feedbackSecrets(root: string, reference: LessonRun[], visible: Map<string, Set<string>>): Secret[] {
  const hiddenNames = reference.flatMap((run) =>
    run.tests
      .filter((test) => test.hidden && !visible.get(run.lessonId)?.has(test.name))
      .map((test) => ({ what: `the name of a hidden test of ${run.lessonId}`, text: test.name })),
  );
  return [...secretsOf(root, new Set()), ...hiddenNames];
}

/**
 * The student's row with feedback that passed the leak check: paths of the grader's own folders are
 * cut to the student's, and feedback that still shows a secret is replaced by the points alone (the
 * teacher gets a note saying so).
 */
function withSafeFeedback(student: StudentGrade, secrets: Secret[], folders: string[], language: Language): StudentGrade {
  const feedback = cutFolders(student.feedback, folders);
  const lessons = withCutNotes(student.lessons, folders);
  const leaks = findLeaks(new Map([['feedback.md', Buffer.from(feedback)]]), secrets);
  if (leaks.length === 0) return { ...student, feedback, lessons };
  return {
    ...student,
    lessons,
    feedback: pointsOnlyFeedback(student.name, Object.values(student.lessons), language),
    notes: [...student.notes, { kind: 'feedback-cut' }],
  };
}

/** Text with the paths of the grader's own folders cut to the student's ("/tmp/…/copies/3/lessons/01-board/board.ts" → "lessons/01-board/board.ts"). */
function cutFolders(text: string, folders: string[]): string {
  let cut = text;
  for (const folder of folders) cut = cut.split(`${folder}${sep}`).join('').split(folder).join('.');
  return cut.replace(/copies\/\d+\//g, '');
}

/** A note with every text in it cut like the feedback (its kinds and causes hold no folder, so they stay as they are). */
function withTextsCut<T>(value: T, folders: string[]): T {
  if (typeof value === 'string') return cutFolders(value, folders) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withTextsCut(item, folders)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, withTextsCut(field, folders)])) as T;
}

/** The lessons with their notes and reasons cut like the feedback (they go to the platform's comments too). */
function withCutNotes(lessons: Record<string, LessonGrade>, folders: string[]): Record<string, LessonGrade> {
  return Object.fromEntries(
    Object.entries(lessons).map(([id, grade]) => {
      const cut: LessonGrade = { ...grade };
      if (grade.notes !== undefined) cut.notes = grade.notes.map((note) => withTextsCut(note, folders));
      if (grade.notGraded !== undefined) cut.notGraded = withTextsCut(grade.notGraded, folders);
      return [id, cut];
    }),
  );
}

/** The names of the visible tests per lesson that any folder reported (the reference reports them all). */
function visibleTestNames(lessons: Lesson[], runs: LessonRun[][]): Map<string, Set<string>> {
  const names = new Map(lessons.map((lesson) => [lesson.id, new Set<string>()]));
  for (const folder of runs) {
    for (const run of folder) {
      for (const test of run.tests) if (!test.hidden) names.get(run.lessonId)?.add(test.name);
    }
  }
  return names;
}

/**
 * True when a test name may be shown to students: a visible test reported it, or (when no run got
 * that far) the visible suite names it and the teacher-only suite does not.
 */
function isVisibleName(root: string, lesson: Lesson, name: string, reported: Set<string>): boolean {
  if (reported.has(name)) return true;
  const read = (path: string): string => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : '');
  return read(suitePath(lesson)).includes(name) && !read(hiddenSuitePath(lesson)).includes(name);
}

/** The ids a platform's grade import matches the student by: from the download's names, then the class list. */
function platformIds(submission: Submission): PlatformIds | undefined {
  const fromDownload: PlatformIds = {};
  if (submission.platformId !== undefined) {
    if (submission.platform === 'moodle') fromDownload.moodleParticipant = submission.platformId;
    if (submission.platform === 'canvas') fromDownload.canvasId = submission.platformId;
    if (submission.platform === 'github-classroom') fromDownload.github = submission.platformId;
  }
  const ids = { ...fromDownload, ...(submission.roster?.ids ?? {}) };
  return Object.keys(ids).length === 0 ? undefined : ids;
}

/** How each lesson's exercise files were found in a hand-in. */
function fileFindings(entry: Prepared, lessons: Lesson[], graded: Submission, accept: boolean): Record<string, FileFinding> {
  return Object.fromEntries(
    lessons.map((lesson) => {
      const nearMisses = entry.nearMisses.filter((miss) => miss.lessonId === lesson.id);
      const missing = missingFiles(graded, lesson);
      return [lesson.id, { missing, nearMisses, accepted: accept && missing.length === 0 && nearMisses.length > 0 }];
    }),
  );
}

/** One student's row and feedback. */
function gradeStudent(
  root: string,
  entry: Prepared,
  lessons: Lesson[],
  runs: LessonRun[] | undefined,
  visible: Map<string, Set<string>>,
  accept: boolean,
  language: Language,
): StudentGrade {
  const { submission } = entry;
  const base = {
    name: submission.name,
    handedIn: submission.absent !== true,
    ...(submission.platform === undefined ? {} : { platform: submission.platform }),
    ...(submission.found === undefined ? {} : { found: submission.found }),
    ...(platformIds(submission) === undefined ? {} : { ids: platformIds(submission) }),
    ...(submission.late === true ? { late: true } : {}),
  };
  if (submission.absent) {
    const notGraded: HandInReason = { kind: 'no-hand-in' };
    const lessonsOf = Object.fromEntries(lessons.map((lesson) => [lesson.id, absentGrade(lesson, notGraded)]));
    return {
      ...base,
      lessons: lessonsOf,
      total: 0,
      notes: [{ kind: 'not-graded', reason: notGraded }],
      notGraded,
      feedback: absentFeedback(submission.name, lessons, language),
    };
  }
  // (Which of them the student reads, and in which words, the feedback decides: see studentSees in note-words.ts.)
  const notes: HandInNote[] = [...(submission.notes ?? []), ...(submission.choices ?? []), ...entry.copyNotes];
  const notGraded = handInReason(submission);
  if (notGraded !== undefined) {
    notes.push({ kind: 'not-graded', reason: notGraded });
  } else if (submission.lessonsDir === undefined) {
    const misses = entry.nearMisses.map((miss) => ({ found: miss.found, kinds: miss.kinds, others: miss.others }));
    notes.push({ kind: 'no-lessons-folder', misses, accepted: accept });
  }
  for (const change of changedTests(submission, root, lessons)) notes.push({ kind: 'test-changed', path: change.path, change: change.change });
  const graded: Submission = entry.copyDir === undefined ? { ...submission, lessonsDir: undefined } : { ...submission, lessonsDir: entry.copyDir };
  const files = fileFindings(entry, lessons, graded, accept);
  const scores: LessonScore[] = [];
  const grades: LessonGrade[] = [];
  lessons.forEach((lesson, index) => {
    const finding = files[lesson.id] as FileFinding;
    const run: LessonRun =
      runs?.[index] !== undefined && finding.missing.length === 0
        ? (runs[index] as LessonRun)
        : { lessonId: lesson.id, tests: [], output: '', durationMs: 0, problem: { kind: 'crash', cause: 'files-missing', files: finding.missing } };
    const score = scoreLesson(lesson, run);
    const grade = lessonGrade(score, hintsSeen(submission, lesson.id), finding);
    if (notGraded !== undefined) {
      // Each cell says why, in the words of the hand-in's own note.
      grade.notGraded = notGraded;
      grade.notes = [{ kind: 'not-graded', reason: notGraded }];
    }
    const names = new Set(visible.get(lesson.id) ?? []);
    const running = run.problem?.kind === 'timeout' ? run.problem.runningTest : undefined;
    if (running !== undefined && isVisibleName(root, lesson, running, names)) names.add(running);
    scores.push(forStudent(score, names, language));
    grades.push(grade);
  });
  const total = roundPoints(grades.reduce((sum, grade) => sum + grade.points, 0));
  const feedback = renderFeedback({
    name: submission.name,
    scores,
    grades,
    notes,
    files,
    language,
    ...(notGraded === undefined ? {} : { notGraded }),
  });
  const row: StudentGrade = { ...base, lessons: Object.fromEntries(grades.map((grade) => [grade.id, grade])), total, notes, feedback };
  if (notGraded !== undefined) row.notGraded = notGraded;
  return row;
}

/** Why nothing of a hand-in can be graded (undefined when something can): nothing handed in, only online text, or the intake's reason. */
function handInReason(submission: Submission): HandInReason | undefined {
  const problem = submission.problem;
  if (problem === undefined) return undefined;
  if (problem.kind === 'no-hand-in') return problem;
  if (onlyOnlineText(submission)) return { kind: 'online-text-only' };
  return { kind: 'unusable', why: problem };
}

/** Files an operating system leaves beside a student's own (never what a student handed in). */
const CLUTTER = /^(\..*|Thumbs\.db|desktop\.ini)$/i;

/** True when all a hand-in holds is Moodle's online text: onlinetext.html, what the student typed on the submission page. */
function onlyOnlineText(submission: Submission): boolean {
  const files = (submission.folders ?? []).flatMap((folder) =>
    existsSync(folder) && statSync(folder).isDirectory()
      ? readdirSync(folder, { recursive: true, withFileTypes: true })
          .filter((entry) => !entry.isDirectory() && !CLUTTER.test(entry.name))
          .map((entry) => entry.name)
      : [],
  );
  return files.length > 0 && files.every((name) => /^onlinetext.*\.html?$/i.test(name));
}

/** The cell of a lesson of a student who handed nothing in. */
function absentGrade(lesson: Lesson, notGraded: HandInReason): LessonGrade {
  const tasks = lesson.tasks.map((task, index) => ({
    number: index + 1,
    title: task.title,
    points: task.points,
    earned: 0,
    passed: 0,
    total: 0,
    hiddenFailed: 0,
    hiddenTotal: 0,
  }));
  return { id: lesson.id, points: 0, status: 'missing', tasks, hintsSeen: 0, notGraded, notes: [{ kind: 'not-graded', reason: notGraded }] };
}
