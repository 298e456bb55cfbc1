/**
 * The code's layout, as docs/architecture.md draws it: the grader's folders name the processes its
 * code runs in, and an import only points down from one to another (to what they agree on in
 * contracts/, or to core/); no import in scripts/ runs in a circle; core/ imports none of the folders
 * built on it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/core/workbook.ts';

/** Every code file under a folder, as paths from the workbook's root. */
function codeFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return codeFiles(path);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The files a file imports by a relative path: static imports and re-exports, `import()` calls with a
 * literal, and JSDoc `import('…')` types (a type tie is a tie too).
 */
function importsOf(file: string): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)].map((match) => match[1] as string);
  return [...new Set(specifiers.map((specifier) => relative(ROOT, resolve(ROOT, dirname(file), specifier))))];
}

const FILES = codeFiles('scripts');
const GRAPH = new Map(FILES.map((file) => [file, importsOf(file)]));

/** The grader's folders, each with the folders of the grader it may import. */
const GRADER_MAY_IMPORT: Record<string, string[]> = {
  command: ['contracts'],
  child: ['pump', 'contracts'],
  worker: ['pump', 'contracts'],
  pump: ['contracts'],
  contracts: [],
  sandbox: ['contracts'],
};

/** The folder of scripts/lib a file is in ("core", "grader/worker", …), or undefined outside it. */
function placeOf(file: string): string | undefined {
  const parts = relative('scripts/lib', file).split('/');
  if (parts[0] === '..' || parts.length < 2) return undefined;
  return parts[0] === 'grader' ? `grader/${parts[1]}` : parts[0];
}

describe('the grader by process', () => {
  test('every folder of the grader is a process or the contracts between them', () => {
    const folders = readdirSync(join(ROOT, 'scripts/lib/grader'), { withFileTypes: true });
    expect(folders.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
    expect(folders.map((entry) => entry.name).sort()).toEqual(Object.keys(GRADER_MAY_IMPORT).sort());
  });

  test('an import of the grader points down: to a folder below it, to core/, or within its own folder', () => {
    const wrong = FILES.filter((file) => placeOf(file)?.startsWith('grader/')).flatMap((file) => {
      const own = (placeOf(file) as string).slice('grader/'.length);
      const allowed = new Set([own, ...(GRADER_MAY_IMPORT[own] ?? [])].map((folder) => `grader/${folder}`));
      return (GRAPH.get(file) ?? [])
        .filter((target) => !(allowed.has(placeOf(target) ?? '') || placeOf(target) === 'core'))
        .map((target) => `${file} → ${target}`);
    });
    expect(wrong).toEqual([]);
  });
});

test('core/ imports nothing built on it', () => {
  const wrong = FILES.filter((file) => placeOf(file) === 'core').flatMap((file) =>
    (GRAPH.get(file) ?? []).filter((target) => placeOf(target) !== 'core').map((target) => `${file} → ${target}`),
  );
  expect(wrong).toEqual([]);
});

test('no import in scripts/ runs in a circle', () => {
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      circles.push([...path.slice(path.indexOf(file)), file].join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const target of GRAPH.get(file) ?? []) visit(target, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of FILES) visit(file, []);
  expect(circles).toEqual([]);
});
