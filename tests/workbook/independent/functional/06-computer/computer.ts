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

/** One line of three cell indexes. */
type Line = readonly [number, number, number];

/** The indexes of the empty cells, lowest first. */
const emptyCells = (board: readonly Cell[]): number[] => board.flatMap((cell, index) => (cell === EMPTY ? [index] : []));

/** How many cells of the line hold the given content. */
const countIn = (board: readonly Cell[], line: Line, content: Cell): number => line.filter((index) => board[index] === content).length;

/** True when the line holds exactly `mine` of my marks and `theirs` of the opponent's. */
const lineFits =
  (board: readonly Cell[], me: Mark, mine: number, theirs: number) =>
  (line: Line): boolean =>
    countIn(board, line, me) === mine && countIn(board, line, otherPlayer(me)) === theirs;

/** The empty cells of a line, in the line's order. */
const emptyInLine = (board: readonly Cell[], line: Line): number[] => line.filter((index) => board[index] === EMPTY);

/** The last item of a list, or null when it is empty. */
const lastOf = (items: readonly number[]): number | null => (items.length > 0 ? items[items.length - 1] : null);

/** A copy of the board with the mark in the given cell. */
const withMark = (board: readonly Cell[], index: number, mark: Mark): Board => board.map((cell, position) => (position === index ? mark : cell));

/** The empty cells that would complete a line for `mark` (two of its marks and one empty cell), lowest first, no repeats. */
const completingCells = (board: readonly Cell[], mark: Mark): number[] => {
  const cells = SCAN_ORDER.filter(lineFits(board, mark, 2, 0)).flatMap((line) => emptyInLine(board, line));
  return [...new Set(cells)].sort((a, b) => a - b);
};

/** The empty cells where `mark` would make two or more threats at once. */
const forkCells = (board: readonly Cell[], mark: Mark): number[] =>
  emptyCells(board).filter((cell) => completingCells(withMark(board, cell, mark), mark).length >= 2);

/** A cell chosen by `rng` from a non-empty list, each with the same chance. */
const pickWith = (cells: readonly number[], rng: Random): number => cells[Math.floor(rng() * cells.length)];

/** Task 1: a random empty cell; every empty cell is equally likely, and only `rng` decides. */
export function randomMove(board: Board, rng: Random = Math.random): number {
  return pickWith(emptyCells(board), rng);
}

/** Rules 1-3 of tutorial 000: the last empty cell of the last line holding `mine` of mine and `theirs` of theirs. */
const lastFittingCell = (board: Board, me: Mark, mine: number, theirs: number): number | null => {
  const lastLine = SCAN_ORDER.filter(lineFits(board, me, mine, theirs)).at(-1);
  return lastLine === undefined ? null : lastOf(emptyInLine(board, lastLine));
};

/** A single cell when it is empty, for the fixed-cell rules. */
const ifEmpty = (board: Board, index: number): number | null => (board[index] === EMPTY ? index : null);

/** Task 2: the Python tutorial's five rules, in its order; null when no rule finds a cell. */
export function ruleMove(board: Board, me: Mark): number | null {
  const rules: readonly (() => number | null)[] = [
    () => lastFittingCell(board, me, 2, 0),
    () => lastFittingCell(board, me, 0, 2),
    () => lastFittingCell(board, me, 1, 0),
    () => ifEmpty(board, CENTRE),
    () => ifEmpty(board, TOP_LEFT),
  ];
  return rules.reduce<number | null>((found, rule) => found ?? rule(), null);
}

/** The empty cell of the first line in SCAN_ORDER holding two of `mark` and no other mark; null when none does. */
const firstCompletingCell = (board: Board, mark: Mark): number | null => {
  const line = SCAN_ORDER.find(lineFits(board, mark, 2, 0));
  return line === undefined ? null : emptyInLine(board, line)[0];
};

/** How many lines through the cell are still completely empty. */
const emptyLinesThrough = (board: Board, cell: number): number => SCAN_ORDER.filter((line) => line.includes(cell) && countIn(board, line, EMPTY) === 3).length;

/** The empty cell on the most empty lines; the lowest such cell when several tie. */
const bestScoredCell = (board: Board): number =>
  emptyCells(board).reduce((best, cell) => (emptyLinesThrough(board, cell) > emptyLinesThrough(board, best) ? cell : best));

/** Task 3: the C++ tutorial's order: centre, win, block, then the cell on the most empty lines. */
export function heuristicMove(board: Board, me: Mark): number {
  return ifEmpty(board, CENTRE) ?? firstCompletingCell(board, me) ?? firstCompletingCell(board, otherPlayer(me)) ?? bestScoredCell(board);
}

/** Medium: a random winning cell, else a random blocking cell, else a random empty cell. */
const mediumMove = (board: Board, me: Mark, rng: Random): number => {
  const choices = [completingCells(board, me), completingCells(board, otherPlayer(me)), emptyCells(board)];
  const first = choices.find((cells) => cells.length > 0) ?? [];
  return pickWith(first, rng);
};

/** Cells where my mark makes a threat whose blocking cells are none of the opponent's fork cells. */
const safeThreatCells = (board: Board, me: Mark, theirForks: readonly number[]): number[] =>
  emptyCells(board).filter((cell) => {
    const blocks = completingCells(withMark(board, cell, me), me);
    return blocks.length > 0 && blocks.every((block) => !theirForks.includes(block));
  });

/** Rule 4 of the hard level: a safe forcing threat, or else one of their fork cells; nothing when they have no fork. */
const stopTheirFork = (board: Board, me: Mark): number[] => {
  const theirForks = forkCells(board, otherPlayer(me));
  if (theirForks.length === 0) return [];
  const safe = safeThreatCells(board, me, theirForks);
  return safe.length > 0 ? safe : theirForks;
};

/** Hard: the seven rules in order; the highest cell of the first rule that finds any. */
const hardMove = (board: Board, me: Mark): number => {
  const rules: readonly (() => number[])[] = [
    () => completingCells(board, me),
    () => completingCells(board, otherPlayer(me)),
    () => forkCells(board, me),
    () => stopTheirFork(board, me),
    () => (board[CENTRE] === EMPTY ? [CENTRE] : []),
    () => CORNERS.filter((corner) => board[corner] === EMPTY),
    () => emptyCells(board),
  ];
  const cells = rules.reduce<number[]>((found, rule) => (found.length > 0 ? found : rule()), []);
  return Math.max(...cells);
};

/** Tasks 4 and 5: easy plays at random, medium wins or blocks when it can, hard never loses. */
export function computerMove(board: Board, me: Mark, level: Level, rng: Random = Math.random): number {
  if (level === 'easy') return randomMove(board, rng);
  if (level === 'medium') return mediumMove(board, me, rng);
  return hardMove(board, me);
}
