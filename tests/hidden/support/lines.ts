/**
 * The lines of three, as the trusted models read them (teacher-only: these compute lesson 03's
 * `winner` and lesson 06's first two rules, so no student edition may carry them).
 */
import { linesOfThree } from '../../support/boards.ts';
import type { TestMark } from '../../support/opponents.ts';

const LINES = linesOfThree();

/** The other mark (lesson 04's otherPlayer). */
export function other(mark: TestMark): TestMark {
  return mark === 'X' ? 'O' : 'X';
}

/** The mark that owns a whole line of this board, or null. */
export function lineOwner(board: readonly string[]): TestMark | null {
  for (const line of LINES) {
    const [a, b, c] = line.map((index) => board[index]);
    if ((a === 'X' || a === 'O') && a === b && b === c) return a;
  }
  return null;
}

/** The cells where `mark` would complete a line at once (two of its marks and an empty cell). */
export function winningCellsFor(board: readonly string[], mark: TestMark): number[] {
  const cells = new Set<number>();
  for (const line of LINES) {
    const mine = line.filter((index) => board[index] === mark).length;
    const empty = line.filter((index) => board[index] === ' ');
    if (mine === 2 && empty.length === 1) cells.add(empty[0] as number);
  }
  return [...cells].sort((a, b) => a - b);
}
