/** `npm run ui`: opens @vitest/ui on the graded suites (your code, or the reference with --solutions). */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { checkLanguage, commandSpeech, LANGUAGE_OPTION, parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import { findLessonsFolder } from './lib/command-line/target.ts';
import { hasReference, ROOT, UsageError } from './lib/core/workbook.ts';

/** The language ui speaks (command-line/cli.ts's commandLanguage), its words and its usage. */
const {
  language,
  t,
  usage: USAGE,
} = commandSpeech('ui.usage', (words) => ({
  solutionsOption: hasReference() ? '--solutions | ' : '',
  solutionsLine: hasReference() ? words('ui.usage.solutions') : '',
}));

runCommand(
  USAGE,
  () => {
    const { values, positionals } = parseCommandLine(
      { solutions: { type: 'boolean', default: false }, target: { type: 'string' }, ...LANGUAGE_OPTION },
      undefined,
      t,
    );
    checkLanguage(values.lang, t, language);
    if (positionals.length > 0) throw new UsageError(t('ui.lessonNames', { names: positionals.join(' ') }));
    if (values.solutions && !hasReference()) throw new UsageError(t('ui.noSolutions'));
    if (values.solutions && values.target !== undefined) throw new UsageError(t('check.solutionsOrTarget'));
    const target = values.solutions
      ? join(ROOT, 'solutions')
      : values.target === undefined
        ? join(ROOT, 'lessons')
        : findLessonsFolder(resolve(values.target), undefined, t, language).dir;
    const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const child = spawn(process.execPath, [vitest, '--ui', '--project', 'lessons'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, WORKBOOK_TARGET: target },
    });
    return new Promise<number>((done) => child.on('exit', (code) => done(code ?? 0)));
  },
  t,
);
