/**
 * The child process that runs graded suites with vitest's Node API. The grader starts it (see runner.ts),
 * and it reports every event back over the IPC channel. Keeping vitest in a child process lets the
 * grader stop student code that never ends, without stopping itself.
 */
import { relative } from 'node:path';
import { createVitest, type Reporter, type TestCase, type TestModule } from 'vitest/node';
import { TASK_PREFIX } from '../../tests/support/lesson.ts';
import { toFailure, type ChildMessage, type ChildRequest } from './child-protocol.ts';
import { ROOT } from './workbook.ts';

// When the grader goes away (Ctrl-C, a crash), go with it instead of running on unseen.
process.on('disconnect', () => process.exit(1));

const request = JSON.parse(process.env.WORKBOOK_CHILD_REQUEST ?? '{}') as ChildRequest;

function send(message: ChildMessage): void {
  process.send?.(message);
}

/** The graded folder of a vitest project named "lessons:N". */
function targetOf(projectName: string): string {
  return request.targets[Number(projectName.split(':')[1])] ?? '';
}

/** The task number of a test: from its enclosing "Task N: …" describe block. */
function taskOf(testCase: TestCase): number {
  let parent = testCase.parent;
  while (parent.type === 'suite') {
    const match = TASK_PREFIX.exec(parent.name);
    if (match) return Number(match[1]);
    parent = parent.parent;
  }
  return 0;
}

const reporter: Reporter = {
  onTestRunStart(specifications) {
    send({
      type: 'run-start',
      files: specifications.map((specification) => ({ project: specification.project.name, file: specification.moduleId })),
    });
  },
  onTestRunEnd() {
    send({ type: 'run-end' });
  },
  onTestModuleStart(testModule: TestModule) {
    send({ type: 'module-start', project: testModule.project.name, file: testModule.moduleId, id: testModule.id });
  },
  onTestCaseResult(testCase: TestCase) {
    const result = testCase.result();
    const error = result.errors?.[0];
    const project = testCase.project.name;
    send({
      type: 'test',
      project,
      file: testCase.module.moduleId,
      outcome: {
        name: testCase.name,
        task: taskOf(testCase),
        hidden: relative(ROOT, testCase.module.moduleId).startsWith('tests/hidden/'),
        status: result.state === 'pending' ? 'skipped' : result.state,
        failure: error ? toFailure(error, targetOf(project)) : undefined,
        durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      },
    });
  },
  onTestModuleEnd(testModule: TestModule) {
    const error = testModule.errors()[0];
    const project = testModule.project.name;
    send({
      type: 'module-end',
      project,
      file: testModule.moduleId,
      loadError: error ? toFailure(error, targetOf(project)) : undefined,
    });
  },
  onUserConsoleLog(log) {
    send({ type: 'log', taskId: log.taskId, text: log.content });
  },
};

const vitest = await createVitest('test', {
  watch: request.watch === true,
  reporters: [reporter],
  root: ROOT,
  passWithNoTests: true,
  project: ['lessons:*'],
});
if (request.watch) {
  // Runs the files once, then vitest keeps watching them and what they import.
  await vitest.start(request.jobs.map((job) => job.file));
} else {
  const specifications = request.jobs.map((job) => vitest.getProjectByName(job.project).createSpecification(job.file));
  await vitest.runTestSpecifications(specifications, false);
  await vitest.close();
  send({ type: 'done' });
  process.exit(0);
}
