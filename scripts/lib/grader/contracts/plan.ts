/**
 * The grading plan: what one run of the grader decided, for every process that grades it. The command
 * writes it once, as JSON in its private run folder, before the vitest child runs a test file; the
 * child gets its path in its `start` message (child-protocol.ts) and gives the path to its reporter, its
 * sequencer and the test workers through vitest's provide/inject (`workbookPlan`). Every test file of
 * the grader is the same two lines (test-files.ts): it runs the job the plan names for its path.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Fences } from './fences.ts';
import type { SandboxWords } from './sandbox-words.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The path of the grading plan, under the grader (the vitest child provides it once told to start). */
    workbookPlan?: string;
    /** Set by the grader's vitest child when its main thread keeps the sandboxes' pumps (see Pump in worker/channel.ts). */
    workbookKeeper?: boolean;
  }
}

/** One part of a lesson, as a test file runs it: the lesson's visible suite, or its hidden suite. */
export interface PlannedPart {
  /** The lesson's id ("01-board"). */
  lesson: string;
  /** The suite file the part loads. */
  suite: string;
  /** The hidden suite: what goes wrong outside its tests is not the student's to see. */
  hidden: boolean;
  /** The index of the graded folder whose code the part calls, in the plan's `targets`. */
  folder: number;
}

/** One test file of the grader and the lesson parts it runs, in order. */
export interface PlannedJob {
  file: string;
  parts: PlannedPart[];
}

/** Everything a run of the grader decided: which folders are graded, in which test files, and how. */
export interface GradingPlan {
  /** The graded folders (absolute paths); a part names its folder by its index here. */
  targets: string[];
  /** The vitest project that runs the test files. */
  project: string;
  /** The test files, each with its lesson parts in the order they run. */
  jobs: PlannedJob[];
  /** The seed of the hidden suites' generated inputs (tests/support/property.ts); drawn by the suites when there is none. */
  seed?: number;
  /** The limit of one call into the graded code, in milliseconds. */
  limitMs: number;
  /** The fences around the graded code, found once by the command. */
  fences: Fences;
  /** Where the command put each graded folder, compiled (compile.ts). */
  compiledDir: string;
  /** The folder the sandboxes get their scratch folders in (the command removes it after the run). */
  sandboxesDir: string;
  /** The folder of named pipes made ahead for the sandboxes (command/pipe-stock.ts), when there is one. */
  pipeStock?: string;
  /** What the sandbox tells the graded code it refuses, in the student's language (sandbox-words.ts); English when not given. */
  sandboxWords?: SandboxWords;
  /** Watch mode: the child runs the test files again after each save. */
  watch: boolean;
}

/** Where a run keeps its plan: in the command's private folder of the run. */
export function planFile(runFolder: string): string {
  return join(runFolder, 'plan.json');
}

/** Writes the plan (once per run, before the child runs a test file). */
export function writePlan(file: string, plan: GradingPlan): void {
  writeFileSync(file, JSON.stringify(plan));
}

/** The plans read so far, by path (a plan never changes once written). */
const plans = new Map<string, GradingPlan>();

/** The plan at `file`; undefined when there is none (a suite run without the grader). */
export function planAt(file: string | undefined): GradingPlan | undefined {
  if (file === undefined) return undefined;
  let plan = plans.get(file);
  if (plan === undefined) {
    plan = JSON.parse(readFileSync(file, 'utf8')) as GradingPlan;
    plans.set(file, plan);
  }
  return plan;
}

/** The job of a test file of the plan, or undefined for any other file. */
export function jobOf(plan: GradingPlan | undefined, file: string): PlannedJob | undefined {
  return plan?.jobs.find((job) => job.file === file);
}

/** The graded folders a job's parts call, in the order they come. */
export function foldersOf(job: PlannedJob): number[] {
  return [...new Set(job.parts.map((part) => part.folder))];
}

/** How many lessons (of any folder) a job runs. */
export function lessonsOf(job: PlannedJob): number {
  return new Set(job.parts.map((part) => `${part.folder}:${part.lesson}`)).size;
}
