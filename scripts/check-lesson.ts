/** `npm run check-lesson NN`: checks one lesson as its author, in seconds (an authoring tool, never in a pack). */
import { colorsEnabled, painter, parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import { checkLesson } from './lib/teacher/authoring.ts';
import { LESSON_FOLDER, listLessons, ROOT, selectLessons, UsageError } from './lib/core/workbook.ts';

const USAGE = `
Usage: npm run check-lesson NN

Checks one lesson the way npm test checks every lesson, in a few seconds: lesson.json (tasks, points,
hints), the lesson text (task headings, Pitfalls, named examples the tests read), the README's
lesson table, stubs in sync with the solution, and its suites, hidden ones too: 100% on the
reference, every test failing on the stub. Name the lesson by number or name (03, win).
Run it after every step of "Adding a lesson" in docs/authoring.md; it says what to do next.
`;

runCommand(USAGE, async () => {
  const { positionals } = parseCommandLine({});
  if (positionals.length !== 1) throw new UsageError('Name one lesson: npm run check-lesson 03');
  const [name] = positionals as [string];
  // A lesson whose lesson.json is still broken is checked by its folder name.
  const id = LESSON_FOLDER.test(name) ? name : (selectLessons([name], listLessons())[0]?.id ?? name);
  const paint = painter(colorsEnabled());
  const startedAt = Date.now();
  if (process.stderr.isTTY) process.stderr.write(`Checking lesson ${id}: running its suites on the reference and on the stub…`);
  const { lesson, checks } = await checkLesson(ROOT, id);
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  console.log(paint('bold', `Lesson ${lesson ? `${lesson.number} (${lesson.title})` : id}, checked as its author:`));
  for (const check of checks) {
    if (check.problems.length === 0) {
      console.log(`  ${paint('green', '✓')} ${check.rule}`);
      continue;
    }
    console.log(`  ${paint('red', '✗')} ${check.rule}`);
    for (const problem of check.problems) console.log(`      - ${problem.split('\n').join('\n        ')}`);
  }
  const failed = checks.filter((check) => check.problems.length > 0).length;
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(
    failed === 0
      ? paint('green', `Lesson ${id} is ready (${seconds} s). Run npm test before you commit.`)
      : paint('red', `${failed} of ${checks.length} checks failed (${seconds} s).`),
  );
  return failed === 0 ? 0 : 1;
});
