/**
 * Why a lesson's suites could not load, worked out from the graded folder (which files are there and
 * which compiled) rather than from the error's words: its own file is missing, a lesson it builds on
 * has a file missing or one that does not load, or its own code threw.
 */
import { basename, join } from 'node:path';
import type { Failure, LessonProblem } from '../../core/results.ts';
import type { Lesson } from '../../core/workbook.ts';
import type { CompiledFolder } from '../contracts/compile.ts';

/** A lesson's graded folder as it was compiled for this run. */
export interface GradedFolder {
  /** The folder of lesson folders (a hand-in's lessons/). */
  target: string;
  /** What compiling it gave: a plain file that is there has an entry, with its code or its syntax error. */
  compiled: CompiledFolder;
}

/**
 * What a lesson whose suites threw `failure` as they loaded is told. `hidden`: it was a teacher-only
 * suite that failed, so its words are not the student's to see.
 */
export function loadProblemOf(lesson: Lesson, all: readonly Lesson[], folder: GradedFolder, failure: Failure, hidden: boolean): LessonProblem {
  const ownMissing = missingFiles(lesson, folder);
  if (ownMissing.length > 0) return { kind: 'crash', cause: 'files-missing', files: ownMissing };
  const blockedBy = blockingLesson(lesson, all, folder, failure);
  return { kind: 'load-error', failure, hidden, ...(blockedBy === undefined ? {} : { blockedBy }) };
}

/** The lesson's exercise files that are not plain files in the folder, as the hand-in names them ("lessons/03-win/win.ts"). */
function missingFiles(lesson: Lesson, folder: GradedFolder): string[] {
  return lesson.files.filter((file) => folder.compiled[join(folder.target, lesson.id, file)] === undefined).map((file) => `lessons/${lesson.id}/${file}`);
}

/**
 * The lesson whose file kept this one from loading, when it is not this one's own: unless this
 * lesson's own file does not compile (the first thing its loading meets), the earliest lesson it
 * builds on (directly or through another) whose file is missing, else the earliest whose file does
 * not compile or threw as it loaded.
 */
function blockingLesson(lesson: Lesson, all: readonly Lesson[], folder: GradedFolder, failure: Failure): { lesson: string; missing: boolean } | undefined {
  const doesNotCompile = (candidate: Lesson): boolean =>
    candidate.files.some((file) => 'error' in (folder.compiled[join(folder.target, candidate.id, file)] ?? {}));
  if (doesNotCompile(lesson)) return undefined;
  const earlier = all.filter((candidate) => buildsOnAll(lesson, all).has(candidate.id));
  const missing = earlier.find((candidate) => missingFiles(candidate, folder).length > 0);
  if (missing !== undefined) return { lesson: missing.id, missing: true };
  const threwIn = (candidate: Lesson): boolean => failure.location?.startsWith(`${basename(folder.target)}/${candidate.id}/`) === true;
  const broken = earlier.find((candidate) => doesNotCompile(candidate) || threwIn(candidate));
  return broken === undefined ? undefined : { lesson: broken.id, missing: false };
}

/** Every lesson `lesson` builds on, directly or through another. */
function buildsOnAll(lesson: Lesson, all: readonly Lesson[]): Set<string> {
  const found = new Set<string>();
  const visit = (id: string): void => {
    if (found.has(id)) return;
    found.add(id);
    for (const next of all.find((candidate) => candidate.id === id)?.buildsOn ?? []) visit(next);
  };
  for (const id of lesson.buildsOn) visit(id);
  return found;
}
