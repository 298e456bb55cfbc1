/**
 * Boards as the tools and the test support handle them, without any lesson's code: the shapes of
 * lesson 01's cells, boards written as small pictures, the lines of three, and what a free cell is.
 * `play`, `arena`, the bench and tests/support use these, so a bug in a student's file cannot
 * change them.
 */

/** A player's mark (lesson 01's Mark). */
export type Mark = 'X' | 'O';

/** A cell: a mark, or ' ' when empty (lesson 01's Cell). */
export type Cell = Mark | ' ';

/** Nine cells, row by row (lesson 01's Board). */
export type Board = Cell[];

/** An empty cell (lesson 01's EMPTY). */
export const EMPTY = ' ';

/** A board from a picture like 'X.. .O. ...': three rows, '.' for an empty cell. */
export function boardOf(picture: string): Board {
  const cells = [...picture.replaceAll(' ', '')];
  if (cells.length !== 9) throw new Error(`a board picture needs 9 cells: "${picture}"`);
  return cells.map((cell): Cell => {
    if (cell === 'X' || cell === 'O') return cell;
    if (cell === '.') return EMPTY;
    throw new Error(`unknown cell "${cell}" in board picture "${picture}"`);
  });
}

/** The picture of a board, like 'X.. .O. ...' (the opposite of boardOf). */
export function pictureOf(board: readonly Cell[]): string {
  const symbols = board.map((cell) => (cell === EMPTY ? '.' : cell));
  return [0, 3, 6].map((start) => symbols.slice(start, start + 3).join('')).join(' ');
}

/**
 * The eight lines of three, worked out from the geometry of a 3×3 board (a straight run of three
 * cells going right, down, or diagonally), not copied from a table, so a typo in a table of lines
 * cannot hide in both the lesson code and the tests. Cell by cell, each cell's lines going right,
 * down, down-right and down-left (the order the test support has always generated them in).
 */
export function linesOfThree(): number[][] {
  const directions = [
    [0, 1],
    [1, 0],
    [1, 1],
    [1, -1],
  ] as const;
  const inside = (n: number): boolean => n >= 0 && n <= 2;
  const lines: number[][] = [];
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 3; col += 1) {
      for (const [down, right] of directions) {
        const cells = [0, 1, 2].map((step) => [row + step * down, col + step * right] as const);
        if (cells.every(([r, c]) => inside(r) && inside(c))) lines.push(cells.map(([r, c]) => r * 3 + c));
      }
    }
  }
  return lines;
}

/** The lines of three in reading order: the rows, the columns, then the two diagonals. */
export function linesInReadingOrder(): number[][] {
  const rank = (line: number[]): number => {
    const step = (line[1] ?? 0) - (line[0] ?? 0);
    return [1, 3, 4, 2].indexOf(step) * 9 + (line[0] ?? 0);
  };
  return linesOfThree().sort((a, b) => rank(a) - rank(b));
}

/** True when `answer` names an empty cell of the board: a whole number from 0 to 8 whose cell is empty. */
export function isFreeCell(board: readonly Cell[], answer: unknown): answer is number {
  return typeof answer === 'number' && Number.isInteger(answer) && answer >= 0 && answer <= 8 && board[answer] === EMPTY;
}
