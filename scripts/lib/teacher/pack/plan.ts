/**
 * Student editions (`npm run pack`), planned: which lessons go in and how (stubs, or finished code for
 * lessons released as solved and for lessons an assigned one builds on), which commands students get,
 * and every file's content, worked out before anything is written (write.ts writes and leak-checks it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { STATE_DIR } from '../../core/progress.ts';
import { deriveStub, finishedSource, hashText } from '../../core/stubs.ts';
import { listLessons, readmePath, suitePath, translatedName, translationLanguage, UsageError, withPrerequisites, type Lesson } from '../../core/workbook.ts';
import { importClosure } from './closure.ts';
import { listFiles } from './files.ts';
import { isTeacherOnly } from './leaks.ts';
import { PACK_MANIFEST, type PackManifest } from './manifest.ts';
import type { PackPlan } from './plan-types.ts';
import { studentGuide, studentReadme } from './readme.ts';
import { isTranslatedText, translatedLessonJson, withPlainNames } from './language.ts';
import { lessonIn, translationPath } from '../../i18n/lesson-text.ts';
import { textsOf } from '../../i18n/test-titles.ts';
import { LANGUAGE_NAMES, SOURCE_LANGUAGE, type Language } from '../../core/languages.ts';
import { translator } from '../../i18n/messages.ts';
import { neededSupport } from './support.ts';
import { commentTranslations, translateComments } from './code-comments.ts';

export type { PackPlan } from './plan-types.ts';

/** The npm scripts a student edition may keep (each only when its files are in the pack). */
export const STUDENT_COMMANDS = ['check', 'hint', 'reset', 'watch', 'ui', 'play', 'arena', 'site'] as const;

/**
 * Lessons a command needs that its imports do not show (it loads the student's files by path while
 * it runs), as sets of which any one will do: without any of them in the pack, the command is left
 * out. `play` plays lesson 04's game, which is built on lessons 01 to 03, or with --tutorial lesson
 * 08's games.
 */
const COMMAND_LESSONS: Record<string, string[][]> = {
  play: [['01-board', '02-input', '03-win', '04-game'], ['08-tutorials']],
  arena: [['06-computer', '07-search']],
};

/** Why a command cannot run with the lessons in a pack, or undefined when one set of the lessons it needs is there. */
function absentLessonsReason(command: string, included: Lesson[]): string | undefined {
  const needs = COMMAND_LESSONS[command] ?? [];
  const absent = needs.map((set) => set.filter((id) => !included.some((lesson) => lesson.id === id)));
  if (absent.length === 0 || absent.some((set) => set.length === 0)) return undefined;
  const sets = needs.map((set) => `${set.length === 1 ? 'lesson' : 'lessons'} ${set.join(', ')}`);
  return `it needs ${sets.join(' or ')}, which this pack does not hold`;
}

/** A pack that must not be handed out: what is wrong, file by file. */
export class PackError extends Error {}

/**
 * Works out a student edition: the lessons named, the ones released as solved, and everything else
 * it needs, with its lesson texts, README and commands in `language`.
 */
