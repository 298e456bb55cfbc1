import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { drawBoard, playClassGames, playTutorial, PROFILES, readMove } from '@workbook/08-tutorials/tutorials';
import type { Board } from '@workbook/01-board/board';
import type { GameName, Layout, Profile, TutorialOptions } from '@workbook/08-tutorials/tutorials';
import { appendixPaths, readmePath, ROOT } from '../scripts/lib/core/workbook.ts';
import { boardOf } from './support/boards.ts';
import { capturePrinting } from './support/console.ts';
import { programIO, type ProgramIO } from './support/io.ts';
import { CAUSE, example, exampleFile, lessonTasks } from './support/lesson.ts';
import { watchMathRandom } from './support/sealed.ts';

const LESSON = '08-tutorials';
const task = lessonTasks('08-tutorials');

/** The lesson text and its appendices, to make sure every message these tests expect is written there too. */
const lessonText = [readmePath({ id: LESSON }), ...appendixPaths({ id: LESSON })].map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');

/** A text the lesson states; the suite stops at once if the lesson does not contain it. */
function stated(text: string): string {
  if (!lessonText.includes(text)) throw new Error(`lessons/${LESSON}/ (README.md and its appendices) does not state "${text}"`);
  return text;
}

/** A board for the lesson's functions from a picture like 'X.. .O. ...'. */
function board(picture: string): Board {
  return boardOf(picture) as Board;
}

/** What a game showed and returned. */
interface Played {
  io: ProgramIO;
  result: unknown;
}

/** Plays the tutorial's profile (the one in the student's file) with the typed lines. */
function play(name: GameName, lines: string[], options?: TutorialOptions): Played {
  return playProfile(PROFILES[name], lines, options);
}

/** Plays any profile with the typed lines. */
function playProfile(profile: Profile, lines: string[], options?: TutorialOptions): Played {
  const io = programIO(lines);
  const result = options === undefined ? playTutorial(profile, io) : playTutorial(profile, io, options);
  return { io, result };
}

/** Everything a game showed: what it printed and, after each prompt, the line typed. */
function screenOf(played: Played): string {
  return played.io.screen();
}

/** A game's screen as a lesson example writes it: a game that ends with a printed line ends with its line end. */
function endingPrinted(example: string): string {
  return `${example}\n`;
}

/** The typed lines of a game written like '5 1 6' (one move per word). */
function moves(list: string): string[] {
  return list.split(' ');
}

/** zh-grid's typed lines, written like '2 2, 1 1' (one line between commas). */
function rowColumns(list: string): string[] {
  return list.split(', ');
}

/** The board the lesson draws in every layout: X on 4, O on 0, X on 1. */
const PLAYED = 'OX. .X. ...';
const EMPTY_BOARD = '... ... ...';

/**
 * What a failure says about a value compared with a lesson example: what was compared, and where the
 * lesson writes what was expected (the example's name and file), so the student can read it whole.
 */
function shownAs(what: string, name: string, how = 'the example'): string {
  return `${what} (expected: ${how} "${name}" in ${exampleFile(LESSON, name)})`;
}

/** The first `count` lines of an example. */
function firstLines(name: string, count: number): string {
  return example(LESSON, name).split('\n').slice(0, count).join('\n');
}

