// Attack: forged result files. The grader keeps a trace file per suite in a temp folder and, when a
// lesson runs too long, believes the "\u0000RESULT {...}" lines in it. This file appends thousands of
// passing results to every trace-like file it finds under the temp folder, then hangs.
import { appendFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Test harness guard (not part of the attack): touch nothing outside the test's own temp folder. */
const mine = (path: string): boolean => resolve(path).startsWith('{{SANDBOX}}/');

function* traceLike(dir: string, depth = 0): Generator<string> {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    try {
      if (statSync(path).isDirectory()) {
        if (depth < 2) yield* traceLike(path, depth + 1);
      } else if (/trace|result|\.log$|\.jsonl?$/i.test(name)) yield path;
    } catch {
      // gone already
    }
  }
}

const forged: string[] = [];
for (let task = 1; task <= 5; task += 1) {
  for (let index = 0; index < 400; index += 1) {
    const outcome = { name: `forged ${task}.${index}`, task, hidden: false, status: 'passed', durationMs: 1 };
    forged.push(`\u0000RESULT ${JSON.stringify(outcome)}\n`, `${JSON.stringify({ type: 'test', outcome })}\n`);
  }
}
const folders = new Set([process.env.WORKBOOK_TRACE_DIR, tmpdir(), '{{TMP}}'].filter((dir): dir is string => !!dir));
for (const folder of folders) {
  for (const file of traceLike(folder)) if (mine(file)) appendFileSync(file, forged.join(''));
}
// Now hang, so that the grader stops this lesson and reads the trace.
for (;;) {
  // never ends
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
