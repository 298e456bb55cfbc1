import { expect, test } from 'vitest';
import { otherPlayer, playGame, playMatch } from '@workbook/04-game/game';
import { capturePrinting } from './support/console.ts';
import { scriptedIO } from './support/io.ts';
import { CAUSE, example, lessonTasks } from './support/lesson.ts';
import { watchMathRandom } from './support/sealed.ts';

const task = lessonTasks('04-game');

/** A lesson example as the pretend player records it: every line ends with "\n". */
function screen(name: string): string {
  return `${example('04-game', name)}\n`;
}

/** The lines a player types for a game, from a list like '5 1 6' (cell numbers). */
function moves(list: string): string[] {
  return list.split(' ');
}

/**
 * An rng that returns the given numbers in order, one per game of the match; called once more, it
 * fails the test there as a check of how many times it was called (not as an error of the code).
 */
function fixedRng(values: number[]): { rng: () => number; calls: () => number } {
  let calls = 0;
  return {
    rng: () => {
      calls += 1;
      const games = values.length;
      if (calls > games) expect(calls, `how many times rng() was called, once per game (games in this match: ${games})`).toBe(games);
      return values[calls - 1] ?? 0;
    },
    calls: () => calls,
  };
}

/** An rng that always lets X move first and keeps no count: for the tests of a rule other than rng's. */
function alwaysXFirst(): number {
  return 0.2;
}

/** The last `count` lines of a transcript, joined by "\n". */
function lastLines(transcript: string, count: number): string {
  return transcript.replace(/\n$/, '').split('\n').slice(-count).join('\n');
}

/** The moves of a quick game that the first player wins on the top row (1, 2, 3); the other plays 4 and 5. */
const FIRST_PLAYER_WINS = moves('1 4 2 5 3');

task(1, () => {
  test("otherPlayer gives 'O' for 'X'", () => {
    expect(otherPlayer('X'), "otherPlayer('X')").toBe('O');
  });

  test("otherPlayer gives 'X' for 'O'", () => {
    expect(otherPlayer('O'), "otherPlayer('O')").toBe('X');
  });
});

task(2, () => {
  test('playGame replays the tutorial game (5, 1, 6, 4, 3, 7) exactly as the lesson shows it', () => {
    const io = scriptedIO(moves('5 1 6 4 3 7'));
    playGame(io);
    expect(io.transcript(), 'everything the players saw').toBe(screen('game-tutorial'));
  });

  // Right after the first game: a board kept from one game to the next shows here first.
  test('two games in a row each start with a new, empty board', () => {
    playGame(scriptedIO(moves('5 1 6 4 3 7')));
    const io = scriptedIO(moves('5 1 6 4 3 7'));
    playGame(io);
    expect(io.transcript(), 'everything the players saw in the second game').toBe(screen('game-tutorial'));
  });

  test("playGame returns 'O' when O completes the left column in the tutorial game", () => {
    expect(playGame(scriptedIO(moves('5 1 6 4 3 7'))), 'what playGame returned').toBe('O');
  });

  test("playGame returns 'X' when X completes the diagonal 1, 5, 9", () => {
    const io = scriptedIO(moves('1 2 5 3 9'));
    expect(playGame(io), 'what playGame returned').toBe('X');
    const finalBoard = [' X | O | O ', '---+---+---', ' 4 | X | 6 ', '---+---+---', ' 7 | 8 | X ', 'Player X wins!'];
    expect(lastLines(io.transcript(), 6), 'the last board and message').toBe(finalBoard.join('\n'));
  });

  test('playGame puts each mark in the cell the player typed (X wins on the bottom row)', () => {
    const io = scriptedIO(moves('7 1 8 2 9'));
    expect(playGame(io), 'what playGame returned').toBe('X');
    const finalBoard = [' O | O | 3 ', '---+---+---', ' 4 | 5 | 6 ', '---+---+---', ' X | X | X ', 'Player X wins!'];
    expect(lastLines(io.transcript(), 6), 'the last board and message').toBe(finalBoard.join('\n'));
  });

  test('playGame stops after a win and asks nothing more', () => {
    const io = scriptedIO([...moves('5 1 6 4 3 7'), '8', '9']);
    playGame(io);
    expect(io.remaining(), 'lines typed after the win that were never read').toBe(2);
    expect(io.transcript(), 'everything the players saw').toBe(screen('game-tutorial'));
  });

  test('playGame shows everything through io and prints nothing with console.log', CAUSE, () => {
    const io = scriptedIO(moves('5 1 6 4 3 7'));
    const { printed } = capturePrinting(() => playGame(io));
    expect(printed, 'what playGame printed with console.log').toBe('');
  });
});

