/**
 * Teacher-only tests for lesson 01 (never in a student edition). They count only in class grading;
 * a student's feedback says how many failed, never which. Every case follows from the lesson text.
 * The generated cases draw boards from the run's seed (support/property.ts) and work out the expected
 * drawing from the layout the lesson describes (support/rules.ts), so no list of answers passes them.
 */
// The visible suite runs in this file too, ahead of the hidden tests, when this file runs on its own.
// The grader loads the visible suite first, apart (lesson-entry.ts), so there only the tests below register here.
import '../01-board.test.ts';
import { expect, test } from 'vitest';
import { createBoard, createGrid, EMPTY, renderBoard, renderFramed, renderGrid, type Board, type Grid } from '@workbook/01-board/board';
import { boardOf, gridOf, pictureOf, type TestBoard } from '../support/boards.ts';
import { asGrid, forEachGenerated } from './support/generated.ts';
import { anyFilling } from './support/legal-play.ts';
import { lessonTasks } from '../support/lesson.ts';
import { framedDrawing, gridDrawing, numberedDrawing } from './support/rules.ts';

const task = lessonTasks('01-board', { hidden: true });

task(1, () => {
  test('a new board holds no mark at all', () => {
    const board = createBoard();
    expect(
      board.filter((cell) => cell !== EMPTY),
      'cells that are not EMPTY',
    ).toEqual([]);
  });

  test('ten boards made one after another are ten different arrays', () => {
    const boards = Array.from({ length: 10 }, () => createBoard());
    expect(new Set(boards).size, 'different arrays among ten boards').toBe(10);
  });
});

task(2, () => {
  test('renderBoard on a board with marks in the corners and the centre', () => {
    const expected = [' O | 2 | X ', '---+---+---', ' 4 | X | 6 ', '---+---+---', ' O | 8 | 9 '].join('\n');
    expect(renderBoard(boardOf('O.X .X. O..'))).toBe(expected);
  });

  test('renderBoard with only the last cell taken', () => {
    const expected = [' 1 | 2 | 3 ', '---+---+---', ' 4 | 5 | 6 ', '---+---+---', ' 7 | 8 | O '].join('\n');
    expect(renderBoard(boardOf('... ... ..O'))).toBe(expected);
  });

  test('renderBoard draws any filling of the nine cells as the lesson lays it out', () => {
    forEachGenerated(
      anyFilling,
      renderBoard,
      (board: TestBoard) => [[...board]] as [Board],
      (board, drawing) => {
        expect(drawing, `renderBoard of ${pictureOf(board)}`).toBe(numberedDrawing(board));
      },
    );
  });

  test('renderBoard gives the same text when called twice on the same board', () => {
    const board = boardOf('.O. ..X ...');
    expect(renderBoard(board), 'the second drawing').toBe(renderBoard(board));
  });
});

task(3, () => {
  test('renderFramed on a board with marks in the corners and the centre', () => {
    const line = '-------------';
    const expected = [line, '| O | 2 | X |', line, '| 4 | X | 6 |', line, '| O | 8 | 9 |', line].join('\n');
    expect(renderFramed(boardOf('O.X .X. O..'))).toBe(expected);
  });

  test('renderFramed draws any filling of the nine cells as the lesson lays it out', () => {
    forEachGenerated(
      anyFilling,
      renderFramed,
      (board: TestBoard) => [[...board]] as [Board],
      (board, drawing) => {
        expect(drawing, `renderFramed of ${pictureOf(board)}`).toBe(framedDrawing(board));
      },
    );
  });

  test('renderFramed with only the first cell taken', () => {
    const line = '-------------';
    const expected = [line, '| X | 2 | 3 |', line, '| 4 | 5 | 6 |', line, '| 7 | 8 | 9 |', line].join('\n');
    expect(renderFramed(boardOf('X.. ... ...'))).toBe(expected);
  });
});

task(4, () => {
  test('writing the bottom-right cell of the grid changes only that cell', () => {
    const grid = createGrid();
    (grid[2] as Grid[number])[2] = 'O';
    expect(grid, 'the grid after grid[2][2] = "O"').toEqual([
      ['.', '.', '.'],
      ['.', '.', '.'],
      ['.', '.', 'O'],
    ]);
  });

  test('the three rows of a new grid are three different arrays', () => {
    const grid = createGrid();
    expect(new Set(grid).size, 'different row arrays').toBe(3);
  });
});

task(5, () => {
  test('renderGrid on a grid with marks in the corners and the centre', () => {
    const expected = ['  1   2   3', '1 O | . | X', '  ---------', '2 . | X | .', '  ---------', '3 O | . | .'].join('\n');
    expect(renderGrid(gridOf('O.X .X. O..'))).toBe(expected);
  });

  test('renderGrid draws any filling of the grid as the lesson lays it out', () => {
    forEachGenerated(
      anyFilling,
      renderGrid,
      (board: TestBoard) => [asGrid(board)] as [Grid],
      (board, drawing) => {
        expect(drawing, `renderGrid of ${pictureOf(board)}`).toBe(gridDrawing(asGrid(board)));
      },
    );
  });

  test('renderGrid with only the last cell taken', () => {
    const expected = ['  1   2   3', '1 . | . | .', '  ---------', '2 . | . | .', '  ---------', '3 . | . | X'].join('\n');
    expect(renderGrid(gridOf('... ... ..X'))).toBe(expected);
  });
});
