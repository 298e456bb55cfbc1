/**
 * Teacher-only tests for lesson 01 (never in a student edition). They count only in class grading;
 * a student's feedback says how many failed, never which. Every case follows from the lesson text:
 * each drawing is checked on 1,533 fillings of the nine cells, one mark on any set of cells (the expected drawing worked out
 * from the layout the lesson describes, in support/rules.ts), with the board checked unchanged after
 * each call, and on one board changed in place between calls, as a game changes it.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../01-board.test.ts';
import { expect, test } from 'vitest';
import { createBoard, createGrid, EMPTY, renderBoard, renderFramed, renderGrid, type Board, type Grid } from '@workbook/01-board/board';
import { boardOf, gridOf, pictureOf, type TestBoard, type TestGridCell } from '../support/boards.ts';
import {
  asGrid,
  CHANGING_BOARD,
  everySetOfCells,
  expectAlongChanges,
  expectEach,
  expectSame,
  pictureOfCells,
  writeBoard,
  writeGrid,
  type TellingCase,
} from './support/generated.ts';
import { lessonTasks } from '../support/lesson.ts';
import { framedDrawing, gridDrawing, numberedDrawing } from './support/rules.ts';

const task = lessonTasks('01-board', { hidden: true });

/** The boards every drawing is checked on: 1,533 fillings, one mark on any set of cells and the other mark or nothing on the rest. */
const BOARDS = everySetOfCells();

/** Every board of BOARDS as a call of `name`, with the drawing the lesson's layout gives (fewest marks first). */
function everyFilling(name: string, drawing: (board: TestBoard) => string): TellingCase<[Board], string>[] {
  return BOARDS.map((board) => ({ args: [[...board]], call: `${name}(${pictureOf(board)})`, expected: drawing(board) }));
}

/** Checks a board drawing on every board of BOARDS. */
function drawsEveryFilling(name: string, draw: (board: Board) => string, drawing: (board: TestBoard) => string): void {
  expectEach(draw, everyFilling(name, drawing));
}

/** Checks a board drawing after each change of one board object, made in place. */
function drawsChangingBoard(name: string, draw: (board: Board) => string, drawing: (board: TestBoard) => string): void {
  expectAlongChanges(
    Array<TestBoard[number]>(9).fill(' '),
    CHANGING_BOARD,
    writeBoard,
    (board) => draw(board),
    (picture) => drawing(boardOf(picture)),
    (picture, step) => `${name}(board) on the same board object, changed in place to ${picture} (change ${step + 1} of ${CHANGING_BOARD.length})`,
    pictureOfCells,
  );
}

task(1, () => {
  test('a new board holds no mark at all', () => {
    const board = createBoard();
    expectSame(
      'the cells of createBoard() that are not EMPTY',
      board.filter((cell) => cell !== EMPTY),
      [],
    );
  });

  test('ten boards made one after another are ten different arrays', () => {
    const boards = Array.from({ length: 10 }, () => createBoard());
    expect(new Set(boards).size, 'different arrays among ten boards').toBe(10);
  });

  test('a mark written into one new board shows in no other board, made before or after it', () => {
    const boards: Board[] = [];
    for (let index = 0; index < 9; index += 1) {
      const board = createBoard();
      board[index] = 'X';
      boards.push(board);
    }
    boards.push(createBoard());
    const pictures = boards.map((board) => pictureOf(board));
    const expected = boards.map((_, made) => pictureOf(boardOf([...'.........'].map((cell, index) => (index === made ? 'X' : cell)).join(''))));
    expectSame('ten boards of createBoard, after X was written into cell 1 of the first, cell 2 of the second, … cell 9 of the ninth', pictures, expected);
  });
});

task(2, () => {
  test('renderBoard on a board with marks in the corners and the centre', () => {
    const expected = [' O | 2 | X ', '---+---+---', ' 4 | X | 6 ', '---+---+---', ' O | 8 | 9 '].join('\n');
    expectSame('renderBoard(O.X .X. O..)', renderBoard(boardOf('O.X .X. O..')), expected);
  });

  test('renderBoard with only the last cell taken', () => {
    const expected = [' 1 | 2 | 3 ', '---+---+---', ' 4 | 5 | 6 ', '---+---+---', ' 7 | 8 | O '].join('\n');
    expectSame('renderBoard(... ... ..O)', renderBoard(boardOf('... ... ..O')), expected);
  });

  test('renderBoard draws 1,533 fillings of the nine cells (one mark on any set of cells, the other mark or nothing on the rest) as the lesson lays it out', () => {
    drawsEveryFilling('renderBoard', renderBoard, numberedDrawing);
  });

  test('renderBoard draws one board as it is now, after each change made to it in place', () => {
    drawsChangingBoard('renderBoard', renderBoard, numberedDrawing);
  });

  test('renderBoard gives the same text when called twice on the same board', () => {
    const board = boardOf('.O. ..X ...');
    const first = renderBoard(board);
    expectSame('renderBoard(.O. ..X ...) called a second time on the same board', renderBoard(board), first);
  });
});

