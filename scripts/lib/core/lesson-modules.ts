/**
 * The lesson APIs that the tools call (play, arena, the bench), declared once, and how the tools
 * load a lesson's module. The tools never import a lesson's file for its types: a student's file may
 * be unfinished or broken, and a student edition may not hold the lesson at all.
 * tests/workbook/lesson-modules.test.ts checks that the reference solutions fit these shapes.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Board, Mark } from './boards.ts';
import { ROOT } from './workbook.ts';

/** Lesson 02's IO: what a game reads and prints through. */
export interface IO {
  input(prompt: string): string | null;
  print(text: string): void;
}

/** What the tools use from lesson 02. */
export interface InputModule {
  movePrompt(player: Mark): string;
}

/** What the tools use from lesson 04. */
export interface GameModule {
  playGame(io: IO, options?: { first?: Mark }): unknown;
  playMatch(io: IO, options?: { rng?: () => number }): unknown;
}

/** The levels of lesson 06's computerMove. */
export type Level = 'easy' | 'medium' | 'hard';

/** What the tools use from lesson 06. */
export interface ComputerModule {
  randomMove(board: Board, rng?: () => number): number;
  ruleMove(board: Board, me: Mark): number | null;
  heuristicMove(board: Board, me: Mark): number;
  computerMove(board: Board, me: Mark, level: Level, rng?: () => number): number;
}

/** A computer player as lesson 07's audit takes it: the cell to play, or null to give up. */
export type Strategy = (board: Board, me: Mark) => number | null;

/** Where the audited player sits: 'first' plays X and moves first, 'second' plays O. */
export type Seat = 'first' | 'second';

/** The audit's answer, as lesson 07 defines it. */
export interface AuditResult {
  lines: number;
  wins: number;
  draws: number;
  losses: number;
  gaveUp: number;
  losingLines: number[][];
}

/** What the tools use from lesson 07. */
export interface SearchModule {
  bestMove(board: Board, me: Mark): number;
  audit(strategy: Strategy, seat: Seat): AuditResult;
}

/** Each module's file, relative to a lessons folder. */
export const LESSON_FILES = {
  input: '02-input/input.ts',
  game: '04-game/game.ts',
  computer: '06-computer/computer.ts',
  search: '07-search/search.ts',
  tutorials: '08-tutorials/tutorials.ts',
} as const;

/** A problem that stops a tool with a plain message (no stack trace) and exit status 1. */
export class ToolStopped extends Error {}

/** What a tool says when a module cannot be loaded: in English unless the tool speaks another language. */
export interface LoadWords {
  noSolutions: string;
  missing(file: string, needs: string): string;
  failed(file: string, error: string): string;
}

const ENGLISH_LOAD_WORDS: LoadWords = {
  noSolutions: 'The reference solutions are not part of this copy of the workbook.',
  missing: (file, needs) => `${file} is missing${needs}`,
  failed: (file, error) => `${file} could not be loaded: ${error}\nRun: npm run check to see what is wrong.`,
};

/**
 * Imports one exercise module of a folder (lessons or solutions), or stops with a plain message when
 * it is missing (`missing` says what the tool needs it for) or cannot be loaded.
 */
export async function loadLessonModule<T>(folder: string, file: string, missing: string, words: LoadWords = ENGLISH_LOAD_WORDS): Promise<T> {
  const path = join(ROOT, folder, file);
  if (!existsSync(path)) {
    if (folder === 'solutions') throw new ToolStopped(words.noSolutions);
    throw new ToolStopped(words.missing(relative(ROOT, path), missing));
  }
  try {
    return (await import(pathToFileURL(path).href)) as T;
  } catch (error) {
    throw new ToolStopped(words.failed(relative(ROOT, path), firstLine(error)));
  }
}

/** The first line of an error's message (or of any text). */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? '';
}

/** The lesson and file of a folder that an error's stack names first, as { id: "06-computer", file: "lessons/06-computer/computer.ts", line }. */
export function placeInLessons(error: unknown, folder: string): { id: string; file: string; line: number } | null {
  if (!(error instanceof Error)) return null;
  const base = escapeForRegExp(join(ROOT, folder) + sep);
  const match = new RegExp(`${base}(\\d\\d-[a-z0-9-]+)${escapeForRegExp(sep)}([\\w.-]+):(\\d+)`).exec(error.stack ?? '');
  if (match === null) return null;
  return { id: match[1] ?? '', file: `${folder}/${match[1]}/${match[2]}`, line: Number(match[3]) };
}

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