task(1, () => {
  test("drawBoard('maps', …) draws ru-maps's board: the empty board, then a game under way", () => {
    expect(drawBoard('maps', board(EMPTY_BOARD)), shownAs("drawBoard('maps', the empty board)", 'drawing-maps-empty')).toBe(
      example(LESSON, 'drawing-maps-empty'),
    );
    expect(drawBoard('maps', board(PLAYED)), shownAs("drawBoard('maps', X on 4 and 1, O on 0)", 'drawing-maps')).toBe(example(LESSON, 'drawing-maps'));
  });

  test("drawBoard('lines', …) draws ru-lines's board, as lesson 01's renderBoard does", () => {
    expect(drawBoard('lines', board(EMPTY_BOARD)), shownAs("drawBoard('lines', the empty board)", 'ru-lines-draw', 'the first 5 lines of the example')).toBe(
      firstLines('ru-lines-draw', 5),
    );
    expect(drawBoard('lines', board(PLAYED)), shownAs("drawBoard('lines', X on 4 and 1, O on 0)", 'drawing-lines')).toBe(example(LESSON, 'drawing-lines'));
  });

  test("drawBoard('lab', …) draws ca-lab's boxes and its line of 52 dashes", () => {
    expect(drawBoard('lab', board(EMPTY_BOARD)), shownAs("drawBoard('lab', the empty board)", 'drawing-lab-empty')).toBe(example(LESSON, 'drawing-lab-empty'));
    expect(drawBoard('lab', board(PLAYED)), shownAs("drawBoard('lab', X on 4 and 1, O on 0)", 'drawing-lab')).toBe(example(LESSON, 'drawing-lab'));
  });

  test("drawBoard('grid', …) draws zh-grid's board with its empty lines and the spaces at the ends of rows", () => {
    expect(drawBoard('grid', board(EMPTY_BOARD)), shownAs("drawBoard('grid', the empty board)", 'drawing-grid-empty')).toBe(
      example(LESSON, 'drawing-grid-empty'),
    );
    expect(drawBoard('grid', board(PLAYED)), shownAs("drawBoard('grid', X on 4 and 1, O on 0)", 'drawing-grid')).toBe(example(LESSON, 'drawing-grid'));
  });

  test('drawBoard puts each mark in its own cell in every layout (X on 0 and 8, O on 2 and 6)', () => {
    const corners = board('X.O ... O.X');
    const drawn = (layout: Layout): string => drawBoard(layout, corners);
    expect(drawn('maps'), "drawBoard('maps', …)").toBe('X 2 O\n4 5 6\nO 8 X');
    expect(drawn('lab').split('\n')[0], "the first row of drawBoard('lab', …)").toBe(' | 0 X | | 1   | | 2 O |');
    expect(drawn('lab').split('\n')[2], "the last row of drawBoard('lab', …)").toBe(' | 6 O | | 7   | | 8 X |');
    expect(drawn('grid').split('\n')[2], "the first row of drawBoard('grid', …)").toBe('1 X |   | O');
    expect(drawn('grid').split('\n')[6], "the last row of drawBoard('grid', …)").toBe('3 O |   | X');
  });

  test('drawBoard does not change the board it draws', CAUSE, () => {
    const drawn = board(PLAYED);
    for (const layout of ['maps', 'lines', 'lab', 'grid'] as const) drawBoard(layout, drawn);
    expect(drawn.join(''), 'the cells after drawing in every layout').toBe(board(PLAYED).join(''));
  });
});