task(3, () => {
  test('renderFramed on a board with marks in the corners and the centre', () => {
    const line = '-------------';
    const expected = [line, '| O | 2 | X |', line, '| 4 | X | 6 |', line, '| O | 8 | 9 |', line].join('\n');
    expectSame('renderFramed(O.X .X. O..)', renderFramed(boardOf('O.X .X. O..')), expected);
  });

  test('renderFramed draws 1,533 fillings of the nine cells (one mark on any set of cells, the other mark or nothing on the rest) as the lesson lays it out', () => {
    drawsEveryFilling('renderFramed', renderFramed, framedDrawing);
  });

  test('renderFramed draws one board as it is now, after each change made to it in place', () => {
    drawsChangingBoard('renderFramed', renderFramed, framedDrawing);
  });

  test('renderFramed with only the first cell taken', () => {
    const line = '-------------';
    const expected = [line, '| X | 2 | 3 |', line, '| 4 | 5 | 6 |', line, '| 7 | 8 | 9 |', line].join('\n');
    expectSame('renderFramed(X.. ... ...)', renderFramed(boardOf('X.. ... ...')), expected);
  });
});

task(4, () => {
  test('writing the bottom-right cell of the grid changes only that cell', () => {
    const grid = createGrid();
    (grid[2] as Grid[number])[2] = 'O';
    expectSame("a new grid of createGrid after grid[2][2] = 'O'", grid, [
      ['.', '.', '.'],
      ['.', '.', '.'],
      ['.', '.', 'O'],
    ]);
  });

  test('the three rows of a new grid are three different arrays', () => {
    const grid = createGrid();
    expect(new Set(grid).size, 'different row arrays').toBe(3);
  });

  test('writing any one cell of a new grid changes only that cell', () => {
    for (let cell = 0; cell < 9; cell += 1) {
      const grid = createGrid();
      const [row, column] = [Math.floor(cell / 3), cell % 3];
      (grid[row] as Grid[number])[column] = 'X';
      const expected = asGrid(boardOf([...'.........'].map((empty, index) => (index === cell ? 'X' : empty)).join('')));
      expectSame(`a new grid of createGrid after grid[${row}][${column}] = 'X'`, grid, expected);
    }
  });

  test('ten grids made one after another share no row', () => {
    const rows = Array.from({ length: 10 }, () => createGrid()).flat(1);
    expect(new Set(rows).size, 'different row arrays among the 30 rows of ten grids').toBe(30);
  });
});

task(5, () => {
  test('renderGrid on a grid with marks in the corners and the centre', () => {
    const expected = ['  1   2   3', '1 O | . | X', '  ---------', '2 . | X | .', '  ---------', '3 O | . | .'].join('\n');
    expectSame('renderGrid(O.X .X. O..)', renderGrid(gridOf('O.X .X. O..')), expected);
  });

  test('renderGrid draws 1,533 fillings of the grid (one mark on any set of cells, the other mark or nothing on the rest) as the lesson lays it out', () => {
    const cases = BOARDS.map(
      (board): TellingCase<[Grid], string> => ({
        args: [asGrid(board)],
        call: `renderGrid(${pictureOf(board)})`,
        expected: gridDrawing(asGrid(board)),
      }),
    );
    expectEach(renderGrid, cases);
  });

  test('renderGrid draws one grid as it is now, after each change made to it in place', () => {
    expectAlongChanges(
      asGrid(boardOf('... ... ...')),
      CHANGING_BOARD,
      writeGrid,
      (grid: TestGridCell[][]) => renderGrid(grid as Grid),
      (picture) => gridDrawing(asGrid(boardOf(picture))),
      (picture, step) => `renderGrid(grid) on the same grid object, changed in place to ${picture} (change ${step + 1} of ${CHANGING_BOARD.length})`,
      pictureOfCells,
    );
  });

  test('renderGrid with only the last cell taken', () => {
    const expected = ['  1   2   3', '1 . | . | .', '  ---------', '2 . | . | .', '  ---------', '3 . | . | X'].join('\n');
    expectSame('renderGrid(... ... ..X)', renderGrid(gridOf('... ... ..X')), expected);
  });
});
