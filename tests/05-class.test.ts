import { expect, test } from 'vitest';
import { TicTacToe } from '@workbook/05-class/tictactoe';
import type { Grid } from '@workbook/01-board/board';
import { gridOf } from './support/boards.ts';
import { capturePrinting } from './support/console.ts';
import { CAUSE, example, lessonTasks } from './support/lesson.ts';

const task = lessonTasks('05-class');

/** A list of moves as [row, col] pairs, from a text like '00 10 01' (row digit, column digit). */
type Moves = [number, number][];

function movesOf(text: string): Moves {
  if (text === '') return [];
  return text.split(' ').map((pair) => [Number(pair[0]), Number(pair[1])]);
}

/** A new game after the given moves. */
function gameAfter(moves: string): TicTacToe {
  const game = new TicTacToe();
  for (const [row, col] of movesOf(moves)) game.move(row, col);
  return game;
}

/** The six games of the exercise, and how the exercise prints each result. */
const SIX_GAMES: { moves: string; line: (winner: string) => string }[] = [
  { moves: '00 10 01 11 02', line: (winner) => `${winner} wins!` },
  { moves: '00 01 00 10 11 22 21', line: (winner) => `${winner} wins!` },
  { moves: '00 01 11 02 22', line: (winner) => `${winner} wins!` },
  { moves: '02 00 11 01 20', line: (winner) => `${winner} wins!` },
  { moves: '00 01 02 11 10 12 21 20 22', line: (winner) => `No winner: ${winner}` },
  { moves: '', line: (winner) => `No winner: ${winner}` },
];

/**
 * The eight winning lines, each with a name a person understands, as a grid with X on the line
 * (rows from top to bottom). A line that would be left all empty holds one O, so no test of a line
 * can pass or fail by three '.' in a row: the two tests after it are about that.
 */
const LINES: { name: string; picture: string }[] = [
  { name: 'the top row', picture: 'XXX O.. O..' },
  { name: 'the middle row', picture: 'O.. XXX O..' },
  { name: 'the bottom row', picture: 'O.. O.. XXX' },
  { name: 'the left column', picture: 'XOO X.. X..' },
  { name: 'the middle column', picture: 'OX. .X. .XO' },
  { name: 'the right column', picture: 'OOX ..X ..X' },
  { name: 'the diagonal from the top-left', picture: 'X.. .X. ..X' },
  { name: 'the diagonal from the top-right', picture: '..X .X. X..' },
];

/** A line's grid with `mark` on the line (and the other mark where the picture has O). */
function gridWithLine(picture: string, mark: 'X' | 'O'): Grid {
  const swapped = [...picture].map((cell) => (cell === 'X' ? 'O' : cell === 'O' ? 'X' : cell)).join('');
  return gridOf(mark === 'X' ? picture : swapped);
}

task(1, () => {
  test("a new game's board is three rows of three '.'", () => {
    expect(new TicTacToe().board, 'the board of a new game').toEqual(gridOf('... ... ...'));
  });

  test('X moves first in a new game', () => {
    expect(new TicTacToe().player, 'the player to move in a new game').toBe('X');
  });

  test('the rows are separate arrays: writing board[0][0] changes only that cell', () => {
    const game = new TicTacToe();
    (game.board[0] as Grid[number])[0] = 'X';
    expect(game.board, 'the board after board[0][0] = "X"').toEqual(gridOf('X.. ... ...'));
  });

  test('two games do not share a board', () => {
    const first = new TicTacToe();
    const second = new TicTacToe();
    (first.board[1] as Grid[number])[1] = 'O';
    expect(second.board, "the second game's board after writing into the first").toEqual(gridOf('... ... ...'));
  });
});

task(2, () => {
  test('move(0, 2) puts X in row 0, column 2 (the top-right corner) and nowhere else', () => {
    const game = gameAfter('02');
    expect(game.board, 'the board after move(0, 2)').toEqual(gridOf('..X ... ...'));
  });

  test("after X's move it is O's turn, and after O's move it is X's turn again", () => {
    const game = new TicTacToe();
    game.move(1, 1);
    expect(game.player, 'the player after one move').toBe('O');
    game.move(2, 0);
    expect(game.player, 'the player after two moves').toBe('X');
  });

  test("O's marks go where O plays, and X's where X plays", () => {
    const game = gameAfter('11 00 20 02 01');
    expect(game.board, 'the board after five moves').toEqual(gridOf('OXO .X. X..'));
  });

  test('a move on a taken cell is ignored: the board stays as it was', () => {
    const game = gameAfter('11 00');
    game.move(0, 0);
    game.move(1, 1);
    expect(game.board, 'the board after two moves on taken cells').toEqual(gridOf('O.. .X. ...'));
  });

  test("a move on a taken cell keeps the same player's turn", () => {
    const game = gameAfter('11');
    game.move(1, 1);
    expect(game.player, 'the player after O tried the taken centre').toBe('O');
    game.move(0, 0);
    expect(game.player, 'the player after O then played an empty cell').toBe('X');
    expect(game.board, 'the board').toEqual(gridOf('O.. .X. ...'));
  });

  test('a move changes only its own cell, not the same column in other rows', () => {
    const game = gameAfter('00 11');
    expect(game.board, 'the board after move(0, 0) and move(1, 1)').toEqual(gridOf('X.. .O. ...'));
  });
});

