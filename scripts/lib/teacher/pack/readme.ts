/**
 * The README of a student edition, in the edition's language: how to start, the lessons of this
 * class, how to hand in, the sections of the student guide, the commands. Its own sentences come
 * from the message catalogs; the guide's sections come from the guide in that language.
 */
import { readmePath } from '../../core/workbook.ts';
import { listInWords, translator, type MessageKey, type Translate } from '../../i18n/messages.ts';
import { SOURCE_LANGUAGE, type Language } from '../../core/languages.ts';
import type { PackPlan } from './plan-types.ts';

/** What each student command does, for the student README: its message (`{lesson}` is a lesson's number). */
const COMMAND_HELP: Record<string, MessageKey> = {
  check: 'pack.readme.command.check',
  hint: 'pack.readme.command.hint',
  reset: 'pack.readme.command.reset',
  watch: 'pack.readme.command.watch',
  ui: 'pack.readme.command.ui',
  play: 'pack.readme.command.play',
  arena: 'pack.readme.command.arena',
  site: 'pack.readme.command.site',
};

/** The student guide whose `##` sections (how to read the report, result files, …) the English edition's README carries. */
export const STUDENT_GUIDE = 'docs/students.md';

/** The student guide in a language: docs/students.md for English, docs/students.ru.md for Russian, … */
export function studentGuide(language: Language): string {
  return language === SOURCE_LANGUAGE ? STUDENT_GUIDE : `docs/students.${language}.md`;
}

/**
 * The line each student guide puts just above its section of commands, which a student edition
 * leaves out (its README lists the edition's own commands): a mark, so that no guide's wording matters.
 */
export const COMMANDS_MARK = '<!-- commands -->';

/**
 * The README of a student edition: how to start, the lessons of this class, how to read the report,
 * the commands. `guide` is the text of the student guide in the edition's language (`studentGuide`);
 * the plan's lessons carry their titles in that language.
 */
export function studentReadme(plan: PackPlan, guide: string, language: Language = SOURCE_LANGUAGE): string {
  const t = translator(language);
  const first = plan.assigned[0] ?? plan.included[0];
  const finished = finishedIds(plan);
  const lines = [
    `# ${t('pack.readme.title')}`,
    '',
    t('pack.readme.description'),
    '',
    `## ${t('pack.readme.gettingStarted')}`,
    '',
    t('pack.readme.install'),
    '',
    '```sh',
    'npm install',
    '```',
    '',
  ];
  if (first) {
    const file = `\`lessons/${first.id}/${first.files[0]}\``;
    lines.push(t('pack.readme.thenOpen', { readme: `\`${readmePath(first)}\``, file }), '', '```sh', 'npm run check', '```', '');
  }
  lines.push(`## ${t('pack.readme.yourLessons')}`, '', `| # | ${t('pack.readme.column.lesson')} | ${t('pack.readme.column.file')} | |`, '|---|---|---|---|');
  for (const lesson of plan.included) {
    const file = lesson.files.map((name) => `\`lessons/${lesson.id}/${name}\``).join(', ');
    const status = finished.has(lesson.id) ? t('pack.readme.status.finished') : t('pack.readme.status.yours');
    lines.push(`| ${lesson.number} | ${lesson.title} | ${file} | ${status} |`);
  }
  lines.push('');
  if (finished.size > 0) lines.push(t('pack.readme.finishedNote'), '');
  lines.push(...handingIn(plan, t, language));
  lines.push(...studentSections(guide, plan.commands));
  lines.push(`## ${t('pack.readme.commands')}`, '', `| ${t('pack.readme.column.command')} | ${t('pack.readme.column.does')} |`, '|---|---|');
  const onlyTutorials = !plan.included.some((lesson) => lesson.id === '04-game');
  for (const command of plan.commands) {
    // Without lesson 04, play has only lesson 08's tutorial games to play.
    const key = command === 'play' && onlyTutorials ? 'pack.readme.command.playTutorials' : COMMAND_HELP[command];
    lines.push(`| \`npm run ${command}\` | ${key === undefined ? '' : t(key, { lesson: first?.number ?? '01' })} |`);
  }
  lines.push('', t('pack.readme.moreTests'), '');
  return lines.join('\n');
}

