/**
 * `npm run arena`: every computer player of lessons 06 and 07 against every possible opponent.
 *
 * Each player is audited with lesson 07's `audit` in both seats, and the figures are printed as one
 * table. For every player that can be beaten, the first game it loses is replayed as boards. The
 * players and the audit are the student's own code (lessons/), or the reference with --reference (only
 * where solutions/ exists: a student edition neither has nor mentions it).
 */
import { auditHeading, auditLine, auditNote, replayLine } from './lib/student/arena-format.ts';
import { colorsEnabled, painter, parseCommandLine, runCommand, type Paint } from './lib/core/cli.ts';
import { LESSON_FILES, loadLessonModule, ToolStopped, type ComputerModule, type SearchModule } from './lib/core/lesson-modules.ts';
import { auditOne, describeProblem, players, type Outcome, type Player } from './lib/student/arena-players.ts';
import { plural } from './lib/core/text.ts';
import { hasReference, UsageError } from './lib/core/workbook.ts';

/** Whether --reference can work here: the teacher's workbook has solutions/, a student edition has not. */
const REFERENCE = hasReference();

const USAGE = `
Usage: npm run arena${REFERENCE ? ' [-- --reference]' : ''}

Plays every computer player of lessons 06 and 07 against every possible opponent with lesson 07's
audit, prints the figures of both seats as a table, and replays one lost game of every player that
can be beaten.
${REFERENCE ? '  --reference   use the reference solutions instead of your code in lessons/\n' : ''}`;

/** What the arena says when a lesson file it needs is missing. */
const MISSING = ': the arena needs lessons 06 and 07.';

runCommand(USAGE, async () => {
  const { values, positionals } = parseCommandLine({ reference: { type: 'boolean', default: false } });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  if (values.reference && !REFERENCE) throw new UsageError('This workbook has no reference solutions: npm run arena plays your own code.');
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
        folder === 'lessons' ? `Finish that lesson first${REFERENCE ? ', or watch the reference players with: npm run arena -- --reference' : '.'}` : '',
      ]
        .filter((line) => line !== '')
        .join('\n'),
    );
  }
}
