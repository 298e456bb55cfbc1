/** The README of a student edition: how to start, the lessons of this class, the sections of the student guide, the commands. */
import { readmePath } from '../../core/workbook.ts';
import type { PackPlan } from './plan-types.ts';

/** What each student command does, for the student README. */
const COMMAND_HELP: Record<string, string> = {
  check: 'grade every lesson; `npm run check NN` grades one',
  hint: 'the next hint for a lesson, from gentle to concrete: `npm run hint NN`',
  reset: "put a lesson's starting file back (yours is saved to a backup first): `npm run reset NN`",
  watch: 'grade a lesson again every time you save: `npm run watch NN`',
  ui: 'open every test in your browser',
  play: 'play Tic-Tac-Toe in the terminal with the code you wrote',
  arena: 'let the computer players play each other',
  site: 'read the lessons as web pages, with your points',
};

/** What play does in a pack with lesson 08 but not lesson 04. */
const PLAY_TUTORIALS_HELP = "play the tutorials' games with your lesson 08: `npm run play -- --tutorial` lists them";

/** The student guide whose `##` sections (how to read the report, result files, …) a student edition's README carries. */
export const STUDENT_GUIDE = 'docs/students.md';

/**
 * The README of a student edition: how to start, the lessons of this class, how to read the report, the commands.
 * `guide` is the text of the student guide (`STUDENT_GUIDE`).
 */
export function studentReadme(plan: PackPlan, guide: string, description: string): string {
  const first = plan.assigned[0] ?? plan.included[0];
  const finished = new Set([...plan.solved, ...plan.given.map((entry) => entry.lesson)].map((lesson) => lesson.id));
  const lines = [
    '# Tic-Tac-Toe workbook',
    '',
    description,
    '',
    '## Getting started',
    '',
    'You need Node.js 20 or newer. In this folder, run once:',
    '',
    '```sh',
    'npm install',
    '```',
    '',
  ];
  if (first) {
    lines.push(
      `Then open \`${readmePath(first)}\`, write your code in \`lessons/${first.id}/${first.files[0]}\`, and run:`,
      '',
      '```sh',
      'npm run check',
      '```',
      '',
    );
  }
  lines.push('## Your lessons', '', '| # | lesson | file | |', '|---|---|---|---|');
  for (const lesson of plan.included) {
    const file = lesson.files.map((name) => `\`lessons/${lesson.id}/${name}\``).join(', ');
    const status = finished.has(lesson.id) ? 'given finished: read it, no need to change it' : 'yours to write';
    lines.push(`| ${lesson.number} | ${lesson.title} | ${file} | ${status} |`);
  }
  lines.push('');
  if (finished.size > 0) {
    lines.push(
      'Lessons marked "given finished" are already written for you, because your lessons use their code.',
      '`npm run check` shows them at 100/100. Reading them is a good way to see how the pieces fit.',
      '',
    );
  }
  lines.push(...handingIn(plan));
  lines.push(...studentSections(guide, plan.commands));
  lines.push('## Commands', '', '| command | what it does |', '|---|---|');
  const onlyTutorials = !plan.included.some((lesson) => lesson.id === '04-game');
  for (const command of plan.commands) {
    // Without lesson 04, play has only lesson 08's tutorial games to play.
    const help = command === 'play' && onlyTutorials ? PLAY_TUTORIALS_HELP : (COMMAND_HELP[command] ?? '');
    lines.push(`| \`npm run ${command}\` | ${help.replace('NN', first?.number ?? '01')} |`);
  }
  lines.push('', 'Your teacher grades your lessons with these tests and perhaps a few more.', '');
  return lines.join('\n');
}

/**
 * How to hand in, for beginners: the folder zipped without node_modules, or the exercise files of
 * every lesson in the pack under their own names (the grader finds either; renamed or moved files it
 * can only point at).
 */
