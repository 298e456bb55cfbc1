/** `npm run reset <lesson>`: puts the lesson's starting file back, after saving yours to a backup. */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { parseCommandLine, runCommand } from './lib/core/cli.ts';
import { STATE_DIR } from './lib/core/progress.ts';
import { originalStub } from './lib/core/stubs.ts';
import { listLessons, ROOT, selectLessons, UsageError } from './lib/core/workbook.ts';

const USAGE = `
Usage: npm run reset <lesson>

Puts the starting version of the lesson's exercise file back. Your current file is first saved
to ${STATE_DIR}/backups/, and the command tells you where, so nothing you wrote is lost.
`;

runCommand(USAGE, () => {
  const { positionals } = parseCommandLine({});
  if (positionals.length !== 1) throw new UsageError('Name one lesson to reset, for example: npm run reset 01');
  const [lesson] = selectLessons(positionals, listLessons());
  if (!lesson) throw new UsageError('Name one lesson to reset, for example: npm run reset 01');

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (const file of lesson.files) {
    const path = join(ROOT, 'lessons', lesson.id, file);
    const stub = originalStub(ROOT, lesson, file);
    if (existsSync(path) && readFileSync(path, 'utf8') === stub) {
      console.log(`lessons/${lesson.id}/${file} is already the starting version; nothing to do.`);
      continue;
    }
    if (existsSync(path)) {
      const backupDir = join(ROOT, STATE_DIR, 'backups', lesson.id);
      mkdirSync(backupDir, { recursive: true });
      const backup = join(backupDir, `${basename(file, extname(file))}.${stamp}${extname(file)}`);
      copyFileSync(path, backup);
      console.log(`Saved your lessons/${lesson.id}/${file} as ${relative(ROOT, backup)}`);
    }
    writeFileSync(path, stub);
    console.log(`Put the starting version of lessons/${lesson.id}/${file} back.`);
  }
  return 0;
});
