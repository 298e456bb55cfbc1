/**
 * Student editions (`npm run pack`): which lessons go in and how (stubs, or finished code for
 * lessons released as solved and for lessons an assigned one builds on), which commands students
 * get, and the leak check that keeps solutions and teacher-only tests out.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { withPrerequisites } from './grading.ts';
import { STATE_DIR } from './progress.ts';
import { deriveStub, hashText, solutionBodies } from './stubs.ts';
import { lessonFolders, listLessons, readmePath, selectLessons, suitePath, UsageError, type Lesson } from './workbook.ts';
import { relativeImportsOf } from './imports.ts';
import { writeZip } from './zip.ts';

/** The npm scripts a student edition may keep (each only when its files are in the pack). */
export const STUDENT_COMMANDS = ['check', 'hint', 'reset', 'watch', 'ui', 'play', 'arena', 'site'] as const;

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

/**
 * Lessons a command needs that its imports do not show (it loads the student's files by path while
 * it runs): without them in the pack, the command is left out. `play` needs only what it imports.
 */
const COMMAND_LESSONS: Record<string, string[]> = {
  arena: ['06-computer', '07-search'],
};

/** Library modules only the teacher's tools use: never in a student edition. */
const AUTHORING_LIB = [
  'scripts/lib/pack.ts',
  'scripts/lib/gradebook.ts',
  'scripts/lib/gradebook-html.ts',
  'scripts/lib/feedback-page.ts',
  'scripts/lib/lms-export.ts',
  'scripts/lib/csv.ts',
  'scripts/lib/submissions.ts',
  'scripts/lib/intake.ts',
  'scripts/lib/intake-table.ts',
  'scripts/lib/near-misses.ts',
  'scripts/lib/platforms.ts',
  'scripts/lib/roster.ts',
  'scripts/lib/class-grading.ts',
  'scripts/lib/authoring.ts',
  'scripts/lib/zip.ts',
  'scripts/lib/bench.ts',
  'scripts/lib/bench-search.ts',
];