function handingIn(plan: PackPlan): string[] {
  const finished = new Set([...plan.solved, ...plan.given.map((entry) => entry.lesson)].map((lesson) => lesson.id));
  const files = plan.included.flatMap((lesson) =>
    lesson.files.map((file) => `- \`lessons/${lesson.id}/${file}\`${finished.has(lesson.id) ? ' (given finished: hand it in too, your lessons use it)' : ''}`),
  );
  const example = plan.included[0]?.files[0] ?? 'board.ts';
  const stem = example.replace(/\.[^.]*$/, '');
  const ending = example.slice(stem.length);
  const misnamed = [`${stem.charAt(0).toUpperCase()}${stem.slice(1)}${ending}`, `${stem} (1)${ending}`, `${example}.txt`];
  return [
    '## Handing in your work',
    '',
    'Hand in **one** of these, whichever your teacher asks for.',
    '',
    '**A zip of this folder**, without `node_modules` (it is big, and `npm install` makes it again):',
    '',
    '- Windows: open this folder, press Ctrl+A, Ctrl-click `node_modules` to leave it out, then right-click →',
    '  "Send to" → "Compressed (zipped) folder" (Windows 11: "Compress to ZIP file").',
    '- macOS: open this folder in Finder, press ⌘A, ⌘-click `node_modules`, then right-click → "Compress".',
    "- Linux: in the folder above this one, run `zip -r handin.zip FOLDER -x 'FOLDER/node_modules/*'`",
    "  (FOLDER is this folder's name).",
    '',
    'Then upload the zip file.',
    '',
    '**Or each exercise file on its own**, all of them:',
    '',
    ...files,
    '',
    `Upload each file with exactly its name (\`${example}\`, not ${misnamed
      .map((name) => `\`${name}\``)
      .join(', ')
      .replace(/, ([^,]*)$/, ' or $1')}),`,
    'not inside another folder or zip.',
    '',
    'Handing in again? Upload the new zip or files in place of the old ones, not beside them.',
    '',
  ];
}

/**
 * The `##` sections of the student guide (how to read the report, …), in its order; its introduction
 * (how to start, which the README says for this pack) and its command list (the pack's own replaces it)
 * are left out, and so are lines that name a command this pack does not have.
 */
function studentSections(guide: string, commands: string[]): string[] {
  const lines = guide.split('\n');
  const firstSection = lines.findIndex((line) => /^## /.test(line));
  if (firstSection === -1) return [];
  const sections: string[][] = [];
  for (const line of lines.slice(firstSection)) {
    if (/^## /.test(line)) sections.push([]);
    sections.at(-1)?.push(line);
  }
  const known = new Set(commands);
  const out: string[] = [];
  for (const section of sections) {
    const title = (section[0] as string).replace(/^## /, '');
    if (/command/i.test(title)) continue; // the pack's own command list replaces it
    out.push(`## ${title}`, ...singleBlankLines(withoutCommandTables(section.slice(1)).filter((line) => mentionsOnly(line, known))));
    while (out.at(-1) === '') out.pop();
    out.push('');
  }
  return out;
}

/** The lines with each run of blank lines (as cutting lines out leaves them) made one. */
function singleBlankLines(lines: string[]): string[] {
  return lines.filter((line, index) => index === 0 || line.trim() !== '' || (lines[index - 1] as string).trim() !== '');
}

/** True when every `npm run X` in the line is a command the pack has. */
function mentionsOnly(line: string, known: Set<string>): boolean {
  return [...line.matchAll(/npm run (\w+)/g)].every((match) => known.has(match[1] as string));
}

/** The lines without any table of commands (and the "More commands:" line that leads into it). */
function withoutCommandTables(lines: string[]): string[] {
  const out: string[] = [];
  let inTable = false;
  for (const line of lines) {
    if (/^\|\s*command\s*\|/i.test(line)) {
      inTable = true;
      while (out.at(-1) === '') out.pop();
      if (out.at(-1)?.trim().endsWith(':')) out.pop();
      while (out.at(-1) === '') out.pop();
      continue;
    }
    if (inTable && line.startsWith('|')) continue;
    inTable = false;
    out.push(line);
  }
  return out;
}
