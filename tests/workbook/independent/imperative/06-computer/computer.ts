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

/** The indexes of the empty cells, from the highest to the lowest. */
function emptyCellsFromTheTop(board: Board): number[] {
  const cells: number[] = [];
  for (let index = 8; index >= 0; index--) {
    if (board[index] === EMPTY) {
      cells.push(index);
    }
  }
  return cells;
}

/** How many cells of the line hold the given content. */
function countInLine(board: Board, line: readonly [number, number, number], content: Cell): number {
  let count = 0;
  for (let position = 0; position < 3; position++) {
    if (board[line[position]] === content) {
      count += 1;
    }
  }
  return count;
}

/** The first empty cell of the line, or -1 when it has none. */
function emptyCellOfLine(board: Board, line: readonly [number, number, number]): number {
  for (let position = 0; position < 3; position++) {
    if (board[line[position]] === EMPTY) {
      return line[position];
    }
  }
  return -1;
}

/** Task 1: a random empty cell; every empty cell is equally likely, and only `rng` decides. */
export function randomMove(board: Board, rng: Random = Math.random): number {
  const cells = emptyCellsFromTheTop(board);
  const position = Math.floor(rng() * cells.length);
  return cells[position];
}

/** Tutorial 000's search: the last empty cell of the last line with exactly `mine` of my marks and `theirs` of the opponent's. */
function lastFittingCell(board: Board, me: Mark, mine: number, theirs: number): number | null {
  const opponent = otherPlayer(me);
  let found: number | null = null;
  for (let lineNumber = 0; lineNumber < SCAN_ORDER.length; lineNumber++) {
    const line = SCAN_ORDER[lineNumber];
    if (countInLine(board, line, me) !== mine || countInLine(board, line, opponent) !== theirs) {
      continue;
    }
    for (let position = 0; position < 3; position++) {
      if (board[line[position]] === EMPTY) {
        found = line[position];
      }
    }
  }
  return found;
}

