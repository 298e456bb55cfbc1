import { expect, test } from 'vitest';
import { hasWon, isFull, outcome, positionError, winner, WINNING_LINES } from '@workbook/03-win/win';
import { allFillings, boardOf, checkEveryBoard, drawBoard, showValue, type AnswerCheck, type TestBoard } from './support/boards.ts';
import { capturePrinting } from './support/console.ts';
import { digestSet, orderedDigests } from './support/digests.ts';
import { CAUSE, lessonTasks } from './support/lesson.ts';

const task = lessonTasks('03-win');

/** A label for expect() that also draws the board, so a failure shows which board it was about. */
function onBoard(label: string, picture: string): string {
  return `${label}, on this board\n${drawBoard(boardOf(picture))}`;
}

// The exact messages, as the lesson states them.
const O_STARTED = 'Wrong turn order: O started';
const X_WENT_TWICE = 'Wrong turn order: X went twice';
const PLAYED_AFTER_WIN = 'Impossible board: game should have ended after the game was won';

/** The eight lines of the lesson, by name. */
const ROWS = { 'top row': [0, 1, 2], 'middle row': [3, 4, 5], 'bottom row': [6, 7, 8] };
const COLUMNS = { 'left column': [0, 3, 6], 'middle column': [1, 4, 7], 'right column': [2, 5, 8] };
const DIAGONALS = { 'diagonal from top-left': [0, 4, 8], 'diagonal from top-right': [2, 4, 6] };

/**
 * The 5,478 boards a real game reaches, in the order of allFillings(): the fillings whose text is in
 * the digest set of reached boards (tests/support/digests/03-win.json, made by the teacher). The checks
 * over every board ask about these, or about all 19,683 fillings, and confirm each answer by its digest.
 */
function boardsOfRealGames(): readonly TestBoard[] {
  if (realGames === undefined) {
    const digests = digestSet('03-win', 'a real game reaches the board');
    realGames = allFillings().filter((board) => digests.confirms(board.join(''), 'true'));
    if (realGames.length !== digests.count)
      throw new Error(`03-win.json names ${digests.count} boards of real games, but ${realGames.length} were found: run npm run digests.`);
  }
  return realGames;
}

let realGames: readonly TestBoard[] | undefined;

/**
 * The right answers of `check` on `boards`, as digests: an answer is confirmed by its digest, and for
 * the board that failed, the right answer is found by trying each of `possible` there.
 */
function digestsOf(check: string, boards: readonly TestBoard[], possible: readonly unknown[]): AnswerCheck {
  const digests = orderedDigests('03-win', check);
  if (digests.count !== boards.length)
    throw new Error(`03-win.json has ${digests.count} answers of ${check} for ${boards.length} boards: run npm run digests.`);
  const confirms = (index: number, board: TestBoard, answer: string): boolean => digests.confirms(index, board.join(''), answer);
  return {
    confirms,
    rightAnswer: (index, board) => possible.map(showValue).find((answer) => confirms(index, board, answer)) ?? '(not known: run npm run digests)',
  };
}

/**
 * Checks `fn(board, ...rest)` on every board of the domain against the digests of `check`, and expects
 * it right on all of them: a failure shows the smallest board, and the right and the wrong answer.
 */
function expectRightOnEveryBoard<R extends unknown[]>(
  check: string,
  boards: readonly TestBoard[],
  possible: readonly unknown[],
  fn: (board: never, ...rest: R) => unknown,
  ...rest: R
): void {
  const report = checkEveryBoard(check, boards, digestsOf(check, boards, possible), fn, ...rest);
  expect(report.actual, 'the smallest board with a wrong answer').toBe(report.expected);
}

/** A line written the same way whatever order its cells were listed in: "0,4,8". */
function lineKey(line: readonly number[]): string {
  return [...line].sort((a, b) => a - b).join(',');
}

/** The names of the given lines that WINNING_LINES does not contain, each with its cells. */
function missingLines(lines: Record<string, number[]>): string[] {
  const present = new Set(WINNING_LINES.map((line) => lineKey(line)));
  const missing: string[] = [];
  for (const [name, cells] of Object.entries(lines)) {
    if (!present.has(lineKey(cells))) missing.push(`${name} [${cells.join(', ')}]`);
  }
  return missing;
}

