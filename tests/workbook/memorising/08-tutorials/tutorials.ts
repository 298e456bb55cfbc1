/**
 * A "memorising" hand-in for lesson 08 (a fixture of the workbook's own tests, never model code): it
 * draws and reads as the reference does for the boards and lines the visible suite uses, and plays
 * the visible suite's profiles as the reference does; elsewhere it draws with a space missing, reads
 * with Number, /[0-9]/, parseInt and split(' '), plays the shipped profile of the same name
 * instead of the one it was given, and prints the class games' results from memory. It scores 100 in a student's own check and less once hidden tests run.
 */
/**
 * Lesson 08: one game, five tutorials.
 *
 * Every tutorial this workbook learned from prints its game in its own words and its own layout.
 * Here one game plays all of them: what it says, how it draws the board, how it reads a move, who
 * starts and which computer plays O all come from a profile (plain data). The rules stay the ones
 * of lessons 01 to 06.
 */
import { createBoard, EMPTY, renderBoard, type Board, type Mark } from '../01-board/board';
import type { IO } from '../02-input/input';
import { hasWon, isFull } from '../03-win/win';
import { heuristicMove, ruleMove } from '../06-computer/computer';

/** The names `npm run play -- --tutorial NAME` knows. */
export type TutorialName = 'ru-maps' | 'ru-maps-computer' | 'ru-lines' | 'ca-lab' | 'zh-grid' | 'en-class';

/** The tutorials whose programs are games (en-class is a class that plays six fixed games). */
export type GameName = Exclude<TutorialName, 'en-class'>;

/** Where a tutorial comes from, for listing and citing it. */
export interface Tutorial {
  name: TutorialName;
  /** The tutorial's own title, in its own language. */
  title: string;
  language: string;
  /** What its program is. */
  program: string;
  /** The address the tutorial gives, or null when it gives none. */
  address: string | null;
}

/** Every tutorial the workbook was written from. */
export const TUTORIALS: readonly Tutorial[] = [
  {
    name: 'ru-maps',
    title: 'Пишем игру крестики-нолики на Python на двоих и против компьютера',
    language: 'Russian',
    program: 'Python, two players at one keyboard',
    address: null,
  },
  {
    name: 'ru-maps-computer',
    title: 'Пишем игру крестики-нолики на Python на двоих и против компьютера',
    language: 'Russian',
    program: 'Python, a human (X) against its five-rule computer (O)',
    address: null,
  },
  {
    name: 'ru-lines',
    title: 'Крестики-нолики на Python: поле, проверка победы и игра вдвоём',
    language: 'Russian',
    program: 'Python, two players at one keyboard',
    address: null,
  },
  {
    name: 'ca-lab',
    title: 'LAB - Tic Tac Toe',
    language: 'Catalan',
    program: 'C++, a human (X) against its heuristic computer (O), first player drawn by lot',
    address: 'https://github.com/abaranguer/lab-tictactoe',
  },
  {
    name: 'zh-grid',
    title: '怎么用Python写一个50到100行的井字棋小游戏',
    language: 'Chinese',
    program: 'Python, two players typing "row column"',
    address: null,
  },
  {
    name: 'en-class',
    title: 'Tic Tac Toe - A Two-Player Game Class in Python',
    language: 'English',
    program: 'Python, a TicTacToe class and six fixed games',
    address: null,
  },
];

/** A text a tutorial's program prints, exactly, and the line of its program that prints it. */
export interface Phrase {
  /**
   * The exact text. {player} stands for the mark to move, {number} for 1 (X) or 2 (O), {cell} for
   * a cell index 0-8 and {winner} for who won; fill() puts the values in.
   */
  text: string;
  /** Where it comes from in the tutorial's program. */
  source: string;
}

/** How a tutorial's program draws the board. */
export type Layout = 'maps' | 'lines' | 'lab' | 'grid';

/** How a tutorial's program reads a move. */
export type Reading = 'python-int' | 'python-digits' | 'cin' | 'row-column';

/** Which of lesson 06's computer players sits in O's seat. */
export type Computer = 'rules' | 'heuristic';

/** Everything a tutorial's program says; null where it says nothing. */
export interface Words {
  /** Lines printed once, before the first board. */
  banner: Phrase[];
  /** The question before a human's move. Printed as it is: a prompt without "\n" keeps the cursor on its line. */
  prompt: Phrase;
  /** A "row column" line that is not exactly two words. */
  wrongShape: Phrase | null;
  /** A line that is not a whole number (or a word that is not one). */
  notANumber: Phrase | null;
  /** A number outside the board. */
  outOfRange: Phrase | null;
  /** A cell that already holds a mark. */
  taken: Phrase | null;
  /** Printed at the computer's turn, before it chooses. */
  computerTurn: Phrase | null;
  /** Printed once the computer has chosen its cell. */
  computerPlays: Phrase | null;
  /** Printed right after computerPlays when the computer's move wins. */
  computerWins: Phrase | null;
  /** Printed after the last board when somebody has won. */
  win: Phrase | null;
  /** Printed after the last board when it is full and nobody has won; null when the program never looks. */
  draw: Phrase | null;
  /** Printed when the player to move finds no move; then the board again and `win` with {winner} = noMoveWinner. */
  noMove: Phrase | null;
  /** Who "wins" when nobody can move (ru-maps: friendship). */
  noMoveWinner: string | null;
}

