/**
 * Tiny strategies for lesson 07's audits. Under the grader they run beside the graded code (see
 * `besideTheCode` in sealed.ts), so an audit asks them without a crossing per move. This file must
 * stay self-contained: the sandbox loads it on its own.
 */

/** A strategy as lesson 07 has it: the cell to play on a board, or null to give up. */
export type TestStrategy = (board: readonly string[], me: string) => number | null;

/** The first of `cells` that is empty, or null when all of them are taken. */
export function firstEmptyOf(cells: readonly number[]): TestStrategy {
  return (board) => cells.find((cell) => board[cell] === ' ') ?? null;
}

/**
 * firstEmptyOf that also tells the test each call, one-way: a copy of the board, the mark and the
 * cell it gave (see checkedBesideTheCode in sealed.ts).
 */
export function toldFirstEmptyOf(cells: readonly number[], told: (given: [readonly string[], string], cell: number | null) => void): TestStrategy {
  const strategy = firstEmptyOf(cells);
  return (board, me) => {
    const cell = strategy(board, me);
    told([[...board], me], cell);
    return cell;
  };
}

/** Gives up at once. */
export function quitter(): TestStrategy {
  return () => null;
}
