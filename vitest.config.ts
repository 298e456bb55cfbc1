import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Which code the graded suites import as `@workbook/...`: the student's `lessons/` by default,
// the reference with WORKBOOK_TARGET=solutions, or any folder a teacher names.
const target = resolve(import.meta.dirname, process.env.WORKBOOK_TARGET ?? 'lessons');

export default defineConfig({
  resolve: {
    alias: [{ find: /^@workbook\/(.*)$/, replacement: `${target}/$1` }],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'lessons',
          include: ['tests/[0-9][0-9]-*.test.ts', 'tests/hidden/[0-9][0-9]-*.test.ts'],
          setupFiles: ['tests/support/setup.ts'],
          pool: 'threads',
          testTimeout: 3000,
        },
      },
      {
        extends: true,
        test: {
          name: 'workbook',
          include: ['tests/workbook/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
