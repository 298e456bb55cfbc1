/**
 * Lesson 05's game worked out for the hidden suite from the lesson text alone, without any student
 * code: what the board and the player are after any list of moves (taken cells ignored), who has
 * three in a line, and the board drawn the way lesson 01's renderGrid draws it.
 */
import { fc } from '../../support/property.ts';
import { linesOfThree, type TestGridCell } from '../../support/boards.ts';
import { cellOrder } from './legal-play.ts';

/** A grid of three rows of three cells, '.' for empty. */
export type ModelGrid = TestGridCell[][];

/** A call of move(r, c). */
export type GridMove = [row: number, col: number];

/** The game after some moves: the board and whose turn it is. */
export interface ModelGame {
  board: ModelGrid;
  player: 'X' | 'O';
}

/** A new game: three rows of '.', X to move. */
export function newGame(): ModelGame {
  return { board: [0, 1, 2].map(() => ['.', '.', '.'] as TestGridCell[]), player: 'X' };
}

/** The game after move(r, c): a taken cell changes nothing, otherwise the mark goes in and the turn passes. */
export function afterMove(game: ModelGame, [row, col]: GridMove): ModelGame {
  if (game.board[row]?.[col] !== '.') return game;
  const board = game.board.map((cells, r) => cells.map((cell, c) => (r === row && c === col ? game.player : cell)));
  return { board, player: game.player === 'X' ? 'O' : 'X' };
}

/** The marks that have three in a line on the grid (none, one, or in a game played on after a win, both). */
export function lineOwners(board: ModelGrid): ('X' | 'O')[] {
  const cells = board.flat();
  const owners = new Set<'X' | 'O'>();
  for (const line of linesOfThree()) {
    const [a, b, c] = line.map((index) => cells[index]);
    if ((a === 'X' || a === 'O') && a === b && b === c) owners.add(a);
  }
  return [...owners];
}

/** True when no cell is '.'. */
export function gridIsFull(board: ModelGrid): boolean {
  return board.every((row) => row.every((cell) => cell !== '.'));
}

/** The grid drawn as the lesson shows it: column numbers, numbered rows, a line of dashes between rows. */
export function drawGrid(board: ModelGrid): string {
  const rows = board.map((cells, index) => `${index + 1} ${cells.join(' | ')}`);
  return ['  1   2   3', rows.join('\n  ---------\n')].join('\n');
}

/** A grid as a short picture, like 'X.. .O. ...'. */
export function gridPicture(board: ModelGrid): string {
  return board.map((row) => row.join('')).join(' ');
}

/** One call of move(r, c), r and c each 0, 1 or 2. */
export const gridMove: fc.Arbitrary<GridMove> = fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }));

/** Any filling of the grid with X, O and '.'. */
export const anyGrid: fc.Arbitrary<ModelGrid> = fc
  .array(fc.constantFrom<TestGridCell>('.', 'X', 'O'), { minLength: 9, maxLength: 9 })
  .map((cells) => [cells.slice(0, 3), cells.slice(3, 6), cells.slice(6, 9)]);

/** A filling with three of one mark planted on one line (the other cells anything). */
const plantedLine: fc.Arbitrary<ModelGrid> = fc
  .tuple(anyGrid, fc.constantFrom(...linesOfThree()), fc.constantFrom<'X' | 'O'>('X', 'O'))
  .map(([grid, line, mark]) => grid.map((row, r) => row.map((cell, c) => (line.includes(r * 3 + c) ? mark : cell))));

/** A filling with no empty cell, or with one empty cell left. */
const nearlyFull: fc.Arbitrary<ModelGrid> = fc
  .tuple(fc.array(fc.constantFrom<TestGridCell>('X', 'O'), { minLength: 9, maxLength: 9 }), fc.integer({ min: -1, max: 8 }))
  .map(([cells, hole]) => [0, 1, 2].map((r) => cells.slice(r * 3, r * 3 + 3).map((cell, c) => (r * 3 + c === hole ? '.' : cell))));

/** A full board where nobody has three in a line: a draw. */
const drawnGrid: fc.Arbitrary<ModelGrid> = nearlyFull
  .map((grid) => grid.map((row) => row.map((cell) => (cell === '.' ? 'X' : cell))))
  .filter((grid) => lineOwners(grid).length === 0);

/** Boards for isFull: mostly full or with one cell left, now and then any filling. */
export const fullishGrid: fc.Arbitrary<ModelGrid> = fc.oneof({ weight: 3, arbitrary: nearlyFull }, { weight: 1, arbitrary: anyGrid });

/** Boards for isOver: mostly draws and boards one cell short of full, then planted lines and any filling. */
export const endingGrid: fc.Arbitrary<ModelGrid> = fc.oneof(
  { weight: 2, arbitrary: drawnGrid },
  { weight: 1, arbitrary: nearlyFull },
  { weight: 1, arbitrary: plantedLine },
  { weight: 1, arbitrary: anyGrid },
);

/** Boards for winner: any filling, a planted line, a full or nearly full board, a draw. */
export const someGrid: fc.Arbitrary<ModelGrid> = fc.oneof(anyGrid, plantedLine, nearlyFull, drawnGrid);

/** Calls of move(r, c) from a text like '00 10 01' (row digit, column digit). */
export function movesOf(text: string): GridMove[] {
  return text === '' ? [] : text.split(' ').map((pair): GridMove => [Number(pair[0]), Number(pair[1])]);
}

/**
 * Games that tell: the lesson's six games, each won game played on after the win (move does not check
 * for a winner), a move on a taken cell after a win, and a draw filled to the last cell.
 */
export const TELLING_GAMES: readonly GridMove[][] = [
  '00 10 01 11 02 22 20',
  '00 01 00 10 11 22 21 02 20',
  '00 01 11 02 22 10 20',
  '02 00 11 01 20 12 22',
  '00 01 02 11 10 12 21 20 22',
  '',
  '00 10 01 11 02 02 12',
  '11 00 22 01 10 02 12 20 21',
].map(movesOf);

/** Two games played in turns (the first game's move, then the second's, …), as texts of moves. */
export const TWO_GAMES_IN_TURNS: readonly [string, string][] = [
  ['00 10 01 11 02', '11 00 22 20'],
  ['11', '11 11 00 22'],
  ['', '00 01'],
];

/** A whole game: the nine cells in a random order, each a move (moves after a win are made too). */
export const wholeGame: fc.Arbitrary<GridMove[]> = cellOrder.map((order) => order.map((cell): GridMove => [Math.floor(cell / 3), cell % 3]));
