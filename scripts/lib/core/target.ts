/**
 * `npm run check -- --target DIR`: where the lessons of DIR are, and which of them it holds. DIR may be
 * a lessons folder (01-board/, 02-input/, …), a workbook folder holding lessons/ (an unzipped hand-in),
 * or one folder around either (the top folder of an archive).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { printable } from './text.ts';
import { Refusal } from './cli.ts';
import { lessonFolders, UsageError, type Lesson } from './workbook.ts';

/** How many single folders around a workbook are stepped through. */
const MAX_WRAPPERS = 3;

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

/**
 * Finds the lessons folder in `dir`: `dir` itself when it holds lesson folders, else its `lessons/`,
 * else the same inside its only folder (macOS's __MACOSX and dot folders aside). Throws a Refusal
 * that says what was expected and what `dir` holds when there is none (a UsageError when `dir` is no folder).
 */
export function findLessonsFolder(dir: string): LessonsFolder {
  if (!isFolder(dir)) throw new UsageError(`--target ${printable(dir)}: there is no such folder.`);
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
  throw new Refusal(noLessonsMessage(dir, here));
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
function noLessonsMessage(given: string, last: string): string {
  const names = readdirSync(last).filter((name) => !isClutter(name));
  const shown = names.slice(0, 8).map((name) => printable(isFolder(join(last, name)) ? `${name}/` : name));
  const holds = names.length === 0 ? 'nothing' : `${shown.join(', ')}${names.length > shown.length ? ', …' : ''}`;
  const where = printable(last === given ? given : `${last} (inside ${given})`);
  const archive = names.some((name) => /\.zip$/i.test(name)) ? ' Unzip the archive first and point --target at what it holds.' : '';
  return (
    `--target ${printable(given)} holds no lessons. Expected lesson folders (01-board/, 02-input/, …), a workbook folder holding ` +
    `lessons/, or one folder around either; ${where} holds ${holds}.${archive}`
  );
}

/** Files and folders an archive or an operating system adds beside a hand-in: __MACOSX, .DS_Store, dot folders. */
function isClutter(name: string): boolean {
  return name.startsWith('.') || name === '__MACOSX';
}

function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
