import { expect, test } from 'vitest';
import { askMove, parseCoordinates, parseMove } from '@workbook/02-input/input';
import { boardOf, gridOf } from './support/boards.ts';
import { capturePrinting } from './support/console.ts';
import { scriptedIO } from './support/io.ts';
import { CAUSE, example, lessonTasks } from './support/lesson.ts';

const task = lessonTasks('02-input');

// The exact messages, as the lesson's table states them.
const NOT_A_WHOLE_NUMBER = 'Please type a whole number, using digits only.';
const OUT_OF_RANGE = 'Please type a number from 1 to 9.';
const CELL_TAKEN = 'That cell is already taken. Please choose an empty one.';
const NOT_TWO_PARTS = 'Please type two numbers, the row and then the column, like: 2 3';
const COORDINATES_NOT_WHOLE = 'Row and column must both be whole numbers, using digits only.';
const COORDINATES_OUT_OF_RANGE = 'Row and column must both be from 1 to 3.';

const PROMPT_X = 'Player X, choose a cell (1-9): ';
const PROMPT_O = 'Player O, choose a cell (1-9): ';

const EMPTY_BOARD = '... ... ...';
const EMPTY_GRID = '... ... ...';

/** How a typed line is written in a test label: with quotes, so spaces and tabs are visible. */
function typed(raw: string): string {
  return JSON.stringify(raw);
}

/** parseMove's answer for a line on a board given as a picture. */
function moveOn(picture: string, raw: string): unknown {
  return parseMove(raw, boardOf(picture));
}

/** Expects parseMove to reject a line with a message, on the given board. */
function expectRejected(raw: string, error: string, picture = EMPTY_BOARD): void {
  expect(moveOn(picture, raw), `parseMove(${typed(raw)}, board)`).toEqual({ ok: false, error });
}

/** Expects parseCoordinates to reject a line with a message, on the given grid. */
function expectCoordinatesRejected(raw: string, error: string, picture = EMPTY_GRID): void {
  expect(parseCoordinates(raw, gridOf(picture)), `parseCoordinates(${typed(raw)}, grid)`).toEqual({ ok: false, error });
}

task(1, () => {
  test('parseMove accepts each cell number 1 to 9 on an empty board and returns its index (the number minus 1)', () => {
    for (let number = 1; number <= 9; number += 1) {
      expect(moveOn(EMPTY_BOARD, String(number)), `parseMove("${number}", empty board)`).toEqual({ ok: true, index: number - 1 });
    }
  });

  test('parseMove allows spaces and tabs around the number: " 5 " is cell 5', () => {
    expect(moveOn(EMPTY_BOARD, ' 5 '), 'parseMove(" 5 ")').toEqual({ ok: true, index: 4 });
    expect(moveOn(EMPTY_BOARD, '\t7'), 'parseMove("\\t7")').toEqual({ ok: true, index: 6 });
    expect(moveOn(EMPTY_BOARD, '3   '), 'parseMove("3   ")').toEqual({ ok: true, index: 2 });
    expect(moveOn(EMPTY_BOARD, ' \t9\t '), 'parseMove(" \\t9\\t ")').toEqual({ ok: true, index: 8 });
  });

  test('parseMove allows all the white space trim() removes around the number: no-break and ideographic spaces, line ends, the byte order mark', () => {
    expect(moveOn(EMPTY_BOARD, '\u00a05\u3000'), 'parseMove("\\u00a05\\u3000")').toEqual({ ok: true, index: 4 });
    expect(moveOn(EMPTY_BOARD, '5\r'), 'parseMove("5\\r")').toEqual({ ok: true, index: 4 });
    expect(moveOn(EMPTY_BOARD, '\ufeff2\n'), 'parseMove("\\ufeff2\\n")').toEqual({ ok: true, index: 1 });
  });

  test('parseMove accepts a leading zero: "05" is cell 5', () => {
    expect(moveOn(EMPTY_BOARD, '05'), 'parseMove("05")').toEqual({ ok: true, index: 4 });
  });

  test('parseMove accepts the empty cells of a board that already has marks', () => {
    expect(moveOn('X.. .O. ...', '2'), 'parseMove("2") with X on 1 and O on 5').toEqual({ ok: true, index: 1 });
    expect(moveOn('X.. .O. ...', '9'), 'parseMove("9") with X on 1 and O on 5').toEqual({ ok: true, index: 8 });
    expect(moveOn('XOX OXO OX.', '9'), 'parseMove("9") when only cell 9 is empty').toEqual({ ok: true, index: 8 });
  });

  test('parseMove leaves the board unchanged', CAUSE, () => {
    const board = boardOf('X.. .O. ...');
    parseMove('3', board);
    expect(board, 'the board after parseMove("3", board)').toEqual(boardOf('X.. .O. ...'));
  });

  test('parseMove returns its answer and prints nothing', () => {
    const { result, printed } = capturePrinting(() => parseMove('4', boardOf(EMPTY_BOARD)));
    expect(printed, 'what parseMove printed').toBe('');
    expect(result, 'what parseMove returned').toEqual({ ok: true, index: 3 });
  });
});

