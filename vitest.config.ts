import { accessSync, constants } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { keptThreadPool } from './scripts/lib/grader/child/kept-threads.ts';
import { sealedModules } from './scripts/lib/grader/child/proxy-module.ts';
import { GRADED_PROJECT, GRADER_MODE, GRADER_WATCH_MODE, UNSEALED_MODE } from './scripts/lib/grader/contracts/grader-vitest.mjs';
import { foldersOf, jobOf, planAt } from './scripts/lib/grader/contracts/plan.ts';

// Which code the graded suites import as `@workbook/...`: the student's `lessons/` by default,
// the reference with WORKBOOK_TARGET=solutions, or any folder a teacher names. The grader's vitest
// child starts vitest in a mode of its own (scripts/lib/grader/contracts/grader-vitest.mjs) and runs
// every folder in one project: each of its test files runs the job the run's plan names for it
// (scripts/lib/grader/contracts/plan.ts; a file of class grading holds one student's lessons), so a
// worker goes on from one file to the next.
const single = resolve(import.meta.dirname, process.env.WORKBOOK_TARGET ?? 'lessons');
/** The graded project for one folder of exercise files (`watch`: the grader's watch mode; `inProcess`: the bench's unsealed baseline, UNSEALED_MODE). */
function gradedProject(target: string, name: string, watch = false, inProcess = false): TestProjectInlineConfiguration {
  return {
    extends: true,
    // The suites never import the hand-in's files: `@workbook/...` calls into a sandbox process
    // that runs them (scripts/lib/grader/). The code graded is the folder provided below.
    ...(inProcess
      ? { resolve: { alias: [{ find: /^@workbook\/(.*)$/, replacement: `${resolve(target)}/$1` }] } }
      : { plugins: [sealedModules(import.meta.dirname)] }),
    // No dependency optimizer for the environment the vm pool runs in: it has nothing to bundle, and
    // at start it renames its folder under node_modules/.vite, which fails a run that starts beside another.
    environments: { __vitest_vm__: { optimizeDeps: { noDiscovery: true, include: [] } } },
    test: {
      name,
      // The visible suites. The hidden suites (tests/hidden/) run only through the grader, which loads
      // each by name after its lesson's visible suite (scripts/lib/grader/command/runner.ts).
      include: ['tests/[0-9][0-9]-*.test.ts'],
      setupFiles: ['tests/support/setup.ts'],
      // Suites run in vm contexts inside long-lived workers: each suite still gets fresh modules and
      // globals, a worker keeps its sandbox helper thread between test files (worker/channel.ts), and it
      // costs less CPU than a new worker per suite. In watch mode the workers also outlive a run (kept-threads.ts).
      pool: watch ? keptThreadPool() : 'vmThreads',
      // The graded code is stopped by each call's deadline (scripts/lib/grader/sandbox/), which gives back the
      // time a busy machine kept it waiting; a test's own limit only has to stop a suite that waits
      // forever (a promise of the graded code never settles here), with room for a loaded machine.
      testTimeout: 10_000,
      provide: { workbookTarget: resolve(target), workbookSealed: !inProcess },
    },
  };
}

/** True when the folder can be written to. */
function writable(folder: string): boolean {
  try {
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * For class grading: the test files in the order of the folders they grade (each file starts with
 * its student's sandbox, see worker/channel.ts), as the run's plan says (the vitest child provides
 * its path once told to start).
 */
class StudentByStudent {
  shard(files: TestSpecification[]): TestSpecification[] {
    return files;
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    const index = (file: TestSpecification): number => {
      const job = jobOf(planAt(file.project.getProvidedContext().workbookPlan), file.moduleId);
      return (job && foldersOf(job)[0]) ?? 0;
    };
    return [...files].sort((a, b) => index(a) - index(b));
  }
}

/**
 * The workbook's own test files that take longest, longest first: `npm test` starts them before the
 * others, which then fill the CPUs while these wait on the graders, hand-ins and browsers they start.
 * (Started last, the hostile class alone would end the run minutes after everything else.)
 */
const LONGEST_FILES = ['hostile', 'slow-class', 'grade', 'watch-saves', 'pack', 'robustness', 'near-miss', 'hidden'];

/** For `npm test`: vitest's own order, but the LONGEST_FILES of a project first. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const index = LONGEST_FILES.indexOf(basename(file.moduleId, '.test.ts'));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    const group = (file: TestSpecification): number => file.project.config.sequence.groupOrder;
    return (await super.sort(files)).sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}

export default defineConfig(({ mode }) => {
  const grading = mode === GRADER_MODE || mode === GRADER_WATCH_MODE;
  return {
    test: {
      sequence: { sequencer: grading ? StudentByStudent : LongestFirst },
      // A worker's heap grows with each test file it runs (each file's vm context leaves something
      // behind); past this, vitest starts a new worker for the next file, so grading a class of any
      // size needs about the same memory. (vitest's default is a share of the machine's memory.)
      vmMemoryLimit: '256MB',
      // Keeps transformed modules on disk between runs: every check after the first starts faster,
      // and class grading transforms the shared tests once instead of once per student.
      // (Only where it can be written: a read-only workbook, as in the README's container recipe, runs without it.)
      experimental: { fsModuleCache: writable(resolve(import.meta.dirname, 'node_modules')) },
      projects: [
        // (The grader's project names no folder of its own: each test file's lessons name theirs, in the plan.)
        grading ? gradedProject(single, GRADED_PROJECT, mode === GRADER_WATCH_MODE) : gradedProject(single, 'lessons', false, mode === UNSEALED_MODE),
        {
          extends: true,
          test: {
            name: 'workbook',
            include: ['tests/workbook/**/*.test.ts'],
            // These tests wait on the commands they start (graders, packs, browsers), and some of those
            // mostly wait too (on hand-ins that sleep or loop until their deadline): two files per CPU
            // keep the machine busy while others wait.
            maxWorkers: 2 * availableParallelism(),
            // (vitest runs projects with different worker counts one after the other.)
            sequence: { groupOrder: 1 },
            // Only a test that hangs meets these: what a test measures is held to what the machine gave it
            // (tests/workbook/busy-machine.ts), so a machine busy with other work makes a test longer, never red.
            testTimeout: 600_000,
            hookTimeout: 600_000,
          },
        },
      ],
    },
  };
});