/** Paths a student edition must never hold. */
const FORBIDDEN = [/^solutions\//, /^tests\/hidden\//, /^tests\/workbook\//, /^scripts\/(stubs|pack|grade|bench|check-lesson)\.ts$/, /^\.ci\//, /^\.git\//];

/** Where a pack records what it holds (read back by `npm run grade`). */
export const PACK_MANIFEST = `${STATE_DIR}/pack.json`;

/** Bodies shorter than this (whitespace squeezed) are too short to tell apart from ordinary code. */
const MIN_LEAK_LENGTH = 16;

/** The manifest a pack carries. */
export interface PackManifest {
  version: 1;
  workbook: string;
  createdAt: string;
  /** Lessons handed out as stubs. */
  assigned: string[];
  /** Lessons handed out finished because --solved named them. */
  solved: string[];
  /** Lessons handed out finished because an assigned lesson builds on them. */
  given: string[];
  /** sha256 of every test file in the pack, so grading can tell which ones a student changed. */
  tests: Record<string, string>;
}

/** Everything a student edition will hold, worked out before anything is written. */
export interface PackPlan {
  root: string;
  assigned: Lesson[];
  solved: Lesson[];
  /** Finished lessons that are in the pack only because assigned (or solved) ones build on them. */
  given: Array<{ lesson: Lesson; neededBy: string[] }>;
  /** Every lesson in the pack, in workbook order. */
  included: Lesson[];
  /** npm scripts kept, and the ones left out with the reason. */
  commands: string[];
  dropped: Array<{ command: string; reason: string }>;
  /** Path relative to the pack → content. */
  files: Map<string, Buffer>;
  warnings: string[];
}

/** A pack that must not be handed out: what is wrong, file by file. */
export class PackError extends Error {}

/**
 * Reads a list of lessons as a teacher types it: "01-04", "2,3,5", "01-board,input", "1-3,5".
 * A range takes every lesson whose number lies between the two ends.
 */
export function parseLessonList(text: string, all: Lesson[]): Lesson[] {
  const chosen = new Set<string>();
  for (const part of text.split(/[\s,]+/).filter((token) => token !== '')) {
    const range = /^(\d{1,2})-(\d{1,2})$/.exec(part);
    if (range) {
      const [low, high] = [Number(range[1]), Number(range[2])].sort((a, b) => a - b) as [number, number];
      const inRange = all.filter((lesson) => Number(lesson.number) >= low && Number(lesson.number) <= high);
      if (inRange.length === 0) throw new UsageError(`No lesson lies in the range ${part}. The lessons are: ${all.map((l) => l.id).join(', ')}.`);
      inRange.forEach((lesson) => chosen.add(lesson.id));
      continue;
    }
    selectLessons([part], all).forEach((lesson) => chosen.add(lesson.id));
  }
  return all.filter((lesson) => chosen.has(lesson.id));
}

/**
 * The finished code of a lesson from its reference solution: every solution body kept, the marker
 * lines and the alternative stub lines after `// STUB` dropped.
 */
export function finishedSource(source: string, fileName = 'solution'): string {
  deriveStub(source, fileName); // throws a MarkerError with the line when the markers are malformed
  const out: string[] = [];
  let inBlock = false;
  let inStub = false;
  for (const line of source.split('\n')) {
    if (/^\s*\/\/ BEGIN SOLUTION\b/.test(line)) {
      inBlock = true;
    } else if (inBlock && /^\s*\/\/ STUB\s*$/.test(line)) {
      inStub = true;
    } else if (/^\s*\/\/ END SOLUTION\s*$/.test(line)) {
      inBlock = false;
      inStub = false;
    } else if (!inStub) {
      out.push(line);
    }
  }
  return out.join('\n');
}

/** Works out a student edition: the lessons named, the ones released as solved, and everything else it needs. */
export function planPack(root: string, named: Lesson[], solvedNamed: Lesson[], all: Lesson[] = listLessons(root)): PackPlan {
  if (named.length === 0 && solvedNamed.length === 0) throw new UsageError('Name at least one lesson with --lessons.');
  const solvedIds = new Set(solvedNamed.map((lesson) => lesson.id));
  const namedIds = new Set(named.map((lesson) => lesson.id));
  const included = withPrerequisites([...named, ...solvedNamed], all);
  const assigned = included.filter((lesson) => namedIds.has(lesson.id) && !solvedIds.has(lesson.id));
  const solved = included.filter((lesson) => solvedIds.has(lesson.id));
  const given = included
    .filter((lesson) => !namedIds.has(lesson.id) && !solvedIds.has(lesson.id))
    .map((lesson) => ({
      lesson,
      neededBy: [...named, ...solvedNamed]
        .filter((user) => withPrerequisites([user], all).some((needed) => needed.id === lesson.id))
        .map((user) => user.id),
    }));
  const finishedIds = new Set([...solved, ...given.map((entry) => entry.lesson)].map((lesson) => lesson.id));

  const files = new Map<string, Buffer>();
  const warnings: string[] = [];
  const put = (path: string, content: string | Buffer): void => {
    files.set(path, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  };
  const copy = (path: string): void => put(path, readFileSync(join(root, path)));

  for (const lesson of included) {
    const folder = `lessons/${lesson.id}`;
    for (const name of listFiles(root, folder)) {
      if (!lesson.files.includes(posix.relative(folder, name))) copy(name);
    }
    if (!existsSync(join(root, readmePath(lesson)))) warnings.push(`${readmePath(lesson)} does not exist yet: the pack has no lesson text for ${lesson.id}.`);
    for (const file of lesson.files) {
      const solutionPath = `solutions/${lesson.id}/${file}`;
      if (!existsSync(join(root, solutionPath))) {
        throw new PackError(`${solutionPath} does not exist, so lesson ${lesson.id} cannot be packed (its stub and its finished code come from there).`);
      }
      const solution = readFileSync(join(root, solutionPath), 'utf8');
      if (finishedIds.has(lesson.id)) {
        put(`${folder}/${file}`, finishedSource(solution, solutionPath));
      } else {
        const stub = deriveStub(solution, solutionPath);
        put(`${folder}/${file}`, stub);
        put(`${STATE_DIR}/stubs/${lesson.id}/${file}`, stub);
      }
    }
    if (existsSync(join(root, suitePath(lesson)))) copy(suitePath(lesson));
    else warnings.push(`${suitePath(lesson)} does not exist yet: lesson ${lesson.id} cannot be graded in the pack.`);
  }
  for (const name of listFiles(root, 'tests/support')) copy(name);
  for (const name of listFiles(root, 'scripts/lib')) if (!AUTHORING_LIB.includes(name)) copy(name);
  for (const name of ['vitest.config.ts', 'package-lock.json']) if (existsSync(join(root, name))) copy(name);
  put('tsconfig.json', studentTsconfig(readFileSync(join(root, 'tsconfig.json'), 'utf8')));

  // Commands: a student command stays when its script and everything it imports are in the pack.
  const teacherPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const teacherScripts = (teacherPackage.scripts ?? {}) as Record<string, string>;
  const commands: string[] = [];
  const dropped: PackPlan['dropped'] = [];
  for (const command of STUDENT_COMMANDS) {
    const line = teacherScripts[command];
    if (line === undefined) continue;
    const entry = /\bscripts\/[\w./-]+\.ts\b/.exec(line)?.[0];
    if (entry === undefined) {
      commands.push(command);
      continue;
    }
    if (!existsSync(join(root, entry))) {
      dropped.push({ command, reason: `${entry} does not exist` });
      continue;
    }
    const absentLessons = (COMMAND_LESSONS[command] ?? []).filter((id) => !included.some((lesson) => lesson.id === id));
    if (absentLessons.length > 0) {
      dropped.push({ command, reason: `it needs ${absentLessons.length === 1 ? 'lesson' : 'lessons'} ${absentLessons.join(', ')}, which ${absentLessons.length === 1 ? 'is' : 'are'} not in this pack` });
      continue;
    }
    const withEntry = new Map(files);
    withEntry.set(entry, readFileSync(join(root, entry)));
    const closure = importClosure(root, entry, withEntry);
    const missing = closure.missing;
    if (missing.length > 0) {
      dropped.push({ command, reason: `it needs ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not in this pack` });
      continue;
    }
    for (const path of closure.needed) if (!files.has(path)) copy(path);
    commands.push(command);
  }

  // The graded suites, their helpers and the config must load inside the pack.
  const broken = [...files.keys()]
    .filter((path) => /^(tests\/|vitest\.config\.ts$)/.test(path) && path.endsWith('.ts'))
    .flatMap((path) => {
      const closure = importClosure(root, path, files);
      const absent = [...closure.missing, ...closure.needed.filter((needed) => !files.has(needed))];
      return absent.map((missing) => `${path} needs ${missing}`);
    });
  if (broken.length > 0) throw new PackError(`The pack would not run:\n  ${[...new Set(broken)].join('\n  ')}`);

  const plan: PackPlan = { root, assigned, solved, given, included, commands, dropped, files, warnings };
  put('package.json', studentPackageJson(teacherPackage, commands));
  put('README.md', studentReadme(plan, readFileSync(join(root, 'README.md'), 'utf8'), String(teacherPackage.description ?? '')));
  put('.gitignore', 'node_modules/\n.workbook/*\n!.workbook/stubs/\n!.workbook/pack.json\nbuild/\n*.log\n/results.json\n/junit.xml\n');
  const manifest: PackManifest = {
    version: 1,
    workbook: `${String(teacherPackage.name)}@${String(teacherPackage.version)}`,
    createdAt: new Date().toISOString(),
    assigned: assigned.map((lesson) => lesson.id),
    solved: solved.map((lesson) => lesson.id),
    given: given.map((entry) => entry.lesson.id),
    tests: Object.fromEntries(
      [...files.entries()].filter(([path]) => path.startsWith('tests/')).map(([path, content]) => [path, hashText(content.toString('utf8'))]),
    ),
  };
  put(PACK_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  return plan;
}

/** Every file under a folder of the workbook, as paths relative to the root (sorted); none when it does not exist. */
export function listFiles(root: string, folder: string): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => posix.join(folder, name.split('\\').join('/')))
    .filter((path) => statSync(join(root, path)).isFile())
    .sort();
}

/**
 * Follows the relative imports of a file through the pack's files. A script file of the workbook
 * that is not in the pack yet counts as needed (it will be copied); anything else that is not in the
 * pack (a lesson, a test, a file that does not exist) counts as missing.
 */
export function importClosure(root: string, start: string, files: Map<string, Buffer>): { needed: string[]; missing: string[] } {
  const seen = new Set<string>([start]);
  const missing = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    const content = files.get(path) ?? (isWorkbookFile(root, path) ? readFileSync(join(root, path)) : undefined);
    if (content === undefined) continue;
    for (const specifier of relativeImportsOf(content.toString('utf8'), path)) {
      const target = posix.normalize(posix.join(posix.dirname(path), specifier));
      const candidates = [target, target.replace(/\.js$/, '.ts'), `${target}.ts`, `${target}/index.ts`];
      const inPack = candidates.find((candidate) => files.has(candidate));
      const inWorkbook = candidates.find((candidate) => isWorkbookFile(root, candidate));
      const resolved = inPack ?? (inWorkbook?.startsWith('scripts/') ? inWorkbook : undefined);
      if (resolved === undefined) {
        missing.add(inWorkbook ?? target);
      } else if (!seen.has(resolved)) {
        seen.add(resolved);
        queue.push(resolved);
      }
    }
  }
  return { needed: [...seen], missing: [...missing] };
}

