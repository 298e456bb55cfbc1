/**
 * The rules a lesson is held to, for its author (`npm run check-lesson NN`, seconds) and for `npm test`
 * (every lesson): lesson.json sound, the text and the tests agreeing, its translations shaped like
 * the English text (the same tasks, hints, examples and code), stubs in sync with the
 * solutions, the README's lesson table listing it, every suite (hidden ones too) passing 100% on
 * the reference and failing every test on the stub. Each check gives its problems in plain words,
 * with what to do.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { withPrerequisites } from '../grader/command/grading.ts';
import { crashMessage, failureText } from '../report/report.ts';
import { scoreLesson, type LessonRun, type LessonScore } from '../core/results.ts';
import { runTargets } from '../grader/command/runner.ts';
import { MarkerError, planStubs } from '../core/stubs.ts';
import {
  appendixPaths,
  hiddenSuitePath,
  lessonExamples,
  listLessons,
  readExampleFences,
  readExamples,
  readLesson,
  readmePath,
  suitePath,
  translationLanguage,
  type Lesson,
} from '../core/workbook.ts';
import { LANGUAGE_NAMES, type Language } from '../core/languages.ts';
import { translator } from '../i18n/messages.ts';
import { arenaTextIn, arenaWords } from '../student/arena-format.ts';

/** One rule and what breaks it (nothing when it holds). */
export interface Check {
  /** A short, fixed name for the rule ("lesson.json", "reference"), for tests. */
  name: CheckName;
  /** What holds when there are no problems: "the suite passes 100% on the reference". */
  rule: string;
  problems: string[];
}

/** The rules, by their short names. */
export type CheckName = 'lesson.json' | 'lesson text' | 'suites' | 'stubs' | 'readme table' | 'reference' | 'stub fails';

/** The row the README's lesson table must have for a lesson. */
export function readmeRow(lesson: Lesson): string {
  const file = `lessons/${lesson.id}/${lesson.files[0]}`;
  const buildsOn = lesson.buildsOn.map((id) => id.slice(0, 2)).join(', ') || '—';
  return `| ${lesson.number} | ${lesson.title} | \`${file}\` | ${buildsOn} |`;
}

/** A file of the workbook, or undefined when it does not exist. */
function read(root: string, path: string): string | undefined {
  return existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined;
}

/** lesson.json: readable, points adding up to 100, hints from gentle to concrete, lessons it builds on that exist and come before it. */
function metadataCheck(root: string, lesson: Lesson, all: Lesson[]): Check {
  const problems: string[] = [];
  for (const [index, task] of lesson.tasks.entries()) {
    if ((task.hints ?? []).length < 2)
      problems.push(`task ${index + 1} ("${task.title}") has ${(task.hints ?? []).length} hint(s): give at least two, from gentle to concrete`);
  }
  for (const id of lesson.buildsOn) {
    if (!all.some((other) => other.id === id)) problems.push(`"buildsOn" names ${id}, which is no lesson of this workbook`);
    else if (id >= lesson.id) problems.push(`"buildsOn" names ${id}, which does not come before ${lesson.id}`);
  }
  for (const file of lesson.files) {
    if (!existsSync(join(root, 'solutions', lesson.id, file)))
      problems.push(`"files" names ${file}, but solutions/${lesson.id}/${file} does not exist: write the reference there`);
  }
  return {
    name: 'lesson.json',
    rule: `lessons/${lesson.id}/lesson.json: ${lesson.tasks.length} tasks worth 100 points, hints from gentle to concrete, lessons it builds on that exist`,
    problems,
  };
}

/**
 * The lesson text: a heading per task with its title and points, a Pitfalls section, every named
 * example (in the README or an appendix beside it) read by a suite, and no example name twice; and
 * each translation beside it (README.ru.md, games.ru.md, lesson.ru.json) shaped like the English.
 */
