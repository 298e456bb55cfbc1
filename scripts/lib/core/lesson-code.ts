/**
 * Which earlier lessons' own code a lesson runs. A lesson "builds on" every lesson it imports from
 * (lesson.json's buildsOn), but importing a type or a constant the file hands out runs none of the
 * student's code there. A lesson runs lesson P's code when its exercise file imports something the
 * student writes in P (a function, a class, a table of data) or when its graded suites call P's
 * module themselves. Only then can an unfinished P be why this lesson fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { holdsStub } from './stub-error.ts';
import { keptStubPath } from './stubs.ts';
import { hiddenSuitePath, readLesson, ROOT, suitePath, type Lesson } from './workbook.ts';

/** What the student writes: a solution block, or (in a student edition, which has no solutions) a stub that throws. */
const SOLUTION_BLOCK = /^\s*\/\/ BEGIN SOLUTION (?!ONLY\s*$)\S/m;

/** A top-level export and its name: `export function f`, `export class C`, `export const X`. */
const EXPORT = /^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/;

const cache = new Map<string, string[]>();

/** The lessons among `lesson.buildsOn` whose student-written code this lesson runs, in buildsOn order. */
export function runsCodeOf(lesson: Lesson, root = ROOT): string[] {
  const key = `${root}\0${lesson.id}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const runs = lesson.buildsOn.filter((id) => suitesCall(root, lesson, id) || importsWrittenCode(root, lesson, id));
  cache.set(key, runs);
  return runs;
}

/** True when a suite of the lesson (visible or hidden) imports a value (not only types) from a module of the earlier lesson. */
function suitesCall(root: string, lesson: Lesson, earlier: string): boolean {
  return [suitePath(lesson), hiddenSuitePath(lesson)].some((path) => importedValues(readIfThere(join(root, path)), `@workbook/${earlier}/`).length > 0);
}

/** True when the lesson's exercise files import a name the student writes in the earlier lesson. */
function importsWrittenCode(root: string, lesson: Lesson, earlier: string): boolean {
  const written = writtenNames(root, earlier);
  return lesson.files.some((file) => importedValues(trustedSource(root, lesson.id, file), `../${earlier}/`).some((name) => written.has(name)));
}

/** The exported names of a lesson whose declaration holds code the student writes. */
function writtenNames(root: string, id: string): Set<string> {
  const names = new Set<string>();
  const lesson = readLessonIfThere(root, id);
  for (const file of lesson?.files ?? []) {
    for (const declaration of topLevelDeclarations(trustedSource(root, id, file))) {
      if (SOLUTION_BLOCK.test(declaration.text) || holdsStub(declaration.text)) names.add(declaration.name);
    }
  }
  return names;
}

/** Each exported top-level declaration with its text, up to the line that closes it at the left margin. */
function topLevelDeclarations(source: string): Array<{ name: string; text: string }> {
  const lines = source.split('\n');
  const found: Array<{ name: string; text: string }> = [];
  lines.forEach((line, index) => {
    const name = EXPORT.exec(line)?.[1];
    if (name === undefined) return;
    const closing = /[{[(]\s*$/.test(line) ? lines.findIndex((later, at) => at > index && /^(?:[}\]]|\);)/.test(later)) : index;
    found.push({ name, text: lines.slice(index, closing === -1 ? undefined : closing + 1).join('\n') });
  });
  return found;
}

/** The names (not types) a source imports from modules whose path starts with `from` ("../01-board/"). */
function importedValues(source: string, from: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/^import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/gm)) {
    if (match[1] !== undefined || !(match[3] as string).startsWith(from)) continue;
    for (const part of (match[2] as string).split(',')) {
      const item = part.trim();
      if (item === '' || item.startsWith('type ')) continue;
      names.push(item.split(/\s+as\s+/)[0] as string);
    }
  }
  return names;
}

/** The copy of an exercise file that shows what the student writes: the reference, else the stub a student edition keeps, else the file itself. */
function trustedSource(root: string, id: string, file: string): string {
  for (const path of [join(root, 'solutions', id, file), keptStubPath(root, id, file), join(root, 'lessons', id, file)]) {
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  return '';
}

function readIfThere(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

function readLessonIfThere(root: string, id: string): Lesson | undefined {
  try {
    return readLesson(id, root);
  } catch {
    return undefined;
  }
}
