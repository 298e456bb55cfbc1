/** The student's progress file (.workbook/progress.json, ignored by git): best points, first pass, hints seen. */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { LessonScore } from './results.ts';
import { nextHint, type NextHint, type TaskMeta } from './workbook.ts';

/** The folder the grader owns inside a workbook. */
export const STATE_DIR = '.workbook';

/** What is kept per lesson. */
export interface LessonProgress {
  /** Best points ever reached, and the points of the latest check. */
  best: number;
  latest: number;
  /** When the lesson first reached 100 (ISO time), or null. */
  firstPassedAt: string | null;
  lastCheckedAt: string | null;
  /** Task numbers that had every test passing in the latest check. */
  tasksDone: number[];
  /** Task number → how many of its hints were shown. */
  hintsSeen: Record<string, number>;
  /** Task number → the names of its visible tests that failed in the latest check, in the order they ran (for npm run hint). */
  failedTests?: Record<string, string[]>;
  /** A failing test with hints of its own (see hintLadderKey) → how many hints of its ladder were shown. */
  hintsSeenFor?: Record<string, number>;
}

/** The whole progress file. */
export interface Progress {
  version: 1;
  lessons: Record<string, LessonProgress>;
}

/** Path of the progress file of a workbook. */
export function progressPath(root: string): string {
  return join(root, STATE_DIR, 'progress.json');
}

/**
 * Reads the progress file; a missing file counts as no progress yet. A file that cannot be read as
 * progress is never overwritten: it is renamed to progress.corrupt-<time>.json beside it (its
 * first-pass dates and hints seen may still matter to a teacher) and a notice says so on stderr.
 */
export function readProgress(root: string, now: Date = new Date()): Progress {
  const path = progressPath(root);
  if (!existsSync(path)) return { version: 1, lessons: {} };
  const text = readFileSync(path, 'utf8');
  const progress = parseProgress(text);
  if (progress !== undefined) return progress;
  const aside = join(root, STATE_DIR, `progress.corrupt-${now.toISOString().replaceAll(':', '-')}.json`);
  renameSync(path, aside);
  process.stderr.write(
    `Notice: ${STATE_DIR}/progress.json could not be read as progress, so it was kept as ${relative(root, aside)} and a fresh one is started. ` +
      'Your code is not affected; show that file to your teacher if your first-pass dates or hints seen matter.\n',
  );
  return { version: 1, lessons: {} };
}

/** The progress in a file's text, or undefined when the text is not a progress file. */
export function parseProgress(text: string): Progress | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<Progress> | null;
    const valid = parsed !== null && parsed.version === 1 && typeof parsed.lessons === 'object' && parsed.lessons !== null;
    return valid ? (parsed as Progress) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes the progress file atomically (a half-written file never replaces a good one), through a
 * temporary file of this process's own, so that two commands writing at once never share one.
 */
export function writeProgress(root: string, progress: Progress): void {
  const path = progressPath(root);
  mkdirSync(join(root, STATE_DIR), { recursive: true });
  const temporary = `${path}.${process.pid}.${threadId}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(progress, null, 2)}\n`);
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** How long a command waits for another to finish its change of the progress before it changes it anyway. */
const LOCK_WAIT_MS = 5_000;
/** A lock older than this was left by a command that was stopped while it held it. */
const LEFT_LOCK_MS = 30_000;

/**
 * Reads the progress, changes it and writes it back while no other command does (a hint asked while
 * watch records a check, say), so that neither loses the other's change. Returns the progress written.
 */
export function updateProgress(root: string, change: (progress: Progress) => Progress, now: Date = new Date()): Progress {
  mkdirSync(join(root, STATE_DIR), { recursive: true });
  const unlock = lockProgress(root);
  try {
    const changed = change(readProgress(root, now));
    writeProgress(root, changed);
    return changed;
  } finally {
    unlock();
  }
}

