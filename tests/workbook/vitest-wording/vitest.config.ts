// The run tests/workbook/vitest-wording.test.ts starts: vitest itself words each failure the grader reads.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shapes.fixture.ts', 'broken-import.fixture.ts'],
    reporters: ['./errors-reporter.ts'],
    testTimeout: 5000,
  },
});