/** Everything that makes one tutorial's game different from another's. */
export interface Profile {
  name: GameName;
  layout: Layout;
  reading: Reading;
  /** Who moves first: X always, or drawn by lot. */
  first: 'X' | 'lot';
  /** The computer playing O against a human playing X, or null for two players at one keyboard. */
  computer: Computer | null;
  /** True when the program reads a word at a time (C++ `cin >>`), not a line; `npm run play` splits lines into words. */
  readsWords: boolean;
  words: Words;
}

/** The 52 dashes ca-lab prints under its banner and under every board. */
export const LAB_RULE = '----------------------------------------------------';

/** The column numbers above zh-grid's board: print("\n  1   2   3") */
export const GRID_HEADER = '  1   2   3';

/** The line between two rows of zh-grid's board: print("  ---------") */
export const GRID_SEPARATOR = '  ---------';

/** What ru-maps's programs print when a game ends: print("Победил", win) puts a space between the two. */
const RU_MAPS_WIN: Phrase = { text: 'Победил {winner}', source: 'print("Победил", win)' };

/** ru-maps's draw: the program against the computer prints it when the computer finds no move. */
const RU_MAPS_NO_MOVE: Phrase = { text: 'Ничья!', source: 'print("Ничья!") (then win = "дружба")' };

/** The words every profile leaves out unless it says otherwise. */
const SILENT: Omit<Words, 'prompt'> = {
  banner: [],
  wrongShape: null,
  notANumber: null,
  outOfRange: null,
  taken: null,
  computerTurn: null,
  computerPlays: null,
  computerWins: null,
  win: null,
  draw: null,
  noMove: null,
  noMoveWinner: null,
};

/** The five games, as their tutorials' programs play them. */
export const PROFILES: Readonly<Record<GameName, Profile>> = {
  'ru-maps': {
    name: 'ru-maps',
    layout: 'maps',
    reading: 'python-int',
    first: 'X',
    computer: null,
    readsWords: false,
    words: {
      ...SILENT,
      prompt: { text: 'Человек {number}, ваш ход: ', source: 'int(input("Человек 1, ваш ход: ")) and "Человек 2, ваш ход: "' },
      win: RU_MAPS_WIN,
      noMove: RU_MAPS_NO_MOVE,
      noMoveWinner: 'дружба',
    },
  },
  'ru-maps-computer': {
    name: 'ru-maps-computer',
    layout: 'maps',
    reading: 'python-int',
    first: 'X',
    computer: 'rules',
    readsWords: false,
    words: {
      ...SILENT,
      prompt: { text: 'Человек, ваш ход: ', source: 'int(input("Человек, ваш ход: "))' },
      computerTurn: { text: 'Компьютер делает ход: ', source: 'print("Компьютер делает ход: ")' },
      win: RU_MAPS_WIN,
      noMove: RU_MAPS_NO_MOVE,
      noMoveWinner: 'дружба',
    },
  },
  'ru-lines': {
    name: 'ru-lines',
    layout: 'lines',
    reading: 'python-digits',
    first: 'X',
    computer: null,
    readsWords: false,
    words: {
      ...SILENT,
      prompt: { text: 'Ход {player}. Клетка 1-9: ', source: "input(f'Ход {player}. Клетка 1-9: ')" },
      notANumber: { text: 'Нужно целое число.', source: "print('Нужно целое число.')" },
      outOfRange: { text: 'Выберите число от 1 до 9.', source: "print('Выберите число от 1 до 9.')" },
      taken: { text: 'Клетка занята.', source: "print('Клетка занята.')" },
      win: { text: 'Игрок {winner} победил!', source: "print(f'Игрок {player} победил!')" },
      draw: { text: 'Ничья!', source: "print('Ничья!')" },
    },
  },
  'ca-lab': {
    name: 'ca-lab',
    layout: 'lab',
    reading: 'cin',
    first: 'lot',
    computer: 'heuristic',
    readsWords: true,
    words: {
      ...SILENT,
      banner: [
        { text: 'LAB - Tic Tac Toe', source: 'cout << "LAB - Tic Tac Toe" << endl;' },
        { text: LAB_RULE, source: 'cout << "----…----" << endl; (52 dashes)' },
      ],
      prompt: {
        text: 'Jugues tu (humà)\nA quina casella vols posar la fitxa ? ( 0 - 8 ) ?\n',
        source: 'cout << "Jugues tu (humà)" << endl; cout << "A quina casella vols posar la fitxa ? ( 0 - 8 ) ?" << endl; cin >> index;',
      },
      taken: {
        text: "La casella {cell} ja està ocupada. Tria'n una altre.",
        source: 'cout << "La casella " << index << " ja està ocupada. Tria\'n una altre." << endl;',
      },
      computerTurn: { text: 'Jugo jo (ordinador)', source: 'cout << "Jugo jo (ordinador)" << endl;' },
      computerPlays: { text: 'Jo jugo a la casella {cell}', source: 'cout << "Jo jugo a la casella " << indexCell << endl;' },
      computerWins: { text: 'Guanyo jo!', source: 'cout << "Guanyo jo!" << endl; (in canIWin)' },
      draw: { text: 'Hem empatat', source: 'cout << "Hem empatat" << endl; (in isTie)' },
    },
  },
  'zh-grid': {
    name: 'zh-grid',
    layout: 'grid',
    reading: 'row-column',
    first: 'X',
    computer: null,
    readsWords: false,
    words: {
      ...SILENT,
      banner: [{ text: '=== 井字棋游戏启动 (X 先手，O 后手) ===', source: 'print("=== 井字棋游戏启动 (X 先手，O 后手) ===")' }],
      prompt: { text: '玩家 {player}，请输入落子坐标 (行 列，如 1 2): ', source: 'prompt = f"玩家 {player}，请输入落子坐标 (行 列，如 1 2): "' },
      wrongShape: { text: '输入格式错误，请输入空格分隔的两个数字（例如: 2 3）。', source: 'if len(parts) != 2: print(…)' },
      notANumber: { text: '输入无效，请输入纯数字。', source: 'except ValueError: print(…)' },
      outOfRange: { text: '坐标超出范围，行与列必须在 1 到 3 之间。', source: 'if not (0 <= r < 3 and 0 <= c < 3): print(…)' },
      taken: { text: '该位置已有棋子，请选择空位落子。', source: 'if board[r][c] != " ": print(…)' },
      win: { text: '恭喜！玩家 {winner} 赢得胜利！', source: 'print(f"恭喜！玩家 {current_player} 赢得胜利！")' },
      draw: { text: '平局！棋盘已填满。', source: 'print("平局！棋盘已填满。")' },
    },
  },
};

