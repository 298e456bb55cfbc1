/**
 * Turns exercise files (TypeScript, ES modules) into CommonJS the sandbox can run, with inline source
 * maps so that errors point at the student's own lines. Compiling only reads the text: none of the
 * hand-in's code runs here. A file that does not parse becomes an error the sandbox raises when the
 * file is imported, worded like the syntax errors the report explains.
 *
 * The grader compiles every graded folder before the suites start (`compileFolder`, written to a
 * file the suites read: see runner.ts); a suite started without the grader compiles for itself.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type { TransformFailure } from 'esbuild';
import { hashText } from '../../core/stubs.ts';
import type { SyntaxErrorDetails } from '../../core/vitest-wording.ts';
import { listLessons, type Lesson } from '../../core/workbook.ts';

/**
 * A compiled exercise file: its code, or why it could not be compiled: the message the sandbox throws
 * when the file is imported, where, and the same as data (`syntax`), which the grader puts into words.
 */
export type CompiledModule = { code: string } | { error: { message: string; location: string; syntax: SyntaxErrorDetails } };

/** Everything a sandbox is booted with: module path → compiled module. */
export type CompiledFolder = Record<string, CompiledModule>;

/**
 * Trusted helpers the suites may have the sandbox run for them, so that the graded code calls them
 * without a crossing each time (an rng, the tiny strategies of lesson 07's audits). Each must be a
 * self-contained file.
 */
const HELPERS = {
  seededRandom: new URL('../../core/seeded-random.ts', import.meta.url),
  strategies: new URL('../../../../tests/support/strategies.ts', import.meta.url),
  pretendPlayer: new URL('../../../../tests/support/pretend-player.ts', import.meta.url),
};

/** Where the helpers sit among the sandbox's modules (outside every hand-in's folder). */
export const HELPER_ROOT = '/workbook-helpers';

/** One file's compilation, and the text it was compiled from (by its hash). */
interface Compilation {
  hash: string;
  shown: string;
  result: CompiledModule;
}

/**
 * The last compilation of each file, reused while its text is the same (watch mode compiles every
 * folder after each save; check and watch also keep them on disk between runs: see writeCompiledFolders).
 */
const lastCompiled = new Map<string, Compilation>();

/** Compiles one file; `path` is where it is, `shown` how messages name it (lessons/01-board/board.ts). */
export function compileExercise(source: string, path: string, shown: string): CompiledModule {
  const hash = hashText(source);
  const last = lastCompiled.get(path);
  if (last !== undefined && last.hash === hash && last.shown === shown) return last.result;
  const result = transformExercise(source, path, shown);
  lastCompiled.set(path, { hash, shown, result });
  return result;
}

/**
 * esbuild's transform, loaded when first needed: the suites' workers import this module but read what
 * the grader compiled, and loading esbuild would cost time in each test file's context.
 */
function esbuildTransform(): typeof import('esbuild').transformSync {
  loadedTransform ??= (createRequire(import.meta.url)('esbuild') as typeof import('esbuild')).transformSync;
  return loadedTransform;
}

let loadedTransform: typeof import('esbuild').transformSync | undefined;

/**
 * How esbuild compiles an exercise file (besides its name). `import()` becomes a `require`, so that the
 * sandbox's list of allowed modules holds for it too (Node's own import() would load any module).
 */
const TRANSFORM_OPTIONS = {
  loader: 'ts',
  format: 'cjs',
  target: 'node20',
  supported: { 'dynamic-import': false },
  sourcemap: 'inline',
  logLevel: 'silent',
} as const;

/** Compiles one file with esbuild, or says where its syntax error is. */
function transformExercise(source: string, path: string, shown: string): CompiledModule {
  try {
    const result = esbuildTransform()(source, { ...TRANSFORM_OPTIONS, sourcefile: path });
    return { code: `"use strict";${result.code}` };
  } catch (error) {
    const first = (error as TransformFailure).errors?.[0];
    if (first === undefined)
      return { error: { message: String(error), location: `${path}:1:1`, syntax: { what: String(error), file: shown, line: 1, column: 1 } } };
    const line = first.location?.line ?? 1;
    const column = (first.location?.column ?? 0) + 1;
    const code = first.location?.lineText ?? '';
    const codeLine = ` ${line} │ ${code}`;
    const message = ['Transform failed with 1 error:', `[PARSE_ERROR] ${first.text}`, `  ╭─[ ${shown}:${line}:${column} ]`, codeLine].join('\n');
    return { error: { message, location: `${path}:${line}:${column}`, syntax: { what: first.text, file: shown, line, column, codeLine } } };
  }
}

