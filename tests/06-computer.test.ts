import { expect, test } from 'vitest';
import { computerMove, heuristicMove, randomMove, ruleMove, type Level } from '@workbook/06-computer/computer';
import type { Board, Mark } from '@workbook/01-board/board';
import { boardOf, pictureOf } from './support/boards.ts';
import { CAUSE, example, lessonTasks } from './support/lesson.ts';
import { callEach, sandboxRandom, watchMathRandom } from './support/sealed.ts';
import { askedOnce, emptyCellsOf, neverLosesVerdict, playEveryOpponent, replayDocumentedGame, seededRandom } from './support/opponents.ts';

const task = lessonTasks('06-computer');

/** A board for the lesson's functions from a picture like 'X.. .O. ...'. */
function board(picture: string): Board {
  return boardOf(picture) as Board;
}

/**
 * What `play(...args(), rng)` answers when asked `times` times, each time with fresh arguments and
 * one seeded rng for all the calls (asked in one crossing into the graded code). Throws what the
 * first call that threw threw, as calling one by one would.
 */
function answersOf<A extends unknown[]>(times: number, seed: number, play: (...args: [...A, () => number]) => unknown, args: () => A): unknown[] {
  const rng = sandboxRandom(seed);
  const outcomes = callEach(
    play,
    Array.from({ length: times }, () => [...args(), rng] as [...A, () => number]),
  );
  return outcomes.map((outcome) => {
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  });
}

/** The distinct answers, sorted, so a test can compare them with the empty cells. */
function distinctSorted(answers: unknown[]): unknown[] {
  return [...new Set(answers)].sort((a, b) => Number(a) - Number(b));
}

/** The answers that are not empty cells of the board, each once, from the lowest. */
function notEmptyCells(picture: string, answers: unknown[]): unknown[] {
  const empty = emptyCellsOf(boardOf(picture));
  return distinctSorted(answers.filter((answer) => !empty.includes(answer as number)));
}

/**
 * An rng whose first number is `first`; after that it goes on with seeded numbers, so a player that
 * draws again until it finds an empty cell still finishes.
 */
function rngStartingWith(first: number): () => number {
  const rest = seededRandom(Math.round(first * 1000));
  let used = false;
  return () => {
    if (used) return rest();
    used = true;
    return first;
  };
}

/** Runs `action` while watching the graded code's Math.random; returns how many times it was called. */
function mathRandomCalls(action: () => void): number {
  return watchMathRandom(action).calls;
}

const SOME_BOARDS = ['... ... ...', 'X.. .O. ...', 'XO. .X. ..O', 'XOX OXO .X.', 'XOX XOO OX.'];

task(1, () => {
  test('randomMove only ever plays empty cells', () => {
    for (const picture of SOME_BOARDS) {
      const answers = answersOf(300, 1, randomMove, () => [board(picture)] as [Board]);
      expect(notEmptyCells(picture, answers), `answers that are not empty cells of ${picture}`).toEqual([]);
    }
  });

  test('randomMove can play every empty cell', () => {
    for (const picture of SOME_BOARDS) {
      const answers = answersOf(300, 2, randomMove, () => [board(picture)] as [Board]);
      expect(distinctSorted(answers), `cells played on ${picture}`).toEqual(emptyCellsOf(boardOf(picture)));
    }
  });

  test("randomMove with rng() giving 0, 0.2, 0.4, 0.6 and 0.8 plays each of the five empty cells of the lesson's board once: Math.floor(rng() * cells.length) picks the position", () => {
    const played = [0, 0.2, 0.4, 0.6, 0.8].map((value) => randomMove(board('X.O .X. O..'), rngStartingWith(value)));
    expect(
      [...played].sort((a, b) => a - b),
      'the cells played for rng() giving 0, 0.2, 0.4, 0.6 and 0.8, from the lowest',
    ).toEqual([1, 3, 5, 7, 8]);
  });

  test('randomMove makes every empty cell about equally likely', () => {
    const picture = 'X.O .X. O..';
    const answers = answersOf(5000, 3, randomMove, () => [board(picture)] as [Board]);
    const cells = emptyCellsOf(boardOf(picture));
    // 5000 picks over 5 cells: about 1000 each. Math.round instead of Math.floor gives the first and last cell about 500.
    const fair = (cell: number): string => `cell ${cell}: about 1000`;
    const picked = (cell: number): string => {
      const count = answers.filter((answer) => answer === cell).length;
      if (count < 850) return `cell ${cell}: ${count}, too few`;
      if (count > 1150) return `cell ${cell}: ${count}, too many`;
      return fair(cell);
    };
    expect(cells.map(picked).join('\n'), `how often each empty cell of ${picture} was picked in 5000 moves (about 1000 each means from 850 to 1150)`).toBe(
      cells.map(fair).join('\n'),
    );
  });

  test('randomMove takes its randomness from rng only: Math.random is never called', CAUSE, () => {
    const calls = mathRandomCalls(() => {
      answersOf(20, 4, randomMove, () => [board('X.. .O. ...')] as [Board]);
    });
    expect(calls, 'calls to Math.random').toBe(0);
  });

  test('randomMove plays the only empty cell, whatever rng gives', () => {
    for (const value of [0, 0.5, 0.999999]) {
      expect(randomMove(board('XOX XOO OX.'), rngStartingWith(value)), `rng() first gives ${value}`).toBe(8);
    }
  });

  test('randomMove leaves the board unchanged', CAUSE, () => {
    const position = board('X.. .O. ...');
    randomMove(position, seededRandom(5));
    expect(pictureOf(position), 'the board after randomMove').toBe('X.. .O. ...');
  });
});