/** A board with the player's mark on the given cells and every other cell empty. */
function boardWithLine(cells: number[], player: 'X' | 'O'): TestBoard {
  return Array.from({ length: 9 }, (_, index) => (cells.includes(index) ? player : ' '));
}

/** Expects hasWon to see each of the lines, for both players. */
function expectWinsOn(lines: Record<string, number[]>): void {
  for (const [name, cells] of Object.entries(lines)) {
    for (const player of ['X', 'O'] as const) {
      expect(hasWon(boardWithLine(cells, player), player), `hasWon(board, '${player}') with ${player} on the ${name}`).toBe(true);
    }
  }
}

task(1, () => {
  test('WINNING_LINES contains the three rows', () => {
    expect(missingLines(ROWS), 'the rows WINNING_LINES does not contain').toEqual([]);
  });

  test('WINNING_LINES contains the three columns', () => {
    expect(missingLines(COLUMNS), 'the columns WINNING_LINES does not contain').toEqual([]);
  });

  test('WINNING_LINES contains both diagonals', () => {
    expect(missingLines(DIAGONALS), 'the diagonals WINNING_LINES does not contain').toEqual([]);
  });

  test('WINNING_LINES holds exactly eight lines, and no line twice', () => {
    expect(WINNING_LINES.length, 'how many lines WINNING_LINES holds').toBe(8);
    const distinct = new Set(WINNING_LINES.map((line) => lineKey(line)));
    expect(distinct.size, 'how many different lines WINNING_LINES holds').toBe(8);
  });

  test('every line is three different cell indexes from 0 to 8', () => {
    expect(WINNING_LINES.length, 'how many lines WINNING_LINES holds').toBe(8);
    for (const line of WINNING_LINES) {
      const label = `the line [${line.join(', ')}]`;
      expect(line.length, `how many cells ${label} has`).toBe(3);
      expect(new Set(line).size, `how many different cells ${label} has`).toBe(3);
      expect(
        line.every((index) => Number.isInteger(index) && index >= 0 && index <= 8),
        `${label} uses only indexes 0 to 8`,
      ).toBe(true);
    }
  });
});

task(2, () => {
  test('hasWon sees a full row, for X and for O', () => {
    expectWinsOn(ROWS);
  });

  test('hasWon sees a full column, for X and for O', () => {
    expectWinsOn(COLUMNS);
  });

  test('hasWon sees both diagonals, for X and for O', () => {
    expectWinsOn(DIAGONALS);
  });

  test('hasWon is false on an empty board: three empty cells in a row are not a win', () => {
    expect(hasWon(boardOf('... ... ...'), 'X'), onBoard("hasWon(empty board, 'X')", '... ... ...')).toBe(false);
    expect(hasWon(boardOf('... ... ...'), 'O'), onBoard("hasWon(empty board, 'O')", '... ... ...')).toBe(false);
    expect(hasWon(boardOf('O.O .O. ...'), 'X'), onBoard("hasWon(board, 'X') with the bottom row empty", 'O.O .O. ...')).toBe(false);
  });

  test("hasWon is false for a line that holds both marks, and for the other player's line", () => {
    expect(hasWon(boardOf('XXO .O. ...'), 'X'), onBoard("hasWon(board, 'X') with X X O on the top row", 'XXO .O. ...')).toBe(false);
    expect(hasWon(boardOf('XXX OO. ...'), 'O'), onBoard("hasWon(board, 'O') when X has the top row", 'XXX OO. ...')).toBe(false);
    expect(hasWon(boardOf('XX. OOO X..'), 'X'), onBoard("hasWon(board, 'X') when O has the middle row", 'XX. OOO X..')).toBe(false);
  });

  test('hasWon(board, "X") is right on every one of the 5,478 boards a real game can reach', () => {
    expectRightOnEveryBoard("hasWon(board, 'X')", boardsOfRealGames(), [true, false], hasWon, 'X');
  });

  test('hasWon(board, "O") is right on every one of the 5,478 boards a real game can reach', () => {
    expectRightOnEveryBoard("hasWon(board, 'O')", boardsOfRealGames(), [true, false], hasWon, 'O');
  });

  test('hasWon leaves the board unchanged and prints nothing', CAUSE, () => {
    const board = boardOf('XXX OO. ...');
    const { printed } = capturePrinting(() => hasWon(board, 'X'));
    expect(printed, 'what hasWon printed').toBe('');
    expect(board, 'the board after hasWon').toEqual(boardOf('XXX OO. ...'));
  });
});