task(2, () => {
  /** The board of the lesson's table: only index 4 is taken, by X. */
  const centre = (): Board => board('... .X. ...');

  test("ru-maps reads a cell 1-9 with Python's int(): '7', ' 7 ', '+7', '７' and '𝟕' are all index 6", () => {
    for (const line of ['7', ' 7 ', '+7', '７', '𝟕']) {
      expect(readMove(PROFILES['ru-maps'], line, centre()), `readMove(ru-maps, "${line}", …)`).toEqual({ ok: true, index: 6 });
    }
  });

  test('ru-maps refuses a taken cell, 0, 10 and a word, with no message', () => {
    for (const line of ['5', '0', '10', 'seven', '']) {
      expect(readMove(PROFILES['ru-maps'], line, centre()), `readMove(ru-maps, "${line}", …)`).toEqual({ ok: false, message: null });
    }
  });

  test("ru-lines accepts '07' (two characters, one move) and gives each refusal its message", () => {
    const profile = PROFILES['ru-lines'];
    expect(readMove(profile, '07', centre()), 'readMove(ru-lines, "07", …)').toEqual({ ok: true, index: 6 });
    expect(readMove(profile, '７', centre()), 'readMove(ru-lines, "７", …)').toEqual({ ok: true, index: 6 });
    const notANumber = { ok: false, message: stated('Нужно целое число.') };
    const outOfRange = { ok: false, message: stated('Выберите число от 1 до 9.') };
    expect(readMove(profile, ' 7', centre()), 'readMove(ru-lines, " 7", …): isdigit refuses the space').toEqual(notANumber);
    expect(readMove(profile, 'семь', centre()), 'readMove(ru-lines, "семь", …)').toEqual(notANumber);
    expect(readMove(profile, '', centre()), 'readMove(ru-lines, an empty line, …)').toEqual(notANumber);
    expect(readMove(profile, '0', centre()), 'readMove(ru-lines, "0", …)').toEqual(outOfRange);
    expect(readMove(profile, '10', centre()), 'readMove(ru-lines, "10", …)').toEqual(outOfRange);
    expect(readMove(profile, '5', centre()), 'readMove(ru-lines, "5", …): index 4 is taken').toEqual({ ok: false, message: stated('Клетка занята.') });
  });

  test("ca-lab reads the index 0-8 itself; 9, -1 and 'x' are refused with no message", () => {
    const profile = PROFILES['ca-lab'];
    expect(readMove(profile, '6', centre()), 'readMove(ca-lab, "6", …)').toEqual({ ok: true, index: 6 });
    expect(readMove(profile, '+6', centre()), 'readMove(ca-lab, "+6", …)').toEqual({ ok: true, index: 6 });
    for (const word of ['9', '-1', 'x']) {
      expect(readMove(profile, word, centre()), `readMove(ca-lab, "${word}", …)`).toEqual({ ok: false, message: null });
    }
  });

  test("ca-lab's message for a taken cell names the cell", () => {
    const taken = stated("La casella 4 ja està ocupada. Tria'n una altre.");
    expect(readMove(PROFILES['ca-lab'], '4', centre()), 'readMove(ca-lab, "4", …): index 4 is taken').toEqual({ ok: false, message: taken });
    const other = readMove(PROFILES['ca-lab'], '0', board('X.. ... ...'));
    expect(other, 'readMove(ca-lab, "0", …) with X on index 0').toEqual({ ok: false, message: taken.replace('4', '0') });
  });

  test("zh-grid reads 'row column': '3 1', ' 3   1 ' and '３　１' are all index 6", () => {
    for (const line of ['3 1', ' 3   1 ', '３\u3000１']) {
      expect(readMove(PROFILES['zh-grid'], line, centre()), `readMove(zh-grid, "${line}", …)`).toEqual({ ok: true, index: 6 });
    }
  });

  test('zh-grid gives each refusal its message, full-width commas and all', () => {
    const profile = PROFILES['zh-grid'];
    const wrongShape = { ok: false, message: stated('输入格式错误，请输入空格分隔的两个数字（例如: 2 3）。') };
    const notANumber = { ok: false, message: stated('输入无效，请输入纯数字。') };
    const outOfRange = { ok: false, message: stated('坐标超出范围，行与列必须在 1 到 3 之间。') };
    for (const line of ['3', '3 1 1', '']) {
      expect(readMove(profile, line, centre()), `readMove(zh-grid, "${line}", …)`).toEqual(wrongShape);
    }
    expect(readMove(profile, '3 a', centre()), 'readMove(zh-grid, "3 a", …)').toEqual(notANumber);
    expect(readMove(profile, '0 1', centre()), 'readMove(zh-grid, "0 1", …)').toEqual(outOfRange);
    expect(readMove(profile, '3 4', centre()), 'readMove(zh-grid, "3 4", …)').toEqual(outOfRange);
    const taken = { ok: false, message: stated('该位置已有棋子，请选择空位落子。') };
    expect(readMove(profile, '2 2', centre()), 'readMove(zh-grid, "2 2", …): index 4 is taken').toEqual(taken);
  });

  test('readMove does not change the board', CAUSE, () => {
    const read = centre();
    readMove(PROFILES['ru-lines'], '1', read);
    readMove(PROFILES['zh-grid'], '1 1', read);
    expect(read.join(''), 'the cells after reading "1" and "1 1"').toBe(centre().join(''));
  });
});

