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

/** Gives up at once. */
export function quitter(): TestStrategy {
  return () => null;
}