/** Takes the progress file's lock, waiting for another command's change; gives up waiting rather than hang a student's command. */
function lockProgress(root: string): () => void {
  const lock = `${progressPath(root)}.lock`;
  const waitUntil = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return () => {};
      if (lockAgeMs(lock) > LEFT_LOCK_MS) rmSync(lock, { force: true });
      else if (Date.now() > waitUntil) return () => {};
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

/** How long ago a lock was taken (0 when it is already gone). */
function lockAgeMs(lock: string): number {
  try {
    return Date.now() - statSync(lock).mtimeMs;
  } catch {
    return 0;
  }
}

/** The progress of one lesson, empty when it was never checked. */
export function lessonProgress(progress: Progress, lessonId: string): LessonProgress {
  return progress.lessons[lessonId] ?? { best: 0, latest: 0, firstPassedAt: null, lastCheckedAt: null, tasksDone: [], hintsSeen: {} };
}

/** Progress after a check: latest and best points, and the first time each lesson passed. */
export function recordScores(progress: Progress, scores: LessonScore[], now: Date): Progress {
  const lessons = { ...progress.lessons };
  for (const score of scores) {
    const before = lessonProgress(progress, score.lesson.id);
    lessons[score.lesson.id] = {
      ...before,
      best: Math.max(before.best, score.earned),
      latest: score.earned,
      firstPassedAt: before.firstPassedAt ?? (score.done ? now.toISOString() : null),
      lastCheckedAt: now.toISOString(),
      tasksDone: score.tasks.filter((task) => task.total > 0 && task.passed === task.total).map((task) => task.number),
      failedTests: failedTestsOf(score),
    };
  }
  return { ...progress, lessons };
}

/** Task number → the names of the visible tests of a lesson that failed, in the order they ran. */
function failedTestsOf(score: LessonScore): Record<string, string[]> {
  const failed: Record<string, string[]> = {};
  for (const test of score.run.tests.filter((each) => each.status === 'failed' && !each.hidden)) (failed[String(test.task)] ??= []).push(test.name);
  return failed;
}

/** The lessons whose latest check reached 100 points. */
export function doneLessons(progress: Progress): Set<string> {
  return new Set(
    Object.entries(progress.lessons)
      .filter(([, lesson]) => lesson.latest >= 100)
      .map(([id]) => id),
  );
}

/** The key of a failing test's own hint ladder in hintsSeenFor: its task and its name. */
export function hintLadderKey(task: number, test: string): string {
  return `${task}: ${test}`;
}

/**
 * Progress after showing hint `level` (1-based) of a task: of the task's ladder, or of the ladder of
 * the failing test `test`, which is counted apart (a new failing test starts at its first hint).
 */
export function recordHint(progress: Progress, lessonId: string, task: number, level: number, test?: string): Progress {
  const before = lessonProgress(progress, lessonId);
  const seen = Math.max(before.hintsSeen[String(task)] ?? 0, level);
  const forTests = { ...before.hintsSeenFor };
  if (test !== undefined) forTests[hintLadderKey(task, test)] = Math.max(forTests[hintLadderKey(task, test)] ?? 0, level);
  const after: LessonProgress = {
    ...before,
    hintsSeen: { ...before.hintsSeen, [String(task)]: seen },
    ...(test === undefined ? {} : { hintsSeenFor: forTests }),
  };
  return { ...progress, lessons: { ...progress.lessons, [lessonId]: after } };
}

/** The hint npm run hint shows next for a task, and the failing test whose own ladder it is on, if any. */
export interface HintToShow extends NextHint {
  /** The first visible test of the task that failed in the latest check. */
  failing?: string;
  /** The failing test, when it has hints of its own: its ladder is counted apart (see recordHint). */
  ownLadder?: string;
}

/**
 * The next hint of task `taskNumber` after the latest check: on the ladder of the first test of the
 * task that failed, one level above what was shown of that ladder (a new failing test starts at its
 * first hint); without one, on the whole task's ladder.
 */
export function hintToShow(lesson: LessonProgress, task: TaskMeta, taskNumber: number): HintToShow {
  const failing = lesson.failedTests?.[String(taskNumber)]?.[0];
  const ownLadder = failing !== undefined && nextHint(task, 0, failing).forTest ? failing : undefined;
  const levelsSeen = ownLadder === undefined ? lesson.hintsSeen[String(taskNumber)] : lesson.hintsSeenFor?.[hintLadderKey(taskNumber, ownLadder)];
  return { ...nextHint(task, levelsSeen ?? 0, failing), ...(failing === undefined ? {} : { failing }), ...(ownLadder === undefined ? {} : { ownLadder }) };
}
