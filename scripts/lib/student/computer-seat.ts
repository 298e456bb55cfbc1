/**
 * The computer in O's seat of `npm run play`: it reads the board the student's game prints (lesson
 * 01's numbered layout) and answers the game's move prompt for O with lesson 06's choice.
 */
import { EMPTY, isFreeCell, type Board, type Cell, type Mark } from '../core/boards.ts';
import { ToolStopped, type IO } from '../core/lesson-modules.ts';
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

/**
 * The terminal IO with the computer sitting in O's seat. The computer looks at the screen the
 * way a person does: it reads the last board the game printed (lesson 01's numbered layout),
 * and when the game asks O for a move, it answers with its cell number, shown on a line of its own.
 * When the rules computer gives up, nobody can win any more: the rest of that game is filled in
 * for both players, so the student's game itself ends it as a draw.
 */
export function withComputer(terminal: TerminalIO, computer: Chooser, movePrompt: (player: Mark) => string, t: Translate): IO {
  let shown: Board | null = null;
  let answered: number | null = null;
  let fillingIn = false;
  return {
    print(text) {
      const board = boardIn(text);
      if (board !== null) {
        shown = board;
        answered = null;
        if (board.every((cell) => cell === EMPTY)) fillingIn = false;
      }
      terminal.print(text);
    },
    input(prompt) {
      const player = promptedPlayer(prompt, movePrompt);
      if (player === null || (player === HUMAN && !fillingIn)) return terminal.input(prompt);
      if (shown === null) {
        throw new ToolStopped(t('play.cannotSeeBoard'));
      }
      if (answered !== null) {
        throw new ToolStopped(t('play.askedAgain', { cell: answered + 1 }));
      }
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
