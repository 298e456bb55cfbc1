/**
 * `npm run play`: play Tic-Tac-Toe in the terminal with the code written in the lessons.
 *
 * The game is the student's own: lesson 04's playMatch (rounds with a score) built on lessons
 * 01 to 03, talking through lesson 02's IO, which here is the real terminal. A computer player
 * comes from lesson 06. With --reference everything comes from solutions/ instead (only where solutions/
 * exists: a student edition neither has nor mentions it).
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkLanguage, commandLanguage, LANGUAGE_OPTION, parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import { LESSON_FILES, loadLessonModule, ToolStopped, type ComputerModule, type GameModule, type InputModule, type IO } from './lib/core/lesson-modules.ts';
import { stubNameOf } from './lib/core/stub-error.ts';
import { checkDrawing, COMPUTER, withComputer, type Chooser, type DrawBoard } from './lib/student/computer-seat.ts';
import { explain } from './lib/student/play-problems.ts';
import { terminalIO, type TerminalIO } from './lib/student/terminal-io.ts';
import { playNamedTutorial, tutorialList, type TutorialModule } from './lib/student/tutorial-play.ts';
import { hasReference, ROOT, UsageError } from './lib/core/workbook.ts';
import { editionLanguage } from './lib/i18n/choose.ts';
import { translator } from './lib/i18n/messages.ts';
import { listInWords } from './lib/i18n/lists.ts';
import { loadWords } from './lib/student/speech.ts';

/** Whether --reference can work here: the teacher's workbook has solutions/, a student edition has not. */
const REFERENCE = hasReference();

/** " [--reference]" in the usage lines, where the option works. */
const REFERENCE_OPTION = REFERENCE ? ' [--reference]' : '';

/** The language play speaks (command-line/cli.ts's commandLanguage), and its words. */
const language = commandLanguage();
const t = translator(language);

/** The edition's language in a student edition (the only one --lang takes there), else undefined. */
const EDITION = editionLanguage(ROOT);

const USAGE = t('play.usage', {
  referenceOption: REFERENCE_OPTION,
  referenceLine: REFERENCE ? t('play.usage.reference') : '',
  languageLine: EDITION === undefined ? t('hunt3.play.usage.lang') : t('hunt3.play.usage.lang.edition', { code: EDITION }),
});

const OPPONENTS = ['human', 'easy', 'medium', 'hard', 'rules', 'heuristic'] as const;
type Opponent = (typeof OPPONENTS)[number];
const FIRST_CHOICES = ['x', 'o', 'random'] as const;
type FirstChoice = (typeof FIRST_CHOICES)[number];

/** Lesson 01's file, whose renderBoard draws the board the computer reads from the screen. */
const BOARD_FILE = '01-board/board.ts';

/** What play uses of lesson 01. */
interface BoardModule {
  renderBoard: DrawBoard;
}

/** What play says when a lesson file it needs is missing. */
const MISSING = (folder: string): string => t('play.needsFiles', { folder });

/** What play says when a lesson's module cannot be loaded. */
const LOAD_WORDS = loadWords(t);

runCommand(
  USAGE,
  async () => {
    const { args, tutorial } = takeTutorialOption(process.argv.slice(2));
    const { values, positionals } = parseCommandLine(
      {
        vs: { type: 'string' },
        first: { type: 'string' },
        reference: { type: 'boolean', default: false },
        ...LANGUAGE_OPTION,
      },
      args,
      t,
    );
    checkLanguage(values.lang, t, language);
    if (positionals.length > 0) throw new UsageError(t('play.unexpectedArgument', { argument: positionals[0] ?? '' }));
    if (values.reference && !REFERENCE) throw new UsageError(t('play.noReference'));
    const folder = values.reference ? 'solutions' : 'lessons';
    if (tutorial !== undefined) {
      if (values.vs !== undefined) throw new UsageError(t('play.vsWithTutorial'));
      return playTutorialMode(folder, tutorial, values.first?.toLowerCase());
    }
    const gameFile = join(ROOT, folder, LESSON_FILES.game);
    if (folder === 'lessons' && !existsSync(gameFile) && existsSync(join(ROOT, folder, LESSON_FILES.tutorials))) {
      const why = new ToolStopped(t('play.noLesson04', { file: relative(ROOT, gameFile) }));
      return explain(why, folder, undefined, t, language);
    }
    const opponent = choice(values.vs ?? 'human', OPPONENTS, '--vs');
    const first = choice((values.first ?? 'x').toLowerCase(), FIRST_CHOICES, '--first');

    try {
      const game = await loadLessonModule<GameModule>(folder, LESSON_FILES.game, MISSING(folder), LOAD_WORDS);
      const movePrompt = (await loadLessonModule<InputModule>(folder, LESSON_FILES.input, MISSING(folder), LOAD_WORDS)).movePrompt;
      const computer = opponent === 'human' ? null : await loadComputer(folder, opponent);
      if (computer !== null) checkDrawing((await loadLessonModule<BoardModule>(folder, BOARD_FILE, MISSING(folder), LOAD_WORDS)).renderBoard, t);
      const terminal = terminalIO();
      terminal.print(heading(folder, opponent));
      const io = computer ? withComputer(terminal, computer, movePrompt, t) : terminal;
      play(game, io, terminal, first);
      return 0;
    } catch (error) {
      return explain(error, folder, REFERENCE ? 'npm run play -- --reference' : undefined, t, language);
    }
  },
  t,
);

