/**
 * Which files of tests/support/ a pack carries: those its code imports (the visible suites, the
 * files vitest.config.ts loads, the grader and the student commands), followed from file to file,
 * and the data those modules read for the lessons in the pack. A support file only the suites of
 * other lessons use stays out.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Lesson } from '../../core/workbook.ts';
import { importClosure } from './closure.ts';

/** The folder of the visible suites' helpers. */
export const SUPPORT = 'tests/support/';

/**
 * Data a support module reads at run time under a name built from a lesson's id, which its imports
 * cannot show: the module, and where its file for one lesson lives. A pack that carries the module
 * carries the file of each lesson in the pack that has one, and of each lesson whose id the pack's
 * suites and support name in quotes (a support file may read another lesson's digests).
 */
const LESSON_DATA: Record<string, (lessonId: string) => string> = {
  'tests/support/digests.ts': (lessonId) => `tests/support/digests/${lessonId}.json`,
};

/** True for a file that can hold code whose imports a pack follows. */
function isCode(path: string): boolean {
  return (
    /\.(ts|mts|mjs|js)$/.test(path) && !/\.d\.m?ts$/.test(path) && (path.startsWith('tests/') || path.startsWith('scripts/') || path === 'vitest.config.ts')
  );
}

/** The files vitest.config.ts names for vitest to load before every suite (its setupFiles), which no import shows. */
export function configLoads(root: string): string[] {
  const path = join(root, 'vitest.config.ts');
  if (!existsSync(path)) return [];
  const config = readFileSync(path, 'utf8');
  return [...config.matchAll(/setupFiles:\s*\[([^\]]*)\]/g)].flatMap((match) =>
    [...(match[1] as string).matchAll(/['"]([^'"]+)['"]/g)].map((name) => name[1] as string),
  );
}

/** The support files the pack's code needs that it does not hold yet, and the data they read for the lessons included or named. */
export function neededSupport(root: string, files: Map<string, Buffer>, included: Lesson[]): string[] {
  const starts = [...new Set([...[...files.keys()].filter(isCode), ...configLoads(root).filter((path) => existsSync(join(root, path)))])];
  const modules = new Set<string>();
  const held = new Map(files);
  for (const start of starts) {
    if (!held.has(start)) held.set(start, readFileSync(join(root, start)));
    for (const path of importClosure(root, start, held).needed) if (path.startsWith(SUPPORT)) modules.add(path);
  }
  const tests = [...new Set([...[...files.keys()].filter((path) => path.startsWith('tests/') && isCode(path)), ...modules])];
  const named = tests.flatMap((path) => [...(held.get(path) ?? readFileSync(join(root, path))).toString('utf8').matchAll(/['"`](\d\d-[a-z0-9-]+)['"`]/g)]);
  const lessonIds = [...new Set([...included.map((lesson) => lesson.id), ...named.map((match) => match[1] as string)])];
  const data = [...modules].flatMap((module) => {
    const dataOf = LESSON_DATA[module];
    return dataOf === undefined ? [] : lessonIds.map(dataOf).filter((path) => existsSync(join(root, path)));
  });
  return [...modules, ...data].filter((path) => !files.has(path)).sort();
}
