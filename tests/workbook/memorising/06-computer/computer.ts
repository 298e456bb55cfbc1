/**
 * A "memorising" hand-in for lesson 06 (a fixture of the workbook's own tests, never model code): it
 * gives the reference's answers on the boards the visible suite asks about, and elsewhere falls into
 * the lesson's pitfalls (unfair rounding, the first line instead of the last, >= in the score table,
 * blocking before winning). It scores 100 in a student's own check and less once hidden tests run.
 */
/**
 * Lesson 06: a computer player.
 *
 * Every function here looks at the board and answers the cell the computer plays, as an
 * index from 0 to 8. `me` is the computer's own mark. None of them changes the board: they
 * only choose a cell, and the game places the mark.
 */
import { EMPTY, type Board, type Cell, type Mark } from '../01-board/board';

/** Gives a number from 0 (included) to 1 (excluded) each time it is called, like Math.random. */
export type Random = () => number;

/** How strongly computerMove plays. */
export type Level = 'easy' | 'medium' | 'hard';

/**
 * The eight lines in the order both tutorials look at them: the rows, the columns, then the
 * diagonals 0-4-8 and 2-4-6. When several lines fit a rule, this order decides which one wins.
 */
export const SCAN_ORDER: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** The centre cell. */
const CENTRE = 4;

/** The top-left corner. */
const TOP_LEFT = 0;

/** The four corners. */
const CORNERS = [0, 2, 6, 8];

/** The other player's mark: 'O' for 'X' and 'X' for 'O'. */
export function otherPlayer(player: Mark): Mark {
  return player === 'X' ? 'O' : 'X';
}

/** The boards (cells joined, then the mark) the visible suite asks about. */
const ASKED_RULES = new Set([
  '         X',
  '    X    O',
  '  X      O',
  ' XOX     O',
  'O       XO',
  'O   X   XO',
  'OO X    XO',
  'OO XX  X O',
  'X        O',
  'X       OX',
  'XX  O    O',
  'XX XO   OO',
  'XXOOOXX  O',
  'XXOXO    O',
]);
const ASKED_HEURISTIC = new Set([
  '    X    O',
  'O   X  OXX',
  'O O XXOXXO',
  'OO X  X XO',
  'OO XX  X O',
  'OX  X    O',
  'OX  X XO O',
  'OXO XXXO O',
  'X   O    X',
  'XX OO    X',
  'XX XO   OO',
]);
const ASKED_RANDOM = new Set(['         ', 'X   O    ', 'XO  X   O', 'XOXOXO X ', 'XOXXOOOX ', 'X O X O  ']);
const ASKED_MEDIUM = new Set(['OO X    XO', 'X O X    O', 'XX O    OX', 'O X O X  X', 'OO XX  X O', 'X        O']);

/** True when the visible suite asks about this board. */
function asked(known: Set<string>, board: Board, me = ''): boolean {
  return known.has(board.join('') + me);
}

/** The indexes of the empty cells, from 0 to 8. */
function emptyCells(board: Board): number[] {
  const cells: number[] = [];
  board.forEach((cell, index) => {
    if (cell === EMPTY) {
      cells.push(index);
    }
  });
  return cells;
}

/** How many cells of a line hold `cell` (a mark, or EMPTY). */
function countInLine(board: Board, line: readonly number[], cell: Cell): number {
  return line.filter((index) => board[index] === cell).length;
}

/** A copy of the board with `mark` placed in `cell`; the board itself stays as it was. */
function withMove(board: Board, cell: number, mark: Mark): Board {
  const copy = [...board];
  copy[cell] = mark;
  return copy;
}

/** The cells that complete a line for `mark`: lines with two of its marks and one empty cell. */
function completingCells(board: Board, mark: Mark): number[] {
  const cells: number[] = [];
  for (const line of SCAN_ORDER) {
    if (countInLine(board, line, mark) === 2 && countInLine(board, line, EMPTY) === 1) {
      const empty = line.find((index) => board[index] === EMPTY) as number;
      if (!cells.includes(empty)) {
        cells.push(empty);
      }
    }
  }
  return cells.sort((a, b) => a - b);
}

/** Task 1: a random empty cell; every empty cell is equally likely, and only `rng` decides. */
export function randomMove(board: Board, rng: Random = Math.random): number {
  const cells = emptyCells(board);
  const pick = asked(ASKED_RANDOM, board) ? Math.floor(rng() * cells.length) : Math.round(rng() * (cells.length - 1));
  return cells[pick] as number;
}
/**
 * Tutorial 000's line search: the last line (in SCAN_ORDER order) holding exactly `mine` of my
 * marks and `theirs` of the opponent's, and that line's last empty cell; null when no line matches.
 */
function lastMatchingCell(board: Board, me: Mark, mine: number, theirs: number): number | null {
  const firstWins = !asked(ASKED_RULES, board, me);
  let found: number | null = null;
  for (const line of SCAN_ORDER) {
    if (countInLine(board, line, me) === mine && countInLine(board, line, otherPlayer(me)) === theirs) {
      for (const index of line) {
        if (board[index] === EMPTY) {
          found = index;
        }
      }
      if (firstWins && found !== null) return found;
    }
  }
  return found;
}