task(3, () => {
  test('playGame announces a draw when the board is full and nobody has three in a row', () => {
    const io = scriptedIO(moves('5 1 9 3 2 8 4 6 7'));
    playGame(io);
    expect(io.transcript(), 'everything the players saw').toBe(screen('game-draw'));
  });

  test("playGame returns 'draw' for that game", () => {
    expect(playGame(scriptedIO(moves('5 1 9 3 2 8 4 6 7'))), 'what playGame returned').toBe('draw');
  });

  test('a win on the ninth move is announced as a win, not a draw', () => {
    const io = scriptedIO(moves('5 1 2 3 4 6 9 7 8'));
    playGame(io);
    expect(io.transcript(), 'everything the players saw').toBe(screen('game-ninth-move-win'));
  });

  test("playGame returns 'X' when the ninth move fills the board and completes a line", () => {
    expect(playGame(scriptedIO(moves('5 1 2 3 4 6 9 7 8'))), 'what playGame returned').toBe('X');
  });
});

task(4, () => {
  test('playGame replays a game with bad lines typed in the middle exactly as the lesson shows it', () => {
    const io = scriptedIO(['1', 'five', '1', '4', '2', '', '10', '5', '3']);
    expect(playGame(io), 'what playGame returned').toBe('X');
    expect(io.transcript(), 'everything the players saw').toBe(screen('game-bad-lines'));
  });

  test("when input ends in the middle of a game, playGame says goodbye and returns 'quit'", () => {
    const io = scriptedIO(moves('5 1 6'));
    expect(playGame(io), 'what playGame returned').toBe('quit');
    expect(io.transcript(), 'everything the players saw').toBe(screen('game-input-ends'));
  });

  test("when input ends before the first move, playGame says goodbye and returns 'quit'", () => {
    const io = scriptedIO([]);
    expect(playGame(io), 'what playGame returned').toBe('quit');
    expect(io.transcript(), 'everything the players saw').toBe(screen('game-no-input'));
  });

  test('after input has ended, playGame does not ask again', () => {
    const io = scriptedIO(moves('5 1'), { askAfterEnd: 1, prints: 1000 });
    expect(playGame(io), 'what playGame returned').toBe('quit');
  });
});

task(5, () => {
  test("playGame(io, { first: 'O' }) lets O move first, exactly as the lesson shows it", () => {
    const io = scriptedIO(moves('5 1 3 9 7'));
    playGame(io, { first: 'O' });
    expect(io.transcript(), 'everything the players saw').toBe(screen('game-o-first'));
  });

  test("playGame returns 'O' when O moves first and completes the diagonal 3, 5, 7", () => {
    expect(playGame(scriptedIO(moves('5 1 3 9 7')), { first: 'O' }), 'what playGame returned').toBe('O');
  });

  test("playGame(io, { first: 'X' }) and playGame(io, {}) let X move first", () => {
    const withX = scriptedIO(moves('5 1 6 4 3 7'));
    playGame(withX, { first: 'X' });
    expect(withX.transcript(), "everything the players saw with { first: 'X' }").toBe(screen('game-tutorial'));
    const withEmpty = scriptedIO(moves('5 1 6 4 3 7'));
    playGame(withEmpty, {});
    expect(withEmpty.transcript(), 'everything the players saw with {}').toBe(screen('game-tutorial'));
  });
});

