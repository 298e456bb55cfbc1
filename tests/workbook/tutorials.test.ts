/**
 * Lesson 08 outside its graded suite: `npm run play -- --tutorial NAME --reference` prints, byte for
 * byte, what the lesson's transcripts show (without the typed lines, which nobody echoes from a pipe),
 * and what the lesson and its teacher note claim about the tutorials' computers holds for the reference solutions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EMPTY, type Board, type Mark } from '../../solutions/01-board/board.ts';
import { outcome } from '../../solutions/03-win/win.ts';
import { heuristicMove, ruleMove } from '../../solutions/06-computer/computer.ts';
import { audit, bestMove } from '../../solutions/07-search/search.ts';
import { playTutorial, PROFILES, type GameName, type TutorialOptions } from '../../solutions/08-tutorials/tutorials.ts';
import { replayLine } from '../../scripts/lib/student/arena-format.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';
import { programIO } from '../support/io.ts';
import { runStudentCommand, type CommandRun } from './student-command.ts';
import { example } from '../support/lesson.ts';

const LESSON = '08-tutorials';

/** Runs `npm run play -- ARGS` (with the reference) on the given standard input. */
function play(args: string[], input: string): CommandRun {
  return runStudentCommand('play', args, { input, timeoutMs: 60_000 });
}

/** The games of the lesson's transcripts: example name, tutorial, typed lines and who starts. */
const GAMES: Array<{ example: string; name: GameName; lines: string[]; first?: Mark }> = [
  { example: 'ru-maps-sample', name: 'ru-maps', lines: ['5', '1', '6', '4', '3', '7'] },
  { example: 'ru-maps-bad-lines', name: 'ru-maps', lines: ['5', 'пять', '5', '0', ' 1 ', '10', '2', '4', '3', '7'] },
  { example: 'ru-maps-draw', name: 'ru-maps', lines: ['5', '1', '9', '3', '2', '8', '4', '6', '7'] },
  { example: 'ru-lines-game', name: 'ru-lines', lines: ['5', 'пять', '5', '0', '10', ' 1', '1', '9', '3', '7', '2'] },
  { example: 'ru-lines-draw', name: 'ru-lines', lines: ['5', '1', '9', '3', '2', '8', '4', '6', '7'] },
  { example: 'zh-grid-game', name: 'zh-grid', lines: ['2 2', '2', '1 1 1', 'a b', '0 1', '4 1', '2 2', '1 1', '1 2', '3 3', '3 2'] },
  { example: 'zh-grid-draw', name: 'zh-grid', lines: ['2 2', '1 1', '3 3', '1 3', '1 2', '3 2', '2 1', '2 3', '3 1'] },
  { example: 'zh-grid-input-ends', name: 'zh-grid', lines: ['2 2', '1 1'] },
  { example: 'ru-maps-computer-sample', name: 'ru-maps-computer', lines: ['1', '2', '4'] },
  { example: 'ru-maps-computer-gives-up', name: 'ru-maps-computer', lines: ['1', '2', '7', '6'] },
  { example: 'ru-maps-computer-full', name: 'ru-maps-computer', lines: ['1', '3', '8', '4', '9'] },
  { example: 'ru-maps-computer-human-wins', name: 'ru-maps-computer', lines: ['1', '6', '3', '2'] },
  { example: 'ca-lab-sample', name: 'ca-lab', lines: ['4', '1', '6', '5', '8'], first: 'X' },
  { example: 'ca-lab-computer-first', name: 'ca-lab', lines: ['0', '1', 'x', '4', '9', '3'], first: 'O' },
  { example: 'ca-lab-human-wins', name: 'ca-lab', lines: ['0', '5', '2', '8'], first: 'X' },
];

/** The reference game in-process: what it wrote (bytes) and what a terminal would show. */
function reference(name: GameName, lines: string[], options: TutorialOptions): { output: string; screen: string } {
  const io = programIO(lines);
  playTutorial(PROFILES[name], io, options);
  return { output: io.output(), screen: io.screen() };
}