/** Task 2: the Python tutorial's five rules, in its order; null when no rule finds a cell. */
export function ruleMove(board: Board, me: Mark): number | null {
  const searches: readonly (readonly [number, number])[] = [
    [2, 0],
    [0, 2],
    [1, 0],
  ];
  for (let rule = 0; rule < searches.length; rule++) {
    const cell = lastFittingCell(board, me, searches[rule][0], searches[rule][1]);
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

/** Tutorial 002's search: the empty cell of the first line holding two of the mark and one empty cell, or -1. */
function firstThreatCell(board: Board, mark: Mark): number {
  for (let lineNumber = 0; lineNumber < SCAN_ORDER.length; lineNumber++) {
    const line = SCAN_ORDER[lineNumber];
    if (countInLine(board, line, mark) === 2 && countInLine(board, line, EMPTY) === 1) {
      return emptyCellOfLine(board, line);
    }
  }
  return -1;
}

/** How many lines through the cell are still completely empty. */
function emptyLinesThrough(board: Board, cell: number): number {
  let score = 0;
  for (let lineNumber = 0; lineNumber < SCAN_ORDER.length; lineNumber++) {
    const line = SCAN_ORDER[lineNumber];
    if ((line[0] === cell || line[1] === cell || line[2] === cell) && countInLine(board, line, EMPTY) === 3) {
      score += 1;
    }
  }
  return score;
}

/** Task 3: the C++ tutorial's order: centre, win, block, then the cell on the most empty lines. */
export function heuristicMove(board: Board, me: Mark): number {
  if (board[CENTRE] === EMPTY) {
    return CENTRE;
  }
  const win = firstThreatCell(board, me);
  if (win !== -1) {
    return win;
  }
  const block = firstThreatCell(board, otherPlayer(me));
  if (block !== -1) {
    return block;
  }
  let bestCell = -1;
  let bestScore = 0;
  let firstEmpty = -1;
  for (let cell = 0; cell < 9; cell++) {
    if (board[cell] !== EMPTY) {
      continue;
    }
    if (firstEmpty === -1) {
      firstEmpty = cell;
    }
    const score = emptyLinesThrough(board, cell);
    if (score > bestScore) {
      bestScore = score;
      bestCell = cell;
    }
  }
  if (bestCell === -1) {
    return firstEmpty;
  }
  return bestCell;
}

/** The empty cells, from 0 to 8, that would complete a line of the mark (two of the mark and one empty cell). */
function completingCells(board: Board, mark: Mark): number[] {
  const wanted: boolean[] = [false, false, false, false, false, false, false, false, false];
  for (let lineNumber = 0; lineNumber < SCAN_ORDER.length; lineNumber++) {
    const line = SCAN_ORDER[lineNumber];
    if (countInLine(board, line, mark) === 2 && countInLine(board, line, EMPTY) === 1) {
      wanted[emptyCellOfLine(board, line)] = true;
    }
  }
  const cells: number[] = [];
  for (let cell = 0; cell < 9; cell++) {
    if (wanted[cell]) {
      cells.push(cell);
    }
  }
  return cells;
}

/** The cells completing a line of the mark once the mark is placed in the cell, worked out on a copy. */
function threatsAfter(board: Board, cell: number, mark: Mark): number[] {
  const copy = board.slice();
  copy[cell] = mark;
  return completingCells(copy, mark);
}

/** The empty cells, from 0 to 8, where the mark would make two threats or more at once. */
function forkCells(board: Board, mark: Mark): number[] {
  const cells: number[] = [];
  for (let cell = 0; cell < 9; cell++) {
    if (board[cell] === EMPTY && threatsAfter(board, cell, mark).length >= 2) {
      cells.push(cell);
    }
  }
  return cells;
}

/** The last number of a list, or -1 for an empty list. */
function lastOf(cells: number[]): number {
  if (cells.length === 0) {
    return -1;
  }
  return cells[cells.length - 1];
}

/** Rule 4 of the hard level: a forcing threat whose block is not one of their fork cells, else one of their fork cells, else -1. */
function stopTheirFork(board: Board, me: Mark): number {
  const theirForks = forkCells(board, otherPlayer(me));
  if (theirForks.length === 0) {
    return -1;
  }
  for (let cell = 8; cell >= 0; cell--) {
    if (board[cell] !== EMPTY) {
      continue;
    }
    const threats = threatsAfter(board, cell, me);
    if (threats.length === 0) {
      continue;
    }
    let safe = true;
    for (let position = 0; position < threats.length; position++) {
      if (theirForks.indexOf(threats[position]) !== -1) {
        safe = false;
      }
    }
    if (safe) {
      return cell;
    }
  }
  return lastOf(theirForks);
}

/** The hard level's seven rules, in order. */
function hardMove(board: Board, me: Mark): number {
  const opponent = otherPlayer(me);
  let cell = lastOf(completingCells(board, me));
  if (cell !== -1) {
    return cell;
  }
  cell = lastOf(completingCells(board, opponent));
  if (cell !== -1) {
    return cell;
  }
  cell = lastOf(forkCells(board, me));
  if (cell !== -1) {
    return cell;
  }
  cell = stopTheirFork(board, me);
  if (cell !== -1) {
    return cell;
  }
  if (board[CENTRE] === EMPTY) {
    return CENTRE;
  }
  for (let position = CORNERS.length - 1; position >= 0; position--) {
    if (board[CORNERS[position]] === EMPTY) {
      return CORNERS[position];
    }
  }
  return emptyCellsFromTheTop(board)[0];
}

/** The medium level: complete my line, else block theirs, else a random empty cell. */
function mediumMove(board: Board, me: Mark, rng: Random): number {
  const win = lastOf(completingCells(board, me));
  if (win !== -1) {
    return win;
  }
  const block = lastOf(completingCells(board, otherPlayer(me)));
  if (block !== -1) {
    return block;
  }
  return randomMove(board, rng);
}

/** Tasks 4 and 5: easy plays at random, medium wins or blocks when it can, hard never loses. */
export function computerMove(board: Board, me: Mark, level: Level, rng: Random = Math.random): number {
  switch (level) {
    case 'easy':
      return randomMove(board, rng);
    case 'medium':
      return mediumMove(board, me, rng);
    case 'hard':
      return hardMove(board, me);
  }
}
