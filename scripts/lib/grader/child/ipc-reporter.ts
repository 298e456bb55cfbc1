/**
 * The vitest reporter of the grader's child process (suite-child.mjs): it sends every event to the
 * grader over the IPC channel, as plain data (see child-protocol.ts).
 */
import type { Reporter, TestCase, TestModule, TestProject, TestSpecification, TestSuite } from 'vitest/node';
import { toFailure, type ChildMessage } from '../contracts/child-protocol.ts';
import { readCompiledFolder, type CompiledFolder } from '../contracts/compile.ts';
import type { Failure } from '../../core/results.ts';
import type { SyntaxErrorDetails } from '../../core/vitest-wording.ts';
import { foldersOf, jobOf, planAt, type GradingPlan } from '../contracts/plan.ts';

function send(message: ChildMessage): void {
  process.send?.(message);
}

/** Resolves when the grader sends `go` (see onTestRunStart). */
function goAhead(): Promise<void> {
  return new Promise((resolve) => {
    const listen = (message: unknown): void => {
      if ((message as { type?: unknown } | null)?.type !== 'go') return;
      process.off('message', listen);
      resolve();
    };
    process.on('message', listen);
  });
}

/** The run's plan, which the child provides to the project once told to start. */
function planOf(project: TestProject): GradingPlan | undefined {
  return planAt(project.getProvidedContext().workbookPlan);
}

/** The index of the graded folder a test file of the plan grades. */
function firstFolderOf(testModule: TestModule): number | undefined {
  const job = jobOf(planOf(testModule.project), testModule.moduleId);
  return job && foldersOf(job)[0];
}

/** The index of the graded folder a lesson's describe block (or a test in it) belongs to: the one it names (lesson-entry.ts). */
function folderOf(task: TestCase | TestSuite): number | undefined {
  return task.meta().folder ?? firstFolderOf(task.module);
}

/** The graded folder with that index in the plan ('' when there is none). */
function targetOf(project: TestProject, folder: number | undefined): string {
  return (folder === undefined ? undefined : planOf(project)?.targets[folder]) ?? '';
}

/** A vitest error as a Failure, for a test or suite of the graded folder with that index. */
function failureIn(project: TestProject, folder: number | undefined, error: unknown): Failure {
  return toFailure(error, targetOf(project, folder), (message) => compiledSyntaxError(project, folder, message));
}

/**
 * The syntax error, as data, of the graded file whose compilation (written by the grader before the
 * run: compile.ts) has exactly this message; read when asked, since watch mode compiles after each save.
 */
function compiledSyntaxError(project: TestProject, folder: number | undefined, message: string): SyntaxErrorDetails | undefined {
  const plan = planOf(project);
  if (plan === undefined || folder === undefined) return undefined;
  let compiled: CompiledFolder;
  try {
    compiled = readCompiledFolder(plan.compiledDir, folder);
  } catch {
    return undefined;
  }
  for (const module of Object.values(compiled)) {
    if ('error' in module && module.error.message === message) return module.error.syntax;
  }
  return undefined;
}

/** The task number of a test: the mark of its task's describe block (tests/support/lesson.ts), 0 outside every task. */
function taskOf(testCase: TestCase): number {
  const task = testCase.meta().task;
  return typeof task === 'number' && Number.isInteger(task) && task > 0 ? task : 0;
}

/**
 * True for a test of a hidden suite: the mark is on each test (set by the trusted suites' lessonTasks),
 * and a test outside any task of a lesson's hidden part (see lesson-entry.ts) counts as hidden too.
 */
function isHidden(testCase: TestCase): boolean {
  const meta = testCase.meta();
  return meta.hidden === true || (taskOf(testCase) === 0 && meta.hiddenSuite === true);
}

/** The lessons of a test file: its top-level describe blocks that carry a lesson id (see lesson-entry.ts). */
function lessonsOf(testModule: TestModule): Array<{ lesson: string; suite: TestSuite }> {
  const found: Array<{ lesson: string; suite: TestSuite }> = [];
  for (const child of testModule.children) {
    const lesson = child.type === 'suite' ? child.meta().lesson : undefined;
    if (child.type === 'suite' && lesson !== undefined) found.push({ lesson, suite: child });
  }
  return found;
}

/** The lesson a suite is the describe block of, when it is one. */
function lessonSuite(testSuite: TestSuite): string | undefined {
  return testSuite.parent.type === 'module' ? testSuite.meta().lesson : undefined;
}