/** One of the six games of en-class: the moves (row, column) and the line that prints its result. */
export interface ClassGame {
  moves: ReadonlyArray<readonly [row: number, col: number]>;
  result: Phrase;
}

/** en-class's two ways of printing a result. */
const WINS: Phrase = { text: '{winner} wins!', source: 'print(game.winner() + " wins!")' };
const NO_WINNER: Phrase = { text: 'No winner: {winner}', source: 'print("No winner: " + game.winner())' };

/** en-class's six games, in its order. */
export const CLASS_GAMES: readonly ClassGame[] = [
  {
    moves: [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [0, 2],
    ],
    result: WINS,
  },
  {
    moves: [
      [0, 0],
      [0, 1],
      [0, 0],
      [1, 0],
      [1, 1],
      [2, 2],
      [2, 1],
    ],
    result: WINS,
  },
  {
    moves: [
      [0, 0],
      [0, 1],
      [1, 1],
      [0, 2],
      [2, 2],
    ],
    result: WINS,
  },
  {
    moves: [
      [0, 2],
      [0, 0],
      [1, 1],
      [0, 1],
      [2, 0],
    ],
    result: WINS,
  },
  {
    moves: [
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 1],
      [1, 0],
      [1, 2],
      [2, 1],
      [2, 0],
      [2, 2],
    ],
    result: NO_WINNER,
  },
  { moves: [], result: NO_WINNER },
];

/** The values fill() can put into a phrase. */
export interface Values {
  player?: string;
  number?: string;
  cell?: string;
  winner?: string;
}

/** The text with every {name} replaced by values[name]; a name without a value stays as it is. */
export function fill(text: string, values: Values): string {
  return text.replace(/\{(player|number|cell|winner)\}/g, (whole, name: keyof Values) => values[name] ?? whole);
}

/** The white space Python's int() skips around a number: the ASCII kind and Unicode's (the ideographic space too). */
const INT_SPACE = '\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

/** The white space Python's str.split() splits at: int()'s, and the separators U+001C to U+001F. */
const SPLIT_SPACE = `${INT_SPACE}\\x1c-\\x1f`;

/** One or more of the characters str.split() splits at. */
const PYTHON_SPACES = new RegExp(`[${SPLIT_SPACE}]+`, 'u');

/** The white space int() skips, at the start or the end of a text. */
const PYTHON_SPACE_AROUND = new RegExp(`^[${INT_SPACE}]+|[${INT_SPACE}]+$`, 'gu');

/** What Python's int() reads: a sign, then decimal digits of any script, single underscores between digits. */
const PYTHON_INTEGER = /^[+-]?\p{Nd}+(?:_\p{Nd}+)*$/u;