function textCheck(root: string, lesson: Lesson): Check {
  const text = read(root, readmePath(lesson));
  const appendices = appendixPaths(lesson, root);
  const files = [readmePath(lesson), ...appendices].join(' and ');
  const translations = translationFiles(root, lesson);
  const shaped =
    translations.length === 0
      ? ''
      : `; ${translations.map((file) => file.replace(/^.*\//, '')).join(', ')}: the same tasks, hints (naming the same tests), named examples and code as the English`;
  const rule = `${files}: a "### Task N: Title (P points)" heading per task, a "## Pitfalls" section, every named example used by a suite${shaped}`;
  if (text === undefined) return { name: 'lesson text', rule, problems: [`${readmePath(lesson)} does not exist: write the lesson text there`] };
  const problems: string[] = translations.flatMap((file) => translationProblems(root, lesson, file));
  const headings = [...text.matchAll(/^### (Task \d+: .+)$/gm)].map((match) => match[1] as string);
  const expected = lesson.tasks.map((task, index) => `Task ${index + 1}: ${task.title} (${task.points} points)`);
  for (const heading of expected.filter((wanted) => !headings.includes(wanted)))
    problems.push(`no heading "### ${heading}" (the title and points come from lesson.json)`);
  for (const heading of headings.filter((found) => !expected.includes(found))) problems.push(`the heading "### ${heading}" matches no task of lesson.json`);
  if (!/^## Pitfalls$/m.test(text)) problems.push('no "## Pitfalls" section naming the classic mistakes (the suite must fail on each of them)');
  const suites = [suitePath(lesson), hiddenSuitePath(lesson)].map((path) => read(root, path) ?? '').join('\n');
  const known = lessonExamples(lesson, root);
  const named = [readmePath(lesson), ...appendices].flatMap((path) => [...readExamples(read(root, path) ?? '').keys()].map((name) => ({ name, path })));
  for (const { name, path } of named.filter((entry) => known.get(entry.name)?.file !== entry.path))
    problems.push(`${path} names an example "${name}" that ${known.get(name)?.file} names already: give each example its own name`);
  for (const [name, example] of known) problems.push(...toolExampleProblems(name, example.text, example.words, example.file));
  const unused = [...known.keys()].filter((name) => !suites.includes(`'${name}'`));
  if (unused.length > 0) problems.push(`examples no test reads (read them with example('${lesson.id}', '…') so text and tests agree): ${unused.join(', ')}`);
  const asked = [...suites.matchAll(/\bexample\(\s*'([\w-]+)'\s*,\s*'([\w-]+)'\s*\)/g)]
    .filter((match) => match[1] === lesson.id)
    .map((match) => match[2] as string);
  for (const name of new Set(asked.filter((wanted) => !known.has(wanted))))
    problems.push(`a suite reads the example "${name}", which the text does not have (a fence \`\`\`text example=${name})`);
  return { name: 'lesson text', rule, problems };
}

/** A workbook tool whose output a named example may show (```text example=NAME words=TOOL): its command, and its words. */
interface ToolWords {
  command: string;
  /** The tool's English output `english` as the tool prints it in `language`, or undefined when `english` is not its output. */
  inLanguage: (english: string, language: Language) => string | undefined;
}

/** The tools a fence's words= can name. */
const TOOL_WORDS: ReadonlyMap<string, ToolWords> = new Map([
  ['arena', { command: 'npm run arena', inLanguage: (english: string, language: Language) => arenaTextIn(english, arenaWords(translator(language))) }],
]);

/** What is wrong with an English example marked as a tool's output: a tool that does not exist, or text the tool does not print. */
function toolExampleProblems(name: string, text: string, words: string | undefined, file: string): string[] {
  if (words === undefined) return [];
  const tool = TOOL_WORDS.get(words);
  if (tool === undefined)
    return [
      `${file}'s example "${name}" says words=${words}, which names no tool: write ${[...TOOL_WORDS.keys()].map((each) => `words=${each}`).join(' or ')}, or nothing for the program's own output`,
    ];
  if (tool.inLanguage(text, 'en') !== text)
    return [`${file}'s example "${name}" says words=${words}, but it is not what ${tool.command} prints: copy it from ${tool.command}'s output`];
  return [];
}

/** A lesson's translations, relative to the workbook root: lesson.ru.json, README.ca.md, games.zh.md…, in name order. */
function translationFiles(root: string, lesson: Lesson): string[] {
  const folder = join(root, 'lessons', lesson.id);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => translationLanguage(name) !== undefined)
    .sort()
    .map((name) => `lessons/${lesson.id}/${name}`);
}

/** What keeps one translation from having its English file's shape. */
function translationProblems(root: string, lesson: Lesson, file: string): string[] {
  const language = translationLanguage(file) as string;
  const english = file.replace(`.${language}.`, '.');
  const original = read(root, english);
  if (original === undefined) return [`${file} translates ${english}, which does not exist: name a translation after its English file`];
  const translated = read(root, file) ?? '';
  return file.endsWith('.json')
    ? metadataTranslationProblems(lesson, file, translated)
    : markdownTranslationProblems(english, original, file, translated, language as Language);
}

/**
 * A lesson.<lang>.json against lesson.json: a title, as many tasks, each with a title and as many
 * hints, and each hint naming exactly the tests (by their English names) its English hint names.
 */
function metadataTranslationProblems(lesson: Lesson, file: string, text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return [`${file} is not valid JSON: ${(error as Error).message}`];
  }
  const { title, tasks } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { title?: unknown; tasks?: unknown };
  const problems: string[] = [];
  if (typeof title !== 'string') problems.push(`${file} has no "title" text: translate the lesson's title`);
  const translated = Array.isArray(tasks) ? (tasks as unknown[]) : [];
  if (translated.length !== lesson.tasks.length) {
    problems.push(`${file} has ${translated.length} tasks; lesson.json has ${lesson.tasks.length}: translate each task, in the same order`);
    return problems;
  }
  for (const [index, task] of lesson.tasks.entries()) {
    const where = `${file}: task ${index + 1}`;
    const entry = (translated[index] ?? {}) as { title?: unknown; hints?: unknown };
    if (typeof entry.title !== 'string') problems.push(`${where} has no "title" text`);
    const hints = Array.isArray(entry.hints) ? (entry.hints as unknown[]) : [];
    if (hints.length !== task.hints.length) {
      problems.push(`${where} has ${hints.length} hints; lesson.json has ${task.hints.length}: translate each hint, in the same order`);
      continue;
    }
    for (const [position, hint] of hints.entries()) {
      const tests = task.hintTests?.[position] ?? [];
      const { text: hintText, tests: named } = (typeof hint === 'string' ? { text: hint } : (hint ?? {})) as { text?: unknown; tests?: unknown };
      if (typeof hintText !== 'string') problems.push(`${where}'s hint ${position + 1} has no text`);
      if (JSON.stringify(named ?? []) !== JSON.stringify(tests)) {
        problems.push(
          tests.length === 0
            ? `${where}'s hint ${position + 1} names tests, but lesson.json's is about the whole task: write it as a text alone`
            : `${where}'s hint ${position + 1} must name the tests lesson.json's names, in English and in the same order: ${JSON.stringify(tests)}`,
        );
      }
    }
  }
  return problems;
}

/** Fenced blocks whose text is code: compared without their comments, which a translation may translate. */
const CODE_FENCES = new Set(['ts', 'typescript', 'js', 'javascript', 'tsx', 'json', 'sh', 'bash', 'shell', 'console']);

/** Every fenced block of a Markdown text that is no named example: its fence's language and its text. */
function fencedBlocks(markdown: string): Array<{ fence: string; text: string }> {
  return [...markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm)]
    .filter((match) => !/\bexample=/.test(match[1] as string))
    .map((match) => ({ fence: (match[1] as string).trim().split(/\s+/)[0] ?? '', text: match[2] as string }));
}

