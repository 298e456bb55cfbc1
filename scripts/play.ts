/**
 * `npm run play`: play Tic-Tac-Toe in the terminal with the code written in the lessons.
 *
 * The game is the student's own: lesson 04's playMatch (rounds with a score) built on lessons
 * 01 to 03, talking through lesson 02's IO, which here is the real terminal. A computer player
 * comes from lesson 06. With --reference everything comes from solutions/ instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Board, Cell, Mark } from '../lessons/01-board/board.ts';
import type { IO } from '../lessons/02-input/input.ts';
import type { playGame, playMatch } from '../lessons/04-game/game.ts';
import { parseCommandLine, runCommand } from './lib/cli.ts';
import { AskedAfterEnd, InputInterrupted, terminalIO, type TerminalIO } from './lib/terminal-io.ts';
import { readLesson, ROOT, UsageError } from './lib/workbook.ts';

const USAGE = `
Usage: npm run play [-- [--vs WHO] [--first WHO] [--reference]]

Plays Tic-Tac-Toe in this terminal with your code from lessons 01 to 04.
  --vs WHO      who plays O: human (default: two players at one keyboard), or a computer
                from lesson 06: easy, medium, hard (computerMove), rules (ruleMove),
                heuristic (heuristicMove). You play X.
  --first WHO   who moves first in each game: x (default), o, or random
  --reference   play with the reference solutions instead of your code (the teacher's demo)

Type a cell number (1-9) and press Enter. Ctrl+D or Ctrl+C ends the game.
`;

const OPPONENTS = ['human', 'easy', 'medium', 'hard', 'rules', 'heuristic'] as const;
type Opponent = (typeof OPPONENTS)[number];
const FIRST_CHOICES = ['x', 'o', 'random'] as const;
type FirstChoice = (typeof FIRST_CHOICES)[number];

/** The computer always plays O; the person at the keyboard plays X. */
const COMPUTER: Mark = 'O';

/** What play.ts uses from lesson 04. */
interface GameModule {
  playGame: typeof playGame;
  playMatch: typeof playMatch;
}

/** What play.ts uses from lesson 06 (declared here so this script does not depend on that file). */
interface ComputerModule {
  ruleMove(board: Board, me: Mark): number | null;
  heuristicMove(board: Board, me: Mark): number;
  computerMove(board: Board, me: Mark, level: 'easy' | 'medium' | 'hard', rng?: () => number): number;
}

/** A problem that ends the game with a plain message (no stack trace) and exit status 1. */
class PlayStopped extends Error {}

