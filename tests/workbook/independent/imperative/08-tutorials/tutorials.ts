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
import { TicTacToe } from '../05-class/tictactoe';
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

/** What a cell shows in the maps layout: its mark, or its number 1 to 9 when empty. */
function mapsLabel(board: Board, index: number): string {
  if (board[index] === EMPTY) {
    return String(index + 1);
  }
  return board[index];
}

/** Task 1: the board as the tutorial's program prints it, without the last line end (io.print adds it). */
export function drawBoard(layout: Layout, board: Board): string {
  let text = '';
  switch (layout) {
    case 'lines':
      return renderBoard(board);
    case 'maps':
      for (let index = 0; index < 9; index++) {
        if (index % 3 === 0 && index > 0) {
          text += '\n';
        } else if (index % 3 !== 0) {
          text += ' ';
        }
        text += mapsLabel(board, index);
      }
      return text;
    case 'lab':
      for (let index = 0; index < 9; index++) {
        text += ' | ' + index + ' ' + board[index] + ' |';
        if (index % 3 === 2) {
          text += '\n';
        }
      }
      return text + LAB_RULE;
    case 'grid':
      text = '\n' + GRID_HEADER;
      for (let index = 0; index < 9; index++) {
        const row = Math.floor(index / 3);
        if (index % 3 !== 0) {
          text += ' | ';
        } else {
          if (row > 0) {
            text += '\n' + GRID_SEPARATOR;
          }
          text += '\n' + (row + 1) + ' ';
        }
        text += board[index];
      }
      return text + '\n';
  }
}

/** A rejection carrying the phrase's text, or no message when the phrase is null. */
function rejectWith(phrase: Phrase | null): MoveReading {
  if (phrase === null) {
    return { ok: false, message: null };
  }
  return { ok: false, message: phrase.text };
}

/** True when the number is a whole number from low to high. */
function inRange(value: number, low: number, high: number): boolean {
  return value >= low && value <= high;
}

/** Task 2: reads one typed line (one word for 'cin') the tutorial's way. */
export function readMove(profile: Profile, line: string, board: Board): MoveReading {
  const words = profile.words;
  switch (profile.reading) {
    case 'python-int': {
      const number = pythonInt(line);
      if (number === null || !inRange(number, 1, 9) || board[number - 1] !== EMPTY) {
        return { ok: false, message: null };
      }
      return { ok: true, index: number - 1 };
    }
    case 'python-digits': {
      if (!isDigits(line)) {
        return rejectWith(words.notANumber);
      }
      const number = pythonInt(line);
      if (number === null) {
        return rejectWith(words.notANumber);
      }
      if (!inRange(number, 1, 9)) {
        return rejectWith(words.outOfRange);
      }
      if (board[number - 1] !== EMPTY) {
        return rejectWith(words.taken);
      }
      return { ok: true, index: number - 1 };
    }
    case 'cin': {
      const index = cppInt(line);
      if (index === null || !inRange(index, 0, 8)) {
        return { ok: false, message: null };
      }
      if (board[index] !== EMPTY) {
        if (words.taken === null) {
          return { ok: false, message: null };
        }
        return { ok: false, message: fill(words.taken.text, { cell: String(index) }) };
      }
      return { ok: true, index: index };
    }
    case 'row-column': {
      const parts = pythonSplit(line);
      if (parts.length !== 2) {
        return rejectWith(words.wrongShape);
      }
      const row = pythonInt(parts[0]);
      const col = pythonInt(parts[1]);
      if (row === null || col === null) {
        return rejectWith(words.notANumber);
      }
      if (!inRange(row, 1, 3) || !inRange(col, 1, 3)) {
        return rejectWith(words.outOfRange);
      }
      const index = (row - 1) * 3 + (col - 1);
      if (board[index] !== EMPTY) {
        return rejectWith(words.taken);
      }
      return { ok: true, index: index };
    }
  }
}

