/** `npm run stubs`: writes each lesson's exercise files from its reference solution (an authoring tool). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import { hashText, MANIFEST, planStubs, readManifest } from './lib/core/stubs.ts';
import { listLessons, ROOT, selectLessons } from './lib/core/workbook.ts';

const USAGE = `
Usage: npm run stubs [-- [lesson…] [--force] [--check]]

Writes lessons/NN-slug/<file> from solutions/NN-slug/<file>, replacing every solution body with a stub.
  --check   write nothing; exit 1 if any exercise file is not what would be written
  --force   also overwrite exercise files that were edited by hand since they were written
`;

runCommand(USAGE, () => {
  const { values, positionals } = parseCommandLine({
    force: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  });
  const plans = planStubs(ROOT, selectLessons(positionals, listLessons()));
  const outOfDate = plans.filter((plan) => plan.status !== 'same');

  if (values.check) {
    for (const plan of outOfDate) console.log(`out of date (${plan.status}): ${plan.exercise}`);
    console.log(outOfDate.length === 0 ? 'All stubs are in sync with the solutions.' : 'Run `npm run stubs` to update them.');
    return outOfDate.length === 0 ? 0 : 1;
  }

  const manifest = readManifest(ROOT);
  let refused = 0;
  for (const plan of plans) {
    if (plan.status === 'edited' && !values.force) {
      console.log(`kept      ${plan.exercise} (edited by hand since it was written; --force overwrites it)`);
      refused += 1;
      continue;
    }
    if (plan.status !== 'same') {
      writeFileSync(join(ROOT, plan.exercise), plan.derived);
      console.log(`wrote     ${plan.exercise}`);
    }
    manifest[plan.exercise] = hashText(plan.derived);
  }
  writeFileSync(join(ROOT, MANIFEST), `${JSON.stringify(sortKeys(manifest), null, 2)}\n`);
  console.log(refused === 0 ? 'Stubs are up to date.' : `${refused} file(s) kept; nothing of them was changed.`);
  return refused === 0 ? 0 : 1;
});

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
