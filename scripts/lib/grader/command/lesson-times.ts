/**
 * How long each lesson took the last time it was graded here, kept in the workbook's state folder
 * (.workbook/lesson-times.json, and a file of its own for each other folder checked: the reference's
 * lessons take far longer than the stubs') so that the next check of the same folder deals its lessons
 * out over the workers evenly (runner.ts). A missing or unreadable file only means the lessons are
 * dealt out by count.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hashText } from '../../core/stubs.ts';

/** Lesson id → milliseconds its tests took. */
export type LessonTimes = Record<string, number>;

/**
 * The file in a workbook's state folder (.workbook/) that keeps the durations of the lessons of
 * `target`: lesson-times.json for the workbook's own lessons/ (or when no folder is named), else one
 * named after the folder's path.
 */
function timesFile(stateDir: string, target?: string): string {
  if (target === undefined || resolve(target) === resolve(stateDir, '..', 'lessons')) return join(stateDir, 'lesson-times.json');
  return join(stateDir, `lesson-times-${hashText(resolve(target)).slice(0, 16)}.json`);
}

/** The durations kept in the state folder for `target` (none when the file is missing or not what this module writes). */
export function readLessonTimes(stateDir: string, target?: string): LessonTimes {
  const file = timesFile(stateDir, target);
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, ms]) => typeof ms === 'number' && Number.isFinite(ms) && ms >= 0));
  } catch {
    return {};
  }
}

/**
 * Keeps how long the tests of each lesson just graded took, all together, at least 1 ms (a lesson that
 * could not be graded normally, or ran no test, keeps the time it had; so do the lessons not graded).
 * Only a check records them: watch mode's runs find their sandboxes started, and would record less.
 */
export function recordLessonTimes(
  stateDir: string,
  runs: ReadonlyArray<{ lessonId: string; problem?: unknown; tests: ReadonlyArray<{ durationMs: number }> }>,
  target?: string,
): void {
  const times = readLessonTimes(stateDir, target);
  for (const run of runs) {
    if (run.problem !== undefined || run.tests.length === 0) continue;
    times[run.lessonId] = Math.max(1, Math.round(run.tests.reduce((sum, test) => sum + test.durationMs, 0)));
  }
  try {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(timesFile(stateDir, target), `${JSON.stringify(times, null, 2)}\n`);
  } catch {
    // A read-only workbook (the container recipe in docs/sealed-grading.md): the next check deals its lessons out by count.
  }
}

/** A group being dealt to: its items (with where each stood) and their total weight. */
interface Group<T> {
  total: number;
  members: Array<{ item: T; index: number; weight: number }>;
}

/** True when `group` should get the next item before `other`: lighter, or as light with fewer items. */
function before<T>(group: Group<T>, other: Group<T>): boolean {
  return group.total < other.total || (group.total === other.total && group.members.length < other.members.length);
}

/**
 * Deals items out over `parts` groups of about the same total weight: the heaviest first, each to the
 * lightest group so far (of two as light, the one with fewer items). An item of unknown weight counts
 * as the mean of the known ones (all alike when none is known: then the items go round the groups in
 * turn). Each group keeps the items' order.
 */
export function dealByWeight<T>(items: readonly T[], parts: number, weightOf: (item: T) => number | undefined): T[][] {
  const known = items.map(weightOf).filter((weight): weight is number => weight !== undefined);
  const usual = known.length > 0 ? known.reduce((sum, weight) => sum + weight, 0) / known.length : 1;
  const weighed = items.map((item, index) => ({ item, index, weight: weightOf(item) ?? usual }));
  const heaviestFirst = [...weighed].sort((a, b) => b.weight - a.weight || a.index - b.index);
  const groups = Array.from({ length: parts }, (): Group<T> => ({ total: 0, members: [] }));
  for (const entry of heaviestFirst) {
    const lightest = groups.reduce((best, group) => (before(group, best) ? group : best));
    lightest.total += entry.weight;
    lightest.members.push(entry);
  }
  return groups.map((group) => group.members.sort((a, b) => a.index - b.index).map((entry) => entry.item));
}