task(3, () => {
  test("ru-maps replays its tutorial's sample game (5, 1, 6, 4, 3, 7) as the lesson shows it", () => {
    const played = play('ru-maps', moves('5 1 6 4 3 7'));
    expect(screenOf(played), shownAs('everything the players saw', 'ru-maps-sample')).toBe(endingPrinted(example(LESSON, 'ru-maps-sample')));
    expect(played.result, 'what playTutorial returned').toBe('O');
  });

  test('what the program writes has no line end after a prompt: byte for byte, the piped sample game', () => {
    const played = play('ru-maps', moves('5 1 6 4 3 7'));
    expect(played.io.output(), shownAs('the bytes the game wrote (the typed lines are not part of them)', 'ru-maps-sample-piped')).toBe(
      `${example(LESSON, 'ru-maps-sample-piped')}\n`,
    );
  });

  test('ru-maps asks again, with no message, after a word, a taken cell, 0 and 10', () => {
    const played = play('ru-maps', ['5', 'пять', '5', '0', ' 1 ', '10', '2', '4', '3', '7']);
    expect(screenOf(played), shownAs('everything the players saw', 'ru-maps-bad-lines')).toBe(endingPrinted(example(LESSON, 'ru-maps-bad-lines')));
    expect(played.result, 'what playTutorial returned').toBe('O');
  });

  test('ru-maps ends a full board without a winner as its tutorial ends a game where nobody can move', () => {
    const played = play('ru-maps', moves('5 1 9 3 2 8 4 6 7'));
    expect(screenOf(played), shownAs('everything the players saw', 'ru-maps-draw')).toBe(endingPrinted(example(LESSON, 'ru-maps-draw')));
    expect(played.result, 'what playTutorial returned').toBe('draw');
  });

  test("ru-lines prints its messages for bad lines and announces O's win", () => {
    const played = play('ru-lines', ['5', 'пять', '5', '0', '10', ' 1', '1', '9', '3', '7', '2']);
    expect(screenOf(played), shownAs('everything the players saw', 'ru-lines-game')).toBe(endingPrinted(example(LESSON, 'ru-lines-game')));
    expect(played.result, 'what playTutorial returned').toBe('O');
  });

  test('ru-lines announces a win on the ninth move as a win, not a draw (1, 2, 3, 4, 5, 6, 8, 7, 9: X takes 1, 5 and 9)', () => {
    const played = play('ru-lines', moves('1 2 3 4 5 6 8 7 9'));
    expect(screenOf(played).trimEnd().split('\n').at(-1), 'the last line printed').toBe('Игрок X победил!');
    expect(played.result, 'what playTutorial returned').toBe('X');
  });

  test('the no-move ending leaves out the win line when noMoveWinner is null: ru-maps-draw with noMoveWinner null', () => {
    const ruMaps = PROFILES['ru-maps'];
    const played = playProfile({ ...ruMaps, words: { ...ruMaps.words, noMoveWinner: null } }, moves('5 1 9 3 2 8 4 6 7'));
    const withoutWinner = example(LESSON, 'ru-maps-draw').split('\n').slice(0, -1).join('\n');
    expect(screenOf(played), shownAs('everything the players saw', 'ru-maps-draw', 'the example without its last line')).toBe(endingPrinted(withoutWinner));
    expect(played.result, 'what playTutorial returned').toBe('draw');
  });

  test('ru-lines announces a draw on a full board', () => {
    const played = play('ru-lines', moves('5 1 9 3 2 8 4 6 7'));
    expect(screenOf(played), shownAs('everything the players saw', 'ru-lines-draw')).toBe(endingPrinted(example(LESSON, 'ru-lines-draw')));
    expect(played.result, 'what playTutorial returned').toBe('draw');
  });

  test('zh-grid prints its banner, its board with empty lines and each of its messages', () => {
    const played = play('zh-grid', rowColumns('2 2, 2, 1 1 1, a b, 0 1, 4 1, 2 2, 1 1, 1 2, 3 3, 3 2'));
    expect(screenOf(played), shownAs('everything the players saw', 'zh-grid-game')).toBe(endingPrinted(example(LESSON, 'zh-grid-game')));
    expect(played.result, 'what playTutorial returned').toBe('X');
  });

  test('zh-grid announces a draw on a full board', () => {
    const played = play('zh-grid', rowColumns('2 2, 1 1, 3 3, 1 3, 1 2, 3 2, 2 1, 2 3, 3 1'));
    expect(screenOf(played), shownAs('everything the players saw', 'zh-grid-draw')).toBe(endingPrinted(example(LESSON, 'zh-grid-draw')));
    expect(played.result, 'what playTutorial returned').toBe('draw');
  });

  test("when input ends, playTutorial stops at the unanswered prompt and returns 'quit'", () => {
    const played = play('zh-grid', rowColumns('2 2, 1 1'));
    expect(played.io.screen(), shownAs('everything the players saw', 'zh-grid-input-ends')).toBe(example(LESSON, 'zh-grid-input-ends'));
    expect(played.result, 'what playTutorial returned').toBe('quit');
    expect(played.io.asked(), 'how many times the game asked for a line (2 moves, then once more)').toBe(3);
  });

  test("when input ends before the first move of ru-maps, playTutorial returns 'quit' without asking again", () => {
    const played = play('ru-maps', []);
    expect(played.result, 'what playTutorial returned').toBe('quit');
    expect(played.io.asked(), 'how many times the game asked for a line').toBe(1);
  });

  test('playTutorial stops after a win and reads nothing more', () => {
    const played = play('ru-lines', moves('5 1 2 3 8 9 6'));
    expect(played.result, 'what playTutorial returned when X completed 2, 5 and 8').toBe('X');
    expect(played.io.remaining(), 'lines typed after the win that were never read').toBe(2);
  });

  test('everything comes from the profile: a profile of your own plays as the lesson shows it', () => {
    const mine: Profile = {
      name: 'ru-lines',
      layout: 'maps',
      reading: 'row-column',
      first: 'X',
      computer: null,
      readsWords: false,
      words: {
        banner: [{ text: 'Tic-Tac-Toe, your way', source: 'mine' }],
        prompt: { text: 'Player {number} ({player}), row and column: ', source: 'mine' },
        wrongShape: { text: 'Two numbers, please.', source: 'mine' },
        notANumber: { text: 'Digits, please.', source: 'mine' },
        outOfRange: { text: 'From 1 to 3, please.', source: 'mine' },
        taken: { text: 'Taken.', source: 'mine' },
        computerTurn: null,
        computerPlays: null,
        computerWins: null,
        win: { text: '{winner} has three in a row.', source: 'mine' },
        draw: { text: 'Nobody won.', source: 'mine' },
        noMove: null,
        noMoveWinner: null,
      },
    };
    const played = playProfile(mine, rowColumns('2 2, 2, 1 1, 1 2, 3 1, 3 2'));
    expect(screenOf(played), shownAs('everything the players saw', 'mixed-profile')).toBe(endingPrinted(example(LESSON, 'mixed-profile')));
    expect(played.result, 'what playTutorial returned').toBe('X');
  });

  test('playTutorial shows everything through io and prints nothing with console.log', CAUSE, () => {
    const { printed } = capturePrinting(() => play('ru-maps', moves('5 1 6 4 3 7')));
    expect(printed, 'what playTutorial printed with console.log').toBe('');
  });
});