/**
 * Takes --tutorial [NAME] out of the arguments: `tutorial` is the name, '' when --tutorial stands
 * alone (list the tutorials), undefined without --tutorial.
 */
function takeTutorialOption(argv: string[]): { args: string[]; tutorial: string | undefined } {
  const args: string[] = [];
  let tutorial: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (arg.startsWith('--tutorial=')) {
      tutorial = arg.slice('--tutorial='.length);
    } else if (arg === '--tutorial') {
      const next = argv[index + 1];
      tutorial = next !== undefined && !next.startsWith('-') ? next : '';
      if (tutorial !== '') index += 1;
    } else {
      args.push(arg);
    }
  }
  return { args, tutorial };
}

/** `--tutorial [NAME]`: lists the tutorials, or plays one with lesson 08 of the chosen folder. */
async function playTutorialMode(folder: string, name: string, first: string | undefined): Promise<number> {
  try {
    const path = join(ROOT, folder, LESSON_FILES.tutorials);
    if (folder === 'lessons' && !existsSync(path)) {
      throw new ToolStopped(t('play.needsLesson08', { file: relative(ROOT, path) }));
    }
    const module = await loadLessonModule<TutorialModule>(folder, LESSON_FILES.tutorials, MISSING(folder), LOAD_WORDS);
    if (name === '') {
      if (first !== undefined) throw new UsageError(t('play.nameTutorial'));
      process.stdout.write(`${tutorialList(module, REFERENCE, t)}\n`);
      return 0;
    }
    return playNamedTutorial(module, name, first, t, language);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    return explain(error, folder, REFERENCE ? `npm run play -- --tutorial ${name || 'NAME'} --reference` : undefined, t, language);
  }
}

/** The option's value if it is one of the allowed ones; otherwise a usage error listing them. */
function choice<T extends string>(value: string, allowed: readonly T[], option: string): T {
  const found = allowed.find((item) => item === value);
  if (found === undefined) throw new UsageError(t('play.oneOf', { option, allowed: listInWords(allowed, language, 'disjunction'), value }));
  return found;
}

/** The lines shown before the first game. */
function heading(folder: string, opponent: Opponent): string {
  const code = t(folder === 'solutions' ? 'play.heading.reference' : 'play.heading.own');
  const players = opponent === 'human' ? t('play.heading.twoPlayers') : t('play.heading.computer', { opponent });
  return [t('play.heading', { code, players }), t('play.howToPlay'), ''].join('\n');
}

/**
 * Plays lesson 04's match. While playMatch is still a stub, plays one game with playGame
 * instead, so a student can try the game as soon as task 5 is done.
 */
function play(game: GameModule, io: IO, terminal: TerminalIO, first: FirstChoice): void {
  const rng = firstPlayerRng(first);
  try {
    game.playMatch(io, { rng });
  } catch (error) {
    if (stubNameOf(error) !== 'playMatch') throw error;
    const note = `${t('play.singleGame')}\n`;
    game.playGame(
      withNoteFirst(io, () => terminal.print(note)),
      { first: rng() < 0.5 ? 'X' : 'O' },
    );
  }
}

/** The same IO, which first shows a note when the game starts talking (not if it fails before). */
function withNoteFirst(io: IO, showNote: () => void): IO {
  let shown = false;
  const once = (): void => {
    if (!shown) showNote();
    shown = true;
  };
  return {
    print(text) {
      once();
      io.print(text);
    },
    input(prompt) {
      once();
      return io.input(prompt);
    },
  };
}

/** playMatch's coin (lesson 04: below 0.5 means X moves first), fixed or random as --first asks. */
function firstPlayerRng(first: FirstChoice): () => number {
  if (first === 'x') return () => 0;
  if (first === 'o') return () => 0.99;
  return Math.random;
}

/** Imports lesson 06 and returns the function that chooses the computer's move for this opponent. */
async function loadComputer(folder: string, opponent: Exclude<Opponent, 'human'>): Promise<Chooser> {
  const path = join(ROOT, folder, LESSON_FILES.computer);
  if (!existsSync(path)) {
    throw new ToolStopped(t('play.needsLesson06', { opponent, file: relative(ROOT, path) }));
  }
  const computer = await loadLessonModule<ComputerModule>(folder, LESSON_FILES.computer, MISSING(folder), LOAD_WORDS);
  if (opponent === 'rules') return { name: 'ruleMove', choose: (board) => computer.ruleMove(board, COMPUTER) };
  if (opponent === 'heuristic') return { name: 'heuristicMove', choose: (board) => computer.heuristicMove(board, COMPUTER) };
  return { name: 'computerMove', choose: (board) => computer.computerMove(board, COMPUTER, opponent, Math.random) };
}
