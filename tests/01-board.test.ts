import { expect, test } from 'vitest';
import { createBoard, createGrid, renderBoard, renderFramed, renderGrid, type Grid } from '@workbook/01-board/board';
import { boardOf, gridOf } from './support/boards.ts';
import { capturePrinting } from './support/console.ts';
import { CAUSE, example, lessonTasks } from './support/lesson.ts';

const task = lessonTasks('01-board');

task(1, () => {
  test('createBoard returns nine cells', () => {
    expect(createBoard(), 'the new board').toHaveLength(9);
  });

  test("every cell of a new board is EMPTY, a single space ' '", () => {
    expect(createBoard(), 'the cells of a new board').toEqual([' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ']);
  });

  test('each call returns a new board, so changing one leaves the other alone', () => {
    const first = createBoard();
    const second = createBoard();
    first[0] = 'X';
    expect(second[0], 'cell 0 of the second board, after X was written into the first').toBe(' ');
  });
});

task(2, () => {
  test('renderBoard draws the empty board with the numbers 1 to 9', () => {
    expect(renderBoard(boardOf('... ... ...'))).toBe(example('01-board', 'board-empty'));
  });

  test('renderBoard shows marks in taken cells and numbers in empty ones', () => {
    expect(renderBoard(boardOf('O.. .X. ...'))).toBe(example('01-board', 'board-played'));
  });

  test('renderBoard puts every cell in its place (a full board)', () => {
    const expected = [' X | O | X ', '---+---+---', ' O | X | O ', '---+---+---', ' O | X | O '].join('\n');
    expect(renderBoard(boardOf('XOX OXO OXO'))).toBe(expected);
  });

  test('renderBoard shows the number of each empty cell around the marks', () => {
    const expected = [' 1 | X | 3 ', '---+---+---', ' O | 5 | 6 ', '---+---+---', ' 7 | 8 | X '].join('\n');
    expect(renderBoard(boardOf('.X. O.. ..X'))).toBe(expected);
  });

  test('renderBoard leaves the board unchanged', CAUSE, () => {
    const board = boardOf('X.. .O. ...');
    const before = [...board];
    renderBoard(board);
    expect(board, 'the board after drawing it').toEqual(before);
  });

  test('renderBoard returns the text and prints nothing', () => {
    const { result, printed } = capturePrinting(() => renderBoard(boardOf('... ... ...')));
    expect(printed, 'what renderBoard printed').toBe('');
    expect(result, 'what renderBoard returned').toBe(example('01-board', 'board-empty'));
  });
});

task(3, () => {
  test('renderFramed draws the empty board in a frame of dashes and bars', () => {
    expect(renderFramed(boardOf('... ... ...'))).toBe(example('01-board', 'framed-empty'));
  });

  test('renderFramed shows marks in taken cells', () => {
    expect(renderFramed(boardOf('X.. .O. ..X'))).toBe(example('01-board', 'framed-played'));
  });

  test('renderFramed puts every cell in its place (a full board)', () => {
    const line = '-------------';
    const expected = [line, '| X | X | O |', line, '| O | O | X |', line, '| X | O | X |', line].join('\n');
    expect(renderFramed(boardOf('XXO OOX XOX'))).toBe(expected);
  });

  test('renderFramed leaves the board unchanged', CAUSE, () => {
    const board = boardOf('.X. ... O..');
    const before = [...board];
    renderFramed(board);
    expect(board, 'the board after drawing it').toEqual(before);
  });

  test('renderFramed returns the text and prints nothing', () => {
    const { result, printed } = capturePrinting(() => renderFramed(boardOf('... ... ...')));
    expect(printed, 'what renderFramed printed').toBe('');
    expect(result, 'what renderFramed returned').toBe(example('01-board', 'framed-empty'));
  });
});

task(4, () => {
  test("createGrid returns three rows of three '.'", () => {
    expect(createGrid()).toEqual([
      ['.', '.', '.'],
      ['.', '.', '.'],
      ['.', '.', '.'],
    ]);
  });

  test('writing one cell of the grid changes only that cell (rows are separate arrays)', () => {
    const grid = createGrid();
    const row = grid[0] as Grid[number];
    row[0] = 'X';
    expect(grid, 'the grid after grid[0][0] = "X"').toEqual([
      ['X', '.', '.'],
      ['.', '.', '.'],
      ['.', '.', '.'],
    ]);
  });

  test('each call returns a new grid', () => {
    const first = createGrid();
    const second = createGrid();
    (first[1] as Grid[number])[1] = 'O';
    expect(second[1], 'row 1 of the second grid, after O was written into the first').toEqual(['.', '.', '.']);
  });
});

task(5, () => {
  test('renderGrid draws the empty grid with row and column numbers', () => {
    expect(renderGrid(gridOf('... ... ...'))).toBe(example('01-board', 'grid-empty'));
  });

  test('renderGrid shows marks where they were played', () => {
    expect(renderGrid(gridOf('X.. ..O ...'))).toBe(example('01-board', 'grid-played'));
  });

  test('renderGrid puts every cell in its place (a full grid)', () => {
    const expected = ['  1   2   3', '1 X | O | O', '  ---------', '2 O | X | X', '  ---------', '3 X | X | O'].join('\n');
    expect(renderGrid(gridOf('XOO OXX XXO'))).toBe(expected);
  });

  test('renderGrid leaves the grid unchanged', CAUSE, () => {
    const grid = gridOf('.X. ... ..O');
    const before = grid.map((row) => [...row]);
    renderGrid(grid);
    expect(grid, 'the grid after drawing it').toEqual(before);
  });

  test('renderGrid returns the text and prints nothing', () => {
    const { result, printed } = capturePrinting(() => renderGrid(gridOf('... ... ...')));
    expect(printed, 'what renderGrid printed').toBe('');
    expect(result, 'what renderGrid returned').toBe(example('01-board', 'grid-empty'));
  });
});
