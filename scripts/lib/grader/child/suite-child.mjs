// @ts-check
// The child process that runs graded suites with vitest's Node API (the grader starts it: see
// runner.ts). Its reporter, ipc-reporter.ts, sends every event back over the IPC channel. The suites
// call the graded code in sandbox processes (scripts/lib/grader/sandbox/), so nothing here waits on student
// code for longer than a call's deadline.
//
// This one file is plain JavaScript on purpose: loaded through tsx, importing vitest's Node API
// takes about a second longer, on every check. vitest loads the TypeScript reporter itself.
import { fileURLToPath } from 'node:url';
import { startKeeper } from '../pump/pump.mjs';

// When the grader goes away (Ctrl-C, a crash), go with it instead of running on unseen.
process.on('disconnect', () => process.exit(1));

// The pumps of the sandboxes (pump/pump.mjs) run here, in this thread, which never waits on graded
// code: the workers need no helper thread of their own (see channel.ts). Only where the pumps can tell
// that a worker has gone (Linux); elsewhere each worker starts its own.
const keeper = process.platform === 'linux' ? startKeeper() : undefined;
if (keeper) process.env.WORKBOOK_KEEPER = '1';

// Watch mode keeps vitest running and tests again when the grader says so (WORKBOOK_WATCH, set at spawn).
const watch = process.env.WORKBOOK_WATCH === '1';

// vitest starts before the grader has said what to run (see suite-spawn.mjs); the 'start' message
// brings the run's folders and settings, for this process's environment (the workers read them), and
// the test files.
/** @type {Promise<import('../contracts/child-protocol.ts').ChildStart>} */
const started = new Promise((resolve) => {
  const onStart = (/** @type {unknown} */ received) => {
    const message = /** @type {import('../contracts/child-protocol.ts').ChildStart | undefined} */ (received);
    if (message?.type !== 'start') return;
    process.off('message', onStart);
    // The first sandboxes start now, while vitest is still starting (see prespawn in pump/pump.mjs).
    keeper?.prespawn(message.spares ?? [], message.env?.WORKBOOK_PIPE_STOCK);
    resolve(message);
  };
  process.on('message', onStart);
});

// Loaded only now, so that the 'start' message is heard while vitest's modules load (some 0.4 s).
const { createVitest } = await import('vitest/node');
const vitest = await createVitest('test', {
  watch,
  reporters: [fileURLToPath(new URL('./ipc-reporter.ts', import.meta.url))],
  root: process.cwd(),
  passWithNoTests: true,
  project: ['lessons:*'],
});

const { env, jobs } = await started;
Object.assign(process.env, env);
const specifications = jobs.map((job) => vitest.getProjectByName(job.project).createSpecification(job.file));

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