function isWorkbookFile(root: string, path: string): boolean {
  const full = join(root, path);
  return existsSync(full) && statSync(full).isFile();
}

/** The teacher's tsconfig without the folders a student edition does not have. */
function studentTsconfig(text: string): string {
  try {
    const config = JSON.parse(text) as { include?: string[] };
    if (Array.isArray(config.include)) config.include = config.include.filter((entry) => entry !== 'solutions');
    return `${JSON.stringify(config, null, 2)}\n`;
  } catch {
    return text; // a tsconfig with comments: keep it as it is
  }
}

/** The teacher's package.json with only the student commands. */
function studentPackageJson(teacher: Record<string, unknown>, commands: string[]): string {
  const scripts = (teacher.scripts ?? {}) as Record<string, string>;
  const kept = Object.fromEntries(commands.map((command) => [command, scripts[command] as string]));
  return `${JSON.stringify({ ...teacher, scripts: kept }, null, 2)}\n`;
}

/** The README of a student edition: how to start, the lessons of this class, how to read the report, the commands. */
function studentReadme(plan: PackPlan, teacherReadme: string, description: string): string {
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
  lines.push(...studentSections(teacherReadme, plan.commands));
  lines.push('## Commands', '', '| command | what it does |', '|---|---|');
  for (const command of plan.commands) {
    lines.push(`| \`npm run ${command}\` | ${(COMMAND_HELP[command] ?? '').replace('NN', first?.number ?? '01')} |`);
  }
  lines.push('', 'Your teacher grades your lessons with these tests and perhaps a few more.', '');
  return lines.join('\n');
}

