/**
 * The vitest reporter of the grader's child process (suite-child.mjs): it sends every event to the
 * grader over the IPC channel, as plain data (see child-protocol.ts).
 */
import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import { TASK_PREFIX, toFailure, type ChildMessage, type ChildRequest } from './child-protocol.ts';

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

/**
 * True for a test of a hidden suite. A hidden suite's file runs the visible suite too, so the mark is on
 * each test (set by the trusted suites' lessonTasks), not on the file; a test outside any task of a
 * hidden file counts as hidden too.
 */
function isHidden(testCase: TestCase): boolean {
  return testCase.meta().hidden === true || (taskOf(testCase) === 0 && relative(request.root, testCase.module.moduleId).startsWith('tests/hidden/'));
}

export default class IpcReporter implements Reporter {
  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    send({
      type: 'run-start',
      files: specifications.map((specification) => ({ project: specification.project.name, file: specification.moduleId })),
    });
  }

  onTestRunEnd(): void {
    send({ type: 'run-end' });
  }

  onTestModuleCollected(testModule: TestModule): void {
    send({
      type: 'collected',
      project: testModule.project.name,
      file: testModule.moduleId,
      tests: [...testModule.children.allTests()].map((testCase) => ({ name: testCase.name, task: taskOf(testCase), hidden: isHidden(testCase) })),
    });
  }

  onTestModuleStart(testModule: TestModule): void {
    send({ type: 'module-start', project: testModule.project.name, file: testModule.moduleId, id: testModule.id });
  }

  onTestCaseResult(testCase: TestCase): void {
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
        hidden: isHidden(testCase),
        status: result.state === 'pending' ? 'skipped' : result.state,
        failure: error ? toFailure(error, targetOf(project)) : undefined,
        durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      },
    });
  }

  onTestModuleEnd(testModule: TestModule): void {
    const error = testModule.errors()[0];
    const project = testModule.project.name;
    send({
      type: 'module-end',
      project,
      file: testModule.moduleId,
      loadError: error ? toFailure(error, targetOf(project)) : undefined,
    });
  }

  onUserConsoleLog(log: { taskId?: string; content: string }): void {
    send({ type: 'log', taskId: log.taskId, text: log.content });
  }
}