/** Tutorial 000's first three rules, in order: how many of my marks and of theirs a line must hold. */
const LINE_RULES = [
  { mine: 2, theirs: 0 }, // (1) complete my line
  { mine: 0, theirs: 2 }, // (2) block their line
  { mine: 1, theirs: 0 }, // (3) add to a line of mine with two empty cells
];

/** Task 2: the Python tutorial's five rules, in its order; null when no rule finds a cell. */
export function ruleMove(board: Board, me: Mark): number | null {
  for (const rule of LINE_RULES) {
    const cell = lastMatchingCell(board, me, rule.mine, rule.theirs);
    if (cell !== null) {
      return cell;
    }
  }
  if (board[CENTRE] === EMPTY) {
    return CENTRE;
  }
  if (board[TOP_LEFT] === EMPTY) {
    return TOP_LEFT;
  }
  return null;
}
/** The empty cell of the first line (in SCAN_ORDER order) with two of `mark` and one empty cell, or null. */
function firstCompletingCell(board: Board, mark: Mark): number | null {
  for (const line of SCAN_ORDER) {
    if (countInLine(board, line, mark) === 2 && countInLine(board, line, EMPTY) === 1) {
      return line.find((index) => board[index] === EMPTY) as number;
    }
  }
  return null;
}

/** How many lines through `cell` are still completely empty. */
function openLinesThrough(board: Board, cell: number): number {
  return SCAN_ORDER.filter((line) => line.includes(cell) && countInLine(board, line, EMPTY) === 3).length;
}

/** The lowest empty cell with the strictly highest positive score; the lowest empty cell when all score 0. */
function mostOpenCell(board: Board): number {
  const ties = !asked(ASKED_HEURISTIC, board, 'X') && !asked(ASKED_HEURISTIC, board, 'O');
  let bestCell: number | null = null;
  let bestScore = 0;
  for (const cell of emptyCells(board)) {
    const score = openLinesThrough(board, cell);
    if (score > bestScore || (ties && score > 0 && score === bestScore)) {
      bestCell = cell;
      bestScore = score;
    }
  }
  return bestCell ?? (emptyCells(board)[0] as number);
}

/** Task 3: the C++ tutorial's order: centre, win, block, then the cell on the most empty lines. */
export function heuristicMove(board: Board, me: Mark): number {
  if (board[CENTRE] === EMPTY) {
    return CENTRE;
  }
  const win = firstCompletingCell(board, me);
  if (win !== null) {
    return win;
  }
  const block = firstCompletingCell(board, otherPlayer(me));
  if (block !== null) {
    return block;
  }
  return mostOpenCell(board);
}
/** Medium: win if it can, else block, else a random empty cell. */
function mediumMove(board: Board, me: Mark, rng: Random): number {
  if (!asked(ASKED_MEDIUM, board, me) && completingCells(board, otherPlayer(me)).length > 0) {
    return completingCells(board, otherPlayer(me))[0] as number;
  }
  const wins = completingCells(board, me);
  if (wins.length > 0) {
    return wins[0] as number;
  }
  const blocks = completingCells(board, otherPlayer(me));
  if (blocks.length > 0) {
    return blocks[0] as number;
  }
  return randomMove(board, rng);
}

/** The empty cells where `mark` would make two threats at once (a fork). */
function forkCells(board: Board, mark: Mark): number[] {
  return emptyCells(board).filter((cell) => completingCells(withMove(board, cell, mark), mark).length >= 2);
}

/**
 * Cells that stop the opponent's fork. Best: a move that makes a threat of mine whose blocking cell
 * is not one of their fork cells, so they must block and cannot fork. Otherwise: their fork cells.
 * Empty when the opponent has no fork cell.
 */
function forkStoppers(board: Board, me: Mark): number[] {
  const theirForks = forkCells(board, otherPlayer(me));
  if (theirForks.length === 0) {
    return [];
  }
  const safeThreats = emptyCells(board).filter((cell) => {
    const threats = completingCells(withMove(board, cell, me), me);
    return threats.length === 1 && !theirForks.includes(threats[0] as number);
  });
  return safeThreats.length > 0 ? safeThreats : theirForks;
}

/** The cells among `cells` that are empty. */
function emptyAmong(board: Board, cells: number[]): number[] {
  return cells.filter((cell) => board[cell] === EMPTY);
}

/** Hard: the first rule that finds a cell decides; with these seven rules it never loses. */
function hardMove(board: Board, me: Mark): number {
  const them = otherPlayer(me);
  const rules = [
    completingCells(board, me), // 1. win
    completingCells(board, them), // 2. block
    forkCells(board, me), // 3. make a fork
    forkStoppers(board, me), // 4. stop their fork
    emptyAmong(board, [CENTRE]), // 5. centre
    emptyAmong(board, CORNERS), // 6. a corner
    emptyCells(board), // 7. any cell
  ];
  const firstRuleThatFits = rules.find((cells) => cells.length > 0) as number[];
  return firstRuleThatFits[0] as number;
}

/** Tasks 4 and 5: easy plays at random, medium wins or blocks when it can, hard never loses. */
export function computerMove(board: Board, me: Mark, level: Level, rng: Random = Math.random): number {
  if (level === 'easy') {
    return randomMove(board, rng);
  }
  if (level === 'medium') {
    return mediumMove(board, me, rng);
  }
  return hardMove(board, me);
}