task(2, () => {
  test('rule 1: ruleMove completes a line holding two of its marks', () => {
    expect(ruleMove(board('OO. X.. ..X'), 'O'), "the cell ruleMove(board 'OO. X.. ..X', 'O') plays").toBe(2);
  });

  test('rule 1 comes before rule 2: ruleMove wins rather than blocks', () => {
    expect(ruleMove(board('OO. XX. .X.'), 'O'), "the cell ruleMove(board 'OO. XX. .X.', 'O') plays").toBe(2);
  });

  test('rule 2: ruleMove blocks a line holding two of the opponent marks', () => {
    expect(ruleMove(board('XX. .O. ...'), 'O'), "the cell ruleMove(board 'XX. .O. ...', 'O') plays").toBe(2);
  });

  test('rule 2 with two lines to block: ruleMove takes the last matching line (column 0-3-6, not row 0-1-2)', () => {
    expect(ruleMove(board('XX. XO. ..O'), 'O'), "the cell ruleMove(board 'XX. XO. ..O', 'O') plays").toBe(6);
  });

  test('rule 3: ruleMove takes the last line with one of its marks and two empty cells, and its last empty cell', () => {
    // Row 0-1-2 and column 0-3-6 both fit; the column comes later, and its last empty cell is 6.
    expect(ruleMove(board('O.. .X. ..X'), 'O'), "the cell ruleMove(board 'O.. .X. ..X', 'O') plays").toBe(6);
    // The diagonal 0-4-8 comes later but holds an X as well, so it does not fit: column 0-3-6 is still the last.
    expect(ruleMove(board('O.. ... ..X'), 'O'), "the cell ruleMove(board 'O.. ... ..X', 'O') plays").toBe(6);
  });

  test('rule 3 on the diagonal 2-4-6: ruleMove takes its last empty cell, 6', () => {
    expect(ruleMove(board('.XO X.. ...'), 'O'), "the cell ruleMove(board '.XO X.. ...', 'O') plays").toBe(6);
  });

  test('rule 4: ruleMove takes the centre when no line rule applies', () => {
    expect(ruleMove(board('... ... ...'), 'X'), 'on the empty board, as X').toBe(4);
    expect(ruleMove(board('..X ... ...'), 'O'), 'after X took a corner, as O').toBe(4);
  });

  test('rule 5: ruleMove takes the top-left corner when the centre is taken', () => {
    expect(ruleMove(board('... .X. ...'), 'O'), "the cell ruleMove(board '... .X. ...', 'O') plays").toBe(0);
  });

  test('ruleMove gives up (null) when no rule applies', () => {
    expect(ruleMove(board('XXO OOX X..'), 'O'), "what ruleMove(board 'XXO OOX X..', 'O') answers (null: it gives up)").toBeNull();
  });

  test('ruleMove plays for the mark it is given: as X it builds on the X lines', () => {
    expect(ruleMove(board('X.. ... ..O'), 'X'), "the cell ruleMove(board 'X.. ... ..O', 'X') plays").toBe(6);
  });

  test("ruleMove replays the Python tutorial's game: X plays 0, 1, 3 and O answers 4, 2, 6 and wins", () => {
    const replay = replayDocumentedGame('ruleMove', (position, me) => ruleMove(position as Board, me), [0, 1, 3]);
    expect(replay).toBe(example('06-computer', 'tutorial-000-game'));
  });

  test('ruleMove leaves the board unchanged', CAUSE, () => {
    const position = board('O.. .X. ..X');
    ruleMove(position, 'O');
    expect(pictureOf(position), 'the board after ruleMove').toBe('O.. .X. ..X');
  });
});