export default class IpcReporter implements Reporter {
  /** Watch mode: the child keeps vitest running and tests again after each save (the child says so: see suite-child.mjs). */
  private readonly watching: boolean;

  constructor(options: { watch?: boolean } = {}) {
    this.watching = options.watch === true;
  }

  /** The ends of the runs that have started, oldest first (watch mode). */
  private readonly runEnds: Array<() => void> = [];
  /** Resolves when the run that started last has ended (watch mode). */
  private lastRunEnded: Promise<void> = Promise.resolve();

  /**
   * vitest says a run starts as soon as it is asked for, even while the run before is still running
   * (its events would then seem to belong to the new one). vitest waits for this method, so in watch
   * mode it holds the new run until the one before has ended, says so only then, and waits for the
   * grader's `go`: the grader compiles the graded files now, while no run reads them. A run vitest
   * starts on its own (its watcher saw a suite change) is held the same way.
   */
  async onTestRunStart(specifications: ReadonlyArray<TestSpecification>): Promise<void> {
    const files = specifications.map((specification) => ({ project: specification.project.name, file: specification.moduleId }));
    if (!this.watching) {
      send({ type: 'run-start', files });
      return;
    }
    const previous = this.lastRunEnded;
    this.lastRunEnded = new Promise((resolve) => this.runEnds.push(resolve));
    await previous;
    const go = goAhead();
    send({ type: 'run-start', files });
    await go;
  }

  onTestRunEnd(): void {
    send({ type: 'run-end' });
    this.runEnds.shift()?.();
  }

  onTestModuleCollected(testModule: TestModule): void {
    for (const { lesson, suite } of lessonsOf(testModule)) {
      send({
        type: 'collected',
        project: testModule.project.name,
        file: testModule.moduleId,
        lesson,
        folder: folderOf(suite),
        tests: [...suite.children.allTests()]
          .filter((testCase) => testCase.meta().loadFailed !== true)
          .map((testCase) => ({ name: testCase.name, task: taskOf(testCase), hidden: isHidden(testCase) })),
      });
    }
  }

  onTestModuleStart(testModule: TestModule): void {
    send({ type: 'module-start', project: testModule.project.name, file: testModule.moduleId, id: testModule.id });
  }

  onTestSuiteReady(testSuite: TestSuite): void {
    const lesson = lessonSuite(testSuite);
    if (lesson === undefined) return;
    send({ type: 'lesson-start', project: testSuite.project.name, file: testSuite.module.moduleId, lesson, folder: folderOf(testSuite), id: testSuite.id });
  }

  onTestCaseResult(testCase: TestCase): void {
    const lesson = testCase.meta().lesson;
    // A suite that did not load is said once, when its lesson ends.
    if (lesson === undefined || testCase.meta().loadFailed === true) return;
    const result = testCase.result();
    const error = result.errors?.[0];
    const project = testCase.project.name;
    send({
      type: 'test',
      project,
      file: testCase.module.moduleId,
      lesson,
      folder: folderOf(testCase),
      outcome: {
        name: testCase.name,
        task: taskOf(testCase),
        hidden: isHidden(testCase),
        ...(testCase.meta().cause === true ? { cause: true as const } : {}),
        status: result.state === 'pending' ? 'skipped' : result.state,
        failure: error ? failureIn(testCase.project, folderOf(testCase), error) : undefined,
        durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      },
    });
  }

  onTestSuiteResult(testSuite: TestSuite): void {
    const lesson = lessonSuite(testSuite);
    if (lesson === undefined) return;
    const project = testSuite.project.name;
    const failed = [...testSuite.children.allTests()].find((testCase) => testCase.meta().loadFailed === true);
    const error = failed?.result().errors?.[0] ?? testSuite.errors()[0];
    send({
      type: 'lesson-end',
      project,
      file: testSuite.module.moduleId,
      lesson,
      folder: folderOf(testSuite),
      hiddenSuite: testSuite.meta().hiddenSuite === true,
      ...(error ? { loadError: failureIn(testSuite.project, folderOf(testSuite), error) } : {}),
    });
  }

  onTestModuleEnd(testModule: TestModule): void {
    const error = testModule.errors()[0];
    const project = testModule.project.name;
    send({
      type: 'module-end',
      project,
      file: testModule.moduleId,
      loadError: error ? failureIn(testModule.project, firstFolderOf(testModule), error) : undefined,
    });
  }

  onUserConsoleLog(log: { taskId?: string; content: string }): void {
    send({ type: 'log', taskId: log.taskId, text: log.content });
  }
}