task(3, () => {
  test('winner returns X when X has a line and O when O has one', () => {
    expect(winner(boardOf('XXX OO. ...')), onBoard('winner with X on the top row', 'XXX OO. ...')).toBe('X');
    expect(winner(boardOf('XX. OOO X..')), onBoard('winner with O on the middle row', 'XX. OOO X..')).toBe('O');
    expect(winner(boardOf('OXX .O. X.O')), onBoard('winner with O on the diagonal from top-left', 'OXX .O. X.O')).toBe('O');
    expect(winner(boardOf('X.O .O. OXX')), onBoard('winner with O on the diagonal from top-right', 'X.O .O. OXX')).toBe('O');
  });

  test('winner returns null (not a space) on an empty board', () => {
    expect(winner(boardOf('... ... ...')), onBoard('winner of the empty board', '... ... ...')).toBe(null);
  });

  test('winner returns null while nobody has a line, and after a draw', () => {
    expect(winner(boardOf('X.. .O. ..X')), onBoard('winner of a game still going', 'X.. .O. ..X')).toBe(null);
    expect(winner(boardOf('XOX XOO OXX')), onBoard('winner of a draw', 'XOX XOO OXX')).toBe(null);
  });

  test('winner is right on every one of the 5,478 boards a real game can reach', () => {
    expectRightOnEveryBoard('winner(board)', boardsOfRealGames(), ['X', 'O', null], winner);
  });

  test('isFull is false on an empty board and while any cell is empty', () => {
    expect(isFull(boardOf('... ... ...')), onBoard('isFull(empty board)', '... ... ...')).toBe(false);
    expect(isFull(boardOf('X.. .O. ...')), onBoard('isFull with seven empty cells', 'X.. .O. ...')).toBe(false);
    expect(isFull(boardOf('XOX XOO OX.')), onBoard('isFull with only cell 9 empty', 'XOX XOO OX.')).toBe(false);
    expect(isFull(boardOf('.OX XOO OXX')), onBoard('isFull with only cell 1 empty', '.OX XOO OXX')).toBe(false);
  });

  test('isFull is true when all nine cells hold a mark, with or without a winner', () => {
    expect(isFull(boardOf('XOX XOO OXX')), onBoard('isFull(a drawn board)', 'XOX XOO OXX')).toBe(true);
    expect(isFull(boardOf('XOX OXO OXX')), onBoard('isFull(a full board X won)', 'XOX OXO OXX')).toBe(true);
  });

  test('isFull is right on all 19,683 ways to fill the nine cells', () => {
    expectRightOnEveryBoard('isFull(board)', allFillings(), [true, false], isFull);
  });
});

task(4, () => {
  test("outcome is 'ongoing' on an empty board and while nobody has won and cells are free", () => {
    expect(outcome(boardOf('... ... ...')), onBoard('outcome of the empty board', '... ... ...')).toBe('ongoing');
    expect(outcome(boardOf('XO. .X. ..O')), onBoard('outcome of a game still going', 'XO. .X. ..O')).toBe('ongoing');
    expect(outcome(boardOf('XOX XOO OX.')), onBoard('outcome with one cell left', 'XOX XOO OX.')).toBe('ongoing');
  });

  test("outcome is 'X' or 'O' when that player has a line", () => {
    expect(outcome(boardOf('XXX OO. ...')), onBoard('outcome with X on the top row', 'XXX OO. ...')).toBe('X');
    expect(outcome(boardOf('XXO XO. O..')), onBoard('outcome with O on a diagonal', 'XXO XO. O..')).toBe('O');
  });

  test("outcome is 'draw' when the board is full and nobody has a line", () => {
    expect(outcome(boardOf('XOX XOO OXX')), onBoard('outcome of a full board without a line', 'XOX XOO OXX')).toBe('draw');
  });

  test('outcome calls a full board a win, not a draw, when the last move made a line', () => {
    expect(outcome(boardOf('XOX OXO OXX')), onBoard('outcome when X fills the board and the diagonal with the ninth move', 'XOX OXO OXX')).toBe('X');
    expect(outcome(boardOf('XXX OOX XOO')), onBoard('outcome when X fills the board and the top row with the ninth move', 'XXX OOX XOO')).toBe('X');
  });

  test('outcome is right on every one of the 5,478 boards a real game can reach', () => {
    expectRightOnEveryBoard('outcome(board)', boardsOfRealGames(), ['X', 'O', 'draw', 'ongoing'], outcome);
  });
});

