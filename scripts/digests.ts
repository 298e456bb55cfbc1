/** `npm run digests`: writes the digest files the visible suites confirm answers with (an authoring tool). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import { digestFileMatches, digestPath, lessonsWithDigests, makeDigestFile } from './lib/teacher/digests.ts';
import { ROOT, UsageError } from './lib/core/workbook.ts';

const USAGE = `
Usage: npm run digests [-- [--check]]

Writes tests/support/digests/NN-slug.json from the teacher-only spec tests/hidden/support/digests/NN-slug.ts.
  --check   write nothing; exit 1 if any digest file is not what would be written
`;

runCommand(USAGE, async () => {
  const { values, positionals } = parseCommandLine({ check: { type: 'boolean', default: false } });
  if (positionals.length > 0) throw new UsageError(`npm run digests takes no lesson names (it got ${positionals.join(' ')}).`);
  let stale = 0;
  for (const lessonId of lessonsWithDigests(ROOT)) {
    const { text } = await makeDigestFile(ROOT, lessonId);
    if (digestFileMatches(ROOT, lessonId, text)) continue;
    stale += 1;
    if (values.check) {
      console.log(`out of date: ${digestPath(lessonId)}`);
      continue;
    }
    mkdirSync(dirname(join(ROOT, digestPath(lessonId))), { recursive: true });
    writeFileSync(join(ROOT, digestPath(lessonId)), text);
    console.log(`wrote ${digestPath(lessonId)}`);
  }
  if (values.check) console.log(stale === 0 ? 'All digest files are in sync with the models.' : 'Run `npm run digests` to update them.');
  else if (stale === 0) console.log('Digest files are up to date.');
  return values.check && stale > 0 ? 1 : 0;
});
