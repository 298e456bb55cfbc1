// The child process that runs graded suites with vitest's Node API (the grader starts it: see
// runner.ts). Its reporter, ipc-reporter.ts, sends every event back over the IPC channel. Keeping
// vitest in a child process lets the grader stop student code that never ends, without stopping
// itself.
//
// This one file is plain JavaScript on purpose: loaded through tsx, importing vitest's Node API
// takes about a second longer, on every check. vitest loads the TypeScript reporter itself.
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';

// When the grader goes away (Ctrl-C, a crash), go with it instead of running on unseen.
process.on('disconnect', () => process.exit(1));

/** @type {import('./child-protocol.ts').ChildRequest} */
const request = JSON.parse(process.env.WORKBOOK_CHILD_REQUEST ?? '{}');

const vitest = await createVitest('test', {
  watch: request.watch === true,
  reporters: [fileURLToPath(new URL('./ipc-reporter.ts', import.meta.url))],
  root: request.root,
  passWithNoTests: true,
  project: ['lessons:*'],
});

/**
 * A test-name pattern that matches every test except the named ones, or undefined to run all.
 * @param {string[]} names
 */
function leaveOut(names) {
  if (names.length === 0) return undefined;
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^(?!.*(?:${escaped.join('|')})$)`);
}

if (request.watch) {
  // Runs the files once, then vitest keeps watching them and what they import.
  await vitest.start(request.jobs.map((job) => job.file));
} else {
  const specifications = request.jobs.map((job) =>
    vitest.getProjectByName(job.project).createSpecification(job.file, { testNamePattern: leaveOut(job.skip) }),
  );
  await vitest.runTestSpecifications(specifications, false);
  await vitest.close();
  process.send?.({ type: 'done' });
  process.exit(0);
}