describe('npm run play -- --tutorial NAME --reference', () => {
  test.each(GAMES)('$example: piped in, prints the transcript without the typed lines, byte for byte', (game) => {
    const options: TutorialOptions = game.first === undefined ? {} : { first: game.first };
    const { output, screen } = reference(game.name, game.lines, options);
    const shown = example(LESSON, game.example);
    expect(screen.replace(/\n$/, ''), 'the reference game as a terminal shows it').toBe(shown);
    const first = game.first === undefined ? [] : ['--first', game.first.toLowerCase()];
    const run = play(['--tutorial', game.name, '--reference', ...first], game.lines.map((line) => `${line}\n`).join(''));
    expect(run.status, `exit status (stderr: ${run.stderr})`).toBe(0);
    expect(run.stdout, 'standard output').toBe(output);
  });

  test("ca-lab reads words as C++'s cin does: several moves on one line, empty lines skipped", () => {
    const oneByOne = play(['--tutorial', 'ca-lab', '--reference', '--first', 'o'], '0\n1\nx\n4\n9\n3\n');
    const together = play(['--tutorial', 'ca-lab', '--reference', '--first', 'o'], '0 1 x\n\n  4 9\t3\n');
    expect(together.stdout, 'the game with the words on two lines').toBe(oneByOne.stdout);
    expect(oneByOne.stdout.replace(/\n$/, '').split('\n').slice(-5).join('\n'), 'the end of the game').toBe(
      example(LESSON, 'ca-lab-computer-first').split('\n').slice(-5).join('\n'),
    );
  });

  test('the list of tutorials says what each is in the language asked for (the titles stay as the tutorials have them)', () => {
    const list = play(['--tutorial', '--reference', '--lang', 'ru'], '');
    expect(list.status, list.stderr).toBe(0);
    const ru = translator('ru');
    for (const key of ['play.tutorial.ruMaps', 'play.tutorial.caLab', 'play.tutorial.zhGrid', 'play.tutorial.enClass'] as const)
      expect(list.stdout).toContain(ru(key));
    expect(list.stdout).not.toMatch(/players at one keyboard|computer \(O\)/);
    expect(list.stdout).toContain('LAB - Tic Tac Toe');
  });

  test('en-class prints the six results', () => {
    const run = play(['--tutorial', 'en-class', '--reference'], '');
    expect(run.stdout, 'standard output').toBe(`${example(LESSON, 'class-games')}\n`);
  });

  test('when input ends, standard output stops at the prompt and a note goes to standard error', () => {
    const run = play(['--tutorial', 'ru-lines', '--reference'], '5\n');
    expect(run.stdout.endsWith('Ход O. Клетка 1-9: '), `the end of standard output: ${JSON.stringify(run.stdout.slice(-40))}`).toBe(true);
    expect(run.stderr, 'standard error').toMatch(/Input ended before the game was over/);
    expect(run.status, 'exit status').toBe(0);
  });

  test('--tutorial alone lists every tutorial with its language and title', () => {
    const run = play(['--tutorial', '--reference'], '');
    for (const name of ['ru-maps', 'ru-maps-computer', 'ru-lines', 'ca-lab', 'zh-grid', 'en-class']) expect(run.stdout).toContain(`  ${name}  `);
    for (const title of ['Крестики-нолики на Python: поле, проверка победы и игра вдвоём', '怎么用Python写一个50到100行的井字棋小游戏', 'LAB - Tic Tac Toe']) {
      expect(run.stdout).toContain(title);
    }
  });

  test('--first is refused where the tutorial does not draw lots', () => {
    const run = play(['--tutorial', 'ru-lines', '--first', 'o', '--reference'], '');
    expect(run.status, 'exit status').toBe(2);
    expect(run.stderr).toMatch(/--first applies only where a tutorial's program draws lots/);
  });
});

test('npm run play -- --vs rules ends the game as a draw when the computer gives up, and shows its moves on lines of their own', () => {
  const run = play(['--vs', 'rules', '--reference'], '1\n2\n7\n6\nn\n');
  expect(run.stdout).toContain('The computer (O) plays 5.');
  expect(run.stdout).not.toMatch(/Player O, choose a cell \(1-9\): \d/);
  expect(run.stdout).toContain('The computer finds no move');
  expect(run.stdout).toContain("It's a draw!\nScore: X 0, O 0, draws 1");
});

test('npm run play -- --lang ru says its own lines in Russian; the game and the board stay as the lessons specify', () => {
  const run = play(['--vs', 'rules', '--reference', '--lang', 'ru'], '1\n2\n7\n6\nn\n');
  expect(run.stdout).toContain('Крестики-нолики на эталонных решениях: вы играете за X, компьютер (rules) — за O.');
  expect(run.stdout).toContain('Компьютер (O) ходит в клетку 5.');
  expect(run.stdout).toContain('Компьютер не находит хода');
  expect(run.stdout).toContain('Player X, choose a cell (1-9): ');
  expect(run.stdout).toContain("It's a draw!\nScore: X 0, O 0, draws 1");
  expect(run.stdout).not.toContain('The computer (O) plays');
  const refused = play(['--tutorial', 'nope', '--reference', '--lang', 'ru'], '');
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain('Статьи «nope» нет. Есть такие статьи: ru-maps,');
  expect(refused.stderr).toContain('Запуск: npm run play');
});

/** Every position a game from the empty board can reach, with the player to move. */
function reachable(): Array<{ board: Board; player: Mark }> {
  const seen = new Map<string, { board: Board; player: Mark }>();
  const visit = (board: Board, player: Mark): void => {
    const key = board.join('') + player;
    if (seen.has(key)) return;
    seen.set(key, { board, player });
    if (outcome(board) !== 'ongoing') return;
    board.forEach((cell, index) => {
      if (cell !== EMPTY) return;
      const next = [...board];
      next[index] = player;
      visit(next, player === 'X' ? 'O' : 'X');
    });
  };
  visit(
    Array.from({ length: 9 }, () => EMPTY),
    'X',
  );
  return [...seen.values()];
}

/** True when every way of playing on from the board ends in a draw. */
function deadDraw(board: Board, player: Mark): boolean {
  const result = outcome(board);
  if (result !== 'ongoing') return result === 'draw';
  return board.every((cell, index) => {
    if (cell !== EMPTY) return true;
    const next = [...board];
    next[index] = player;
    return deadDraw(next, player === 'X' ? 'O' : 'X');
  });
}

/** The boards on which ruleMove, playing O against every possible X, gives up. */
function givenUpInItsGame(): Set<string> {
  const found = new Set<string>();
  const humanTurn = (board: Board): void => {
    board.forEach((cell, index) => {
      if (cell !== EMPTY) return;
      const next = [...board];
      next[index] = 'X';
      if (outcome(next) === 'ongoing') computerTurn(next);
    });
  };
  const computerTurn = (board: Board): void => {
    const cell = ruleMove(board, 'O');
    if (cell === null) {
      found.add(board.join(''));
      return;
    }
    const next = [...board];
    next[cell] = 'O';
    if (outcome(next) === 'ongoing') humanTurn(next);
  };
  humanTurn(Array.from({ length: 9 }, () => EMPTY));
  return found;
}

describe("what lesson 08 and its teacher note (docs/lessons/08-tutorials.md) say about the tutorials' claims", () => {
  test('the rules computer gives up only where nobody can win any more: 25 of 457 lines in 9 positions as O, 3 as X, 40 positions in all', () => {
    const second = audit(ruleMove, 'second');
    const first = audit(ruleMove, 'first');
    expect([second.gaveUp, second.lines, first.gaveUp], 'lines given up as O, lines as O, lines given up as X').toEqual([25, 457, 3]);
    const givenUp = reachable().filter(({ board, player }) => outcome(board) === 'ongoing' && ruleMove(board, player) === null);
    expect(givenUp.length, 'positions a game can reach where ruleMove finds no rule').toBe(40);
    expect(givenUp.filter(({ board, player }) => !deadDraw(board, player)).length, 'of them, positions where somebody could still win').toBe(0);
    expect(givenUpInItsGame().size, 'positions of its own game (O, you first) where it gives up').toBe(9);
  });

  test('the heuristic plays 6 after X 0, O 4, X 5 because 6, 7 and 8 tie (one empty line each) and 6 is the lowest', () => {
    const board: Board = ['X', ' ', ' ', ' ', 'O', 'X', ' ', ' ', ' '];
    expect(heuristicMove(board, 'O'), 'heuristicMove(X 0, O 4, X 5)').toBe(6);
    expect(audit(heuristicMove, 'second').losingLines[0], "the heuristic's first lost line").toEqual([0, 4, 5, 6, 2, 1, 8]);
  });

  test("bestMove playing both sides from the empty board draws, as the lesson's replay shows", () => {
    const board: Board = Array.from({ length: 9 }, () => EMPTY);
    const moves: number[] = [];
    let player: Mark = 'X';
    while (outcome(board) === 'ongoing') {
      const cell = bestMove(board, player);
      moves.push(cell);
      board[cell] = player;
      player = player === 'X' ? 'O' : 'X';
    }
    const text = readFileSync(join(ROOT, 'docs', 'lessons', `${LESSON}.md`), 'utf8');
    expect(outcome(board), 'the end of the game').toBe('draw');
    expect(text, "the lesson's teacher note").toContain(`\`\`\`text\n${replayLine(moves)}\n\`\`\``);
  });
});
