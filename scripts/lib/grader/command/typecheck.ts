/** Type-checks exercise files with TypeScript (tsc in a child process) and sorts the errors by lesson. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { hashText } from '../../core/stubs.ts';
import type { Lesson } from '../../core/workbook.ts';
import { SOURCE_LANGUAGE, type Language } from '../../core/languages.ts';

/** One type error, with the file relative to the folder above the graded one ("lessons/01-board/board.ts"). */
export interface TypeProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * The locale tsc writes its messages in for a language (tsc --locale): TypeScript ships Russian and
 * Chinese ones; a language without one reads tsc in English.
 */
const TSC_LOCALES: Partial<Record<Language, string>> = { ru: 'ru', zh: 'zh-cn' };

/** Type errors per lesson id. */
export type TypeReport = Map<string, TypeProblem[]>;

/**
 * Runs tsc over the exercise files of the lessons in `target`, with the workbook's compiler options.
 * Exercise files need no Node types, so only the language's own library is loaded. With a cache
 * folder, tsc keeps what it learned between runs (incremental), and what it found is kept with the
 * content of every file it read: while none of them has changed, the next check gives the same
 * errors without starting tsc (see storedCheck). Aborting `signal` stops tsc (watch mode does when a
 * newer save makes this check stale). When tsc itself fails to run, the promise is rejected with a
 * TypeCheckError saying how. tsc words its messages in `language` when it has them (TSC_LOCALES); the
 * lines around them ("file(line,col): error TS2322: …") stay the same in every locale.
 */
export function typecheck(
  root: string,
  target: string,
  lessons: Lesson[],
  cacheDir?: string,
  signal?: AbortSignal,
  language: Language = SOURCE_LANGUAGE,
): Promise<TypeReport> {
  const locale = TSC_LOCALES[language];
  const cacheFile = cacheDir === undefined ? undefined : cacheFileFor(root, target, cacheDir, locale);
  const files = lessons
    .flatMap((lesson) => lesson.files.map((file) => join(resolve(target), lesson.id, file)))
    .filter((file) => existsSync(file))
    .concat(join(root, 'scripts', 'lib', 'grader', 'command', 'typecheck-globals.d.ts'));
  const config = {
    extends: join(root, 'tsconfig.json'),
    compilerOptions: {
      types: [],
      lib: ['ES2023'],
      baseUrl: root,
      ...(cacheFile === undefined ? {} : { incremental: true, tsBuildInfoFile: cacheFile }),
    },
    files,
    include: [],
  };
  const resultFile = cacheFile?.replace(/\.tsbuildinfo$/, '.result.json');
  // (What tsc said depends on its locale too; an English check keeps the key it always had.)
  const key = checkKey(root, { ...config, locale });
  const stored = resultFile === undefined ? undefined : storedCheck(resultFile, key);
  if (stored !== undefined) return Promise.resolve(sortByLesson(parseTscOutput(stored, root), target, lessons));
  const folder = mkdtempSync(join(tmpdir(), 'workbook-tsc-'));
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(config));
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const start = checkStart(files);
  return new Promise((done, fail) => {
    // --listFiles: every file the check read, for the stored result (they come after the errors).
    const child = spawn(
      process.execPath,
      [tsc, '--noEmit', '--pretty', 'false', '--listFiles', ...(locale === undefined ? [] : ['--locale', locale]), '-p', folder],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        signal,
      },
    );
    let startError: Error | undefined;
    child.on('error', (error) => {
      // Stopped by `signal` (watch mode: nothing to report), or tsc could not start (reported on close).
      startError = error;
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.on('close', (code, killedBy) => {
      rmSync(folder, { recursive: true, force: true });
      const { read, said } = splitListedFiles(output);
      const problems = parseTscOutput(said, root);
      const failure = signal?.aborted ? undefined : tscFailure(code, killedBy, startError, errors, problems.length, said);
      if (failure === undefined && !signal?.aborted && resultFile !== undefined) storeCheck(resultFile, key, read, said, start);
      if (failure === undefined) done(sortByLesson(problems, target, lessons));
      else fail(new TypeCheckError(failure));
    });
  });
}