task(5, () => {
  test('positionError is null for boards a real game can reach', () => {
    expect(positionError(boardOf('... ... ...')), onBoard('positionError(empty board)', '... ... ...')).toBe(null);
    expect(positionError(boardOf('... .X. ...')), onBoard('positionError after X played once', '... .X. ...')).toBe(null);
    expect(positionError(boardOf('X.. .O. ...')), onBoard('positionError after one move each', 'X.. .O. ...')).toBe(null);
    expect(positionError(boardOf('XOX XOO OXX')), onBoard('positionError of a draw', 'XOX XOO OXX')).toBe(null);
  });

  test('positionError is null after a real win by X or by O', () => {
    expect(positionError(boardOf('XXX OO. ...')), onBoard('positionError: X won with the top row', 'XXX OO. ...')).toBe(null);
    expect(positionError(boardOf('XX. OOO X..')), onBoard('positionError: O won with the middle row', 'XX. OOO X..')).toBe(null);
    expect(positionError(boardOf('XOX OXO OXX')), onBoard('positionError: X won with the ninth move', 'XOX OXO OXX')).toBe(null);
    expect(positionError(boardOf('XXX XOO XOO')), onBoard('positionError: X made two lines with the last move', 'XXX XOO XOO')).toBe(null);
  });

  test('positionError says "O started" when O has more marks than X', () => {
    expect(positionError(boardOf('O.. ... ...')), onBoard('positionError with one O and no X', 'O.. ... ...')).toBe(O_STARTED);
    expect(positionError(boardOf('OO. X.. ...')), onBoard('positionError with two O and one X', 'OO. X.. ...')).toBe(O_STARTED);
  });

  test('positionError says "X went twice" when X has two marks more than O, or more', () => {
    expect(positionError(boardOf('XX. ... ...')), onBoard('positionError with two X and no O', 'XX. ... ...')).toBe(X_WENT_TWICE);
    expect(positionError(boardOf('XXO X.X ...')), onBoard('positionError with four X and one O', 'XXO X.X ...')).toBe(X_WENT_TWICE);
  });

  test('positionError rejects a board where both players have a line', () => {
    expect(positionError(boardOf('XXX OOO ...')), onBoard('positionError with X on the top row and O on the middle row', 'XXX OOO ...')).toBe(PLAYED_AFTER_WIN);
    expect(positionError(boardOf('XXX OOO X..')), onBoard('positionError with both lines and X one mark ahead', 'XXX OOO X..')).toBe(PLAYED_AFTER_WIN);
  });

  test('positionError rejects a board where someone moved after a win', () => {
    expect(positionError(boardOf('XXX OO. O..')), onBoard('positionError: O moved after X won', 'XXX OO. O..')).toBe(PLAYED_AFTER_WIN);
    expect(positionError(boardOf('OOO XX. X.X')), onBoard('positionError: X moved after O won', 'OOO XX. X.X')).toBe(PLAYED_AFTER_WIN);
  });

  test('positionError gives the turn-order message first when several things are wrong', () => {
    expect(positionError(boardOf('OOO XX. ...')), onBoard('positionError: O has a line and more marks than X', 'OOO XX. ...')).toBe(O_STARTED);
    expect(positionError(boardOf('XXX XO. ...')), onBoard('positionError: X has a line and three marks more than O', 'XXX XO. ...')).toBe(X_WENT_TWICE);
    expect(positionError(boardOf('XXX OOO O..')), onBoard('positionError: both have a line and O has more marks than X', 'XXX OOO O..')).toBe(O_STARTED);
    expect(positionError(boardOf('XXX OOO XX.')), onBoard('positionError: both have a line and X has two marks more than O', 'XXX OOO XX.')).toBe(X_WENT_TWICE);
  });

  test('positionError is right on all 19,683 ways to fill the nine cells', () => {
    expectRightOnEveryBoard('positionError(board)', allFillings(), [null, O_STARTED, X_WENT_TWICE, PLAYED_AFTER_WIN], positionError);
  });
});
