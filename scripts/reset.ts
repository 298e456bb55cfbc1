/** `npm run reset <lesson>`: puts the lesson's starting file back, after saving yours to a backup. */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { checkLanguage, commandSpeech, LANGUAGE_OPTION, parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import { STATE_DIR } from './lib/core/progress.ts';
import { originalStub } from './lib/core/stubs.ts';
import { listLessons, ROOT, selectLessons, UsageError } from './lib/core/workbook.ts';

/** The words of reset, in its language (command-line/cli.ts's commandLanguage), and its usage. */
const { language, t, usage: USAGE, noSuchLesson } = commandSpeech('usage.reset', () => ({ backups: `${STATE_DIR}/backups/` }));

runCommand(
  USAGE,
  () => {
    const { values, positionals } = parseCommandLine({ ...LANGUAGE_OPTION }, undefined, t);
    checkLanguage(values.lang, t, language);
    if (positionals.length !== 1) throw new UsageError(t('reset.nameOneLesson'));
    const [lesson] = selectLessons(positionals, listLessons(), noSuchLesson);
    if (!lesson) throw new UsageError(t('reset.nameOneLesson'));

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    for (const file of lesson.files) {
      const path = join(ROOT, 'lessons', lesson.id, file);
      const stub = originalStub(ROOT, lesson, file);
      if (existsSync(path) && readFileSync(path, 'utf8') === stub) {
        console.log(t('reset.alreadyStarting', { file: `lessons/${lesson.id}/${file}` }));
        continue;
      }
      if (existsSync(path)) {
        const backupDir = join(ROOT, STATE_DIR, 'backups', lesson.id);
        mkdirSync(backupDir, { recursive: true });
        const backup = join(backupDir, `${basename(file, extname(file))}.${stamp}${extname(file)}`);
        copyFileSync(path, backup);
        console.log(t('reset.saved', { file: `lessons/${lesson.id}/${file}`, backup: relative(ROOT, backup) }));
      }
      writeFileSync(path, stub);
      console.log(t('reset.putBack', { file: `lessons/${lesson.id}/${file}` }));
    }
    return 0;
  },
  t,
);