/** What a finished check found, with the content of every file it read (see storedCheck). */
interface StoredCheck {
  key: string;
  /** Each file tsc read (the exercise files, the files they import, TypeScript's library) and a hash of its content. */
  files: Array<[string, string]>;
  /** What tsc said, its list of files left out. */
  said: string;
}

/** What decides a check besides the files it reads: its configuration, the workbook's own, and the TypeScript release. */
function checkKey(root: string, config: object): string {
  const typescript = join(root, 'node_modules', 'typescript', 'package.json');
  return hashText(`${JSON.stringify(config)}\0${readOr(join(root, 'tsconfig.json')) ?? ''}\0${readOr(typescript) ?? ''}`);
}

/**
 * What tsc said last time, when the check would be the same: the same configuration, and every file it
 * read then has the same content now (whatever its date: a file copied with an old date is still
 * read). Undefined when anything differs, or nothing was stored. tsc decides from exactly these, so
 * its answer would be the same (see storeCheck for the checks never stored).
 */
function storedCheck(resultFile: string, key: string): string | undefined {
  let stored: StoredCheck;
  try {
    stored = JSON.parse(readFileSync(resultFile, 'utf8')) as StoredCheck;
  } catch {
    return undefined;
  }
  if (stored.key !== key || !Array.isArray(stored.files) || typeof stored.said !== 'string') return undefined;
  for (const [file, hash] of stored.files) {
    if (hashOrUndefined(file) !== hash) return undefined;
  }
  return stored.said;
}

/** What a check starts from: when tsc started, and a hash of each file named in its configuration, taken just before. */
interface CheckStart {
  startedAt: number;
  named: Map<string, string | undefined>;
}

function checkStart(named: string[]): CheckStart {
  return { startedAt: Date.now(), named: new Map(named.map((file) => [file, hashOrUndefined(file)])) };
}

/**
 * Keeps what tsc said with a hash of each file it read. Not when it could not find a module (making that
 * file changes none of the files read), nor when a file changed while tsc ran (what it said may be about
 * the file as it was): a file the configuration names must hash as it did at the start, any other must
 * not have been written since.
 */
function storeCheck(resultFile: string, key: string, read: string[], said: string, start: CheckStart): void {
  if (/error TS(?:2307|2792):/.test(said) || read.length === 0) return;
  const files: StoredCheck['files'] = [];
  for (const file of read) {
    const hash = hashOrUndefined(file);
    // (tsc reads no file in its first 20 ms: Node itself takes longer to start.)
    const changed = start.named.has(file) ? start.named.get(file) !== hash : changedSince(file, start.startedAt + 20);
    if (hash === undefined || changed) return;
    files.push([file, hash]);
  }
  const stored: StoredCheck = { key, files, said };
  try {
    // Whole or not at all: a check running at the same time reads the old result or the new one.
    writeFileSync(`${resultFile}.${process.pid}.tmp`, JSON.stringify(stored));
    renameSync(`${resultFile}.${process.pid}.tmp`, resultFile);
  } catch {
    // Not kept: the next check runs tsc again.
  }
}

/** Separates tsc's --listFiles lines (absolute paths, after its errors) from what it said. */
function splitListedFiles(output: string): { read: string[]; said: string } {
  const read: string[] = [];
  const said: string[] = [];
  for (const line of output.split(/\r?\n/)) {
    if (isAbsolute(line) && !/\(\d+,\d+\): error TS\d+:/.test(line) && existsSync(line)) read.push(line);
    else said.push(line);
  }
  return { read, said: said.join('\n') };
}

/** A hash of a file's content, or undefined when it cannot be read. */
function hashOrUndefined(file: string): string | undefined {
  const text = readOr(file);
  return text === undefined ? undefined : hashText(text);
}

function changedSince(file: string, time: number): boolean {
  try {
    return statSync(file).mtimeMs >= time;
  } catch {
    return true;
  }
}

