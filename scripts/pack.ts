/** `npm run pack`: writes a student edition of the workbook, without solutions or teacher-only tests (a teacher's tool). */
import { resolve } from 'node:path';
import { parseCommandLine, runCommand, shownPath } from './lib/command-line/cli.ts';
import { parseLessonList } from './lib/core/workbook.ts';
import { PackError, planPack, type PackPlan } from './lib/teacher/pack/plan.ts';
import { writePack, type PackResult } from './lib/teacher/pack/write.ts';
import { listLessons, ROOT, UsageError, type Lesson } from './lib/core/workbook.ts';
import { languageOption } from './lib/i18n/choose.ts';
import { LANGUAGE_NAMES, SOURCE_LANGUAGE } from './lib/core/languages.ts';

const USAGE = `
Usage: npm run pack -- --lessons LIST --out DIR [--solved LIST] [--lang LANG] [--zip]

Writes a student edition to DIR: stubs for the lessons the class works on, the tests students may
see, the grader and the student commands; never solutions/ or the teacher-only tests/hidden/.
  --lessons LIST   the lessons to hand out: numbers, names or ranges (01-04, 2,3,5, board,input)
  --solved LIST    lessons handed out finished, so a class can start later in the chain
  --out DIR        the folder to write (new, empty, or an earlier pack, which is replaced)
  --lang LANG      the edition's language: en (the default), ru, ca or zh. Its lesson texts, hints,
                   README and every student command speak that language
  --zip            also write DIR.zip, for handing out through a learning platform
Lessons an assigned lesson builds on are always included, finished, and the command says so.
The pack is checked before it is moved into place: if any solution body of a lesson not
released as solved appears anywhere in it, or any function it ships gives the same answers as a
graded function of such a lesson, nothing is written and the command fails.
`;

runCommand(USAGE, () => {
  const { values, positionals } = parseCommandLine({
    lessons: { type: 'string' },
    solved: { type: 'string', default: '' },
    out: { type: 'string' },
    zip: { type: 'boolean', default: false },
    lang: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected "${positionals.join(' ')}": name lessons with --lessons.`);
  if (values.out === undefined) throw new UsageError('Say where to write the student edition with --out DIR.');
  if (values.lessons === undefined) throw new UsageError('Say which lessons to hand out with --lessons, for example --lessons 01-04.');
  const all = listLessons();
  const named = parseLessonList(values.lessons, all);
  const solved = parseLessonList(values.solved, all);
  const out = resolve(values.out);
  const language = values.lang === undefined ? SOURCE_LANGUAGE : languageOption(values.lang);

  let result: PackResult;
  let plan: PackPlan;
  try {
    plan = planPack(ROOT, named, solved, all, language);
    result = writePack(plan, out, { zip: values.zip });
  } catch (error) {
    if (!(error instanceof PackError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }

  const list = (lessons: Lesson[]): string => lessons.map((lesson) => `${lesson.number} ${lesson.title}`).join(', ');
  console.log(`Student edition (${language}, ${LANGUAGE_NAMES[language]}) written to ${shownPath(out)} (${result.fileCount} files).`);
  if (plan.assigned.length > 0) console.log(`  to write (stubs):       ${list(plan.assigned)}`);
  if (plan.solved.length > 0) console.log(`  given finished:         ${list(plan.solved)} (--solved)`);
  for (const { lesson, neededBy } of plan.given) {
    console.log(`  given finished:         ${lesson.number} ${lesson.title}, because ${neededBy.join(', ')} build${neededBy.length === 1 ? 's' : ''} on it`);
  }
  console.log(`  commands:               ${plan.commands.map((command) => `npm run ${command}`).join(', ')}`);
  for (const { command, reason } of plan.dropped) console.log(`  left out:               npm run ${command} (${reason})`);
  for (const warning of plan.warnings) console.log(`  warning:                ${warning}`);
  console.log(`Leak check passed: none of ${result.secretsChecked} solution bodies and teacher-only tests appears in the pack.`);
  const { models } = result;
  console.log(
    `Behavioural leak check passed: none of ${models.functions} functions the pack ships computes one of ${models.probes} graded functions (${(models.ms / 1000).toFixed(1)} s).`,
  );
  for (const note of models.weak) console.log(`  not probed:             ${note}`);
  for (const path of models.unloadable) console.log(`  not loaded, not called: ${path}`);
  for (const name of models.hung) console.log(`  never returned:         ${name} (counted as not agreeing)`);
  for (const name of models.undecided) console.log(`  too slow to tell:       ${name} (counted as not agreeing)`);
  if (result.zip) console.log(`Zip: ${shownPath(result.zip.path)} (${Math.ceil(result.zip.bytes / 1024)} kB)`);
  console.log(`Students run: npm install && npm run check`);
  return 0;
});
