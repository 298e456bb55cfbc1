/**
 * A vitest reporter that ends the run with one line CI can read: "tests: N passed, N failed", after
 * a line that says how many teacher-only suites were held to the authoring rules (lessons.test.ts).
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    const hidden = { held: [] as string[], broken: [] as string[] };
    for (const testModule of testModules) {
      if (testModule.errors().length > 0) failed += 1;
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        const suite = /^its hidden suite (\S+) is held to the rules/.exec(testCase.name)?.[1];
        if (suite !== undefined && state === 'passed') hidden.held.push(suite);
        if (suite !== undefined && state === 'failed') hidden.broken.push(suite);
      }
    }
    if (hidden.held.length + hidden.broken.length > 0) {
      const broken = hidden.broken.length > 0 ? `; ${hidden.broken.length} broke them (${hidden.broken.join(', ')})` : '';
      process.stdout.write(`\nhidden suites: ${hidden.held.length} held to the rules (${hidden.held.join(', ') || 'none'})${broken}\n`);
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
  }
}
