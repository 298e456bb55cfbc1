// @ts-check
// The child process that runs graded suites with vitest's Node API (the grader starts it: see
// runner.ts). Its reporter, ipc-reporter.ts, sends every event back over the IPC channel. The suites
// call the graded code in sandbox processes (scripts/lib/grader/sandbox/), so nothing here waits on student
// code for longer than a call's deadline.
//
// This one file is plain JavaScript on purpose: loaded through tsx, importing vitest's Node API
// takes about a second longer, on every check. vitest loads the TypeScript reporter itself.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GRADED_PROJECT, GRADER_MODE, GRADER_WATCH_MODE, WATCH_ARGUMENT } from '../contracts/grader-vitest.mjs';
import { startKeeper } from '../pump/pump.mjs';

// When the grader goes away (Ctrl-C, a crash, a kill), go with it instead of running on unseen, and
// take the sandboxes along: the whole process group at once (the grader starts this process as the
// leader of a group of its own, see suite-spawn.mjs). A plain exit could wait forever on a worker
// thread that waits on a sandbox whose deadline only this thread's pumps would have enforced.
const leave = () => {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.exit(1);
  }
};
process.on('disconnect', leave);
process.on('SIGTERM', leave);
process.on('SIGHUP', leave);

// The pumps of the sandboxes (pump/pump.mjs) run here, in this thread, which never waits on graded
// code: the workers need no helper thread of their own (see channel.ts). Only where the pumps can tell
// that a worker has gone (Linux); elsewhere each worker starts its own.
const keeper = process.platform === 'linux' ? startKeeper() : undefined;

// Watch mode keeps vitest running and tests again when the grader says so (an argument, see suite-spawn.mjs).
const watch = process.argv.includes(WATCH_ARGUMENT);

/**
 * vitest starts before the grader has said what to run (see suite-spawn.mjs); the 'start' message
 * brings the path of the run's plan: its folders, settings and test files.
 * @type {Promise<{ path: string; plan: import('../contracts/plan.ts').GradingPlan }>}
 */
const started = new Promise((resolve) => {
  const onStart = (/** @type {unknown} */ received) => {
    const message = /** @type {import('../contracts/child-protocol.ts').ChildStart | undefined} */ (received);
    if (message?.type !== 'start') return;
    process.off('message', onStart);
    /** @type {import('../contracts/plan.ts').GradingPlan} */
    const plan = JSON.parse(readFileSync(message.plan, 'utf8'));
    // The first sandboxes start now, while vitest is still starting (see prespawn in pump/pump.mjs).
    keeper?.prespawn(message.spares ?? [], plan.pipeStock);
    resolve({ path: message.plan, plan });
  };
  process.on('message', onStart);
});

// Loaded only now, so that the 'start' message is heard while vitest's modules load (some 0.4 s).
const { createVitest } = await import('vitest/node');
const vitest = await createVitest('test', {
  watch,
  // The grader's mode of vitest.config.ts: its one graded project.
  mode: watch ? GRADER_WATCH_MODE : GRADER_MODE,
  reporters: [[fileURLToPath(new URL('./ipc-reporter.ts', import.meta.url)), { watch }]],
  root: process.cwd(),
  passWithNoTests: true,
  project: [GRADED_PROJECT],
});

const { path, plan } = await started;
const project = vitest.getProjectByName(plan.project);
// The workers, the reporter and the sequencer read the plan (see worker/client.ts).
project.provide('workbookPlan', path);
if (keeper) project.provide('workbookKeeper', true);
const specifications = plan.jobs.map((job) => project.createSpecification(job.file));

if (watch) {
  // vitest watches the suites; the grader watches the graded files (they are not in vitest's module
  // graph: the sandbox runs them) and says when to run again. One run at a time: a rerun asked for
  // while a run goes on starts after it, and however many are asked for meanwhile make one.
  let runs = vitest.runTestSpecifications(specifications, true);
  let rerunWaits = false;
  const rerun = () => {
    rerunWaits = false;
    return vitest.rerunTestSpecifications(specifications, true);
  };
  process.on('message', (message) => {
    if (/** @type {{ type?: string } | undefined} */ (message)?.type !== 'rerun' || rerunWaits) return;
    rerunWaits = true;
    runs = runs.then(rerun, rerun);
  });
  await runs;
} else {
  await vitest.runTestSpecifications(specifications, false);
  await vitest.close();
  process.send?.({ type: 'done' });
  process.exit(0);
}