/** The ids of the lessons a pack hands out finished (released as solved, or built on). */
function finishedIds(plan: PackPlan): Set<string> {
  return new Set([...plan.solved, ...plan.given.map((entry) => entry.lesson)].map((lesson) => lesson.id));
}

/**
 * How to hand in, for beginners: the folder zipped without node_modules, or the exercise files of
 * every lesson in the pack under their own names (the grader finds either; renamed or moved files it
 * can only point at).
 */
function handingIn(plan: PackPlan, t: Translate, language: Language): string[] {
  const finished = finishedIds(plan);
  const files = plan.included.flatMap((lesson) =>
    lesson.files.map((file) => `- \`lessons/${lesson.id}/${file}\`${finished.has(lesson.id) ? ` ${t('pack.readme.handIn.fileFinished')}` : ''}`),
  );
  const example = plan.included[0]?.files[0] ?? 'board.ts';
  const stem = example.replace(/\.[^.]*$/, '');
  const ending = example.slice(stem.length);
  const misnamed = [`${stem.charAt(0).toUpperCase()}${stem.slice(1)}${ending}`, `${stem} (1)${ending}`, `${example}.txt`].map((name) => `\`${name}\``);
  return [
    `## ${t('pack.readme.handIn.title')}`,
    '',
    t('pack.readme.handIn.oneOf'),
    '',
    t('pack.readme.handIn.zip'),
    '',
    t('pack.readme.handIn.windows'),
    t('pack.readme.handIn.macos'),
    t('pack.readme.handIn.linux'),
    '',
    t('pack.readme.handIn.upload'),
    '',
    t('pack.readme.handIn.each'),
    '',
    ...files,
    '',
    t('pack.readme.handIn.exactName', { example: `\`${example}\``, misnamed: listInWords(misnamed, language, 'disjunction') }),
    '',
    t('pack.readme.handIn.again'),
    '',
  ];
}

/**
 * The `##` sections of the student guide (how to read the report, …), in its order; its introduction
 * (how to start, which the README says for this pack) and its section of commands (marked with
 * `COMMANDS_MARK`: the pack's own list replaces it) are left out, and so are tables of commands
 * elsewhere and lines that name a command this pack does not have.
 */
function studentSections(guide: string, commands: string[]): string[] {
  const lines = guide.split('\n');
  const firstSection = lines.findIndex((line) => /^## /.test(line));
  if (firstSection === -1) return [];
  const sections: Array<{ lines: string[]; commands: boolean }> = [];
  let marked = false;
  for (const line of lines.slice(firstSection)) {
    if (line.trim() === COMMANDS_MARK) {
      marked = true;
      continue;
    }
    if (/^## /.test(line)) {
      sections.push({ lines: [], commands: marked });
      marked = false;
    }
    sections.at(-1)?.lines.push(line);
  }
  const known = new Set(commands);
  const out: string[] = [];
  for (const section of sections.filter((candidate) => !candidate.commands)) {
    while (section.lines.at(-1)?.trim() === '') section.lines.pop();
    const [title, ...body] = section.lines;
    out.push(title as string, ...singleBlankLines(withoutCommandTables(body).filter((line) => mentionsOnly(line, known))));
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

/** A row of a table whose first cell is a command (| `npm run check` | …). */
const COMMAND_ROW = /^\|\s*`npm run [^`]*`\s*\|/;

/**
 * The lines without any table of commands (a table whose rows each start with a command), its
 * header, and the line that leads into it (ending in a colon).
 */
function withoutCommandTables(lines: string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (!line.startsWith('|')) {
      out.push(line);
      continue;
    }
    let end = index;
    while (end < lines.length && (lines[end] as string).startsWith('|')) end++;
    const rows = lines.slice(index + 2, end);
    if (rows.length > 0 && rows.every((row) => COMMAND_ROW.test(row))) {
      while (out.at(-1) === '') out.pop();
      if (out.at(-1)?.trim().endsWith(':') || out.at(-1)?.trim().endsWith('：')) out.pop();
      while (out.at(-1) === '') out.pop();
    } else {
      out.push(...lines.slice(index, end));
    }
    index = end - 1;
  }
  return out;
}