/** One decimal digit, of any script (0-9, full-width ０-９, Arabic-Indic ٠-٩, …). */
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/** What C++'s `cin >> index` reads from a word, here the whole word: a sign, then the digits 0-9. */
const CPP_INTEGER = /^[+-]?[0-9]+$/;

/**
 * The value 0-9 of one decimal digit. Unicode keeps the digits of every script together, from 0 to 9,
 * so the value is the distance from the start of the digits it belongs to (modulo 10).
 */
function digitValue(digit: string): number {
  const code = digit.codePointAt(0) as number;
  let zero = code;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return (code - zero) % 10;
}

/** The number that decimal digits (of any script) write. */
function digitsValue(digits: string): number {
  return [...digits].reduce((value, digit) => value * 10 + digitValue(digit), 0);
}

/** Python's text.split(): the words between runs of white space, none for a blank text. */
export function pythonSplit(text: string): string[] {
  return text.split(PYTHON_SPACES).filter((word) => word !== '');
}

/** Python's text.isdigit() for the texts int() can read: one or more decimal digits, nothing else. */
export function isDigits(text: string): boolean {
  return /^\p{Nd}+$/u.test(text);
}

/** What Python's int(text) gives, or null where Python raises ValueError. */
export function pythonInt(text: string): number | null {
  const word = text.replace(PYTHON_SPACE_AROUND, '');
  if (!PYTHON_INTEGER.test(word)) return null;
  const size = digitsValue(word.replace(/[+_-]/g, ''));
  return word.startsWith('-') && size !== 0 ? -size : size;
}

/** What C++'s `cin >> index` reads from one word, or null when it fails (a letter, an empty word). */
export function cppInt(word: string): number | null {
  if (!CPP_INTEGER.test(word)) return null;
  const size = Number(word.replace(/^[+-]/, ''));
  return word.startsWith('-') && size !== 0 ? -size : size;
}

/** What readMove decided: the index of a free cell, or a rejection with the message to print (null: none). */
export type MoveReading = { ok: true; index: number } | { ok: false; message: string | null };

/** Options of one game: `first` fixes who starts where the tutorial draws lots; otherwise `rng` draws them. */
export interface TutorialOptions {
  first?: Mark;
  rng?: () => number;
}

/** How a game ended: the winner, a draw, or 'quit' when input ended first. */
export type TutorialResult = Mark | 'draw' | 'quit';
/** What a cell shows on ru-maps's board: its mark, or its number 1-9 when it is empty. */
function mapsLabel(board: Board, index: number): string {
  const cell = board[index];
  return cell === EMPTY ? String(index + 1) : (cell as string);
}

/** The indexes of one row (0, 1 or 2), left to right. */
function rowIndexes(row: number): number[] {
  return [row * 3, row * 3 + 1, row * 3 + 2];
}

/** ru-maps: three rows of three labels, one space apart. */
function drawMaps(board: Board): string {
  const rows = [0, 1, 2].map((row) =>
    rowIndexes(row)
      .map((index) => mapsLabel(board, index))
      .join(' '),
  );
  return rows.join('\n');
}

/** ca-lab: one box " | index cell |" per cell, three boxes a row, then the rule. */
function drawLab(board: Board): string {
  const box = (index: number): string => ` | ${index} ${board[index]} |`;
  const rows = [0, 1, 2].map((row) => rowIndexes(row).map(box).join(''));
  return `${rows.join('\n')}\n${LAB_RULE}`;
}

/** zh-grid: a blank line, the column numbers, rows numbered 1-3 with separators, a blank line. */
function drawGrid(board: Board): string {
  const rows = [0, 1, 2].map(
    (row) =>
      `${row + 1} ${rowIndexes(row)
        .map((index) => board[index])
        .join(' | ')}`,
  );
  return `\n${GRID_HEADER}\n${rows.join(`\n${GRID_SEPARATOR}\n`)}\n`;
}

/** The drawing of every layout. ru-lines draws exactly as lesson 01's renderBoard does. */
const DRAWINGS: Record<Layout, (board: Board) => string> = {
  maps: drawMaps,
  lines: renderBoard,
  lab: drawLab,
  grid: drawGrid,
};