/**
 * The `###` sections of the teacher README's "For students" part (how to read the report, …), as `##`
 * sections; lines that name a command this pack does not have are left out.
 */
function studentSections(readme: string, commands: string[]): string[] {
  const start = readme.search(/^## For students\s*$/m);
  if (start === -1) return [];
  const rest = readme.slice(start).split('\n').slice(1);
  const end = rest.findIndex((line) => /^## /.test(line));
  const part = end === -1 ? rest : rest.slice(0, end);
  const firstSection = part.findIndex((line) => /^### /.test(line));
  if (firstSection === -1) return [];
  const sections: string[][] = [];
  for (const line of part.slice(firstSection)) {
    if (/^### /.test(line)) sections.push([]);
    sections.at(-1)?.push(line);
  }
  const known = new Set(commands);
  const out: string[] = [];
  for (const section of sections) {
    const title = (section[0] as string).replace(/^### /, '');
    if (/command/i.test(title)) continue; // the pack's own command list replaces it
    out.push(`## ${title}`, ...withoutCommandTables(section.slice(1)).filter((line) => mentionsOnly(line, known)));
    while (out.at(-1) === '') out.pop();
    out.push('');
  }
  return out;
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
      continue;
    }
    if (inTable && line.startsWith('|')) continue;
    inTable = false;
    out.push(line);
  }
  return out;
}

/** One piece of text that must not appear in a pack, and why. */
export interface Secret {
  /** "solution body of solutions/02-input/input.ts (parseMove)" or "teacher-only test tests/hidden/01-board.test.ts". */
  what: string;
  text: string;
}

/** Every solution body of the lessons not released as finished, and every teacher-only test file. */
export function secretsOf(root: string, finishedIds: Set<string>): Secret[] {
  const secrets: Secret[] = [];
  for (const id of lessonFolders(join(root, 'solutions')).filter((name) => !finishedIds.has(name))) {
    for (const file of listFiles(root, `solutions/${id}`).filter((path) => path.endsWith('.ts'))) {
      const source = readFileSync(join(root, file), 'utf8');
      const names = [...source.matchAll(/^\s*\/\/ BEGIN SOLUTION(?: (.*))?$/gm)].map((match) => (match[1] ?? '').trim());
      solutionBodies(source).forEach((text, index) => secrets.push({ what: `solution body "${names[index] ?? ''}" of ${file}`, text }));
    }
  }
  for (const file of listFiles(root, 'tests/hidden')) {
    secrets.push({ what: `teacher-only test ${file}`, text: readFileSync(join(root, file), 'utf8') });
  }
  return secrets;
}

/** Whitespace squeezed, so re-indented code is still recognised. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Which secrets appear in which files ("README.md: solution body renderBoard of solutions/01-board/board.ts"). */
export function findLeaks(files: Map<string, Buffer>, secrets: Secret[]): string[] {
  const checked = secrets.map((secret) => ({ ...secret, squeezed: squeeze(secret.text) })).filter((secret) => secret.squeezed.length >= MIN_LEAK_LENGTH);
  const leaks: string[] = [];
  for (const [path, content] of files) {
    const text = squeeze(content.toString('utf8'));
    for (const secret of checked) if (text.includes(secret.squeezed)) leaks.push(`${path}: ${secret.what}`);
  }
  return leaks;
}

/** Paths a pack must not hold. */
export function forbiddenPaths(paths: Iterable<string>): string[] {
  return [...paths].filter((path) => FORBIDDEN.some((pattern) => pattern.test(path)) || AUTHORING_LIB.includes(path));
}

/** Reads every file under a folder into a map (path relative to the folder → content). */
export function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const path of listFiles(dir, '.')) files.set(path.replace(/^\.\//, ''), readFileSync(join(dir, path)));
  return files;
}

/** What writePack did. */
export interface PackResult {
  out: string;
  fileCount: number;
  zip?: { path: string; bytes: number };
  secretsChecked: number;
}

/**
 * Writes the pack to `out`: first to a scratch folder beside it, then checks what is on disk there
 * (no solution body of an unreleased lesson, no teacher-only test or file), and only then moves it
 * into place. When the check fails nothing is left behind and a PackError lists every leak.
 */
export function writePack(plan: PackPlan, out: string, options: { zip?: boolean } = {}): PackResult {
  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, PACK_MANIFEST))) {
    throw new UsageError(`${out} is not empty and is not an earlier pack; choose an empty or new folder for --out.`);
  }
  const staging = `${out}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    for (const [path, content] of plan.files) {
      mkdirSync(dirname(join(staging, path)), { recursive: true });
      writeFileSync(join(staging, path), content);
    }
    const written = readTree(staging);
    const finishedIds = new Set([...plan.solved, ...plan.given.map((entry) => entry.lesson)].map((lesson) => lesson.id));
    const secrets = secretsOf(plan.root, finishedIds);
    const problems = [
      ...forbiddenPaths(written.keys()).map((path) => `${path}: a teacher-only file`),
      ...findLeaks(written, secrets),
    ];
    if (problems.length > 0) {
      const advice = problems.some((problem) => /^lessons\/[^/]+\/lesson\.json:/.test(problem))
        ? '\nA hint in lesson.json quotes a solution body word for word: reword that hint so it guides without being the answer.'
        : '';
      throw new PackError(`The pack is NOT safe to hand out, so nothing was written:\n  ${problems.join('\n  ')}${advice}`);
    }
    rmSync(out, { recursive: true, force: true });
    mkdirSync(dirname(out), { recursive: true });
    renameSync(staging, out);
    const result: PackResult = { out, fileCount: written.size, secretsChecked: secrets.length };
    if (options.zip) {
      const zipPath = `${out}.zip`;
      const top = relative(dirname(out), out);
      const archive = writeZip([...written].map(([path, data]) => ({ path: `${top}/${path}`, data })));
      writeFileSync(zipPath, archive);
      result.zip = { path: zipPath, bytes: archive.length };
    }
    return result;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