/** Code without its comments and blank lines: what a translation must keep character for character. */
function codeWithoutComments(fence: string, code: string): string {
  const comment = ['sh', 'bash', 'shell', 'console'].includes(fence) ? /(^|\s)#.*$/gm : /\/\*[\s\S]*?\*\/|(^|\s)\/\/.*$/gm;
  return code
    .replace(comment, '$1')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * A translated Markdown text against its English one: the same named examples, character for
 * character (a tool's output, words=TOOL, as the tool prints it in the translation's language), and
 * the same code blocks in the same order.
 */
function markdownTranslationProblems(english: string, original: string, file: string, translated: string, language: Language): string[] {
  const problems: string[] = [];
  const [ours, theirs] = [readExampleFences(original), readExampleFences(translated)];
  for (const [name, example] of ours) {
    const their = theirs.get(name);
    const tool = example.words === undefined ? undefined : TOOL_WORDS.get(example.words);
    const expected = tool?.inLanguage(example.text, language) ?? example.text;
    const how =
      tool === undefined
        ? 'copy it unchanged, character for character (examples show what the program prints)'
        : `write it as ${tool.command} prints it in ${LANGUAGE_NAMES[language]}, character for character (words=${example.words}):\n${expected}`;
    if (their === undefined)
      problems.push(
        `${file} lacks the example "${name}" of ${english}: ${tool === undefined ? 'copy it unchanged (examples show what the program prints)' : how}`,
      );
    else if (their.words !== example.words)
      problems.push(
        `${file}'s example "${name}" ${their.words === undefined ? 'has no words=' : `says words=${their.words}`}; ${english}'s ${example.words === undefined ? 'has none' : `says words=${example.words}`}: mark its fence as the English does`,
      );
    else if (their.text !== expected) problems.push(`${file}'s example "${name}" differs from ${english}'s: ${how}`);
  }
  for (const name of [...theirs.keys()].filter((each) => !ours.has(each))) problems.push(`${file} has an example "${name}" that ${english} does not have`);
  const [englishBlocks, translatedBlocks] = [fencedBlocks(original), fencedBlocks(translated)];
  if (englishBlocks.length !== translatedBlocks.length) {
    problems.push(`${file} has ${translatedBlocks.length} code blocks; ${english} has ${englishBlocks.length}: keep every block, in the same order`);
    return problems;
  }
  for (const [index, block] of englishBlocks.entries()) {
    const their = translatedBlocks[index] as { fence: string; text: string };
    if (their.fence !== block.fence) problems.push(`${file}'s code block ${index + 1} is \`\`\`${their.fence}; ${english}'s is \`\`\`${block.fence}`);
    else if (CODE_FENCES.has(block.fence) && codeWithoutComments(block.fence, their.text) !== codeWithoutComments(block.fence, block.text))
      problems.push(
        `${file}'s code block ${index + 1} (\`\`\`${block.fence}) differs from ${english}'s in more than its comments: translate only the comments`,
      );
  }
  return problems;
}

/** The suites: the visible one exists and groups its tests with this lesson's tasks. */
function suiteCheck(root: string, lesson: Lesson): Check {
  const rule = `${suitePath(lesson)}: tests grouped with lessonTasks('${lesson.id}') and imports through @workbook/${lesson.id}/…; a hidden suite marks its tasks hidden and imports the visible suite`;
  const suite = read(root, suitePath(lesson));
  if (suite === undefined) return { name: 'suites', rule, problems: [`${suitePath(lesson)} does not exist: write the graded suite there`] };
  const problems: string[] = [];
  for (const path of [suitePath(lesson), hiddenSuitePath(lesson)]) {
    const text = read(root, path);
    if (text === undefined) continue;
    const hidden = path === hiddenSuitePath(lesson);
    const call = hidden ? `lessonTasks('${lesson.id}', { hidden: true })` : `lessonTasks('${lesson.id}')`;
    if (!text.includes(call)) problems.push(`${path} does not call ${call}: without it its tests belong to no task and earn nothing`);
    if (hidden && !new RegExp(`^import '\\.\\./${lesson.id}\\.test\\.ts';$`, 'm').test(text))
      problems.push(
        `${path} does not import '../${lesson.id}.test.ts': run on its own, a hidden suite runs the lesson's visible tests first (the grader loads the visible suite before it, and the import then adds no test)`,
      );
    if (/from\s+['"]\.\.\/(\.\.\/)?(lessons|solutions)\//.test(text))
      problems.push(`${path} imports a lesson file by path: import it as @workbook/${lesson.id}/<module>, so it is graded sealed off`);
  }
  return { name: 'suites', rule, problems };
}

/** The exercise files are what `npm run stubs` writes from the solutions. */
function stubsCheck(root: string, lesson: Lesson): Check {
  const rule = `lessons/${lesson.id}/: the exercise files are what npm run stubs writes from solutions/${lesson.id}/`;
  try {
    const stale = planStubs(root, [lesson]).filter((plan) => plan.status !== 'same');
    return {
      name: 'stubs',
      rule,
      problems: stale.map(
        (plan) =>
          `${plan.exercise} is ${plan.status === 'edited' ? 'edited by hand' : plan.status === 'new' ? 'not written yet' : 'out of date'}: run npm run stubs${plan.status === 'edited' ? ' -- --force' : ''}`,
      ),
    };
  } catch (error) {
    return { name: 'stubs', rule, problems: [error instanceof MarkerError ? error.message : String(error)] };
  }
}

/** The README's table of lessons has the lesson's row. */
function readmeTableCheck(root: string, lesson: Lesson): Check {
  const row = readmeRow(lesson);
  const readme = read(root, 'README.md') ?? '';
  return {
    name: 'readme table',
    rule: "README.md's table of lessons has the lesson's row",
    problems: readme.includes(row) ? [] : [`README.md's table under "## Lessons" has no row for lesson ${lesson.number}. Add this line to it:\n${row}`],
  };
}

/** The checks that need no test run. */
export function staticChecks(root: string, lesson: Lesson, all: Lesson[] = listLessons(root)): Check[] {
  return [metadataCheck(root, lesson, all), textCheck(root, lesson), suiteCheck(root, lesson), stubsCheck(root, lesson), readmeTableCheck(root, lesson)];
}

/** What the suites (visible and hidden) gave on the reference and on the stubs, for one lesson. */
export interface SuiteRuns {
  onReference: LessonScore;
  onStubs: LessonScore;
}

/** The suites' rules: 100% on the reference; every task has tests; every test belongs to a task and fails on the stubs. */
export function runChecks(root: string, lesson: Lesson, runs: SuiteRuns): Check[] {
  const hidden = existsSync(join(root, hiddenSuitePath(lesson)));
  const suites = hidden ? `${suitePath(lesson)} and ${hiddenSuitePath(lesson)}` : suitePath(lesson);
  const reference = runs.onReference;
  const failing = reference.run.tests.filter((test) => test.status !== 'passed');
  const referenceProblems = [
    ...(reference.run.problem === undefined ? [] : [`running the suites on the reference: ${describeProblem(reference)}`]),
    ...failing.map((test) => `${test.hidden ? '(hidden) ' : ''}${test.name}: ${(test.failure && failureText(test.failure))?.split('\n')[0] ?? test.status}`),
    ...reference.run.tests.filter((test) => test.task === 0).map((test) => `${test.name} belongs to no task: put it inside task(n, …)`),
    ...hintTestProblems(lesson, reference),
  ];
  const stubs = runs.onStubs;
  const passing = stubs.run.tests.filter((test) => test.status === 'passed');
  const stubProblems = [
    ...(stubs.run.problem === undefined ? [] : [`running the suites on the stubs: ${describeProblem(stubs)}`]),
    ...stubs.tasks.filter((task) => task.total === 0).map((task) => `task ${task.number} ("${task.title}") has no tests`),
    ...passing.map((test) => `${test.hidden ? '(hidden) ' : ''}${test.name} passes on the stub: it must fail until the student writes the code`),
  ];
  const count = (score: LessonScore, hiddenOnly: boolean): number => score.run.tests.filter((test) => test.hidden === hiddenOnly).length;
  return [
    {
      name: 'reference',
      rule: `${suites} pass 100% on solutions/${lesson.id}/ (${count(reference, false)} tests${hidden ? ` and ${count(reference, true)} hidden` : ''}); every test a hint names is one of them`,
      problems: referenceProblems,
    },
    {
      name: 'stub fails',
      rule: `every test of every task fails on the stub (${stubs.run.tests.length} tests in ${stubs.tasks.length} tasks)`,
      problems: stubProblems,
    },
  ];
}

/** A hint of lesson.json that names a test which is not a visible test of the hint's task, by its exact name: hints and tests must stay in step. */
function hintTestProblems(lesson: Lesson, reference: LessonScore): string[] {
  const problems: string[] = [];
  for (const [index, task] of lesson.tasks.entries()) {
    const names = new Set(reference.run.tests.filter((test) => test.task === index + 1 && !test.hidden).map((test) => test.name));
    for (const [hint, tests] of (task.hintTests ?? []).entries()) {
      for (const name of tests.filter((each) => !names.has(each)))
        problems.push(
          `task ${index + 1}'s hint ${hint + 1} names the test "${name}", which is no visible test of task ${index + 1} in ${suitePath(lesson)}: use its exact name`,
        );
    }
  }
  return problems;
}

function describeProblem(score: LessonScore): string {
  const problem = score.run.problem;
  if (problem === undefined) return '';
  if (problem.kind === 'load-error') return `a suite could not load: ${problem.failure.message.split('\n')[0]}`;
  if (problem.kind === 'timeout') return `stopped after ${problem.limitMs / 1000} s`;
  return crashMessage(problem).split('\n')[0] ?? '';
}

/**
 * Writes every lesson's stub (and those of the lessons it builds on) into a new folder, as `npm run
 * stubs` would write them into lessons/, so the suites can run on the stubs.
 */
export function writeStubFolder(root: string, lessons: Lesson[]): string {
  const folder = mkdtempSync(join(tmpdir(), 'workbook-stubs-'));
  for (const plan of planStubs(root, lessons)) {
    const path = join(folder, plan.exercise.replace(/^lessons\//, ''));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, plan.derived);
  }
  return folder;
}

/** Runs the lessons' suites, hidden ones too, on the reference and on the stubs, in one test run. */
export async function runSuites(root: string, lessons: Lesson[], all: Lesson[] = listLessons(root)): Promise<Map<string, SuiteRuns>> {
  const stubs = writeStubFolder(root, withPrerequisites(lessons, all));
  try {
    const [onReference = [], onStubs = []] = await runTargets({ root, targets: [join(root, 'solutions'), stubs], lessons, hidden: true, referenceIndex: 0 });
    const score = (runs: LessonRun[], lesson: Lesson, index: number): LessonScore => scoreLesson(lesson, runs[index] as LessonRun);
    return new Map(lessons.map((lesson, index) => [lesson.id, { onReference: score(onReference, lesson, index), onStubs: score(onStubs, lesson, index) }]));
  } finally {
    rmSync(stubs, { recursive: true, force: true });
  }
}

/** Every check of one lesson: the quick ones, then, when it has a reference and a suite, the suites' on both. */
export async function checkLesson(root: string, id: string): Promise<{ lesson?: Lesson; checks: Check[] }> {
  let lesson: Lesson;
  try {
    lesson = readLesson(id, root);
  } catch (error) {
    return { checks: [{ name: 'lesson.json', rule: `lessons/${id}/lesson.json is readable and complete`, problems: [(error as Error).message] }] };
  }
  const all = listLessons(root);
  const checks = staticChecks(root, lesson, all);
  if (!existsSync(join(root, suitePath(lesson))) || lesson.files.some((file) => !existsSync(join(root, 'solutions', lesson.id, file))))
    return { lesson, checks };
  const runs = (await runSuites(root, [lesson], all)).get(lesson.id) as SuiteRuns;
  return { lesson, checks: [...checks, ...runChecks(root, lesson, runs)] };
}