/** Prints the phrase with the values filled in, or nothing when the phrase is null. */
function say(io: IO, phrase: Phrase | null, values: Values): void {
  if (phrase !== null) {
    io.print(fill(phrase.text, values));
  }
}

/** Who starts this game: X always, or by lot (options.first, else one call of the rng). */
function firstPlayer(profile: Profile, options: TutorialOptions): Mark {
  if (profile.first === 'X') {
    return 'X';
  }
  if (options.first !== undefined) {
    return options.first;
  }
  let rng = Math.random;
  if (options.rng !== undefined) {
    rng = options.rng;
  }
  if (rng() < 0.5) {
    return 'X';
  }
  return 'O';
}

/** The no-move ending: noMove, the board once more, and win with noMoveWinner; the game is a draw. */
function noMoveEnding(profile: Profile, io: IO, board: Board): TutorialResult {
  const words = profile.words;
  say(io, words.noMove, {});
  io.print(drawBoard(profile.layout, board));
  if (words.noMoveWinner !== null) {
    say(io, words.win, { winner: words.noMoveWinner });
  }
  return 'draw';
}

/** A human's move: the index of a free cell, or null when input has ended. */
function humanMove(profile: Profile, io: IO, board: Board, player: Mark): number | null {
  let number = '2';
  if (player === 'X') {
    number = '1';
  }
  const prompt = fill(profile.words.prompt.text, { player: player, number: number });
  for (;;) {
    const line = io.input(prompt);
    if (line === null) {
      return null;
    }
    const reading = readMove(profile, line, board);
    if (reading.ok) {
      return reading.index;
    }
    if (reading.message !== null) {
      io.print(reading.message);
    }
  }
}

/** The computer's choice for O with lesson 06's player, or null when it finds no move. */
function computerChoice(computer: Computer, board: Board): number | null {
  if (isFull(board)) {
    return null;
  }
  switch (computer) {
    case 'rules':
      return ruleMove(board, 'O');
    case 'heuristic':
      return heuristicMove(board, 'O');
  }
}

/** Tasks 3 and 4: plays one game as the profile's tutorial prints it, through `io`. */
export function playTutorial(profile: Profile, io: IO, options: TutorialOptions = {}): TutorialResult {
  const words = profile.words;
  const board = createBoard();
  let player = firstPlayer(profile, options);
  for (let position = 0; position < words.banner.length; position++) {
    io.print(words.banner[position].text);
  }
  io.print(drawBoard(profile.layout, board));
  for (;;) {
    let cell: number | null = null;
    if (profile.computer !== null && player === 'O') {
      say(io, words.computerTurn, {});
      cell = computerChoice(profile.computer, board);
      if (cell === null) {
        return noMoveEnding(profile, io, board);
      }
      say(io, words.computerPlays, { cell: String(cell) });
      const tried = board.slice();
      tried[cell] = 'O';
      if (hasWon(tried, 'O')) {
        say(io, words.computerWins, {});
      }
    } else {
      if (isFull(board)) {
        return noMoveEnding(profile, io, board);
      }
      cell = humanMove(profile, io, board, player);
      if (cell === null) {
        return 'quit';
      }
    }
    board[cell] = player;
    io.print(drawBoard(profile.layout, board));
    if (hasWon(board, player)) {
      say(io, words.win, { winner: player });
      return player;
    }
    if (words.draw !== null && isFull(board)) {
      io.print(words.draw.text);
      return 'draw';
    }
    if (player === 'X') {
      player = 'O';
    } else {
      player = 'X';
    }
  }
}

/** Task 5: plays en-class's games (its six unless others are given) with lesson 05's TicTacToe and prints each result. */
export function playClassGames(io: IO, games: readonly ClassGame[] = CLASS_GAMES): void {
  for (let number = 0; number < games.length; number++) {
    const classGame = games[number];
    const game = new TicTacToe();
    for (let step = 0; step < classGame.moves.length; step++) {
      game.move(classGame.moves[step][0], classGame.moves[step][1]);
    }
    io.print(fill(classGame.result.text, { winner: game.winner() }));
  }
}
