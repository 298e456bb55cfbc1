/**
 * Made-up scores of four real lessons for the result files' tests: passed, failed (a stub, an
 * expect() with a label, a stopped call), hidden and skipped tests, output past the cap, a file that
 * does not load, a timeout and a crash.
 */
import { scoreLesson, type Failure, type LessonScore, type TestOutcome } from '../../../scripts/lib/core/results.ts';
import { readLesson } from '../../../scripts/lib/core/workbook.ts';

const passed = (name: string, task: number): TestOutcome => ({ name, task, hidden: false, status: 'passed', durationMs: 3 });
const failed = (name: string, task: number, failure: Failure, hidden = false): TestOutcome => ({
  name,
  task,
  hidden,
  status: 'failed',
  failure,
  durationMs: 5,
});

const EMPTY_BOARD = ' 1 | 2 | 3\n---+---+---\n 4 | 5 | 6\n---+---+---\n 7 | 8 | 9';

/** The scores, in lesson order. */
export function madeUpScores(): LessonScore[] {
  const board = scoreLesson(readLesson('01-board'), {
    lessonId: '01-board',
    tests: [
      passed('createBoard returns nine cells', 1),
      failed("every cell of a new board is EMPTY, a single space ' '", 1, {
        kind: 'stub',
        name: 'Error',
        message: 'not implemented yet: createBoard',
        missing: 'createBoard',
      }),
      failed('renderBoard draws the empty board with the numbers 1 to 9', 2, {
        kind: 'assertion',
        name: 'AssertionError',
        message: `what renderBoard printed: expected '${EMPTY_BOARD.replace('5', 'X')}' to be '${EMPTY_BOARD}'`,
        expected: `"${EMPTY_BOARD}"`,
        actual: `"${EMPTY_BOARD.replace('5', 'X')}"`,
      }),
      failed('renderBoard leaves the board unchanged', 2, {
        kind: 'stopped',
        name: 'Error',
        message: 'Stopped by the grader after 3000 ms.',
        limitMs: 3000,
        printed: ['thinking…'],
      }),
      failed('a secret case', 2, { kind: 'thrown', name: 'Error', message: 'the secret answer' }, true),
      { name: 'renderFramed draws the empty board in a frame of dashes and bars', task: 3, hidden: false, status: 'skipped', durationMs: 0 },
    ],
    output: `${'x'.repeat(2100)}\n`,
    durationMs: 40,
  });
  const input = scoreLesson(readLesson('02-input'), {
    lessonId: '02-input',
    tests: [],
    output: '',
    durationMs: 12,
    problem: {
      kind: 'load-error',
      failure: {
        kind: 'syntax',
        name: 'SyntaxError',
        message: '[PARSE_ERROR] Error: Expected ";" but found "("\n  at lessons/02-input/input.ts:3:5',
        syntax: { what: 'Expected ";" but found "("', file: 'lessons/02-input/input.ts', line: 3, column: 5 },
      },
    },
  });
  const win = scoreLesson(readLesson('03-win'), {
    lessonId: '03-win',
    tests: [passed('WINNING_LINES holds exactly eight lines, and no line twice', 1)],
    output: '',
    durationMs: 3000,
    problem: { kind: 'timeout', limitMs: 1500, runningTest: 'WINNING_LINES contains the three rows', lastOutput: [] },
  });
  const game = scoreLesson(readLesson('04-game'), {
    lessonId: '04-game',
    tests: [],
    output: '',
    durationMs: 0,
    problem: { kind: 'crash', cause: 'files-missing', files: ['lessons/04-game/game.ts'] },
  });
  return [board, input, win, game];
}
