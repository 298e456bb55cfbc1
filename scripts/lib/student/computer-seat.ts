/**
 * The computer in O's seat of `npm run play`: it reads the board the student's game prints (lesson
 * 01's numbered layout) and answers the game's move prompt for O with lesson 06's choice.
 */
import { EMPTY, isFreeCell, type Board, type Cell, type Mark } from '../core/boards.ts';
import { ToolStopped, type IO } from '../core/lesson-modules.ts';
import { visible } from '../core/text.ts';
import type { TerminalIO } from './terminal-io.ts';
import type { Translate } from '../i18n/messages.ts';

/** The computer always plays O; the person at the keyboard plays X. */
export const COMPUTER: Mark = 'O';
export const HUMAN: Mark = 'X';

/** How the computer chooses: the lesson 06 function's name (for messages) and a call to it. */
export interface Chooser {
  name: string;
  choose(board: Board): number | null;
}

/** Lesson 01's renderBoard: the board drawn as numbered rows, the way the computer reads it from the screen. */
export type DrawBoard = (board: Board) => string;

/** A few boards to draw: empty, and with marks in corners, edges and the centre. */
const SAMPLE_BOARDS: readonly Board[] = [
  [EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY],
  ['X', EMPTY, EMPTY, EMPTY, 'O', EMPTY, EMPTY, EMPTY, EMPTY],
  ['O', 'X', EMPTY, EMPTY, 'X', 'O', EMPTY, 'X', 'O'],
];

/** A board drawn as lesson 01 asks: rows " X | 2 | 3 " between lines "---+---+---", an empty cell showing its number. */
function numberedDrawing(board: Board): string {
  const label = (index: number): string => (board[index] === EMPTY ? String(index + 1) : (board[index] as string));
  return [0, 3, 6].map((start) => ` ${label(start)} | ${label(start + 1)} | ${label(start + 2)} `).join('\n---+---+---\n');
}

/**
 * Stops before the first game when the student's renderBoard does not draw boards as lesson 01
 * asks: the computer reads the board from the screen, so it would not see the board, or see the
 * wrong one, and the game would stop later with a message about the wrong function. When the drawing
 * throws (a stub, a bug), the game is left to meet the error itself, and play explains it in the game's context.
 */
export function checkDrawing(renderBoard: DrawBoard, t: Translate): void {
  for (const board of SAMPLE_BOARDS) {
    let drawn: string;
    try {
      drawn = renderBoard([...board]);
    } catch {
      return;
    }
    const expected = numberedDrawing(board);
    if (drawn !== expected) throw new ToolStopped(t('play.drawnWrong', { drawn: shownDrawing(drawn), expected }));
  }
}

/** What a drawing returned, as a message shows it: safe for the terminal, and at most a board's size and a little more. */
function shownDrawing(drawn: unknown): string {
  const lines = visible(typeof drawn === 'string' ? drawn : (JSON.stringify(drawn) ?? String(drawn))).split('\n');
  const cut = lines.slice(0, 7).map((line) => (line.length > 40 ? `${line.slice(0, 40)}…` : line));
  return lines.length > 7 ? [...cut, '…'].join('\n') : cut.join('\n');
}

/** What the game did since the computer last answered, before it asked the computer again. */
type SinceAnswer = 'nothing' | 'text' | 'other prompt';

/**
 * The terminal IO with the computer sitting in O's seat. The computer looks at the screen the
 * way a person does: it reads the last board the game printed (lesson 01's numbered layout, which
 * `checkDrawing` makes sure renderBoard draws), and when the game asks O for a move, it answers
 * with its cell number, shown on a line of its own.
 * When the rules computer gives up, nobody can win any more: the rest of that game is filled in
 * for both players, so the student's game itself ends it as a draw.
 */
export function withComputer(terminal: TerminalIO, computer: Chooser, movePrompt: (player: Mark) => string, t: Translate): IO {
  let shown: Board | null = null;
  let answered: number | null = null;
  let since: SinceAnswer = 'nothing';
  let fillingIn = false;
  return {
    print(text) {
      const board = boardIn(text);
      if (board !== null) {
        shown = board;
        answered = null;
        if (board.every((cell) => cell === EMPTY)) fillingIn = false;
      } else if (answered !== null && since === 'nothing') {
        since = 'text';
      }
      terminal.print(text);
    },
    input(prompt) {
      const player = promptedPlayer(prompt, movePrompt);
      if (player === null || (player === HUMAN && !fillingIn)) {
        if (answered !== null) since = 'other prompt';
        return terminal.input(prompt);
      }
      if (shown === null) {
        throw new ToolStopped(t('play.cannotSeeBoard'));
      }
      if (answered !== null) throw new ToolStopped(askedAgain(answered + 1, since, t));
      since = 'nothing';
      if (!fillingIn) {
        const choice = chooseFor(computer, shown, t);
        if (choice !== null) {
          answered = choice;
          terminal.print(t('play.computerPlays', { cell: choice + 1 }));
          return String(choice + 1);
        }
        fillingIn = true;
        // (What play says when the rules computer finds no move: a draw, as nobody can win any more.)
        terminal.print(t('play.nobodyCanWin'));
      }
      answered = shown.indexOf(EMPTY);
      terminal.print(t('play.filledIn', { player, cell: answered + 1 }));
      return String(answered + 1);
    },
  };
}

/**
 * Why the game asked the computer for a move again before printing a new board: it went on to
 * another question without showing the board after the moves (playGame); it printed something and
 * asked again, refusing a cell the board shows free (askMove and parseMove, or a board printed before
 * the move was placed); or it asked again straight away (askMove).
 */
function askedAgain(cell: number, since: SinceAnswer, t: Translate): string {
  if (since === 'other prompt') return t('play.noBoardAfterMove', { cell });
  if (since === 'text') return t('play.moveRefused', { cell });
  return t('play.askedAgain', { cell });
}

/** The player a prompt asks for a move (lesson 02's movePrompt), or null for any other question. */
function promptedPlayer(prompt: string, movePrompt: (player: Mark) => string): Mark | null {
  if (prompt === movePrompt(COMPUTER)) return COMPUTER;
  if (prompt === movePrompt(HUMAN)) return HUMAN;
  return null;
}

/** The computer's move on this board, checked, as an index 0-8; null when it gives up (ruleMove). */
function chooseFor(computer: Chooser, board: Board, t: Translate): number | null {
  const index = computer.choose(board);
  if (index === null) return null;
  if (!isFreeCell(board, index)) {
    throw new ToolStopped(t('play.notFreeCell', { name: computer.name, choice: JSON.stringify(index) }));
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
  return EMPTY;
}