task(4, () => {
  test("ru-maps-computer replays its tutorial's game (1, 2, 4) as the lesson shows it", () => {
    const played = play('ru-maps-computer', moves('1 2 4'));
    expect(screenOf(played), shownAs('everything the player saw', 'ru-maps-computer-sample')).toBe(endingPrinted(example(LESSON, 'ru-maps-computer-sample')));
    expect(played.result, 'what playTutorial returned').toBe('O');
  });

  test('when the rules computer finds no move, the game ends with Ничья!, the board and Победил дружба', () => {
    const played = play('ru-maps-computer', moves('1 2 7 6'));
    expect(screenOf(played), shownAs('everything the player saw', 'ru-maps-computer-gives-up')).toBe(
      endingPrinted(example(LESSON, 'ru-maps-computer-gives-up')),
    );
    expect(played.result, 'what playTutorial returned').toBe('draw');
  });

  test('on a full board, the computer is asked first and finds no move', () => {
    const played = play('ru-maps-computer', moves('1 3 8 4 9'));
    expect(screenOf(played), shownAs('everything the player saw', 'ru-maps-computer-full')).toBe(endingPrinted(example(LESSON, 'ru-maps-computer-full')));
    expect(played.result, 'what playTutorial returned').toBe('draw');
  });

  test("the heuristic computer's turn on a full board: computerTurn, then the no-move ending (ca-lab-sample without a draw phrase)", () => {
    const caLab = PROFILES['ca-lab'];
    const words = {
      ...caLab.words,
      draw: null,
      noMove: { text: 'Nobody can move.', source: 'this test' },
      win: { text: 'The winner: {winner}', source: 'this test' },
      noMoveWinner: 'nobody',
    };
    const played = playProfile({ ...caLab, words }, moves('4 1 6 5 8'), { first: 'X' });
    const lines = example(LESSON, 'ca-lab-sample').split('\n').slice(0, -1);
    const lastBoard = lines.slice(-4);
    const expected = [...lines, stated('Jugo jo (ordinador)'), 'Nobody can move.', ...lastBoard, 'The winner: nobody'].join('\n');
    expect(
      screenOf(played),
      shownAs('everything the player saw', 'ca-lab-sample', "the computer's turn and the no-move ending after all but the last line of the example"),
    ).toBe(endingPrinted(expected));
    expect(played.result, 'what playTutorial returned').toBe('draw');
  });

  test('the rules computer can lose: 1, 6, 3, 2', () => {
    const played = play('ru-maps-computer', moves('1 6 3 2'));
    expect(screenOf(played), shownAs('everything the player saw', 'ru-maps-computer-human-wins')).toBe(
      endingPrinted(example(LESSON, 'ru-maps-computer-human-wins')),
    );
    expect(played.result, 'what playTutorial returned').toBe('X');
  });

  test("ca-lab replays its tutorial's sample game (you start: 4, 1, 6, 5, 8) as the lesson shows it", () => {
    const played = play('ca-lab', moves('4 1 6 5 8'), { first: 'X' });
    expect(screenOf(played), shownAs('everything the player saw', 'ca-lab-sample')).toBe(endingPrinted(example(LESSON, 'ca-lab-sample')));
    expect(played.result, 'what playTutorial returned').toBe('draw');
  });

  test('ca-lab with the computer first: Guanyo jo! comes before the board, and bad words are asked again', () => {
    const played = play('ca-lab', ['0', '1', 'x', '4', '9', '3'], { first: 'O' });
    expect(screenOf(played), shownAs('everything the player saw', 'ca-lab-computer-first')).toBe(endingPrinted(example(LESSON, 'ca-lab-computer-first')));
    expect(played.result, 'what playTutorial returned').toBe('O');
  });

  test('ca-lab says nothing when you win: 0, 5, 2, 8', () => {
    const played = play('ca-lab', moves('0 5 2 8'), { first: 'X' });
    expect(screenOf(played), shownAs('everything the player saw', 'ca-lab-human-wins')).toBe(endingPrinted(example(LESSON, 'ca-lab-human-wins')));
    expect(played.result, 'what playTutorial returned').toBe('X');
  });

  test('ca-lab draws lots with rng, called once: 0.3 lets you start, 0.7 the computer', () => {
    let calls = 0;
    const rng = (value: number) => () => {
      calls += 1;
      return value;
    };
    const humanFirst = play('ca-lab', moves('4 1 6 5 8'), { rng: rng(0.3) });
    expect(screenOf(humanFirst), shownAs('everything the player saw when rng() gave 0.3', 'ca-lab-sample')).toBe(
      endingPrinted(example(LESSON, 'ca-lab-sample')),
    );
    const computerFirst = play('ca-lab', ['0', '1', 'x', '4', '9', '3'], { rng: rng(0.7) });
    expect(screenOf(computerFirst), shownAs('everything the player saw when rng() gave 0.7', 'ca-lab-computer-first')).toBe(
      endingPrinted(example(LESSON, 'ca-lab-computer-first')),
    );
    expect(calls, 'how many times rng() was called in the two games').toBe(2);
  });

  test('ca-lab uses Math.random when no rng is given, and nothing when options.first is given', () => {
    const drawn = watchMathRandom(() => play('ca-lab', ['0', '1', 'x', '4', '9', '3']), 0.75);
    expect(screenOf(drawn.result), shownAs('everything the player saw when Math.random() gave 0.75', 'ca-lab-computer-first')).toBe(
      endingPrinted(example(LESSON, 'ca-lab-computer-first')),
    );
    expect(drawn.calls, 'calls to Math.random without options').toBe(1);
    const fixed = watchMathRandom(() => play('ca-lab', moves('4 1 6 5 8'), { first: 'X' }));
    expect(fixed.calls, "calls to Math.random with { first: 'X' }").toBe(0);
  });
});

task(5, () => {
  test("playClassGames prints the results of en-class's six games", () => {
    const io = programIO([]);
    playClassGames(io);
    expect(io.output().replace(/\n$/, ''), shownAs('everything playClassGames printed', 'class-games')).toBe(example(LESSON, 'class-games'));
  });

  test('playClassGames plays the games it is given: two games of its own', () => {
    const io = programIO([]);
    playClassGames(io, [
      {
        moves: [
          [1, 1],
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 2],
        ],
        result: { text: 'The winner: {winner}', source: 'this test' },
      },
      { moves: [[2, 2]], result: { text: 'Still going ({winner})', source: 'this test' } },
    ]);
    expect(io.output(), 'everything playClassGames printed (X fills the middle row in the first game)').toBe('The winner: X\nStill going (.)\n');
  });

  test('playClassGames asks nothing and prints nothing with console.log', CAUSE, () => {
    const io = programIO([]);
    const { printed } = capturePrinting(() => playClassGames(io));
    expect(printed, 'what playClassGames printed with console.log').toBe('');
    expect(io.asked(), 'how many times playClassGames asked for a line').toBe(0);
  });
});