/** A file's text, or undefined when it cannot be read. */
function readOr(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Where tsc keeps what it learned about one graded folder, in the cache folder: the student's own
 * lessons/ in typecheck.tsbuildinfo, any other folder (the solutions, a hand-in) in a file of its own,
 * so that checking them in turn does not start each afresh; with a locale, in a file of that locale (tsc
 * keeps its messages there as worded). Undefined when the folder cannot be written (a read-only
 * workbook): tsc then checks without a cache.
 */
function cacheFileFor(root: string, target: string, cacheDir: string, locale: string | undefined): string | undefined {
  try {
    mkdirSync(cacheDir, { recursive: true });
  } catch {
    return undefined;
  }
  const ending = locale === undefined ? '.tsbuildinfo' : `.${locale}.tsbuildinfo`;
  if (resolve(target) === resolve(root, 'lessons')) return join(cacheDir, `typecheck${ending}`);
  const key = hashText(resolve(target)).slice(0, 16);
  return join(cacheDir, `typecheck-${key}${ending}`);
}

/** Why tsc did not finish its check, as data, put into words where it is shown (typeCheckFailureWords in report.ts). */
export type TscFailure =
  /** It could not start; `detail`, what the system said. */
  | { kind: 'start'; detail: string }
  /** It was stopped by a signal. */
  | { kind: 'signal'; signal: string }
  /** It ended with `code` without a finished check (it crashed, or stopped on a bad configuration); `said`, the start of what it printed ('' for nothing). */
  | { kind: 'exit'; code: number | null; said: string };

/** tsc did not finish its check: why, as data (its message is the English line, for logs). */
export class TypeCheckError extends Error {
  constructor(readonly failure: TscFailure) {
    super(tscFailureLine(failure));
  }
}

/** A tsc failure in one English line, for logs (the grader reads no catalog: a reader gets typeCheckFailureWords). */
function tscFailureLine(failure: TscFailure): string {
  if (failure.kind === 'start') return `tsc could not start (${failure.detail})`;
  if (failure.kind === 'signal') return `tsc was stopped by ${failure.signal}`;
  return `tsc exited with status ${String(failure.code)}${failure.said === '' ? ' and said nothing' : `: ${failure.said}`}`;
}

/**
 * Why a tsc run says nothing about the code, or undefined when it ran to the end: exit status 0 means
 * no errors, and a non-zero status must come with errors in files (tsc's own crashes print on
 * stderr, and a configuration error has no file).
 */
export function tscFailure(
  code: number | null,
  killedBy: NodeJS.Signals | null,
  startError: Error | undefined,
  stderr: string,
  fileErrors: number,
  stdout: string,
): TscFailure | undefined {
  if (startError !== undefined) return { kind: 'start', detail: startError.message };
  if (killedBy !== null) return { kind: 'signal', signal: killedBy };
  if (code === 0 && stderr.trim() === '') return undefined;
  if (code !== 0 && fileErrors > 0 && stderr.trim() === '') return undefined;
  const said = (stderr.trim() || stdout.trim()).split('\n').slice(0, 3).join(' ').slice(0, 300);
  return { kind: 'exit', code, said };
}

/** Reads tsc's "file(line,col): error TS1234: message" lines (continuation lines are indented). */
export function parseTscOutput(output: string, root: string): Array<TypeProblem & { absolute: string }> {
  const problems: Array<TypeProblem & { absolute: string }> = [];
  for (const line of output.split('\n')) {
    const match = /^(.+)\((\d+),(\d+)\): error TS\d+: (.*)$/.exec(line);
    if (match) {
      const absolute = resolve(root, match[1] as string);
      problems.push({ absolute, file: absolute, line: Number(match[2]), column: Number(match[3]), message: match[4] as string });
    } else if (/^\s+\S/.test(line) && problems.length > 0) {
      (problems.at(-1) as TypeProblem).message += `\n${line.trimEnd()}`;
    }
  }
  return problems;
}

function sortByLesson(problems: Array<TypeProblem & { absolute: string }>, target: string, lessons: Lesson[]): TypeReport {
  const base = dirname(resolve(target));
  const report: TypeReport = new Map(lessons.map((lesson) => [lesson.id, []]));
  for (const problem of problems) {
    const lesson = lessons.find((candidate) => problem.absolute.startsWith(join(resolve(target), candidate.id) + '/'));
    if (!lesson) continue;
    const { absolute: _absolute, ...rest } = problem;
    report.get(lesson.id)?.push({ ...rest, file: relative(base, problem.absolute) });
  }
  return report;
}
