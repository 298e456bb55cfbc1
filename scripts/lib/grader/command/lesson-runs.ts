/**
 * The lessons of one vitest child while their suites run: which lesson each message of the child is
 * about, and what it adds to that lesson's run (tests, printed output, a suite that did not load).
 */
import type { ChildMessage } from '../contracts/child-protocol.ts';
import type { DefinedTest } from './held-to-list.ts';
import type { Failure, LessonProblem, LessonRun } from '../../core/results.ts';

/** Output kept per lesson. */
const OUTPUT_KEEP = 8 * 1024;

/** One part of a lesson's suites: its visible suite, or its hidden suite's own tests. */
export interface SuitePart {
  file: string;
  /** The hidden suite: what goes wrong outside its tests is not the student's to see. */
  hidden: boolean;
}

/** One lesson of one folder while its suites run. */
export interface Pending {
  targetIndex: number;
  project: string;
  /** The parts of the lesson's suites, in the order they run (see runner.ts, plannedParts); none when it has no suite. */
  parts: SuitePart[];
  /** How many of them have ended: the lesson ends with the last. */
  partsEnded: number;
  /** The test file the grader wrote that runs this lesson (with others of the same folder: see lesson-entry.ts). */
  file?: string;
  run: LessonRun;
  /** When the part that runs now started (the lesson's time is the sum of its parts'). */
  partStartedAt?: number;
  done: boolean;
  /** Every test of the lesson's suites, as vitest collected them. */
  collected: DefinedTest[];
}

/** The messages of a run about tests and output, each applied to the lesson it concerns. */
export type LessonMessage = Exclude<ChildMessage, { type: 'done' | 'run-start' | 'run-end' }>;

/** The open lessons of a child, found by the child's job, lesson and task ids. */
export class LessonRuns {
  private readonly byJob: Map<string, Pending[]>;
  /** Test file id → its first lesson; lesson describe id → its lesson (for printed output). */
  private readonly byModuleId = new Map<string, Pending>();
  private readonly bySuiteId = new Map<string, Pending>();

  /**
   * `whyNotLoaded` says what a lesson whose suites threw as they loaded is told (load-problem.ts, from
   * the graded folder); `hidden`, a teacher-only suite threw it.
   */
  constructor(
    readonly open: Pending[],
    private readonly limitMs: number,
    private readonly finish: (entry: Pending) => void,
    private readonly whyNotLoaded: (entry: Pending, failure: Failure, hidden: boolean) => LessonProblem = (_, failure, hidden) => ({
      kind: 'load-error',
      failure,
      hidden,
    }),
  ) {
    this.byJob = new Map();
    for (const entry of open) {
      const key = jobKey(entry.project, entry.file ?? '');
      this.byJob.set(key, [...(this.byJob.get(key) ?? []), entry]);
    }
  }

  /** The lessons a job (a test file in a project) runs. */
  ofJob(project: string, file: string): Pending[] {
    return this.byJob.get(jobKey(project, file)) ?? [];
  }

  /** Adds what one message says to its lesson's run; finishes the lesson when it ends. */
  apply(message: LessonMessage): void {
    if (message.type === 'log') {
      const entry = this.ofLog(message.taskId ?? '');
      if (entry && entry.run.output.length < OUTPUT_KEEP) entry.run.output += message.text;
      return;
    }
    const lessons = this.ofJob(message.project, message.file);
    if (message.type === 'module-start') {
      const first = lessons[0];
      if (first) this.byModuleId.set(message.id, first);
      return;
    }
    if (message.type === 'module-end') {
      // Lessons the file never ended (it could not be loaded at all, or its run broke off).
      for (const entry of lessons.filter((candidate) => !candidate.done)) this.end(entry, message.loadError);
      return;
    }
    // The message says whose lesson it is (its folder).
    const entry = lessons.find(
      (candidate) => candidate.run.lessonId === message.lesson && (message.folder === undefined || candidate.targetIndex === message.folder),
    );
    if (!entry) return;
    if (message.type === 'lesson-start') {
      this.bySuiteId.set(message.id, entry);
      entry.partStartedAt = Date.now();
    } else if (message.type === 'collected') {
      entry.collected.push(...message.tests);
    } else if (message.type === 'test') {
      entry.run.tests.push(message.outcome);
    } else if (!entry.done) {
      this.endPart(entry, message.loadError, message.hiddenSuite);
    }
  }

  /** One part of a lesson's suites has ended: notes why it could not be loaded, if it could not, and finishes the lesson after its last part. */
  private endPart(entry: Pending, loadError: Failure | undefined, hiddenSuite: boolean): void {
    if (entry.partStartedAt !== undefined) entry.run.durationMs += Date.now() - entry.partStartedAt;
    entry.partStartedAt = undefined;
    entry.partsEnded += 1;
    if (loadError) this.noteLoadError(entry, loadError, hiddenSuite);
    if (entry.partsEnded >= entry.parts.length) this.end(entry, undefined);
  }

  /** Notes why a lesson could not be loaded (the first reason found), and finishes it. */
  private end(entry: Pending, loadError: Failure | undefined): void {
    const hiddenSuite = entry.parts.some((part) => part.hidden);
    if (loadError) this.noteLoadError(entry, loadError, hiddenSuite);
    entry.done = true;
    this.finish(entry);
  }

  /**
   * Notes why a lesson could not be loaded, unless a reason is known already. What went wrong while a
   * hidden suite loaded is the student's to see only when it was the hand-in's own module that failed.
   */
  private noteLoadError(entry: Pending, loadError: Failure, hiddenSuite: boolean): void {
    if (entry.run.problem !== undefined) return;
    const hidden = hiddenSuite && loadError.loadingModule === undefined;
    entry.run.problem =
      loadError.kind === 'stopped'
        ? { kind: 'timeout', limitMs: this.limitMs, lastOutput: hidden ? [] : loadError.printed }
        : this.whyNotLoaded(entry, loadError, hidden);
  }

  /** The lesson a printed line belongs to: the lesson whose describe block holds the task that printed it. */
  private ofLog(taskId: string): Pending | undefined {
    for (const [id, entry] of this.bySuiteId) {
      if (taskId === id || taskId.startsWith(`${id}_`)) return entry;
    }
    return this.byModuleId.get(taskId.split('_')[0] ?? '');
  }

  /** Forgets what the last run found for the lessons a new run (watch mode, after a save) runs again. */
  restart(files: Array<{ project: string; file: string }>): void {
    for (const file of files) {
      for (const entry of this.ofJob(file.project, file.file)) {
        Object.assign(entry, {
          partStartedAt: undefined,
          partsEnded: 0,
          done: false,
          collected: [],
          run: { ...entry.run, tests: [], output: '', durationMs: 0, problem: undefined, anomalies: undefined },
        });
      }
    }
  }

  /** The lessons that did not end (the child stopped before), and that have no problem yet. */
  unfinished(): Pending[] {
    return this.open.filter((candidate) => !candidate.done && candidate.run.problem === undefined);
  }
}

/** The key of a job: a test file in a project. */
export function jobKey(project: string, file: string): string {
  return `${project}|${file}`;
}