task(3, () => {
  test("winner() is '.' for a new game", () => {
    expect(new TicTacToe().winner(), 'winner() of a new game').toBe('.');
  });

  for (const mark of ['X', 'O'] as const) {
    test(`winner() finds ${mark} on each of the eight lines (rows, columns and both diagonals)`, () => {
      for (const { name, picture } of LINES) {
        const game = new TicTacToe();
        game.board = gridWithLine(picture, mark);
        expect(game.winner(), `winner() with three ${mark} on ${name}`).toBe(mark);
      }
    });
  }

  test("three '.' in a line are not a win: X wins on the bottom row while the top row is empty", () => {
    const game = gameAfter('20 10 21 11 22');
    expect(game.winner(), 'winner() with X on the bottom row and an empty top row').toBe('X');
  });

  test("three '.' in a line are not a win: X wins on the right column while the left column is empty", () => {
    const game = gameAfter('02 11 12 01 22');
    expect(game.winner(), 'winner() with X on the right column and an empty left column').toBe('X');
  });

  test("winner() is '.' while nobody has three in a line", () => {
    expect(gameAfter('11 00 22 02').winner(), 'winner() in the middle of a game').toBe('.');
    expect(gameAfter('00 01 02 11 10 12 21 20 22').winner(), 'winner() on a full board with no line').toBe('.');
  });

  test('winner() changes neither the board nor the player', () => {
    const game = gameAfter('00 10 01 11 02');
    game.winner();
    expect(game.board, 'the board after winner()').toEqual(gridOf('XXX OO. ...'));
    expect(game.player, 'the player after winner()').toBe('O');
  });

  test("the exercise's six games print exactly the six lines of the lesson", () => {
    const lines = SIX_GAMES.map(({ moves, line }) => line(gameAfter(moves).winner()));
    expect(lines.join('\n'), 'the six printed lines').toBe(example('05-class', 'six-games'));
  });
});

task(4, () => {
  test('isFull() is false for a new game', () => {
    expect(new TicTacToe().isFull(), 'isFull() of a new game').toBe(false);
  });

  test('isFull() is false while one cell is still empty', () => {
    expect(gameAfter('00 01 02 11 10 12 21 20').isFull(), 'isFull() with only the bottom-right cell empty').toBe(false);
  });

  test('isFull() is true when all nine cells hold marks', () => {
    expect(gameAfter('00 01 02 11 10 12 21 20 22').isFull(), 'isFull() after nine moves').toBe(true);
  });

  test('isFull() is false when only the top-left cell is empty', () => {
    const game = new TicTacToe();
    game.board = gridOf('.OX XOO OXX');
    expect(game.isFull(), 'isFull() with only the top-left cell empty').toBe(false);
  });
});

task(5, () => {
  test('isOver() is false for a new game', () => {
    expect(new TicTacToe().isOver(), 'isOver() of a new game').toBe(false);
  });

  test('isOver() is false in the middle of a game', () => {
    expect(gameAfter('11 00 22 02').isOver(), 'isOver() after four moves and no line').toBe(false);
  });

  test('isOver() is true once someone has won, even with empty cells left', () => {
    expect(gameAfter('00 10 01 11 02').isOver(), 'isOver() after X filled the top row').toBe(true);
  });

  test('isOver() is true for a draw: the board is full and nobody has won', () => {
    expect(gameAfter('00 01 02 11 10 12 21 20 22').isOver(), 'isOver() on a full board with no line').toBe(true);
  });
});

task(6, () => {
  test('toString() of a new game draws the empty grid', () => {
    expect(new TicTacToe().toString()).toBe(example('05-class', 'board-new'));
  });

  test('toString() draws the board at the end of game 2 exactly as the lesson shows it', () => {
    expect(gameAfter('00 01 00 10 11 22 21').toString()).toBe(example('05-class', 'board-game-2'));
  });

  test('a game put into a text with `${game}` shows the board', () => {
    const game = gameAfter('00 01 00 10 11 22 21');
    expect(`${game}`, 'the text `${game}`').toBe(example('05-class', 'board-game-2'));
  });

  test('toString() returns the text of the board after two moves', () => {
    expect(gameAfter('00 11').toString(), 'what toString() returned').toBe(
      ['  1   2   3', '1 X | . | .', '  ---------', '2 . | O | .', '  ---------', '3 . | . | .'].join('\n'),
    );
  });

  test('toString() prints nothing and changes nothing', CAUSE, () => {
    const game = gameAfter('00 11');
    const { printed } = capturePrinting(() => game.toString());
    expect(printed, 'what toString() printed').toBe('');
    expect(game.board, 'the board after toString()').toEqual(gridOf('X.. .O. ...'));
    expect(game.player, 'the player after toString()').toBe('X');
  });
});
