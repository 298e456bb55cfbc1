/**
 * Lesson 06's computer players as the lesson text states them, worked out here for the hidden suites
 * (of lessons 06 and 08) without any student code: the rules computer's answer, the heuristic's
 * answer, and for the hard level the cells of the first rule that finds any (the lesson lets it
 * play any of them).
 */
import { emptyCellsOf, type TestMark } from '../../support/opponents.ts';
import { other, winningCellsFor } from './lines.ts';
import type { TestBoard, TestCell } from '../../support/boards.ts';

/** The eight lines in the lesson's SCAN_ORDER: the rows, the columns, then the diagonals 0-4-8 and 2-4-6. */
export const SCAN_ORDER: readonly (readonly number[])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** How many cells of a line hold `cell`. */
function countIn(board: readonly TestCell[], line: readonly number[], cell: TestCell): number {
  return line.filter((index) => board[index] === cell).length;
}

/** A copy of the board with `mark` in `cell`. */
export function withMark(board: readonly TestCell[], cell: number, mark: TestMark): TestBoard {
  const copy = [...board];
  copy[cell] = mark;
  return copy;
}

/** Tutorial 000's search: the last line in scan order with `mine` of my marks and `theirs` of the opponent's, and its last empty cell. */
function lastFitting(board: readonly TestCell[], me: TestMark, mine: number, theirs: number): number | null {
  let found: number | null = null;
  for (const line of SCAN_ORDER) {
    if (countIn(board, line, me) !== mine || countIn(board, line, other(me)) !== theirs) continue;
    for (const index of line) if (board[index] === ' ') found = index;
  }
  return found;
}

/** Task 2: the five rules (win, block, build, centre, top-left corner), or null. */
export function expectedRuleMove(board: readonly TestCell[], me: TestMark): number | null {
  for (const [mine, theirs] of [
    [2, 0],
    [0, 2],
    [1, 0],
  ] as const) {
    const cell = lastFitting(board, me, mine, theirs);
    if (cell !== null) return cell;
  }
  for (const cell of [4, 0]) if (board[cell] === ' ') return cell;
  return null;
}

/** The empty cell of the first line in scan order with two of `mark` and one empty cell, or null. */
function firstCompleting(board: readonly TestCell[], mark: TestMark): number | null {
  const line = SCAN_ORDER.find((cells) => countIn(board, cells, mark) === 2 && countIn(board, cells, ' ') === 1);
  return line === undefined ? null : (line.find((index) => board[index] === ' ') as number);
}

/** Task 3: centre, first win, first block, then the cell on the most empty lines (lowest on a tie, lowest empty when all score 0). */
export function expectedHeuristicMove(board: readonly TestCell[], me: TestMark): number {
  if (board[4] === ' ') return 4;
  const win = firstCompleting(board, me) ?? firstCompleting(board, other(me));
  if (win !== null) return win;
  const empty = emptyCellsOf(board);
  const score = (cell: number): number => SCAN_ORDER.filter((line) => line.includes(cell) && countIn(board, line, ' ') === 3).length;
  const best = Math.max(...empty.map(score));
  return empty.find((cell) => score(cell) === best) as number;
}

/** Task 4: the cells medium may play, and why: a winning cell if there is one, else a blocking cell, else any empty cell. */
export function mediumChoices(board: readonly TestCell[], me: TestMark): { why: string; cells: number[] } {
  const wins = winningCellsFor(board, me);
  if (wins.length > 0) return { why: 'a winning cell', cells: wins };
  const blocks = winningCellsFor(board, other(me));
  if (blocks.length > 0) return { why: 'a blocking cell', cells: blocks };
  return { why: 'an empty cell', cells: emptyCellsOf(board) };
}

/** The empty cells where `mark` would make two threats at once. */
export function forkCellsFor(board: readonly TestCell[], mark: TestMark): number[] {
  return emptyCellsOf(board).filter((cell) => winningCellsFor(withMark(board, cell, mark), mark).length >= 2);
}

/** Rule 4: safe forcing threats against the opponent's forks, else their fork cells; none when they have no fork cell. */
function stopTheirFork(board: readonly TestCell[], me: TestMark): number[] {
  const theirs = forkCellsFor(board, other(me));
  if (theirs.length === 0) return [];
  const safe = emptyCellsOf(board).filter((cell) => winningCellsFor(withMark(board, cell, me), me).some((block) => !theirs.includes(block)));
  return safe.length > 0 ? safe : theirs;
}

/** Task 5: the cells of the first of the seven rules that finds any, and which rule it was (1 to 7). */
export function hardChoices(board: readonly TestCell[], me: TestMark): { rule: number; cells: number[] } {
  const rules: (() => number[])[] = [
    () => winningCellsFor(board, me),
    () => winningCellsFor(board, other(me)),
    () => forkCellsFor(board, me),
    () => stopTheirFork(board, me),
    () => [4].filter((cell) => board[cell] === ' '),
    () => [0, 2, 6, 8].filter((cell) => board[cell] === ' '),
    () => emptyCellsOf(board),
  ];
  for (const [index, rule] of rules.entries()) {
    const cells = rule();
    if (cells.length > 0) return { rule: index + 1, cells };
  }
  return { rule: 7, cells: [] };
}