task(3, () => {
  test('heuristicMove takes the empty centre first, even when it could win elsewhere', () => {
    expect(heuristicMove(board('OO. X.. X.X'), 'O'), "the cell heuristicMove(board 'OO. X.. X.X', 'O') plays").toBe(4);
  });

  test('heuristicMove wins rather than blocks', () => {
    expect(heuristicMove(board('OO. XX. .X.'), 'O'), "the cell heuristicMove(board 'OO. XX. .X.', 'O') plays").toBe(2);
  });

  test('with two ways to win, heuristicMove takes the first line in scan order (row 0-1-2, not column 0-3-6)', () => {
    expect(heuristicMove(board('O.O .XX OXX'), 'O'), "the cell heuristicMove(board 'O.O .XX OXX', 'O') plays").toBe(1);
  });

  test('with two lines to block, heuristicMove blocks the first line in scan order (row 0-1-2, not column 0-3-6)', () => {
    expect(heuristicMove(board('XX. XO. ..O'), 'O'), "the cell heuristicMove(board 'XX. XO. ..O', 'O') plays").toBe(2);
  });

  test('heuristicMove takes the cell on the most completely empty lines', () => {
    // Cell 8 lies on two empty lines (row 6-7-8 and column 2-5-8); every other cell on one or none.
    expect(heuristicMove(board('X.. .O. ...'), 'X'), "the cell heuristicMove(board 'X.. .O. ...', 'X') plays").toBe(8);
  });

  test('when several cells have the highest score, heuristicMove takes the lowest one', () => {
    // Corners 0, 2, 6 and 8 each lie on two empty lines.
    expect(heuristicMove(board('... .X. ...'), 'O'), "the cell heuristicMove(board '... .X. ...', 'O') plays").toBe(0);
  });

  test('when no empty cell lies on a completely empty line, heuristicMove takes the lowest empty cell', () => {
    expect(heuristicMove(board('O.. .X. .OX'), 'X'), "the cell heuristicMove(board 'O.. .X. .OX', 'X') plays").toBe(1);
  });

  test('heuristicMove plays for the mark it is given: as X it wins with X', () => {
    expect(heuristicMove(board('XX. OO. ...'), 'X'), "the cell heuristicMove(board 'XX. OO. ...', 'X') plays").toBe(2);
  });

  test("heuristicMove replays the C++ tutorial's game: X plays 4, 1, 6, 5, 8 and O answers 0, 7, 2, 3: a draw", () => {
    const replay = replayDocumentedGame('heuristicMove', (position, me) => heuristicMove(position as Board, me), [4, 1, 6, 5, 8]);
    expect(replay).toBe(example('06-computer', 'tutorial-002-game'));
  });

  test('heuristicMove leaves the board unchanged', CAUSE, () => {
    const position = board('X.. .O. ...');
    heuristicMove(position, 'X');
    expect(pictureOf(position), 'the board after heuristicMove').toBe('X.. .O. ...');
  });
});

