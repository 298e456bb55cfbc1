/**
 * Grading a class: every hand-in's exercise files against the teacher's own suites, visible and
 * hidden, all in one vitest child with one pool of workers (runner.ts), plus the reference
 * solutions as one more folder so the teacher learns at once whether the suites themselves pass.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import {
  forStudent,
  lessonColumns,
  lessonGrade,
  renderFeedback,
  type Gradebook,
  type LessonGrade,
  type StudentGrade,
} from './gradebook.ts';
import { scoreLesson, type LessonRun, type LessonScore } from './results.ts';
import { findLeaks, secretsOf, type Secret } from './pack.ts';
import { DEFAULT_LIMIT_MS, runTargets } from './runner.ts';
import { describeFences, probeFences } from './sandbox/fences.ts';
import { changedTests, findSubmissions, hasLessonFolder, hintsSeen, missingFiles, privateCopy, type Submission } from './submissions.ts';
import { hiddenSuitePath, listLessons, suitePath, type Lesson } from './workbook.ts';

/** What to grade and how. */
export interface ClassOptions {
  /** The teacher's workbook: its suites, hidden suites and solutions are used. */
  root: string;
  submissionsDir: string;
  /** The lessons to grade, as the teacher chose them (--lessons or --pack); by default every lesson handed in. */
  lessons?: Lesson[];
  limitMs?: number;
  /** Grade only every count-th hand-in, starting with the index-th (1-based). */
  shard?: { index: number; count: number };
  onProgress?: (event: ProgressEvent) => void;
}

/** What grading reports while it runs. */
export type ProgressEvent =
  | { kind: 'start'; students: number; lessons: number; skipped: number }
  | { kind: 'lesson'; done: number; total: number }
  | { kind: 'student'; name: string; done: number; total: number; points: number; max: number };

