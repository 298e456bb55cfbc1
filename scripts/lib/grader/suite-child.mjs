// The child process that runs graded suites with vitest's Node API (the grader starts it: see
// runner.ts). Its reporter, ipc-reporter.ts, sends every event back over the IPC channel. The suites
// call the graded code in sandbox processes (scripts/lib/grader/sandbox/), so nothing here waits on student
// code for longer than a call's deadline.
//
// This one file is plain JavaScript on purpose: loaded through tsx, importing vitest's Node API
// takes about a second longer, on every check. vitest loads the TypeScript reporter itself.
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';

// When the grader goes away (Ctrl-C, a crash), go with it instead of running on unseen.
process.on('disconnect', () => process.exit(1));

/** @type {import('./child-protocol.ts').ChildRequest} */
const request = JSON.parse(process.env.WORKBOOK_CHILD_REQUEST ?? '{}');

// The grader compiles the graded folders while vitest starts here, then says which test files to run.
/** @type {Promise<import('./child-protocol.ts').ChildStart['jobs']>} */
const jobs = new Promise((resolve) => {
  const onStart = (message) => {
    if (message?.type !== 'start') return;
    process.off('message', onStart);
    resolve(message.jobs);
  };
  process.on('message', onStart);
});

const vitest = await createVitest('test', {
  watch: request.watch === true,
  reporters: [fileURLToPath(new URL('./ipc-reporter.ts', import.meta.url))],
  root: request.root,
  passWithNoTests: true,
  project: ['lessons:*'],
});

const specifications = (await jobs).map((job) => vitest.getProjectByName(job.project).createSpecification(job.file));

if (request.watch) {
  // vitest watches the suites; the grader watches the graded files (they are not in vitest's module
  // graph: the sandbox runs them) and says when to run again.
  process.on('message', (message) => {
    if (message?.type === 'rerun') void vitest.rerunTestSpecifications(specifications, true);
  });
  await vitest.runTestSpecifications(specifications, true);
} else {
  await vitest.runTestSpecifications(specifications, false);
  await vitest.close();
  process.send?.({ type: 'done' });
  process.exit(0);
}