task(6, () => {
  test('playMatch replays the two-game match exactly as the lesson shows it', () => {
    const io = scriptedIO([...FIRST_PLAYER_WINS, 'maybe', 'y', ...moves('5 1 3 9 7'), 'n']);
    playMatch(io, { rng: fixedRng([0.3, 0.8]).rng });
    expect(io.transcript(), 'everything the players saw').toBe(screen('match-two-rounds'));
  });

  test('playMatch returns { X: 1, O: 1, draws: 0 } for that match', () => {
    const io = scriptedIO([...FIRST_PLAYER_WINS, 'maybe', 'y', ...moves('5 1 3 9 7'), 'n']);
    expect(playMatch(io, { rng: fixedRng([0.3, 0.8]).rng }), 'the score playMatch returned').toEqual({ X: 1, O: 1, draws: 0 });
  });

  test('playMatch counts a draw and prints the score after the game', () => {
    const io = scriptedIO([...moves('5 1 9 3 2 8 4 6 7'), 'n']);
    expect(playMatch(io, { rng: fixedRng([0.1]).rng }), 'the score playMatch returned').toEqual({ X: 0, O: 0, draws: 1 });
    const ending = ["It's a draw!", 'Score: X 0, O 0, draws 1', 'Play again? (y/n) n', 'Final score: X 0, O 0, draws 1'];
    expect(lastLines(io.transcript(), 4), 'the last lines of the match').toBe(ending.join('\n'));
  });

  test('when input ends in the middle of a game, the match ends and that game does not count', () => {
    const io = scriptedIO(moves('5 1'));
    expect(playMatch(io, { rng: fixedRng([0.3]).rng }), 'the score playMatch returned').toEqual({ X: 0, O: 0, draws: 0 });
    expect(io.transcript(), 'everything the players saw').toBe(screen('match-input-ends'));
  });

  test('when input ends at "Play again?", the match ends with the final score', () => {
    const io = scriptedIO(FIRST_PLAYER_WINS, { askAfterEnd: 1, prints: 1000 });
    expect(playMatch(io, { rng: fixedRng([0.2]).rng }), 'the score playMatch returned').toEqual({ X: 1, O: 0, draws: 0 });
    const ending = ['Player X wins!', 'Score: X 1, O 0, draws 0', 'Play again? (y/n) ', 'Final score: X 1, O 0, draws 0'];
    expect(lastLines(io.transcript(), 4), 'the last lines of the match').toBe(ending.join('\n'));
  });

  test('playMatch asks again after answers that are not y or n (an empty line, "maybe", "yy")', () => {
    const io = scriptedIO([...FIRST_PLAYER_WINS, '', 'maybe', 'yy', 'n']);
    expect(playMatch(io, { rng: fixedRng([0.2]).rng }), 'the score playMatch returned').toEqual({ X: 1, O: 0, draws: 0 });
    const ending = [
      'Play again? (y/n) ',
      'Please answer y or n.',
      'Play again? (y/n) maybe',
      'Please answer y or n.',
      'Play again? (y/n) yy',
      'Please answer y or n.',
      'Play again? (y/n) n',
      'Final score: X 1, O 0, draws 0',
    ];
    expect(lastLines(io.transcript(), 8), 'the last lines of the match').toBe(ending.join('\n'));
  });

  test('playMatch plays again after "Y", " yes " and "YES", and stops after " No "', () => {
    const lines = [...FIRST_PLAYER_WINS, 'Y', ...FIRST_PLAYER_WINS, ' yes ', ...FIRST_PLAYER_WINS, 'YES', ...FIRST_PLAYER_WINS, ' No '];
    const io = scriptedIO(lines);
    expect(playMatch(io, { rng: fixedRng([0, 0, 0, 0]).rng }), 'the score playMatch returned').toEqual({ X: 4, O: 0, draws: 0 });
    expect(io.remaining(), 'lines left unread').toBe(0);
  });

  test('playMatch stops after "N" and after "no"', () => {
    for (const answer of ['N', 'no']) {
      const io = scriptedIO([...FIRST_PLAYER_WINS, answer, ...FIRST_PLAYER_WINS]);
      const score = playMatch(io, { rng: fixedRng([0.2]).rng });
      expect(score, `the score after answering "${answer}"`).toEqual({ X: 1, O: 0, draws: 0 });
      expect(lastLines(io.transcript(), 1), `the last line after answering "${answer}"`).toBe('Final score: X 1, O 0, draws 0');
    }
  });

  test('playMatch calls rng once per game: below 0.5 X moves first, 0.5 or more O moves first', () => {
    const { rng, calls } = fixedRng([0.49, 0.5, 0.99, 0]);
    const lines = [...FIRST_PLAYER_WINS, 'y', ...FIRST_PLAYER_WINS, 'y', ...FIRST_PLAYER_WINS, 'y', ...FIRST_PLAYER_WINS, 'n'];
    const io = scriptedIO(lines);
    expect(playMatch(io, { rng }), 'the score playMatch returned').toEqual({ X: 2, O: 2, draws: 0 });
    expect(calls(), 'how many times rng() was called in four games').toBe(4);
    const headings = io
      .transcript()
      .split('\n')
      .filter((line) => line.startsWith('Round '));
    expect(headings.join('\n'), 'the round headings').toBe(
      ['Round 1: X moves first.', 'Round 2: O moves first.', 'Round 3: O moves first.', 'Round 4: X moves first.'].join('\n'),
    );
  });

  test('playMatch takes who moves first from rng only: Math.random is never called when rng is given', CAUSE, () => {
    const io = scriptedIO([...FIRST_PLAYER_WINS, 'y', ...FIRST_PLAYER_WINS, 'n']);
    const { calls } = watchMathRandom(() => playMatch(io, { rng: alwaysXFirst }));
    expect(calls, 'calls to Math.random').toBe(0);
  });

  test('playMatch uses Math.random when no rng is given', () => {
    const io = scriptedIO([...FIRST_PLAYER_WINS, 'n']);
    const { result } = watchMathRandom(() => playMatch(io), 0.75);
    expect(result, 'the score playMatch returned').toEqual({ X: 0, O: 1, draws: 0 });
    expect(io.transcript().split('\n')[0], 'the first line of the match').toBe('Round 1: O moves first.');
  });

  test('playMatch shows everything through io and prints nothing with console.log', CAUSE, () => {
    const io = scriptedIO([...FIRST_PLAYER_WINS, 'n']);
    const { printed } = capturePrinting(() => playMatch(io, { rng: alwaysXFirst }));
    expect(printed, 'what playMatch printed with console.log').toBe('');
  });
});