task(2, () => {
  test('parseMove rejects 5abc, which parseInt would read as 5', () => {
    expectRejected('5abc', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects 1.5, which parseInt would read as 1', () => {
    expectRejected('1.5', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects 5.0, which Number reads as the whole number 5', () => {
    expectRejected('5.0', NOT_A_WHOLE_NUMBER);
    expectRejected('5.', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects an empty line, which Number reads as 0', () => {
    expectRejected('', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects a line of only spaces, which Number reads as 0', () => {
    expectRejected(' ', NOT_A_WHOLE_NUMBER);
    expectRejected('   ', NOT_A_WHOLE_NUMBER);
    expectRejected('\t', NOT_A_WHOLE_NUMBER);
    expectRejected('\u00a0\r', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects 1e1, which Number reads as 10 (scientific notation)', () => {
    expectRejected('1e1', NOT_A_WHOLE_NUMBER);
    expectRejected('5e0', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects 0x5, which Number reads as 5 (hexadecimal)', () => {
    expectRejected('0x5', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects 0b101 and 0o7, which Number reads as 5 and 7 (binary and octal)', () => {
    expectRejected('0b101', NOT_A_WHOLE_NUMBER);
    expectRejected('0o7', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects +5: a plus sign is not a digit', () => {
    expectRejected('+5', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects -1: a minus sign is not a digit', () => {
    expectRejected('-1', NOT_A_WHOLE_NUMBER);
    expectRejected('-0', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects digits from other writing systems: ٥ (Arabic-Indic) and ５ (full-width)', () => {
    expectRejected('٥', NOT_A_WHOLE_NUMBER);
    expectRejected('５', NOT_A_WHOLE_NUMBER);
    expectRejected('৫', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects words, even the ones JavaScript reads as numbers (abc, five, Infinity)', () => {
    expectRejected('abc', NOT_A_WHOLE_NUMBER);
    expectRejected('five', NOT_A_WHOLE_NUMBER);
    expectRejected('Infinity', NOT_A_WHOLE_NUMBER);
    expectRejected('NaN', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects two numbers with a space between them (5 5)', () => {
    expectRejected('5 5', NOT_A_WHOLE_NUMBER);
    expectRejected('1 2', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove rejects a bad number even with spaces around it (" 1.5 ", " 5abc ")', () => {
    expectRejected(' 1.5 ', NOT_A_WHOLE_NUMBER);
    expectRejected(' 5abc ', NOT_A_WHOLE_NUMBER);
    expectRejected('\t0x5\t', NOT_A_WHOLE_NUMBER);
  });

  test('parseMove says "not a whole number" for 5abc even when cell 5 is taken: the text is checked first', () => {
    expectRejected('5abc', NOT_A_WHOLE_NUMBER, '... .X. ...');
    expectRejected('+5', NOT_A_WHOLE_NUMBER, '... .X. ...');
  });
});

task(3, () => {
  test('parseMove rejects 0: cells are numbered from 1', () => {
    expectRejected('0', OUT_OF_RANGE);
    expectRejected('00', OUT_OF_RANGE);
  });

  test('parseMove rejects 10 and larger numbers: there are only 9 cells', () => {
    expectRejected('10', OUT_OF_RANGE);
    expectRejected('99999', OUT_OF_RANGE);
    expectRejected('99999999999999999999999', OUT_OF_RANGE);
  });

  test('parseMove says "out of range" for 0 and 10 even on a full board: the range is checked before the board', () => {
    expectRejected('10', OUT_OF_RANGE, 'XOX XOO OXX');
    expectRejected('0', OUT_OF_RANGE, 'XOX XOO OXX');
  });

  test('parseMove rejects a cell that holds X', () => {
    expectRejected('1', CELL_TAKEN, 'X.. .O. ...');
  });

  test('parseMove rejects a cell that holds O', () => {
    expectRejected('5', CELL_TAKEN, 'X.. .O. ...');
  });

  test('parseMove rejects every cell of a full board', () => {
    for (let number = 1; number <= 9; number += 1) {
      expectRejected(String(number), CELL_TAKEN, 'XOX XOO OXX');
    }
  });

  test('parseMove checks the cell the player named, not its neighbour', () => {
    expectRejected('5', CELL_TAKEN, '... .X. ...');
    expect(moveOn('... .X. ...', '4'), 'parseMove("4") when only cell 5 is taken').toEqual({ ok: true, index: 3 });
    expect(moveOn('... .X. ...', '6'), 'parseMove("6") when only cell 5 is taken').toEqual({ ok: true, index: 5 });
  });

  test('parseMove allows spaces around a taken cell number and still says it is taken', () => {
    expectRejected(' 1 ', CELL_TAKEN, 'X.. ... ...');
  });
});

task(4, () => {
  test('parseCoordinates accepts every row and column from 1 to 3 and counts them from 0', () => {
    for (let row = 1; row <= 3; row += 1) {
      for (let col = 1; col <= 3; col += 1) {
        expect(parseCoordinates(`${row} ${col}`, gridOf(EMPTY_GRID)), `parseCoordinates("${row} ${col}", empty grid)`).toEqual({
          ok: true,
          row: row - 1,
          col: col - 1,
        });
      }
    }
  });

  test('parseCoordinates reads the row first and the column second: "2 3" is row 1, column 2', () => {
    expect(parseCoordinates('2 3', gridOf(EMPTY_GRID)), 'parseCoordinates("2 3")').toEqual({ ok: true, row: 1, col: 2 });
    expect(parseCoordinates('3 2', gridOf('... ..X ...')), 'parseCoordinates("3 2") when only row 2, column 3 is taken').toEqual({
      ok: true,
      row: 2,
      col: 1,
    });
  });

  test('parseCoordinates allows several spaces or tabs between the numbers and spaces around them', () => {
    expect(parseCoordinates('  2   3 ', gridOf(EMPTY_GRID)), 'parseCoordinates("  2   3 ")').toEqual({ ok: true, row: 1, col: 2 });
    expect(parseCoordinates('1\t3', gridOf(EMPTY_GRID)), 'parseCoordinates("1\\t3")').toEqual({ ok: true, row: 0, col: 2 });
  });

  test('parseCoordinates rejects a line that is not exactly two parts (3, 1 2 3, 2,3, an empty line)', () => {
    expectCoordinatesRejected('3', NOT_TWO_PARTS);
    expectCoordinatesRejected('1 2 3', NOT_TWO_PARTS);
    expectCoordinatesRejected('2,3', NOT_TWO_PARTS);
    expectCoordinatesRejected('', NOT_TWO_PARTS);
    expectCoordinatesRejected('   ', NOT_TWO_PARTS);
  });

  test('parseCoordinates rejects parts that are not whole numbers (a 1, 1 1.5, -1 2, +1 2, 1e0 1, 0x1 1)', () => {
    expectCoordinatesRejected('a 1', COORDINATES_NOT_WHOLE);
    expectCoordinatesRejected('1 b', COORDINATES_NOT_WHOLE);
    expectCoordinatesRejected('1 1.5', COORDINATES_NOT_WHOLE);
    expectCoordinatesRejected('-1 2', COORDINATES_NOT_WHOLE);
    expectCoordinatesRejected('+1 2', COORDINATES_NOT_WHOLE);
    expectCoordinatesRejected('1e0 1', COORDINATES_NOT_WHOLE);
    expectCoordinatesRejected('0x1 1', COORDINATES_NOT_WHOLE);
    expectCoordinatesRejected('2 ３', COORDINATES_NOT_WHOLE);
  });

  test('parseCoordinates rejects "0 1" instead of turning it into row -1 (the ghost move)', () => {
    expectCoordinatesRejected('0 1', COORDINATES_OUT_OF_RANGE);
    expectCoordinatesRejected('1 0', COORDINATES_OUT_OF_RANGE);
    expectCoordinatesRejected('0 0', COORDINATES_OUT_OF_RANGE);
  });

  test('parseCoordinates rejects rows and columns above 3 (4 2, 2 4, 2 10)', () => {
    expectCoordinatesRejected('4 2', COORDINATES_OUT_OF_RANGE);
    expectCoordinatesRejected('2 4', COORDINATES_OUT_OF_RANGE);
    expectCoordinatesRejected('2 10', COORDINATES_OUT_OF_RANGE);
  });

  test('parseCoordinates checks in the lesson order: parts, then whole numbers, then range, then the grid', () => {
    expectCoordinatesRejected('a 9', COORDINATES_NOT_WHOLE);
    expectCoordinatesRejected('4 x', COORDINATES_NOT_WHOLE);
    expectCoordinatesRejected('9 9 9', NOT_TWO_PARTS);
    expectCoordinatesRejected('4 2', COORDINATES_OUT_OF_RANGE, 'XOX XOO OXX');
  });

  test('parseCoordinates rejects a cell that holds X or O', () => {
    expectCoordinatesRejected('1 1', CELL_TAKEN, 'X.. .O. ...');
    expectCoordinatesRejected('2 2', CELL_TAKEN, 'X.. .O. ...');
    expectCoordinatesRejected('2 3', CELL_TAKEN, '... ..X ...');
  });

  test('parseCoordinates leaves the grid unchanged and prints nothing', CAUSE, () => {
    const grid = gridOf('X.. .O. ...');
    const { printed } = capturePrinting(() => parseCoordinates('3 3', grid));
    expect(printed, 'what parseCoordinates printed').toBe('');
    expect(grid, 'the grid after parseCoordinates("3 3", grid)').toEqual(gridOf('X.. .O. ...'));
  });
});

task(5, () => {
  test('askMove asks X with the prompt from the lesson and returns the index of a valid cell', () => {
    const io = scriptedIO(['5']);
    const answer = askMove(io, boardOf(EMPTY_BOARD), 'X');
    expect(io.transcript(), 'what the player saw').toBe(`${example('02-input', 'prompt-x')}5\n`);
    expect(answer, 'what askMove returned').toBe(4);
  });

  test('askMove asks O with its own prompt', () => {
    const io = scriptedIO(['1']);
    const answer = askMove(io, boardOf('... .X. ...'), 'O');
    expect(io.transcript(), 'what the player saw').toBe(`${PROMPT_O}1\n`);
    expect(answer, 'what askMove returned').toBe(0);
  });

  test('askMove prints each error and asks again until a valid cell is typed (the lesson example)', () => {
    const io = scriptedIO(['5abc', '', '0', '5', ' 7']);
    const answer = askMove(io, boardOf('X.. .X. ..O'), 'O');
    expect(io.transcript(), 'what the player saw').toBe(`${example('02-input', 'ask-until-valid')}\n`);
    expect(answer, 'what askMove returned').toBe(6);
  });

  test('askMove turns away the JavaScript number traps one by one (1e1, 0x5, +5, 1.5) and then accepts 9', () => {
    const io = scriptedIO(['1e1', '0x5', '+5', '1.5', '9']);
    const answer = askMove(io, boardOf(EMPTY_BOARD), 'X');
    const expected = ['1e1', '0x5', '+5', '1.5'].map((line) => `${PROMPT_X}${line}\n${NOT_A_WHOLE_NUMBER}\n`).join('') + `${PROMPT_X}9\n`;
    expect(io.transcript(), 'what the player saw').toBe(expected);
    expect(answer, 'what askMove returned').toBe(8);
  });

  test('askMove returns null when input ends after a rejected line (the lesson example)', () => {
    const io = scriptedIO(['10']);
    const answer = askMove(io, boardOf(EMPTY_BOARD), 'X');
    expect(io.transcript(), 'what the player saw').toBe(`${example('02-input', 'ask-input-ends')}\n`);
    expect(answer, 'what askMove returned').toBe(null);
  });

  test('askMove returns null at once when there is no input at all, without printing anything', () => {
    const io = scriptedIO([]);
    const answer = askMove(io, boardOf(EMPTY_BOARD), 'X');
    expect(io.transcript(), 'what the player saw').toBe(`${PROMPT_X}\n`);
    expect(answer, 'what askMove returned').toBe(null);
  });

  test('askMove returns null when input ends while every cell the player tries is taken', () => {
    const io = scriptedIO(['1', '2']);
    const answer = askMove(io, boardOf('XOX XOO OXX'), 'X');
    const expected = `${PROMPT_X}1\n${CELL_TAKEN}\n${PROMPT_X}2\n${CELL_TAKEN}\n${PROMPT_X}\n`;
    expect(io.transcript(), 'what the player saw').toBe(expected);
    expect(answer, 'what askMove returned').toBe(null);
  });

  test('askMove stops asking as soon as a line is valid', () => {
    const io = scriptedIO(['3', '4', '5']);
    const answer = askMove(io, boardOf(EMPTY_BOARD), 'X');
    expect(io.transcript(), 'what the player saw').toBe(`${PROMPT_X}3\n`);
    expect(answer, 'what askMove returned').toBe(2);
    expect(io.remaining(), 'lines left unread').toBe(2);
  });

  test("askMove leaves the board unchanged: placing the mark is the game loop's job", CAUSE, () => {
    const board = boardOf('X.. ... ...');
    askMove(scriptedIO(['1', '2']), board, 'O');
    expect(board, 'the board after askMove').toEqual(boardOf('X.. ... ...'));
  });

  test('askMove talks only through io: it does not print with console.log', CAUSE, () => {
    const { printed } = capturePrinting(() => askMove(scriptedIO(['x', '6']), boardOf(EMPTY_BOARD), 'X'));
    expect(printed, 'what askMove printed with console.log').toBe('');
  });
});
