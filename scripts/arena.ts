/**
 * `npm run arena`: every computer player of lessons 06 and 07 against every possible opponent.
 *
 * Each player is audited with lesson 07's `audit` in both seats, and the figures are printed as one
 * table. For every player that can be beaten, the first game it loses is replayed as boards. The
 * players and the audit are the student's own code (lessons/), or the reference with --reference.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { auditHeading, auditLine, auditNote, replayLine, type AuditRow } from './lib/arena-format.ts';
import { isFreeCell, pictureOf } from './lib/boards.ts';
import { colorsEnabled, painter, parseCommandLine, runCommand, type Paint } from './lib/cli.ts';
import {
  firstLine,
  LESSON_FILES,
  loadLessonModule,
  placeInLessons,
  ToolStopped,
  type ComputerModule,
  type SearchModule,
  type Seat,
  type Strategy,
} from './lib/lesson-modules.ts';
import { seededRandom } from './lib/seeded-random.ts';
import { stubNameOf } from './lib/stub-error.ts';
import { plural } from './lib/text.ts';
import { lessonFolders, ROOT, UsageError } from './lib/workbook.ts';

const USAGE = `
Usage: npm run arena [-- --reference]

Plays every computer player of lessons 06 and 07 against every possible opponent with lesson 07's
audit, prints the figures of both seats as a table, and replays one lost game of every player that
can be beaten.
  --reference   use the reference solutions instead of your code in lessons/
`;

/** The seed of every random player, so that the table is the same on every run. */
const SEED = 2024;

/** What the arena says when a lesson file it needs is missing. */
const MISSING = ': the arena needs lessons 06 and 07.';

/** One computer player: its name in the table, what it is, and a fresh strategy for each audit. */
interface Player {
  name: string;
  about: string;
  /** The lesson function it calls, for messages. */
  calls: string;
  strategy(): Strategy;
}

/** A player answered something that is not an empty cell. */
class BadAnswer extends Error {}