export function planPack(
  root: string,
  named: Lesson[],
  solvedNamed: Lesson[],
  all: Lesson[] = listLessons(root),
  language: Language = SOURCE_LANGUAGE,
): PackPlan {
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
      neededBy: [...named, ...solvedNamed].filter((user) => withPrerequisites([user], all).some((needed) => needed.id === lesson.id)).map((user) => user.id),
    }));
  const finishedIds = new Set([...solved, ...given.map((entry) => entry.lesson)].map((lesson) => lesson.id));

  const files = new Map<string, Buffer>();
  const warnings: string[] = [];
  const put = (path: string, content: string | Buffer): void => {
    files.set(path, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  };
  const copy = (path: string): void => put(path, readFileSync(join(root, path)));

  const titles = new Map<string, string>();
  for (const lesson of included) {
    const folder = `lessons/${lesson.id}`;
    for (const name of listFiles(root, folder)) {
      const file = posix.relative(folder, name);
      if (lesson.files.includes(file) || translationLanguage(file) !== undefined) continue;
      if (language === SOURCE_LANGUAGE || !isTranslatedText(file)) {
        copy(name);
        continue;
      }
      const translation = `${folder}/${translatedName(file, language)}`;
      if (!existsSync(join(root, translation))) {
        throw new PackError(`${translation} does not exist, so lesson ${lesson.id} cannot be packed in ${LANGUAGE_NAMES[language]} (--lang ${language}).`);
      }
      if (file === 'lesson.json') {
        const translated = lessonIn(lesson, language, root);
        titles.set(lesson.id, translated.title);
        const words = {
          tests: Object.fromEntries(textsOf(lesson, language, 'tests', root)),
          labels: Object.fromEntries(textsOf(lesson, language, 'labels', root)),
        };
        put(name, translatedLessonJson(readFileSync(join(root, name), 'utf8'), translated, words));
      } else {
        put(name, withPlainNames(readFileSync(join(root, translation), 'utf8'), language));
      }
    }
    if (!existsSync(join(root, readmePath(lesson)))) warnings.push(`${readmePath(lesson)} does not exist yet: the pack has no lesson text for ${lesson.id}.`);
    for (const file of lesson.files) {
      const solutionPath = `solutions/${lesson.id}/${file}`;
      if (!existsSync(join(root, solutionPath))) {
        throw new PackError(`${solutionPath} does not exist, so lesson ${lesson.id} cannot be packed (its stub and its finished code come from there).`);
      }
      const solution = readFileSync(join(root, solutionPath), 'utf8');
      const finished = finishedIds.has(lesson.id);
      const code = translateComments(
        finished ? finishedSource(solution, solutionPath) : deriveStub(solution, solutionPath),
        commentTranslations(lesson, language, root),
      );
      if (language !== SOURCE_LANGUAGE && code.missing.length > 0) warnings.push(untranslatedComments(`${folder}/${file}`, code.missing, lesson, language));
      put(`${folder}/${file}`, code.text);
      if (!finished) put(`${STATE_DIR}/stubs/${lesson.id}/${file}`, code.text);
    }
    if (existsSync(join(root, suitePath(lesson)))) copy(suitePath(lesson));
    else warnings.push(`${suitePath(lesson)} does not exist yet: lesson ${lesson.id} cannot be graded in the pack.`);
  }
  for (const name of listFiles(root, 'scripts/lib')) if (!isTeacherOnly(name)) copy(name);
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
    const absentLessons = absentLessonsReason(command, included);
    if (absentLessons !== undefined) {
      dropped.push({ command, reason: absentLessons });
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

  // The visible suites' support: only the files the pack's code imports, and their data for the lessons in the pack.
  for (const path of neededSupport(root, files, included)) copy(path);

  // The graded suites, their helpers and the config must load inside the pack.
  const broken = [...files.keys()]
    .filter((path) => /^(tests\/|vitest\.config\.ts$)/.test(path) && path.endsWith('.ts'))
    .flatMap((path) => {
      const closure = importClosure(root, path, files);
      const absent = [...closure.missing, ...closure.needed.filter((needed) => !files.has(needed))];
      return absent.map((missing) => `${path} needs ${missing}`);
    });
  if (broken.length > 0) throw new PackError(`The pack would not run:\n  ${[...new Set(broken)].join('\n  ')}`);

  const plan: PackPlan = { root, language, assigned, solved, given, included, commands, dropped, files, warnings };
  put('package.json', studentPackageJson(teacherPackage, commands, language));
  const titled = (lesson: Lesson): Lesson => ({ ...lesson, title: titles.get(lesson.id) ?? lesson.title });
  const inLanguage: PackPlan = { ...plan, assigned: assigned.map(titled), solved: solved.map(titled), included: included.map(titled) };
  put('README.md', studentReadme(inLanguage, readFileSync(join(root, studentGuide(language)), 'utf8'), language));
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

/** The warning for an exercise file whose comments a translation does not all word: they stay English in the edition. */
function untranslatedComments(exercise: string, missing: string[], lesson: Lesson, language: Language): string {
  const first = (missing[0] ?? '').split('\n')[0];
  return `${exercise} keeps ${missing.length === 1 ? 'a comment' : `${missing.length} comments`} in English ("${first}"${missing.length > 1 ? ', …' : ''}): ${translationPath(lesson, language)} has no "comments" entry for ${missing.length === 1 ? 'it' : 'them'}.`;
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

/**
 * The teacher's package.json with only the student commands, the description in the edition's
 * language, and that language recorded (`editionLanguage` reads it: every student command speaks it).
 */
function studentPackageJson(teacher: Record<string, unknown>, commands: string[], language: Language): string {
  const scripts = (teacher.scripts ?? {}) as Record<string, string>;
  const kept = Object.fromEntries(commands.map((command) => [command, scripts[command] as string]));
  const description = language === SOURCE_LANGUAGE ? teacher.description : translator(language)('pack.readme.description');
  return `${JSON.stringify({ ...teacher, description, scripts: kept, workbook: { language } }, null, 2)}\n`;
}