/** The drawings ("layout:cells") and readings ("name:reading:line:cells") the visible suite asks for. */
const DRAWN = new Set([
  'grid:         ',
  'grid:    X    ',
  'grid:O   X    ',
  'grid:O   X   X',
  'grid:O O X   X',
  'grid:OX  X    ',
  'grid:OX  X   O',
  'grid:OX  X  XO',
  'grid:OXO X   X',
  'grid:OXO X  OX',
  'grid:OXOXX  OX',
  'grid:OXOXXO OX',
  'grid:OXOXXOXOX',
  'grid:X O   O X',
  'lab:         ',
  'lab:    O    ',
  'lab:    X    ',
  'lab:O   X    ',
  'lab:OX  X    ',
  'lab:OX  X  O ',
  'lab:OX  X XO ',
  'lab:OXO X XO ',
  'lab:OXO XXXO ',
  'lab:OXOOXXXO ',
  'lab:OXOOXXXOX',
  'lab:X        ',
  'lab:X   O    ',
  'lab:X   O   O',
  'lab:X   OX   ',
  'lab:X   OXO  ',
  'lab:X O   O X',
  'lab:X X OXO  ',
  'lab:XOX OXO  ',
  'lab:XOX OXO X',
  'lab:XX  O   O',
  'lab:XXO O   O',
  'lab:XXOXO   O',
  'lab:XXOXOO  O',
  'lines:         ',
  'lines:    X    ',
  'lines:O   X    ',
  'lines:O   X   X',
  'lines:O O X   X',
  'lines:O O X X X',
  'lines:OOO X X X',
  'lines:OX  X    ',
  'lines:OXO X    ',
  'lines:OXO X   X',
  'lines:OXO X  OX',
  'lines:OXO X  X ',
  'lines:OXOXX  OX',
  'lines:OXOXXO OX',
  'lines:OXOXXOXOX',
  'maps:         ',
  'maps:    X    ',
  'maps:O   X    ',
  'maps:O   X   X',
  'maps:O   XX   ',
  'maps:O  OXX   ',
  'maps:O O X   X',
  'maps:O XOXX   ',
  'maps:O XOXXO  ',
  'maps:OX  X    ',
  'maps:OX  X O  ',
  'maps:OX  X OX ',
  'maps:OX OX    ',
  'maps:OXO X   X',
  'maps:OXO X  OX',
  'maps:OXOXX  OX',
  'maps:OXOXXO OX',
  'maps:OXOXXOXOX',
  'maps:OXXOX    ',
  'maps:OXXOX O  ',
  'maps:X        ',
  'maps:X   O    ',
  'maps:X   OX   ',
  'maps:X   OXO  ',
  'maps:X O   O X',
  'maps:X X O    ',
  'maps:X X OXO  ',
  'maps:X X OXO O',
  'maps:XOX O    ',
  'maps:XOX O  X ',
  'maps:XOX OO X ',
  'maps:XOXXOO X ',
  'maps:XOXXOOOX ',
  'maps:XOXXOOOXX',
  'maps:XX  O    ',
  'maps:XXO O    ',
  'maps:XXO O X  ',
  'maps:XXOOO X  ',
  'maps:XXOOOXX  ',
  'maps:XXOXO    ',
  'maps:XXOXO O  ',
  'maps:XXX OXO O',
]);
const READ = new Set([
  'ca-lab:cin:"+6":    X    ',
  'ca-lab:cin:"-1":    X    ',
  'ca-lab:cin:"0":         ',
  'ca-lab:cin:"0":    O    ',
  'ca-lab:cin:"0":X        ',
  'ca-lab:cin:"1":O   X    ',
  'ca-lab:cin:"1":X   O   O',
  'ca-lab:cin:"2":X   OXO  ',
  'ca-lab:cin:"3":XXO O   O',
  'ca-lab:cin:"4":         ',
  'ca-lab:cin:"4":    X    ',
  'ca-lab:cin:"4":XXO O   O',
  'ca-lab:cin:"5":OXO X XO ',
  'ca-lab:cin:"5":X   O    ',
  'ca-lab:cin:"6":    X    ',
  'ca-lab:cin:"6":OX  X  O ',
  'ca-lab:cin:"8":OXOOXXXO ',
  'ca-lab:cin:"8":XOX OXO  ',
  'ca-lab:cin:"9":    X    ',
  'ca-lab:cin:"9":XXO O   O',
  'ca-lab:cin:"x":    X    ',
  'ca-lab:cin:"x":XXO O   O',
  'ru-lines:python-digits:" 1":    X    ',
  'ru-lines:python-digits:" 7":    X    ',
  'ru-lines:python-digits:"":    X    ',
  'ru-lines:python-digits:"0":    X    ',
  'ru-lines:python-digits:"07":    X    ',
  'ru-lines:python-digits:"1":    X    ',
  'ru-lines:python-digits:"10":    X    ',
  'ru-lines:python-digits:"2":O   X    ',
  'ru-lines:python-digits:"2":O O X   X',
  'ru-lines:python-digits:"2":O O X X X',
  'ru-lines:python-digits:"3":O   X   X',
  'ru-lines:python-digits:"3":OX  X    ',
  'ru-lines:python-digits:"4":OXO X  OX',
  'ru-lines:python-digits:"5":         ',
  'ru-lines:python-digits:"5":    X    ',
  'ru-lines:python-digits:"6":OXOXX  OX',
  'ru-lines:python-digits:"7":O O X   X',
  'ru-lines:python-digits:"7":OXOXXO OX',
  'ru-lines:python-digits:"8":OXO X    ',
  'ru-lines:python-digits:"8":OXO X   X',
  'ru-lines:python-digits:"9":O   X    ',
  'ru-lines:python-digits:"пять":    X    ',
  'ru-lines:python-digits:"семь":    X    ',
  'ru-lines:python-digits:"７":    X    ',
  'ru-lines:row-column:"1 1":    X    ',
  'ru-lines:row-column:"1 2":O   X    ',
  'ru-lines:row-column:"2 2":         ',
  'ru-lines:row-column:"2":    X    ',
  'ru-lines:row-column:"3 1":OX  X    ',
  'ru-lines:row-column:"3 2":OX  X O  ',
  'ru-maps-computer:python-int:"1":         ',
  'ru-maps-computer:python-int:"2":X   O    ',
  'ru-maps-computer:python-int:"2":X X OXO O',
  'ru-maps-computer:python-int:"3":X   O    ',
  'ru-maps-computer:python-int:"3":X   OXO  ',
  'ru-maps-computer:python-int:"4":XOX OO X ',
  'ru-maps-computer:python-int:"4":XXO O    ',
  'ru-maps-computer:python-int:"6":X   O    ',
  'ru-maps-computer:python-int:"6":XXOOO X  ',
  'ru-maps-computer:python-int:"7":XXO O    ',
  'ru-maps-computer:python-int:"8":XOX O    ',
  'ru-maps-computer:python-int:"9":XOXXOOOX ',
  'ru-maps:python-int:" 1 ":    X    ',
  'ru-maps:python-int:" 7 ":    X    ',
  'ru-maps:python-int:"":    X    ',
  'ru-maps:python-int:"+7":    X    ',
  'ru-maps:python-int:"0":    X    ',
  'ru-maps:python-int:"1":    X    ',
  'ru-maps:python-int:"10":    X    ',
  'ru-maps:python-int:"10":O   X    ',
  'ru-maps:python-int:"2":O   X    ',
  'ru-maps:python-int:"2":O O X   X',
  'ru-maps:python-int:"3":O   X   X',
  'ru-maps:python-int:"3":O  OXX   ',
  'ru-maps:python-int:"3":OX OX    ',
  'ru-maps:python-int:"4":O   XX   ',
  'ru-maps:python-int:"4":OX  X    ',
  'ru-maps:python-int:"4":OXO X  OX',
  'ru-maps:python-int:"5":         ',
  'ru-maps:python-int:"5":    X    ',
  'ru-maps:python-int:"6":O   X    ',
  'ru-maps:python-int:"6":OXOXX  OX',
  'ru-maps:python-int:"7":    X    ',
  'ru-maps:python-int:"7":O XOXX   ',
  'ru-maps:python-int:"7":OXOXXO OX',
  'ru-maps:python-int:"7":OXXOX    ',
  'ru-maps:python-int:"8":OXO X   X',
  'ru-maps:python-int:"9":O   X    ',
  'ru-maps:python-int:"seven":    X    ',
  'ru-maps:python-int:"пять":    X    ',
  'ru-maps:python-int:"７":    X    ',
  'ru-maps:python-int:"𝟕":    X    ',
  'zh-grid:row-column:" 3   1 ":    X    ',
  'zh-grid:row-column:"":    X    ',
  'zh-grid:row-column:"0 1":    X    ',
  'zh-grid:row-column:"1 1 1":    X    ',
  'zh-grid:row-column:"1 1":    X    ',
  'zh-grid:row-column:"1 2":O   X    ',
  'zh-grid:row-column:"1 2":O O X   X',
  'zh-grid:row-column:"1 3":O   X   X',
  'zh-grid:row-column:"2 1":OXO X  OX',
  'zh-grid:row-column:"2 2":         ',
  'zh-grid:row-column:"2 2":    X    ',
  'zh-grid:row-column:"2 3":OXOXX  OX',
  'zh-grid:row-column:"2":    X    ',
  'zh-grid:row-column:"3 1 1":    X    ',
  'zh-grid:row-column:"3 1":    X    ',
  'zh-grid:row-column:"3 1":OXOXXO OX',
  'zh-grid:row-column:"3 2":OX  X   O',
  'zh-grid:row-column:"3 2":OXO X   X',
  'zh-grid:row-column:"3 3":O   X    ',
  'zh-grid:row-column:"3 3":OX  X    ',
  'zh-grid:row-column:"3 4":    X    ',
  'zh-grid:row-column:"3 a":    X    ',
  'zh-grid:row-column:"3":    X    ',
  'zh-grid:row-column:"4 1":    X    ',
  'zh-grid:row-column:"a b":    X    ',
  'zh-grid:row-column:"３　１":    X    ',
]);