runCommand(USAGE, async () => {
  const { values, positionals } = parseCommandLine({ reference: { type: 'boolean', default: false } });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  const folder = values.reference ? 'solutions' : 'lessons';
  const paint = painter(colorsEnabled());
  try {
    const computer = await loadLessonModule<ComputerModule>(folder, LESSON_FILES.computer, MISSING);
    const search = await loadLessonModule<SearchModule>(folder, LESSON_FILES.search, MISSING);
    checkAuditWorks(search, folder);
    return runArena(players(computer, search), search, folder, paint);
  } catch (error) {
    if (!(error instanceof ToolStopped)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
});

/** The players, strongest last. Random players get a fresh seeded rng for every audit. */
function players(computer: ComputerModule, search: SearchModule): Player[] {
  return [
    {
      name: 'random',
      about: `randomMove with a fixed seed (${SEED})`,
      calls: 'randomMove',
      strategy: () => {
        const rng = seededRandom(SEED);
        return (board) => computer.randomMove(board, rng);
      },
    },
    { name: 'rules', about: "ruleMove: the rules computer (five rules)", calls: 'ruleMove', strategy: () => computer.ruleMove },
    { name: 'heuristic', about: "heuristicMove: the heuristic computer", calls: 'heuristicMove', strategy: () => computer.heuristicMove },
    ...(['easy', 'medium'] as const).map((level) => ({
      name: level,
      about: `computerMove '${level}' with a fixed seed (${SEED})`,
      calls: 'computerMove',
      strategy: (): Strategy => {
        const rng = seededRandom(SEED);
        return (board, me) => computer.computerMove(board, me, level, rng);
      },
    })),
    { name: 'hard', about: "computerMove 'hard': the seven rules", calls: 'computerMove', strategy: () => (board, me) => computer.computerMove(board, me, 'hard') },
    { name: 'best', about: 'bestMove: minimax (lesson 07)', calls: 'bestMove', strategy: () => search.bestMove },
  ];
}

/** One player's audit in one seat: the figures, or why there are none. */
type Outcome = { row: AuditRow; losingLines: number[][] } | { player: string; seat: Seat; problem: string };

/** Audits every player in both seats and prints the table, the replays and a summary. */
function runArena(all: Player[], search: SearchModule, folder: string, paint: Paint): number {
  const code = folder === 'solutions' ? 'the reference solutions (solutions/)' : 'your code (lessons/)';
  const names = all.map((player) => player.name);
  const out: string[] = [
    paint('bold', `Computer players against every possible opponent, with ${code}`),
    'A line is one complete game: the opponent tries every empty cell at each of its turns.',
    'Seat "first" plays X and moves first; seat "second" plays O.',
    '',
    paint('bold', auditHeading(names)),
  ];
  const outcomes: Outcome[] = [];
  for (const player of all) {
    for (const seat of ['first', 'second'] as const) {
      const outcome = auditOne(player, seat, search, folder);
      outcomes.push(outcome);
      out.push(tableLine(outcome, names, paint));
    }
  }
  out.push('', ...all.map((player) => `  ${player.name.padEnd(Math.max(...names.map((name) => name.length)))}  ${player.about}`));
  out.push(...replays(outcomes, paint));
  out.push('', ...summary(all, outcomes, paint));
  process.stdout.write(`${out.join('\n')}\n`);
  return outcomes.every((outcome) => 'row' in outcome) ? 0 : 1;
}

/** Audits one player in one seat; any failure becomes a one-line problem. */
function auditOne(player: Player, seat: Seat, search: SearchModule, folder: string): Outcome {
  try {
    const result = search.audit(checked(player.strategy(), player.calls), seat);
    const { lines, wins, draws, losses, gaveUp, losingLines } = result;
    return { row: { player: player.name, seat, lines, wins, draws, losses, gaveUp }, losingLines };
  } catch (error) {
    return { player: player.name, seat, problem: describeProblem(error, folder) };
  }
}

/** The strategy, with every answer checked: a number that is not an empty cell stops the audit. */
function checked(strategy: Strategy, calls: string): Strategy {
  return (board, me) => {
    const answer = strategy([...board], me);
    if (answer === null) return null;
    if (!isFreeCell(board, answer)) {
      throw new BadAnswer(`${calls} answered ${JSON.stringify(answer)} as ${me} on the board ${pictureOf(board)}, which is not an empty cell`);
    }
    return answer;
  };
}

/** One line of the table, coloured: red when the player lost games, green when it never did. */
function tableLine(outcome: Outcome, names: string[], paint: Paint): string {
  if (!('row' in outcome)) return paint('yellow', auditNote(outcome.player, outcome.seat, outcome.problem, names));
  const line = auditLine(outcome.row, names);
  return outcome.row.losses > 0 ? paint('red', line) : paint('green', line);
}

/** For every player that lost a game: its first lost game, replayed as boards. */
function replays(outcomes: Outcome[], paint: Paint): string[] {
  const out: string[] = [];
  const shown = new Set<string>();
  for (const outcome of outcomes) {
    if (!('row' in outcome) || outcome.row.losses === 0 || shown.has(outcome.row.player)) continue;
    shown.add(outcome.row.player);
    const { player, seat, losses } = outcome.row;
    const mark = seat === 'first' ? 'X' : 'O';
    out.push('', paint('bold', `${player} can be beaten: it loses ${plural(losses, 'game')} as ${mark} (${seat} seat). The first one:`));
    out.push(replayLine(outcome.losingLines[0] ?? []));
  }
  return out;
}

/** The closing lines: who never lost, and what could not be audited. */
function summary(all: Player[], outcomes: Outcome[], paint: Paint): string[] {
  const unbeaten = all
    .map((player) => player.name)
    .filter((name) => {
      const mine = outcomes.filter((outcome) => ('row' in outcome ? outcome.row.player : outcome.player) === name);
      return mine.every((outcome) => 'row' in outcome && outcome.row.losses === 0);
    });
  const lines = [unbeaten.length > 0 ? paint('green', `Never lost a game: ${unbeaten.join(', ')}.`) : 'Every player lost at least one game.'];
  const problems = outcomes.filter((outcome) => !('row' in outcome));
  if (problems.length > 0) {
    lines.push(paint('yellow', `${problems.length} of ${outcomes.length} audits could not run (see the notes in the table). Run: npm run check 06 07`));
  }
  return lines;
}

/** Stops with a plain message when lesson 07's audit (or a lesson under it) cannot run yet. */
function checkAuditWorks(search: SearchModule, folder: string): void {
  try {
    search.audit(() => null, 'first');
  } catch (error) {
    throw new ToolStopped(
      [
        `The arena plays with lesson 07's audit, which cannot run yet: ${describeProblem(error, folder)}.`,
        folder === 'lessons' ? 'Finish that lesson first, or watch the reference players with: npm run arena -- --reference' : '',
      ]
        .filter((line) => line !== '')
        .join('\n'),
    );
  }
}

/** An error from a lesson in plain words: which lesson is unfinished, or what went wrong where. */
function describeProblem(error: unknown, folder: string): string {
  if (!(error instanceof Error)) return `it threw ${String(error)}`;
  const name = stubNameOf(error);
  if (name !== undefined) {
    const where = lessonDefining(name, folder);
    return where === null ? `${name} is not written yet` : `lesson ${where.lesson} is not finished (${name} in ${where.file} is not written yet)`;
  }
  if (error instanceof BadAnswer) return error.message;
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return 'the search never ended (too much recursion): does it stop when a game is over?';
  }
  const place = placeInLessons(error, folder);
  return `${error.name}: ${firstLine(error)}${place === null ? '' : ` (at ${place.file}:${place.line})`}`;
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