/**
 * The helpers and every exercise file of `lessons` found in a graded folder (plain files only),
 * compiled. Paths in messages are shown relative to the folder above it (lessons/01-board/board.ts).
 */
export function compileFolder(folder: string, lessons: Lesson[] = listLessons()): CompiledFolder {
  const compiled: CompiledFolder = {};
  for (const [name, url] of Object.entries(HELPERS)) {
    const path = `${HELPER_ROOT}/${name}.ts`;
    compiled[path] = compileExercise(readFileSync(url, 'utf8'), path, path);
  }
  for (const lesson of lessons) {
    for (const file of lesson.files) {
      const path = join(folder, lesson.id, file);
      if (!existsSync(path) || !lstatSync(path).isFile()) continue;
      compiled[path] = compileExercise(readFileSync(path, 'utf8'), path, relative(join(folder, '..'), path));
    }
  }
  return compiled;
}

/** The file the compiled folder number `index` is written to, in the grader's own folder `dir`. */
export function compiledFile(dir: string, index: number): string {
  return join(dir, `compiled-${index}.json`);
}

/** The compiled folder number `index` as writeCompiledFolders wrote it into `dir`. */
export function readCompiledFolder(dir: string, index: number): CompiledFolder {
  return JSON.parse(readFileSync(compiledFile(dir, index), 'utf8')) as CompiledFolder;
}

/**
 * Compiles each graded folder into `dir` (the grader's private folder), for the suites to read. With
 * `cacheFile` (check and watch: the student's own workbook), the compilations of the last run are read
 * from there first and this run's are kept there: files not changed since are not compiled again, and
 * esbuild is not even loaded when none changed.
 */
export function writeCompiledFolders(dir: string, folders: string[], lessons: Lesson[], cacheFile?: string): void {
  if (cacheFile !== undefined) readCompileCache(cacheFile);
  const compiled = folders.map((folder) => compileFolder(folder, lessons));
  compiled.forEach((folder, index) => writeFileSync(compiledFile(dir, index), JSON.stringify(folder)));
  if (cacheFile === undefined) return;
  writeCompileCache(
    cacheFile,
    compiled.flatMap((folder) => Object.keys(folder)),
  );
}

/** The file in a workbook's state folder (.workbook/) that keeps the compiled exercise files. */
export function compileCacheFile(stateDir: string): string {
  return join(stateDir, 'compiled.json');
}

/** What a cache file of compilations is valid for: another esbuild, or other compile options, compiles afresh. */
function cacheVersion(): string {
  const esbuild = createRequire(import.meta.url)('esbuild/package.json') as { version: string };
  return `esbuild ${esbuild.version} ${JSON.stringify(TRANSFORM_OPTIONS)}`;
}

/** The text this process last read from or wrote to each cache file (watch mode compiles after every save). */
const cacheTexts = new Map<string, string>();

/** Adds the compilations kept in `file` to those of this process (an unreadable or outdated file adds none). */
function readCompileCache(file: string): void {
  let kept: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    if (text === cacheTexts.get(file)) return;
    cacheTexts.set(file, text);
    kept = JSON.parse(text);
  } catch {
    return;
  }
  const { version, files } = (kept ?? {}) as { version?: unknown; files?: unknown };
  if (version !== cacheVersion() || typeof files !== 'object' || files === null) return;
  for (const [path, compilation] of Object.entries(files)) {
    if (!lastCompiled.has(path) && isCompilation(compilation)) lastCompiled.set(path, compilation);
  }
}

/** True for a compilation as this module writes it. */
function isCompilation(value: unknown): value is Compilation {
  const { hash, shown, result } = (value ?? {}) as {
    hash?: unknown;
    shown?: unknown;
    result?: { code?: unknown; error?: { message?: unknown; location?: unknown; syntax?: { what?: unknown } } };
  };
  const compiled = typeof result?.code === 'string';
  const failed = typeof result?.error?.message === 'string' && typeof result.error.location === 'string' && typeof result.error.syntax?.what === 'string';
  return typeof hash === 'string' && typeof shown === 'string' && (compiled || failed);
}

/** Keeps the compilations of `paths` in `file` (only those: a cache never outgrows one workbook's files). */
function writeCompileCache(file: string, paths: string[]): void {
  const files = Object.fromEntries(paths.flatMap((path) => (lastCompiled.has(path) ? [[path, lastCompiled.get(path)]] : [])));
  const text = JSON.stringify({ version: cacheVersion(), files });
  if (text === cacheTexts.get(file)) return;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    cacheTexts.set(file, text);
  } catch {
    // A read-only workbook (the container recipe in docs/sealed-grading.md) compiles afresh each time.
  }
}