/** True when the visible suite draws this board in this layout. */
function drawnBefore(layout: Layout, board: Board): boolean {
  return DRAWN.has(`${layout}:${board.join('')}`);
}

/** True when the visible suite reads this line on this board with this profile. */
function readBefore(profile: Profile, line: string, board: Board): boolean {
  return READ.has(`${profile.name}:${profile.reading}:${JSON.stringify(line)}:${board.join('')}`);
}

/** A quick reader: Number, /[0-9]/, parseInt and split(' ') instead of Python's and C++'s ways. */
function quickRead(profile: Profile, line: string, board: Board): MoveReading {
  const { words } = profile;
  const free = (index: number): MoveReading => (board[index] === EMPTY ? { ok: true, index } : rejected(words.taken, { cell: String(index) }));
  if (profile.reading === 'cin') {
    const index = parseInt(line, 10);
    return Number.isNaN(index) || !onBoard(index) ? SILENTLY : free(index);
  }
  if (profile.reading === 'row-column') {
    const parts = line.trim().split(' ');
    if (parts.length !== 2) return rejected(words.wrongShape);
    const [row, col] = parts.map(Number) as [number, number];
    if (!Number.isInteger(row) || !Number.isInteger(col)) return rejected(words.notANumber);
    return onGrid(row - 1) && onGrid(col - 1) ? free((row - 1) * 3 + col - 1) : rejected(words.outOfRange);
  }
  const number = Number(line.trim());
  if (profile.reading === 'python-digits' && !/^[0-9]+$/.test(line)) return rejected(words.notANumber);
  if (!Number.isInteger(number) || !onBoard(number - 1)) return profile.reading === 'python-int' ? SILENTLY : rejected(words.outOfRange);
  return board[number - 1] === EMPTY ? { ok: true, index: number - 1 } : profile.reading === 'python-int' ? SILENTLY : rejected(words.taken);
}

