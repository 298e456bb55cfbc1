/**
 * The lessons of one vitest child while their suites run: which lesson each message of the child is
 * about, and what it adds to that lesson's run (tests, printed output, a suite that did not load).
 */
import { sep } from 'node:path';
import type { ChildMessage } from './child-protocol.ts';
import type { DefinedTest } from './held-to-list.ts';
import type { LessonRun } from '../core/results.ts';

/** Output kept per lesson. */
const OUTPUT_KEEP = 8 * 1024;

/** One lesson of one folder while its suites run. */
export interface Pending {
  targetIndex: number;
  project: string;
  files: string[];
  run: LessonRun;
  startedAt?: number;
  filesDone: number;
  /** Every test of the lesson's suites, as vitest collected them. */
  collected: DefinedTest[];
}

/** The messages of a run about tests and output, each applied to the lesson it concerns. */
export type LessonMessage = Exclude<ChildMessage, { type: 'done' | 'run-start' | 'run-end' }>;

/** The open lessons of a child, found by the child's job and module ids. */
export class LessonRuns {
  private readonly byJob: Map<string, Pending>;
  private readonly byModuleId = new Map<string, Pending>();

  constructor(
    readonly open: Pending[],
    private readonly limitMs: number,
    private readonly finish: (entry: Pending) => void,
  ) {
    this.byJob = new Map(open.flatMap((entry) => entry.files.map((file) => [jobKey(entry.project, file), entry] as const)));
  }

  /** The lesson a job (a suite file in a project) belongs to. */
  ofJob(project: string, file: string): Pending | undefined {
    return this.byJob.get(jobKey(project, file));
  }

  /** Adds what one message says to its lesson's run; finishes the lesson when its last suite ends. */
  apply(message: LessonMessage): void {
    if (message.type === 'log') {
      const entry = this.byModuleId.get(message.taskId?.split('_')[0] ?? '');
      if (entry && entry.run.output.length < OUTPUT_KEEP) entry.run.output += message.text;
      return;
    }
    const entry = this.ofJob(message.project, message.file);
    if (!entry) return;
    if (message.type === 'module-start') {
      this.byModuleId.set(message.id, entry);
      entry.startedAt ??= Date.now();
    } else if (message.type === 'collected') {
      entry.collected.push(...message.tests);
    } else if (message.type === 'test') {
      entry.run.tests.push(message.outcome);
    } else {
      if (message.loadError && entry.run.problem === undefined) {
        // A hidden suite's file runs the visible suite too: what went wrong while it loaded is the
        // student's to see only when it was the hand-in's own module that failed to load.
        const hidden = message.file.includes(`${sep}tests${sep}hidden${sep}`) && message.loadError.loadingModule === undefined;
        entry.run.problem = loadProblem(message.loadError, this.limitMs, hidden);
      }
      entry.filesDone += 1;
      if (entry.filesDone === entry.files.length) this.finish(entry);
    }
  }

  /** Forgets what the last run found for the lessons a new run (watch mode, after a save) runs again. */
  restart(files: Array<{ project: string; file: string }>): void {
    for (const file of files) {
      const entry = this.ofJob(file.project, file.file);
      if (entry)
        Object.assign(entry, {
          startedAt: undefined,
          filesDone: 0,
          collected: [],
          run: { ...entry.run, tests: [], output: '', problem: undefined, anomalies: undefined },
        });
    }
  }

  /** The lessons whose suites did not all end (the child stopped before), and that have no problem yet. */
  unfinished(): Pending[] {
    return this.open.filter((candidate) => candidate.filesDone < candidate.files.length && candidate.run.problem === undefined);
  }
}

function jobKey(project: string, file: string): string {
  return `${project}|${file}`;
}

/** What a suite that could not load means: the graded code ran too long while loading, or threw. */
function loadProblem(failure: NonNullable<Extract<ChildMessage, { type: 'module-end' }>['loadError']>, limitMs: number, hidden: boolean): LessonRun['problem'] {
  if (failure.kind === 'stopped') {
    return { kind: 'timeout', limitMs, lastOutput: hidden ? [] : (failure.printed ?? []) };
  }
  return { kind: 'load-error', failure, hidden };
}
