/**
 * The players of `npm run arena` and one audit of each: lesson 06's and 07's computer players, every
 * answer checked, and any failure turned into a note in plain words (which lesson is unfinished, or what
 * went wrong where).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isFreeCell, pictureOf } from '../core/boards.ts';
import { firstLine, placeInLessons, type ComputerModule, type SearchModule, type Seat, type Strategy } from '../core/lesson-modules.ts';
import { seededRandom } from '../core/seeded-random.ts';
import { stubNameOf } from '../core/stub-error.ts';
import { lessonFolders, ROOT } from '../core/workbook.ts';
import type { AuditRow } from './arena-format.ts';
import type { Translate } from '../i18n/messages.ts';

/** The seed of every random player, so that the table is the same on every run. */
export const SEED = 2024;

/** One computer player: its name in the table, what it is, and a fresh strategy for each audit. */
export interface Player {
  name: string;
  about: string;
  /** The lesson function it calls, for messages. */
  calls: string;
  strategy(): Strategy;
}

/** One player's audit in one seat: the figures, or why there are none. */
export type Outcome = { row: AuditRow; losingLines: number[][] } | { player: string; seat: Seat; problem: string };

/** A player answered something that is not an empty cell. */
class BadAnswer extends Error {}

/** The players, strongest last. Random players get a fresh seeded rng for every audit. */
export function players(computer: ComputerModule, search: SearchModule, t: Translate): Player[] {
  return [
    {
      name: 'random',
      about: t('arena.about.random', { seed: SEED }),
      calls: 'randomMove',
      strategy: () => {
        const rng = seededRandom(SEED);
        return (board) => computer.randomMove(board, rng);
      },
    },
    { name: 'rules', about: t('arena.about.rules'), calls: 'ruleMove', strategy: () => computer.ruleMove },
    { name: 'heuristic', about: t('arena.about.heuristic'), calls: 'heuristicMove', strategy: () => computer.heuristicMove },
    ...(['easy', 'medium'] as const).map((level) => ({
      name: level,
      about: t('arena.about.level', { level, seed: SEED }),
      calls: 'computerMove',
      strategy: (): Strategy => {
        const rng = seededRandom(SEED);
        return (board, me) => computer.computerMove(board, me, level, rng);
      },
    })),
    {
      name: 'hard',
      about: t('arena.about.hard'),
      calls: 'computerMove',
      strategy: () => (board, me) => computer.computerMove(board, me, 'hard'),
    },
    { name: 'best', about: t('arena.about.best'), calls: 'bestMove', strategy: () => search.bestMove },
  ];
}

/** Audits one player in one seat; any failure becomes a one-line problem. */
export function auditOne(player: Player, seat: Seat, search: SearchModule, folder: string, t: Translate): Outcome {
  try {
    const result = search.audit(checked(player.strategy(), player.calls, t), seat);
    const { lines, wins, draws, losses, gaveUp, losingLines } = result;
    return { row: { player: player.name, seat, lines, wins, draws, losses, gaveUp }, losingLines };
  } catch (error) {
    return { player: player.name, seat, problem: describeProblem(error, folder, t) };
  }
}

/** The strategy, with every answer checked: a number that is not an empty cell stops the audit. */
function checked(strategy: Strategy, calls: string, t: Translate): Strategy {
  return (board, me) => {
    const answer = strategy([...board], me);
    if (answer === null) return null;
    if (!isFreeCell(board, answer)) {
      throw new BadAnswer(t('arena.problem.badAnswer', { calls, answer: JSON.stringify(answer), mark: me, board: pictureOf(board) }));
    }
    return answer;
  };
}

/** An error from a lesson in plain words: which lesson is unfinished, or what went wrong where. */
export function describeProblem(error: unknown, folder: string, t: Translate): string {
  if (!(error instanceof Error)) return t('arena.problem.threw', { value: String(error) });
  const name = stubNameOf(error);
  if (name !== undefined) {
    const where = lessonDefining(name, folder);
    return where === null ? t('arena.problem.notWritten', { name }) : t('arena.problem.lessonUnfinished', { lesson: where.lesson, name, file: where.file });
  }
  if (error instanceof BadAnswer) return error.message;
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return t('arena.problem.endless');
  }
  const place = placeInLessons(error, folder);
  return `${error.name}: ${firstLine(error)}${place === null ? '' : ` (${t('play.threw.at', { file: place.file, line: place.line }).trim()})`}`;
}

/** The lesson and file that define an exported function or constant `name`, or null. */
function lessonDefining(name: string, folder: string): { lesson: string; file: string } | null {
  const root = join(ROOT, folder);
  const definition = new RegExp(`export (?:async )?(?:function|const|class) ${name}\\b`);
  for (const lesson of lessonFolders(root)) {
    for (const file of readdirSync(join(root, lesson)).filter((entry) => entry.endsWith('.ts'))) {
      const path = join(root, lesson, file);
      if (definition.test(readFileSync(path, 'utf8'))) return { lesson: lesson.slice(0, 2), file: relative(ROOT, path) };
    }
  }
  return null;
}