/** What grading a class gives. */
export interface ClassResult {
  book: Gradebook;
  /** Lessons where the reference solutions do not get 100 with the teacher's suites (a problem in the suites). */
  referenceProblems: string[];
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

/** Grades every hand-in in a folder (or one shard of them). */
export async function gradeClass(options: ClassOptions): Promise<ClassResult> {
  const startedAt = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), 'workbook-grade-'));
  try {
    const everyone = findSubmissions(options.submissionsDir, scratch);
    const all = listLessons(options.root);
    // Worked out over every hand-in, so all shards grade the same columns.
    const lessons = options.lessons ?? defaultLessons(everyone, all);
    const shard = options.shard;
    const submissions = shard ? everyone.filter((_, index) => index % shard.count === shard.index - 1) : everyone;
    const gradable = submissions.filter((submission) => submission.lessonsDir !== undefined);
    // Each hand-in is graded from a private copy of only its exercise files (links and oddities refused).
    const copies = gradable.map((submission, index) => privateCopy(submission, lessons, join(scratch, 'copies', String(index), 'lessons')));
    const solutions = join(options.root, 'solutions');
    const withReference = existsSync(solutions);
    const targets = [...copies.map((copy) => copy.lessonsDir), ...(withReference ? [solutions] : [])];
    const fences = probeFences();
    options.onProgress?.({ kind: 'start', students: submissions.length, lessons: lessons.length, skipped: everyone.length - submissions.length });

    const finished = new Set<string>();
    const perTarget = new Map<number, { count: number; points: number }>();
    const total = gradable.length * lessons.length;
    let studentsDone = 0;
    for (const submission of submissions.filter((candidate) => candidate.lessonsDir === undefined)) {
      studentsDone += 1;
      options.onProgress?.({ kind: 'student', name: `${submission.name} (${submission.problem})`, done: studentsDone, total: submissions.length, points: 0, max: lessons.length * 100 });
    }
    const runs =
      targets.length === 0 || lessons.length === 0
        ? []
        : await runTargets({
            root: options.root,
            targets,
            lessons,
            hidden: true,
            limitMs: options.limitMs ?? DEFAULT_LIMIT_MS,
            fences,
            // The reference's suites define the list of tests every hand-in is held to.
            referenceIndex: withReference ? targets.length - 1 : undefined,
            onLessonDone: (targetIndex, run) => {
              const key = `${targetIndex}|${run.lessonId}`;
              if (finished.has(key) || targetIndex >= gradable.length) return;
              finished.add(key);
              options.onProgress?.({ kind: 'lesson', done: finished.size, total });
              const lesson = lessons.find((candidate) => candidate.id === run.lessonId) as Lesson;
              const before = perTarget.get(targetIndex) ?? { count: 0, points: 0 };
              const sofar = { count: before.count + 1, points: before.points + scoreLesson(lesson, run).earned };
              perTarget.set(targetIndex, sofar);
              if (sofar.count === lessons.length) {
                studentsDone += 1;
                const submission = gradable[targetIndex] as Submission;
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
    const visibleNames = visibleTestNames(lessons, runs);
    const secrets = feedbackSecrets(options.root, reference ?? [], visibleNames);

    const students = submissions.map((submission): StudentGrade => {
      const targetIndex = gradable.indexOf(submission);
      const copy = targetIndex === -1 ? undefined : copies[targetIndex];
      const graded = copy ? { ...submission, lessonsDir: copy.lessonsDir } : submission;
      const student = gradeStudent(options.root, graded, lessons, targetIndex === -1 ? undefined : runs[targetIndex], visibleNames, copy?.notes ?? []);
      return withSafeFeedback(student, secrets, [scratch, options.root, options.submissionsDir]);
    });
    const book: Gradebook = {
      kind: 'tictactoe-gradebook',
      version: 1,
      gradedAt: new Date().toISOString(),
      lessons: lessonColumns(lessons),
      students,
    };
    if (shard) book.shard = shard;
    book.fences = describeFences(fences);
    return { book, referenceProblems, durationMs: Date.now() - startedAt };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Why the reference solutions did not get 100 for a lesson: the grader broke, or the suites need fixing. */
function referenceProblem(run: LessonRun, earned: number): string {
  if (run.problem?.kind === 'crash' && run.problem.grader) return `${run.lessonId}: grading itself broke (${run.problem.message.split('\n')[0]})`;
  return `${run.lessonId}: the reference solutions get ${earned}/100 with your suites`;
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
function withSafeFeedback(student: StudentGrade, secrets: Secret[], folders: string[]): StudentGrade {
  let feedback = student.feedback;
  for (const folder of folders) feedback = feedback.split(`${folder}${sep}`).join('').split(folder).join('.');
  feedback = feedback.replace(/copies\/\d+\//g, '');
  const leaks = findLeaks(new Map([['feedback.md', Buffer.from(feedback)]]), secrets);
  if (leaks.length === 0) return { ...student, feedback };
  const points = Object.values(student.lessons).map((grade) => `- ${grade.id}: ${grade.points}/100`);
  return {
    ...student,
    feedback: [`# Feedback for ${student.name}`, '', ...points, '', 'Ask your teacher for details on what failed.', ''].join('\n'),
    notes: [...student.notes, 'feedback cut to the points: it would have shown a hidden test or a solution'],
  };
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

/** One student's row and feedback. */
function gradeStudent(
  root: string,
  submission: Submission,
  lessons: Lesson[],
  runs: LessonRun[] | undefined,
  visible: Map<string, Set<string>>,
  copyNotes: string[],
): StudentGrade {
  const notes: string[] = [...copyNotes];
  const studentNotes: string[] = copyNotes.map((note) => `${note[0]?.toUpperCase() ?? ''}${note.slice(1)}.`);
  if (submission.problem !== undefined) {
    notes.push(`nothing graded: ${submission.problem}`);
    studentNotes.push(`Your hand-in could not be graded: ${submission.problem}. Hand in the whole workbook folder.`);
  }
  for (const change of changedTests(submission, root, lessons)) {
    notes.push(`${change.path} ${change.change} (ignored: graded with the teacher's copy)`);
    studentNotes.push(
      change.change === 'changed'
        ? `You changed ${change.path}. Grading always uses your teacher's copy of the tests, so the change made no difference.`
        : `${change.path} was missing from your hand-in. Grading uses your teacher's copy of the tests anyway.`,
    );
  }
  const scores: LessonScore[] = [];
  const grades: LessonGrade[] = [];
  lessons.forEach((lesson, index) => {
    const missing = missingFiles(submission, lesson);
    const run: LessonRun =
      runs?.[index] !== undefined && missing.length === 0
        ? (runs[index] as LessonRun)
        : { lessonId: lesson.id, tests: [], output: '', durationMs: 0, problem: { kind: 'crash', message: `${missing.join(', ')} is missing.` } };
    const score = scoreLesson(lesson, run);
    const grade = lessonGrade(score, hintsSeen(submission, lesson.id), missing);
    if (submission.problem !== undefined) delete grade.note; // the hand-in's own note says it all
    const names = new Set(visible.get(lesson.id) ?? []);
    const running = run.problem?.kind === 'timeout' ? run.problem.runningTest : undefined;
    if (running !== undefined && isVisibleName(root, lesson, running, names)) names.add(running);
    scores.push(forStudent(score, names));
    grades.push(grade);
  });
  const total = grades.reduce((sum, grade) => sum + grade.points, 0);
  const feedback = renderFeedback({ name: submission.name, scores, grades, notes: studentNotes });
  return { name: submission.name, lessons: Object.fromEntries(grades.map((grade) => [grade.id, grade])), total, notes, feedback };
}
