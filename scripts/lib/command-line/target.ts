/**
 * `npm run check -- --target DIR`: where the lessons of DIR are, and which of them it holds. DIR may be
 * a lessons folder (01-board/, 02-input/, …), a workbook folder holding lessons/ (an unzipped hand-in),
 * or one folder around either (the top folder of an archive): it is graded in place. Any other hand-in
 * (loose exercise files, archives, a .zip itself) is taken in as `npm run grade` takes it, into a
 * temporary folder.
 */
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { printable } from '../core/text.ts';
import { Refusal } from './cli.ts';
import { lessonFolders, UsageError, type Lesson } from '../core/workbook.ts';
import { intakeNoteWords, type IntakeNote } from './intake-notes.ts';
import { SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { translator, type Translate } from '../i18n/messages.ts';
import { listInWords } from '../i18n/lists.ts';

/** The words of a --target's messages when the command gives none: English. */
const english: Translate = (key, values) => translator(SOURCE_LANGUAGE)(key, values);

/** How many single folders around a workbook are stepped through. */
const MAX_WRAPPERS = 3;

/** How many of the names in a folder without lessons its message shows. */
const SHOWN_NAMES = 8;

/** Where the lessons of a --target folder were found. */
export interface LessonsFolder {
  /** The folder holding 01-board/, 02-input/, …. */
  dir: string;
  /** The folders stepped into from the one given, in order ("tictactoe", "lessons"); none when it was the one given. */
  steps: string[];
}

/** A lesson of the workbook that a folder does not hold: no folder of its own, or one without these exercise files. */
export interface LeftOut {
  lesson: Lesson;
  /** The exercise files its folder lacks; none when the folder itself is not there. */
  absentFiles: string[];
}

/** The code a --target names, ready to grade. */
export interface TargetCode {
  /** The lessons folder graded: in DIR, or a temporary one. */
  dir: string;
  /** DIR as the teacher knows it, for messages: "hand-in/tictactoe/lessons", "final.zip". */
  shown: string;
  /** What is graded, for the report's first line: "the code in hand-in/lessons", "the loose files of …". */
  code: string;
  /** Removes the temporary folder, if any. */
  dispose: () => void;
}

/**
 * What the intake of `npm run grade` makes of one hand-in (takeInHandIn in the teacher's intake): its
 * exercise files copied into a lessons folder, how they were found and the intake's notes; or why
 * it holds none.
 */
export type HandInCopy = { lessonsDir: string; found: string; placed?: string[]; notes: IntakeNote[] } | { problem: string };

/** The intake's takeInHandIn (teacher/intake/intake.ts). */
export type HandInTaker = (path: string, scratch: string, lessons: Lesson[]) => HandInCopy;

/** Loads the intake when a hand-in must be taken in: the teacher's check passes one; a student's pack holds no intake. */
export type IntakeLoader = () => Promise<HandInTaker | undefined>;

/**
 * The code of `given` (a path as typed): its lessons folder in place when it holds one (see
 * findLessonsFolder), else the hand-in as `npm run grade` takes it in (loose files put where their
 * lessons expect them, the version to grade chosen among archives), copied into a temporary folder
 * that `dispose` removes (when `loadIntake` finds the intake: the teacher's workbook). Throws a
 * Refusal that says what `given` holds when neither finds lessons. What it says is in the words of `t`,
 * which speaks `language` (the command's language; English by default).
 */
export async function targetCode(
  given: string,
  lessons: Lesson[],
  loadIntake?: IntakeLoader,
  t: Translate = english,
  language: Language = SOURCE_LANGUAGE,
): Promise<TargetCode> {
  const dir = resolve(given);
  const inPlace = isFolder(dir) ? lessonsFolderIn(dir) : undefined;
  if (inPlace !== undefined && !('last' in inPlace)) return inPlaceCode(given, inPlace, t);
  const takeInHandIn = existsSync(dir) ? await loadIntake?.() : undefined;
  // Without the intake (a student's pack), findLessonsFolder says what DIR holds instead.
  if (takeInHandIn === undefined) return inPlaceCode(given, findLessonsFolder(dir, undefined, t, language), t);
  const scratch = mkdtempSync(join(tmpdir(), 'workbook-target-'));
  const dispose = (): void => rmSync(scratch, { recursive: true, force: true });
  try {
    const handIn = takeInHandIn(dir, scratch, lessons);
    if ('problem' in handIn) {
      if (isFolder(dir)) findLessonsFolder(dir, handIn.problem, t, language);
      throw new Refusal(t('target.handInProblem', { target: printable(given), problem: handIn.problem }));
    }
    const words = handIn.notes.map((note) => intakeNoteWords(note, t));
    const notes = [...(handIn.placed === undefined ? [] : [listInWords(handIn.placed, language, 'unit')]), ...words];
    const what = t(handIn.placed === undefined ? 'target.codeIn' : 'target.looseFilesOf', { folder: foundIn(given, handIn.found) });
    const code = `${what}${notes.length === 0 ? '' : t('target.aside', { notes: notes.join(t('lists.clauses')) })}`;
    return { dir: handIn.lessonsDir, shown: printable(given), code, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

/** The lessons folder found in DIR, graded where it is. */
function inPlaceCode(given: string, found: LessonsFolder, t: Translate): TargetCode {
  const shown = printable(join(given, ...found.steps));
  return { dir: found.dir, shown, code: t('target.codeIn', { folder: shown }), dispose: () => {} };
}

/** How the intake found a hand-in's work, from the path given: "hw/ → final.zip → tictactoe/lessons/". */
function foundIn(given: string, found: string): string {
  const slash = isFolder(resolve(given)) ? '/' : '';
  const label = `${printable(basename(resolve(given)))}${slash}`;
  const rest = found.startsWith(label) ? found.slice(label.length) : ` → ${found}`;
  return `${printable(given.replace(/\/+$/, ''))}${slash}${rest}`;
}

/**
 * Finds the lessons folder in `dir`: `dir` itself when it holds lesson folders, else its `lessons/`,
 * else the same inside its only folder (macOS's __MACOSX and dot folders aside). Throws a Refusal
 * that says what was expected and what `dir` holds when there is none, and `why` npm run grade finds none
 * (without a `why`, only what is graded in place is expected), in the words of `t`, which speaks
 * `language`. When `dir` is no folder: a UsageError if nothing is there, else a Refusal that says
 * what it is (a .zip to unpack first, or a file).
 */
export function findLessonsFolder(dir: string, why?: string, t: Translate = english, language: Language = SOURCE_LANGUAGE): LessonsFolder {
  if (!existsSync(dir)) throw new UsageError(t('target.noFolder', { target: printable(dir) }));
  if (!isFolder(dir)) throw new Refusal(t(isZip(dir) ? 'target.archive' : 'target.file', { target: printable(dir) }));
  const found = lessonsFolderIn(dir);
  if ('last' in found) throw new Refusal(noLessonsMessage(dir, found.last, why, t, language));
  return found;
}

/** The lessons folder in a folder (see findLessonsFolder), or the last folder looked into when there is none. */
function lessonsFolderIn(dir: string): LessonsFolder | { last: string } {
  const steps: string[] = [];
  let here = dir;
  for (let depth = 0; depth <= MAX_WRAPPERS; depth += 1) {
    if (lessonFolders(here).some((name) => isFolder(join(here, name)))) return { dir: here, steps };
    if (isFolder(join(here, 'lessons'))) return { dir: join(here, 'lessons'), steps: [...steps, 'lessons'] };
    const folders = readdirSync(here).filter((name) => !isClutter(name) && isFolder(join(here, name)));
    if (folders.length !== 1) break;
    steps.push(folders[0] as string);
    here = join(here, folders[0] as string);
  }
  return { last: here };
}

/** The lessons whose folder in `lessonsDir` holds every exercise file, and the others. */
export function heldLessons(lessonsDir: string, lessons: Lesson[]): { held: Lesson[]; leftOut: LeftOut[] } {
  const held: Lesson[] = [];
  const leftOut: LeftOut[] = [];
  for (const lesson of lessons) {
    const folder = join(lessonsDir, lesson.id);
    const absentFiles = isFolder(folder) ? lesson.files.filter((file) => !isFile(join(folder, file))) : [];
    if (!isFolder(folder) || absentFiles.length > 0) leftOut.push({ lesson, absentFiles });
    else held.push(lesson);
  }
  return { held, leftOut };
}

/** Why a folder is not graded: what was expected, and what is there instead. */
function noLessonsMessage(given: string, last: string, why: string | undefined, t: Translate, language: Language): string {
  const names = readdirSync(last).filter((name) => !isClutter(name));
  const shown = names.slice(0, SHOWN_NAMES).map((name) => printable(isFolder(join(last, name)) ? `${name}/` : name));
  const holds = names.length === 0 ? t('target.nothing') : contents(shown, names.length > shown.length, language);
  const where = last === given ? printable(given) : t('target.inside', { folder: printable(last), target: printable(given) });
  if (why === undefined) return t('target.noLessons.inPlace', { target: printable(given), where, holds });
  return t('target.noLessons', { target: printable(given), where, holds }) + t('target.gradeWhy', { why });
}

/** The names shown of what a folder holds: all of them as a list ("a/, b/ and notes.txt"), or the first few and "…". */
function contents(shown: string[], more: boolean, language: Language): string {
  return more ? listInWords([...shown, '…'], language, 'unit') : listInWords(shown, language);
}

/** Files and folders an archive or an operating system adds beside a hand-in: __MACOSX, .DS_Store, dot folders. */
function isClutter(name: string): boolean {
  return name.startsWith('.') || name === '__MACOSX';
}

/** The first bytes of a .zip file: a local file header, or the end of an empty archive. */
const ZIP_SIGNATURES = ['504b0304', '504b0506'];

/** True for a .zip file, by its name or its first bytes (a download may have lost its name). */
function isZip(path: string): boolean {
  if (/\.zip$/i.test(path)) return true;
  const start = Buffer.alloc(4);
  try {
    const file = openSync(path, 'r');
    readSync(file, start, 0, 4, 0);
    closeSync(file);
  } catch {
    return false;
  }
  return ZIP_SIGNATURES.includes(start.toString('hex'));
}

function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
