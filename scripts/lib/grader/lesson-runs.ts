/**
 * The lessons of one vitest child while their suites run: which lesson each message of the child is
 * about, and what it adds to that lesson's run (tests, printed output, a suite that did not load).
 */
import type { ChildMessage } from './child-protocol.ts';
import type { DefinedTest } from './held-to-list.ts';
import type { Failure, LessonRun } from '../core/results.ts';

/** Output kept per lesson. */
const OUTPUT_KEEP = 8 * 1024;

/** One lesson of one folder while its suites run. */
export interface Pending {
  targetIndex: number;
  project: string;
  /** The lesson's suite: its visible suite, or its hidden one (which runs the visible one too). */
  suite: string | undefined;
  /** The suite is the hidden one: what goes wrong outside its tests is not the student's to see. */
  hiddenSuite: boolean;
  /** The test file the grader wrote that runs this lesson (with others of the same folder: see lesson-entry.ts). */
  file?: string;
  run: LessonRun;
  startedAt?: number;
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

  constructor(
    readonly open: Pending[],
    private readonly limitMs: number,
    private readonly finish: (entry: Pending) => void,
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
    // A file of class grading runs the same lessons for several folders: the message says whose.
    const entry = lessons.find(
      (candidate) => candidate.run.lessonId === message.lesson && (message.folder === undefined || candidate.targetIndex === message.folder),
    );
    if (!entry) return;
    if (message.type === 'lesson-start') {
      this.bySuiteId.set(message.id, entry);
      entry.startedAt ??= Date.now();
    } else if (message.type === 'collected') {
      entry.collected.push(...message.tests);
    } else if (message.type === 'test') {
      entry.run.tests.push(message.outcome);
    } else if (!entry.done) {
      this.end(entry, message.loadError);
    }
  }

  /** Notes why a lesson could not be loaded, if it could not, and finishes it. */
  private end(entry: Pending, loadError: Failure | undefined): void {
    if (loadError && entry.run.problem === undefined) {
      // A hidden suite runs the visible suite too: what went wrong while it loaded is the student's
      // to see only when it was the hand-in's own module that failed to load.
      const hidden = entry.hiddenSuite && loadError.loadingModule === undefined;
      entry.run.problem = loadProblem(loadError, this.limitMs, hidden);
    }
    entry.done = true;
    this.finish(entry);
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
          startedAt: undefined,
          done: false,
          collected: [],
          run: { ...entry.run, tests: [], output: '', problem: undefined, anomalies: undefined },
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

/** What a suite that could not load means: the graded code ran too long while loading, or threw. */
function loadProblem(failure: NonNullable<Extract<ChildMessage, { type: 'module-end' }>['loadError']>, limitMs: number, hidden: boolean): LessonRun['problem'] {
  if (failure.kind === 'stopped') {
    return { kind: 'timeout', limitMs, lastOutput: hidden ? [] : (failure.printed ?? []) };
  }
  return { kind: 'load-error', failure, hidden };
}