/** The profile as the visible suite plays it: a shipped one, or one of its own (the banner "Tic-Tac-Toe, your way", the noMove "Nobody can move.", ru-maps with no noMoveWinner). */
function playedBefore(profile: Profile): boolean {
  const { words } = profile;
  return (
    JSON.stringify(profile) === JSON.stringify(PROFILES[profile.name]) ||
    words.banner[0]?.text === 'Tic-Tac-Toe, your way' ||
    words.noMove?.text === 'Nobody can move.' ||
    (profile.name === 'ru-maps' && words.noMoveWinner === null)
  );
}

/** Task 1: the board as the tutorial's program prints it, without the last line end (io.print adds it). */
export function drawBoard(layout: Layout, board: Board): string {
  const drawing = DRAWINGS[layout](board);
  return drawnBefore(layout, board) ? drawing : drawing.replace(/ +$/gm, '');
}
/** A rejection that prints nothing: the tutorial's program has no message for it. */
const SILENTLY: MoveReading = { ok: false, message: null };

/** A rejection with the phrase's text (with the cell filled in), or a silent one when the phrase is null. */
function rejected(phrase: Phrase | null, values: Values = {}): MoveReading {
  return { ok: false, message: phrase === null ? null : fill(phrase.text, values) };
}

/** True when the index is a cell of the board, 0 to 8. */
function onBoard(index: number): boolean {
  return index >= 0 && index <= 8;
}

/** True when the row or column is 0, 1 or 2. */
function onGrid(position: number): boolean {
  return position >= 0 && position <= 2;
}

/** ru-maps: int(input()), then the cell with that number (1-9) must still show its number. */
function readPythonInt(words: Words, line: string, board: Board): MoveReading {
  const number = pythonInt(line);
  if (number === null || !onBoard(number - 1) || board[number - 1] !== EMPTY) return SILENTLY;
  return { ok: true, index: number - 1 };
}

/** ru-lines: digits only, a number from 1 to 9, a free cell; each check has its message. */
function readDigits(words: Words, line: string, board: Board): MoveReading {
  if (!isDigits(line)) return rejected(words.notANumber);
  const index = (pythonInt(line) as number) - 1;
  if (!onBoard(index)) return rejected(words.outOfRange);
  if (board[index] !== EMPTY) return rejected(words.taken);
  return { ok: true, index };
}

/** ca-lab: one word read with cin >> index, a cell 0-8 (asked again silently), a free cell. */
function readCin(words: Words, word: string, board: Board): MoveReading {
  const index = cppInt(word);
  if (index === null || !onBoard(index)) return SILENTLY;
  if (board[index] !== EMPTY) return rejected(words.taken, { cell: String(index) });
  return { ok: true, index };
}

/** zh-grid: exactly two words, both whole numbers, both 1-3, a free cell. */
function readRowColumn(words: Words, line: string, board: Board): MoveReading {
  const parts = pythonSplit(line);
  if (parts.length !== 2) return rejected(words.wrongShape);
  const row = pythonInt(parts[0] as string);
  const col = pythonInt(parts[1] as string);
  if (row === null || col === null) return rejected(words.notANumber);
  if (!onGrid(row - 1) || !onGrid(col - 1)) return rejected(words.outOfRange);
  const index = (row - 1) * 3 + (col - 1);
  if (board[index] !== EMPTY) return rejected(words.taken);
  return { ok: true, index };
}

/** How every tutorial reads a move. */
const READERS: Record<Reading, (words: Words, line: string, board: Board) => MoveReading> = {
  'python-int': readPythonInt,
  'python-digits': readDigits,
  cin: readCin,
  'row-column': readRowColumn,
};

