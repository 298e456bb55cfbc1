/**
 * Every position a real game reaches where a move is still possible (4,520), with what lessons 06 and
 * 07 expect there, as data: positions-table.ts holds one line per position, written by
 * make-positions-table.ts from the trusted models (computer-rules.ts, search-model.ts) and checked
 * against them by tests/workbook/hidden.test.ts. The hidden suites read the table instead of working
 * the answers out again for every hand-in. Nothing here imports vitest or student code.
 */
import type { TestBoard, TestCell } from '../../support/boards.ts';
import { emptyCellsOf, type TestMark } from '../../support/opponents.ts';
import { expectedHeuristicMove, expectedRuleMove, hardChoices, mediumChoices } from './computer-rules.ts';
import { lineOwner } from './lines.ts';
import { POSITIONS_TABLE } from './positions-table.ts';
import { bestCells, minimaxScore } from './search-model.ts';

/** Why lesson 06's medium level may play the cells it may play: to win, to block, or anywhere. */
export type MediumWhy = 'a winning cell' | 'a blocking cell' | 'an empty cell';

/** A reachable position where a move is still possible, with what the lessons expect there. */
export interface KnownPosition {
  board: TestBoard;
  mover: TestMark;
  /** Lesson 06 task 2: ruleMove's answer (null when none of its five rules finds a cell). */
  rule: number | null;
  /** Lesson 06 task 3: heuristicMove's answer. */
  heuristic: number;
  /** Lesson 06 task 4: the cells 'medium' may play, and why. */
  medium: { why: MediumWhy; cells: number[] };
  /** Lesson 06 task 5: the first of the hard level's seven rules that finds a cell, and its cells. */
  hard: { rule: number; cells: number[] };
  /** Lesson 07: the minimax number of the position for the mover, and the cells bestMove may play. */
  best: { score: number; cells: number[] };
}

const WHY_LETTERS: Record<MediumWhy, string> = { 'a winning cell': 'w', 'a blocking cell': 'b', 'an empty cell': 'e' };

/**
 * Every reachable position where a move is still possible, fewest marks first, then by the board as
 * text (' ' before 'O' before 'X'), so the first that fails is a smallest one. Worked out a layer of
 * boards per move, on boards as texts.
 */
export function reachableBoards(): Array<{ board: TestBoard; mover: TestMark }> {
  const found: Array<{ board: TestBoard; mover: TestMark }> = [];
  let layer = [' '.repeat(9)];
  for (let marks = 0; layer.length > 0; marks += 1) {
    const mover: TestMark = marks % 2 === 0 ? 'X' : 'O';
    const next = new Set<string>();
    for (const cells of [...layer].sort()) {
      const board = [...cells] as TestBoard;
      if (!cells.includes(' ') || lineOwner(board) !== null) continue;
      found.push({ board, mover });
      for (let cell = 0; cell < 9; cell += 1) if (cells[cell] === ' ') next.add(`${cells.slice(0, cell)}${mover}${cells.slice(cell + 1)}`);
    }
    layer = [...next];
  }
  return found;
}

/** The table's line of one position, from the models: board (. for empty), rule, heuristic, medium, hard, minimax number and best cells. */
function lineOf(board: TestBoard, mover: TestMark): string {
  const rule = expectedRuleMove(board, mover);
  const medium = mediumChoices(board, mover);
  const hard = hardChoices(board, mover);
  return [
    board.map((cell) => (cell === ' ' ? '.' : cell)).join(''),
    rule === null ? '-' : String(rule),
    String(expectedHeuristicMove(board, mover)),
    `${WHY_LETTERS[medium.why as MediumWhy]}${medium.cells.join('')}`,
    `${hard.rule}:${hard.cells.join('')}`,
    `${minimaxScore(board, mover)}:${bestCells(board, mover).join('')}`,
  ].join(' ');
}

/** The whole table as the models give it (what positions-table.ts must hold). */
export function positionsTableFromModels(): string {
  return reachableBoards()
    .map(({ board, mover }) => lineOf(board, mover))
    .join('\n');
}

/** The digits of a field as cells. */
function cellsOf(digits: string): number[] {
  return [...digits].map(Number);
}

const WHY_OF_LETTER = new Map(Object.entries(WHY_LETTERS).map(([why, letter]) => [letter, why as MediumWhy]));

/** One line of the table read back. */
function readLine(line: string): KnownPosition {
  const [picture = '', rule = '', heuristic = '', medium = '', hard = '', best = ''] = line.split(' ');
  const board = [...picture].map((cell): TestCell => (cell === '.' ? ' ' : (cell as TestCell))) as TestBoard;
  const marks = 9 - emptyCellsOf(board).length;
  const [hardRule = '', hardCells = ''] = hard.split(':');
  const [score = '', bestDigits = ''] = best.split(':');
  return {
    board,
    mover: marks % 2 === 0 ? 'X' : 'O',
    rule: rule === '-' ? null : Number(rule),
    heuristic: Number(heuristic),
    medium: { why: WHY_OF_LETTER.get(medium[0] ?? '') as MediumWhy, cells: cellsOf(medium.slice(1)) },
    hard: { rule: Number(hardRule), cells: cellsOf(hardCells) },
    best: { score: Number(score), cells: cellsOf(bestDigits) },
  };
}

let known: readonly KnownPosition[] | undefined;

/** Every reachable position where a move is still possible (4,520), with what the lessons expect there, read once from the table. */
export function knownPositions(): readonly KnownPosition[] {
  known ??= POSITIONS_TABLE.trim().split('\n').map(readLine);
  return known;
}
