import { resolve } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Which code the graded suites import as `@workbook/...`: the student's `lessons/` by default,
// the reference with WORKBOOK_TARGET=solutions, or any folder a teacher names. Class grading
// passes several folders at once (WORKBOOK_TARGETS, a JSON list): one project per folder,
// named lessons:0, lessons:1, …, all run by one pool of workers.
const single = resolve(import.meta.dirname, process.env.WORKBOOK_TARGET ?? 'lessons');
const targets: string[] = process.env.WORKBOOK_TARGETS ? JSON.parse(process.env.WORKBOOK_TARGETS) : [single];

/** The graded project for one folder of exercise files. */
function gradedProject(target: string, name: string): TestProjectInlineConfiguration {
  return {
    extends: true,
    resolve: {
      alias: [{ find: /^@workbook\/(.*)$/, replacement: `${resolve(target)}/$1` }],
    },
    test: {
      name,
      include: ['tests/[0-9][0-9]-*.test.ts', 'tests/hidden/[0-9][0-9]-*.test.ts'],
      setupFiles: ['tests/support/setup.ts'],
      // A class (several folders) runs in vm contexts inside long-lived workers: each suite still gets
      // fresh modules and globals, at about 1.4 × less CPU than a new worker per suite.
      pool: targets.length > 1 ? 'vmThreads' : 'threads',
      testTimeout: 3000,
      provide: { workbookProject: name, workbookTarget: resolve(target) },
    },
  };
}

export default defineConfig({
  test: {
    // Keeps transformed modules on disk between runs: every check after the first starts faster,
    // and class grading transforms the shared tests once instead of once per student.
    experimental: { fsModuleCache: true },
    projects: [
      ...(process.env.WORKBOOK_TARGETS
        ? targets.map((target, index) => gradedProject(target, `lessons:${index}`))
        : [gradedProject(single, 'lessons')]),
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
