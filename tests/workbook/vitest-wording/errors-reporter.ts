/** Prints every error of the run as JSON lines, the fields toFailure reads (as vitest sent them on), so the test can take them apart. */
import type { Reporter, TestCase, TestModule } from 'vitest/node';

type Reported = { test: string; name?: unknown; message?: unknown; expected?: unknown; actual?: unknown; graderVerdict?: unknown };

const errors: Reported[] = [];

function keep(test: string, error: Record<string, unknown>): void {
  errors.push({ test, name: error.name, message: error.message, expected: error.expected, actual: error.actual, graderVerdict: error.graderVerdict });
}

export default class ErrorsReporter implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    for (const error of testCase.result().errors ?? []) keep(testCase.name, error as unknown as Record<string, unknown>);
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) keep(`module ${testModule.moduleId.split('/').at(-1)}`, error as unknown as Record<string, unknown>);
  }

  onTestRunEnd(): void {
    process.stdout.write(`ERRORS ${JSON.stringify(errors)}\n`);
  }
}
