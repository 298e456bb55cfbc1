/**
 * `npm run arena`: every computer player of lessons 06 and 07 against every possible opponent.
 *
 * Each player is audited with lesson 07's `audit` in both seats, and the figures are printed as one
 * table. For every player that can be beaten, the first game it loses is replayed as boards. The
 * players and the audit are the student's own code (lessons/), or the reference with --reference (only
 * where solutions/ exists: a student edition neither has nor mentions it).
 */
import { arenaWords, auditHeading, auditLine, auditNote, replayLine } from './lib/student/arena-format.ts';
import { checkLanguage, colorsEnabled, commandLanguage, LANGUAGE_OPTION, painter, parseCommandLine, runCommand, type Paint } from './lib/command-line/cli.ts';
import { LESSON_FILES, loadLessonModule, ToolStopped, type ComputerModule, type SearchModule } from './lib/core/lesson-modules.ts';
import { auditOne, describeProblem, players, type Outcome, type Player } from './lib/student/arena-players.ts';
import { hasReference, ROOT, UsageError } from './lib/core/workbook.ts';
import { editionLanguage } from './lib/i18n/choose.ts';
import { translator } from './lib/i18n/messages.ts';
import { listInWords } from './lib/i18n/lists.ts';
import { loadWords } from './lib/student/speech.ts';

/** Whether --reference can work here: the teacher's workbook has solutions/, a student edition has not. */
const REFERENCE = hasReference();

/** The arena's language (command-line/cli.ts's commandLanguage), and its words. */
const language = commandLanguage();
const t = translator(language);

/** The words of the table and the replays in the arena's language. */
const words = arenaWords(t);

/** The edition's language in a student edition (the only one --lang takes there), else undefined. */
const EDITION = editionLanguage(ROOT);

const USAGE = t('arena.usage', {
  referenceOption: REFERENCE ? ' [-- --reference]' : '',
  referenceLine: REFERENCE ? t('arena.usage.reference') : '',
  languageLine: EDITION === undefined ? t('hunt3.arena.usage.lang') : t('hunt3.arena.usage.lang.edition', { code: EDITION }),
});

/** What the arena says when a lesson file it needs is missing. */
const MISSING = t('arena.needsLessons');

runCommand(
  USAGE,
  async () => {
    const { values, positionals } = parseCommandLine({ reference: { type: 'boolean', default: false }, ...LANGUAGE_OPTION }, undefined, t);
    checkLanguage(values.lang, t, language);
    if (positionals.length > 0) throw new UsageError(t('play.unexpectedArgument', { argument: positionals[0] ?? '' }));
    if (values.reference && !REFERENCE) throw new UsageError(t('arena.noReference'));
    const folder = values.reference ? 'solutions' : 'lessons';
    const paint = painter(colorsEnabled());
    try {
      const computer = await loadLessonModule<ComputerModule>(folder, LESSON_FILES.computer, MISSING, loadWords(t));
      const search = await loadLessonModule<SearchModule>(folder, LESSON_FILES.search, MISSING, loadWords(t));
      checkAuditWorks(search, folder);
      return runArena(players(computer, search, t), search, folder, paint);
    } catch (error) {
      if (!(error instanceof ToolStopped)) throw error;
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
  },
  t,
);

/** Audits every player in both seats and prints the table, the replays and a summary. */
function runArena(all: Player[], search: SearchModule, folder: string, paint: Paint): number {
  const code = t(folder === 'solutions' ? 'arena.heading.reference' : 'arena.heading.own');
  const names = all.map((player) => player.name);
  const out: string[] = [paint('bold', t('arena.heading', { code })), t('arena.aLine'), t('arena.seats'), '', paint('bold', auditHeading(names, words))];
  const outcomes: Outcome[] = [];
  for (const player of all) {
    for (const seat of ['first', 'second'] as const) {
      const outcome = auditOne(player, seat, search, folder, t);
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
  if (!('row' in outcome)) return paint('yellow', auditNote(outcome.player, outcome.seat, outcome.problem, names, words));
  const line = auditLine(outcome.row, names, words);
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
    out.push('', paint('bold', t('arena.canBeBeaten', { player, count: losses, mark, seat })));
    out.push(replayLine(outcome.losingLines[0] ?? [], words));
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
  const lines = [unbeaten.length > 0 ? paint('green', t('arena.neverLost', { players: listInWords(unbeaten, language) })) : t('arena.everyoneLost')];
  const problems = outcomes.filter((outcome) => !('row' in outcome));
  if (problems.length > 0) {
    lines.push(paint('yellow', t('arena.couldNotRun', { problems: problems.length, count: outcomes.length })));
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
        t('arena.auditCannotRun', { problem: describeProblem(error, folder, t) }),
        folder === 'lessons' ? t(REFERENCE ? 'arena.finishFirst.reference' : 'arena.finishFirst') : '',
      ]
        .filter((line) => line !== '')
        .join('\n'),
    );
  }
}