task(4, () => {
  test("computerMove 'easy' only plays empty cells and can play each of them", () => {
    for (const picture of SOME_BOARDS) {
      const answers = answersOf(300, 7, computerMove, () => [board(picture), 'O', 'easy'] as [Board, Mark, Level]);
      expect(notEmptyCells(picture, answers), `answers that are not empty cells of ${picture}`).toEqual([]);
      expect(distinctSorted(answers), `cells played on ${picture}`).toEqual(emptyCellsOf(boardOf(picture)));
    }
  });

  test("computerMove 'easy' can be beaten: some sequence of opponent moves wins against it", () => {
    // One answer per position, asked in one crossing (a walk would cross once per move); 'easy' plays at random, so any answers that lose will do.
    const report = playEveryOpponent("computerMove 'easy'", askedOnce(computerMove, 'O', 'easy', sandboxRandom(6)), 'O');
    expect(report.problem, 'a problem with an answer').toBeNull();
    expect(report.losses, 'games lost against every possible opponent').toBeGreaterThan(0);
  });

  test("computerMove 'medium' completes its own line, whatever rng gives", () => {
    for (const value of [0, 0.5, 0.999999]) {
      expect(computerMove(board('OO. X.. ..X'), 'O', 'medium', rngStartingWith(value)), `rng() first gives ${value}`).toBe(2);
    }
  });

  test("computerMove 'medium' blocks the opponent's line when it cannot win, whatever rng gives", () => {
    for (const value of [0, 0.5, 0.999999]) {
      expect(computerMove(board('X.O .X. ...'), 'O', 'medium', rngStartingWith(value)), `rng() first gives ${value}`).toBe(8);
    }
  });

  test("computerMove 'medium' plays for X just as well as for O", () => {
    for (const value of [0, 0.5, 0.999999]) {
      expect(computerMove(board('XX. O.. ..O'), 'X', 'medium', rngStartingWith(value)), `win as X, rng() first gives ${value}`).toBe(2);
      expect(computerMove(board('O.X .O. X..'), 'X', 'medium', rngStartingWith(value)), `block as X, rng() first gives ${value}`).toBe(8);
    }
  });

  test("computerMove 'medium' wins rather than blocks", () => {
    for (const value of [0, 0.5, 0.999999]) {
      expect(computerMove(board('OO. XX. .X.'), 'O', 'medium', rngStartingWith(value)), `rng() first gives ${value}`).toBe(2);
    }
  });

  test("computerMove 'medium' plays a random empty cell when it can neither win nor block", () => {
    const answers = answersOf(300, 8, computerMove, () => [board('X.. ... ...'), 'O', 'medium'] as [Board, Mark, Level]);
    expect(distinctSorted(answers), 'cells played after X took cell 0').toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test("computerMove 'medium' can be beaten: some sequence of opponent moves wins against it", () => {
    const report = playEveryOpponent("computerMove 'medium'", askedOnce(computerMove, 'O', 'medium', sandboxRandom(6)), 'O');
    expect(report.problem, 'a problem with an answer').toBeNull();
    expect(report.losses, 'games lost against every possible opponent').toBeGreaterThan(0);
  });

  test("computerMove 'easy' and 'medium' take their randomness from rng only: Math.random is never called", CAUSE, () => {
    for (const level of ['easy', 'medium'] as const) {
      const calls = mathRandomCalls(() => answersOf(20, 9, computerMove, () => [board('X.. ... ...'), 'O', level] as [Board, Mark, Level]));
      expect(calls, `calls to Math.random by computerMove '${level}'`).toBe(0);
    }
  });
});

task(5, () => {
  test("computerMove 'hard' never loses as X, against every possible sequence of opponent moves", () => {
    const verdict = neverLosesVerdict("computerMove 'hard'", askedOnce(computerMove, 'X', 'hard', sandboxRandom(6)), 'X');
    expect(verdict.actual, 'how the games against every possible opponent ended').toBe(verdict.expected);
  });

  test("computerMove 'hard' never loses as O, against every possible sequence of opponent moves", () => {
    const verdict = neverLosesVerdict("computerMove 'hard'", askedOnce(computerMove, 'O', 'hard', sandboxRandom(6)), 'O');
    expect(verdict.actual, 'how the games against every possible opponent ended').toBe(verdict.expected);
  });

  test("computerMove 'hard' completes its own line when it can, rather than block", () => {
    expect(computerMove(board('OO. XX. .X.'), 'O', 'hard'), "the cell computerMove(board 'OO. XX. .X.', 'O', 'hard') plays").toBe(2);
    expect(computerMove(board('XX. OO. ...'), 'X', 'hard'), "the cell computerMove(board 'XX. OO. ...', 'X', 'hard') plays").toBe(2);
  });

  test("computerMove 'hard' blocks the opponent's line when it cannot win", () => {
    expect(computerMove(board('XX. .O. ...'), 'O', 'hard'), "the cell computerMove(board 'XX. .O. ...', 'O', 'hard') plays").toBe(2);
  });

  test("computerMove 'hard' does not fall for opposite corners: with X in 0 and 8 and O in the centre, O takes a side cell", () => {
    const answer = computerMove(board('X.. .O. ..X'), 'O', 'hard');
    const side = 'a side cell: 1, 3, 5 or 7';
    expect([1, 3, 5, 7].includes(answer) ? side : `cell ${answer}`, "hard's answer").toBe(side);
  });

  test("computerMove 'hard' leaves the board unchanged", CAUSE, () => {
    const position = board('X.. .O. ..X');
    computerMove(position, 'O', 'hard');
    expect(pictureOf(position), 'the board after computerMove').toBe('X.. .O. ..X');
  });
});