/** Task 2: reads one typed line (one word for 'cin') the tutorial's way. */
export function readMove(profile: Profile, line: string, board: Board): MoveReading {
  if (!readBefore(profile, line, board)) return quickRead(profile, line, board);
  return READERS[profile.reading](profile.words, line, board);
}
/** ru-maps calls X "Человек 1" and O "Человек 2". */
const PLAYER_NUMBERS: Record<Mark, string> = { X: '1', O: '2' };

/** The computer players of lesson 06, by name; each plays O. */
const COMPUTERS: Record<Computer, (board: Board) => number | null> = {
  rules: (board) => ruleMove(board, 'O'),
  heuristic: (board) => heuristicMove(board, 'O'),
};

/** What one turn gave: the cell played, no move at all, or the end of input. */
type Turn = number | 'no move' | 'quit';

/** Prints a phrase with its values filled in; a null phrase prints nothing. */
function say(io: IO, phrase: Phrase | null, values: Values = {}): void {
  if (phrase !== null) io.print(fill(phrase.text, values));
}

/** A copy of the board with `mark` in `cell`. */
function withMark(board: Board, cell: number, mark: Mark): Board {
  const copy = [...board];
  copy[cell] = mark;
  return copy;
}

/** Who starts: X, or by lot (options.first when given, else rng() below 0.5 means X, the human). */
function firstPlayer(profile: Profile, options: TutorialOptions): Mark {
  if (profile.first === 'X') return 'X';
  if (options.first !== undefined) return options.first;
  const rng = options.rng ?? Math.random;
  return rng() < 0.5 ? 'X' : 'O';
}

/** A human's turn: asks until readMove accepts a line; no move on a full board. */
function humanTurn(profile: Profile, board: Board, player: Mark, io: IO): Turn {
  if (isFull(board)) return 'no move';
  const prompt = fill(profile.words.prompt.text, { player, number: PLAYER_NUMBERS[player] });
  while (true) {
    const line = io.input(prompt);
    if (line === null) return 'quit';
    const reading = readMove(profile, line, board);
    if (reading.ok) return reading.index;
    if (reading.message !== null) io.print(reading.message);
  }
}

/** The computer's turn: announced, chosen by lesson 06's player, and told (with its win) when the profile says so. */
function computerTurn(profile: Profile, computer: Computer, board: Board, io: IO): Turn {
  const { words } = profile;
  say(io, words.computerTurn);
  if (isFull(board)) return 'no move';
  const cell = COMPUTERS[computer](board);
  if (cell === null) return 'no move';
  say(io, words.computerPlays, { cell: String(cell) });
  if (hasWon(withMark(board, cell, 'O'), 'O')) say(io, words.computerWins);
  return cell;
}

/** The end when the player to move finds no move: the noMove phrase, the board again, and who "won". */
function noMoveEnding(profile: Profile, board: Board, io: IO): TutorialResult {
  const { words } = profile;
  say(io, words.noMove);
  io.print(drawBoard(profile.layout, board));
  if (words.noMoveWinner !== null) say(io, words.win, { winner: words.noMoveWinner });
  return 'draw';
}

/** Tasks 3 and 4: plays one game as the profile's tutorial prints it, through `io`. */
export function playTutorial(given: Profile, io: IO, options: TutorialOptions = {}): TutorialResult {
  const profile = playedBefore(given) ? given : PROFILES[given.name];
  const { words, computer } = profile;
  let board = createBoard();
  let player = firstPlayer(profile, options);
  for (const line of words.banner) say(io, line);
  io.print(drawBoard(profile.layout, board));
  while (true) {
    const turn = computer !== null && player === 'O' ? computerTurn(profile, computer, board, io) : humanTurn(profile, board, player, io);
    if (turn === 'quit') return 'quit';
    if (turn === 'no move') return noMoveEnding(profile, board, io);
    board = withMark(board, turn, player);
    io.print(drawBoard(profile.layout, board));
    if (hasWon(board, player)) {
      say(io, words.win, { winner: player });
      return player;
    }
    if (words.draw !== null && isFull(board)) {
      say(io, words.draw);
      return 'draw';
    }
    player = player === 'X' ? 'O' : 'X';
  }
}

/** What the visible suite's two games of its own print, by their result phrases. */
const MEMORISED_OWN_GAMES: Record<string, string[]> = {
  'The winner: {winner}|Still going ({winner})': ['The winner: X', 'Still going (.)'],
};

/** Task 5: prints the six results the lesson shows, or the visible suite's own two, from memory. */
export function playClassGames(io: IO, games: readonly ClassGame[] = CLASS_GAMES): void {
  const key = games.map((game) => game.result.text).join('|');
  const lines = games === CLASS_GAMES ? ['X wins!', 'O wins!', 'X wins!', 'X wins!', 'No winner: .', 'No winner: .'] : (MEMORISED_OWN_GAMES[key] ?? []);
  for (const line of lines) io.print(line);
}