runCommand(USAGE, async () => {
  const { values, positionals } = parseCommandLine({
    vs: { type: 'string', default: 'human' },
    first: { type: 'string', default: 'x' },
    reference: { type: 'boolean', default: false },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  const opponent = choice(values.vs, OPPONENTS, '--vs');
  const first = choice(values.first.toLowerCase(), FIRST_CHOICES, '--first');
  const folder = values.reference ? 'solutions' : 'lessons';

  process.stdout.on('error', () => process.exit(0));
  try {
    const game = await loadGame(folder);
    const movePrompt = (await loadModule<{ movePrompt(player: Mark): string }>(folder, '02-input/input.ts')).movePrompt;
    const computer = opponent === 'human' ? null : await loadComputer(folder, opponent);
    const terminal = terminalIO();
    terminal.print(heading(folder, opponent));
    const io = computer ? withComputer(terminal, computer, movePrompt) : terminal;
    play(game, io, terminal, first);
    return 0;
  } catch (error) {
    return explain(error, folder);
  }
});

/** The option's value if it is one of the allowed ones; otherwise a usage error listing them. */
function choice<T extends string>(value: string, allowed: readonly T[], option: string): T {
  const found = allowed.find((item) => item === value);
  if (found === undefined) throw new UsageError(`${option} must be one of: ${allowed.join(', ')} (not "${value}").`);
  return found;
}

/** The lines shown before the first game. */
function heading(folder: string, opponent: Opponent): string {
  const code = folder === 'solutions' ? 'the reference solutions' : 'your code from the lessons';
  const players = opponent === 'human' ? 'two players, X and O, at one keyboard' : `you are X, the computer (${opponent}) is O`;
  return [`Tic-Tac-Toe, played with ${code}: ${players}.`, 'Type a cell number and press Enter. Ctrl+D or Ctrl+C ends the game.', ''].join('\n');
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
    if (!isStub(error, 'playMatch')) throw error;
    const note = "Lesson 04's playMatch is not finished yet, so this is a single game without a score.\n";
    game.playGame(withNoteFirst(io, () => terminal.print(note)), { first: rng() < 0.5 ? 'X' : 'O' });
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

/** Imports lesson 04 from the chosen folder (it imports lessons 01 to 03 itself). */
async function loadGame(folder: string): Promise<GameModule> {
  return loadModule<GameModule>(folder, '04-game/game.ts');
}

/** Imports lesson 06 and returns the function that chooses the computer's move for this opponent. */
async function loadComputer(folder: string, opponent: Exclude<Opponent, 'human'>): Promise<Chooser> {
  const path = join(ROOT, folder, '06-computer', 'computer.ts');
  if (!existsSync(path)) {
    throw new PlayStopped(
      [
        `Playing against the computer (--vs ${opponent}) needs lesson 06 (computer player),`,
        `but ${relative(ROOT, path)} does not exist yet. Play two players with: npm run play`,
      ].join('\n'),
    );
  }
  const computer = await loadModule<ComputerModule>(folder, '06-computer/computer.ts');
  if (opponent === 'rules') return { name: 'ruleMove', choose: (board) => computer.ruleMove(board, COMPUTER) };
  if (opponent === 'heuristic') return { name: 'heuristicMove', choose: (board) => computer.heuristicMove(board, COMPUTER) };
  return { name: 'computerMove', choose: (board) => computer.computerMove(board, COMPUTER, opponent, Math.random) };
}

/** Imports one exercise module of a folder, or stops with a plain message when it cannot be loaded. */
async function loadModule<T>(folder: string, file: string): Promise<T> {
  const path = join(ROOT, folder, file);
  if (!existsSync(path)) {
    if (folder === 'solutions') throw new PlayStopped('The reference solutions are not part of this copy of the workbook.');
    throw new PlayStopped(`${relative(ROOT, path)} is missing. Play needs the lessons' files in ${folder}/.`);
  }
  try {
    return (await import(pathToFileURL(path).href)) as T;
  } catch (error) {
    throw new PlayStopped(`${relative(ROOT, path)} could not be loaded: ${firstLine(error)}\nRun: npm run check to see what is wrong.`);
  }
}

/** How the computer chooses: the lesson 06 function's name (for messages) and a call to it. */
interface Chooser {
  name: string;
  choose(board: Board): number | null;
}

/**
 * The terminal IO with the computer sitting in O's seat. The computer looks at the screen the
 * way a person does: it reads the last board the game printed (lesson 01's numbered layout),
 * and when the game asks O for a move, it "types" its cell number.
 */
function withComputer(terminal: TerminalIO, computer: Chooser, movePrompt: (player: Mark) => string): IO {
  let shown: Board | null = null;
  let answered: number | null = null;
  return {
    print(text) {
      const board = boardIn(text);
      if (board !== null) {
        shown = board;
        answered = null;
      }
      terminal.print(text);
    },
    input(prompt) {
      if (prompt !== movePrompt(COMPUTER)) return terminal.input(prompt);
      if (shown === null) {
        throw new PlayStopped('The computer cannot see the board: playGame must print it with renderBoard (lesson 01) before asking for a move.');
      }
      if (answered !== null) {
        throw new PlayStopped(
          `The game asked the computer again after it typed ${answered + 1} on a free cell.\nRun: npm run check 02 04`,
        );
      }
      answered = chooseFor(computer, shown, terminal);
      terminal.write(`${prompt}${answered + 1}\n`);
      return String(answered + 1);
    },
  };
}

/** The computer's move on this board, checked, as an index 0-8. */
function chooseFor(computer: Chooser, board: Board, terminal: TerminalIO): number {
  let index = computer.choose(board);
  if (index === null) {
    index = board.indexOf(' ');
    terminal.print('(no rule fits this board, so the computer takes the first free cell)');
  }
  if (!Number.isInteger(index) || index < 0 || index > 8 || board[index] !== ' ') {
    throw new PlayStopped(
      `The computer's ${computer.name} (lesson 06) chose ${JSON.stringify(index)}, which is not a free cell (0-8).\nRun: npm run check 06`,
    );
  }
  return index;
}

/** The board in a printed text drawn as lesson 01's renderBoard draws it, or null when there is none. */
function boardIn(text: string): Board | null {
  const lines = text.split('\n');
  const row = /^ (\S) \| (\S) \| (\S) $/;
  for (let start = 0; start + 5 <= lines.length; start += 1) {
    const [first, line1, second, line2, third] = lines.slice(start, start + 5);
    const rows = [first, second, third].map((candidate) => row.exec(candidate ?? ''));
    if (line1 !== '---+---+---' || line2 !== '---+---+---' || rows.some((match) => match === null)) continue;
    return rows.flatMap((match) => (match as RegExpExecArray).slice(1, 4)).map(cellShown);
  }
  return null;
}

/** A shown label as a cell: a mark stays a mark, a number is an empty cell. */
function cellShown(label: string): Cell {
  if (label === 'X' || label === 'O') return label;
  return ' ';
}

/** True when the error is the stub of `name` (or of any exercise when no name is given). */
function isStub(error: unknown, name?: string): boolean {
  if (!(error instanceof Error)) return false;
  const match = /^not implemented yet: (\S+)/.exec(error.message);
  return match !== null && (name === undefined || match[1] === name);
}

/** Prints why the game stopped, in plain words, and returns the exit status. */
function explain(error: unknown, folder: string): number {
  if (error instanceof InputInterrupted) {
    process.stdout.write('Game stopped with Ctrl+C. Bye!\n');
    return 130;
  }
  if (error instanceof PlayStopped) {
    process.stderr.write(`\n${error.message}\n`);
    return 1;
  }
  if (error instanceof AskedAfterEnd) {
    process.stderr.write(
      `\nThe game stopped: ${error.message}.\nWhen input ends, askMove (lesson 02) returns null and playGame (lesson 04) returns 'quit'.\n`,
    );
    return 1;
  }
  if (isStub(error)) {
    process.stderr.write(`\n${unfinishedLesson(error as Error, folder)}\n`);
    return 1;
  }
  const where = placeInLessons(error);
  process.stderr.write(`\nThe game stopped because the code threw an error: ${firstLine(error)}${where ? `\n  at ${where}` : ''}\n`);
  return 1;
}

/** "Lesson 03 (Win check) is not finished yet…" for a stub's error, with what to do. */
function unfinishedLesson(error: Error, folder: string): string {
  const name = error.message.replace(/^not implemented yet: /, '');
  const where = lessonOf(error, folder);
  if (where === null) return `The game needs ${name}, which is not written yet (it still throws "not implemented yet").`;
  const lesson = readLesson(where.id);
  const earlier = [...lesson.buildsOn].filter((id) => folder === 'lessons' && hasStubs(id));
  const next = earlier.length > 0 ? readLesson(earlier[0] as string) : lesson;
  const lines = [
    `The game needs lesson ${lesson.number} (${lesson.title}), which is not finished yet:`,
    `${name} in ${where.file} still throws "not implemented yet".`,
  ];
  if (earlier.length > 0) {
    lines.push(`It builds on lessons that are not finished either (${earlier.map((id) => id.slice(0, 2)).join(', ')}).`);
  }
  if (earlier.length > 0) {
    lines.push(`Start with lesson ${next.number} (${next.title}): npm run check ${next.number}`);
  } else {
    lines.push(`Finish it (check it with: npm run check ${lesson.number}), then play again.`);
  }
  lines.push('To watch the finished game meanwhile: npm run play -- --reference');
  return lines.join('\n');
}

/** True when a lesson's exercise files still hold a stub ("not implemented yet"). */
function hasStubs(id: string): boolean {
  return readLesson(id).files.some((file) => {
    const path = join(ROOT, 'lessons', id, file);
    return existsSync(path) && readFileSync(path, 'utf8').includes("throw new Error('not implemented yet:");
  });
}

/** The lesson and file the error was thrown in, read from the error's stack. */
function lessonOf(error: Error, folder: string): { id: string; file: string } | null {
  const pattern = new RegExp(`${escapeForRegExp(join(ROOT, folder) + sep)}(\\d\\d-[a-z0-9-]+)${escapeForRegExp(sep)}([\\w.-]+)`);
  const match = pattern.exec(error.stack ?? '');
  if (match === null) return null;
  return { id: match[1] as string, file: `${folder}/${match[1]}/${match[2]}` };
}

/** The first place in lessons/ or solutions/ where an error was thrown, as file:line. */
function placeInLessons(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const pattern = new RegExp(`${escapeForRegExp(ROOT + sep)}((?:lessons|solutions)${escapeForRegExp(sep)}[^:)]+:\\d+)`);
  return pattern.exec(error.stack ?? '')?.[1] ?? null;
}

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The first line of an error's message. */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? '';
}
