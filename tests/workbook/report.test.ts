import { expect, test, describe } from 'vitest';
import { painter } from '../../scripts/lib/cli.ts';
import { compactValue, explainFailure, renderReport } from '../../scripts/lib/report.ts';
import { formatPoints, scoreLesson, type LessonRun, type TestOutcome } from '../../scripts/lib/results.ts';
import { diffLines, focusRows, formatRow, visibleLine } from '../../scripts/lib/textdiff.ts';
import type { Lesson } from '../../scripts/lib/workbook.ts';

const plain = painter(false);

const lesson: Lesson = {
  id: '01-demo',
  number: '01',
  title: 'Demo',
  buildsOn: [],
  files: ['demo.ts'],
  tasks: [
    { title: 'First', points: 40, hints: [] },
    { title: 'Second', points: 60, hints: [] },
  ],
};

function outcome(task: number, status: TestOutcome['status'], name = `t${task}`): TestOutcome {
  return { name, task, hidden: false, status, durationMs: 1 };
}

function run(tests: TestOutcome[]): LessonRun {
  return { lessonId: lesson.id, tests, output: '', durationMs: 5 };
}

describe('scoring', () => {
  test("a task's points are earned in proportion to its passing tests", () => {
    const score = scoreLesson(lesson, run([outcome(1, 'passed'), outcome(1, 'failed'), outcome(2, 'passed')]));
    expect(score.tasks.map((task) => task.earned)).toEqual([20, 60]);
    expect(score.earned).toBe(80);
    expect(score.done).toBe(false);
  });

  test('points keep one decimal, rounded to the nearest tenth', () => {
    // Task 2 (60 points): 7 of 16 tests pass → 26.25; task 1 (40 points): 1 of 1 → 40.
    const tests = [...Array(7).fill(outcome(2, 'passed')), ...Array(9).fill(outcome(2, 'failed')), outcome(1, 'passed')];
    expect(scoreLesson(lesson, run(tests)).earned).toBe(66.3);
    expect(formatPoints(66.25)).toBe('66.3');
    expect(formatPoints(100)).toBe('100');
    expect(formatPoints(93.75)).toBe('93.8');
  });

  test('full points only when every test passes', () => {
    const tests = [...Array(1999).fill(outcome(2, 'passed')), outcome(2, 'failed'), outcome(1, 'passed')];
    expect(scoreLesson(lesson, run(tests)).earned, '99.97 is shown as 99.9, never 100').toBe(99.9);
    expect(scoreLesson(lesson, run([outcome(1, 'passed'), outcome(2, 'passed')])).earned).toBe(100);
  });

  test('a task without tests earns nothing', () => {
    expect(scoreLesson(lesson, run([outcome(1, 'passed')])).earned).toBe(40);
  });

  test('a lesson that timed out is not done', () => {
    const timedOut = { ...run([outcome(1, 'passed'), outcome(2, 'passed')]), problem: { kind: 'timeout' as const, limitMs: 10, lastOutput: [] } };
    expect(scoreLesson(lesson, timedOut).done).toBe(false);
  });
});

describe('the visible-whitespace diff', () => {
  test('shows spaces as · and tabs as →', () => {
    expect(visibleLine(' a\tb ')).toBe('·a→b·');
  });

  test('marks line ends and shows what differs', () => {
    const rows = diffLines(' 1 | 2 \n---', ' 1 | 2\n---').map(formatRow);
    expect(rows).toEqual(['- ·1·|·2·⏎', '+ ·1·|·2⏎', '  ---']);
  });

  test('a trailing line end shows up as one', () => {
    expect(diffLines('a', 'a\n').map(formatRow)).toEqual(['- a', '+ a⏎']);
  });

  test('keeps lines around a change and folds long equal stretches', () => {
    const expected = Array.from({ length: 20 }, (_, index) => `line ${index}`).join('\n');
    const actual = expected.replace('line 10', 'line ten');
    const rows = focusRows(diffLines(expected, actual), 1);
    expect(rows.map((row) => (row === 'gap' ? '…' : formatRow(row)))).toEqual([
      '…',
      '  line·9⏎',
      '- line·10⏎',
      '+ line·ten⏎',
      '  line·11⏎',
      '…',
    ]);
  });
});

describe('explaining a failure', () => {
  test('a stub says the function is not written yet', () => {
    const failed = { ...outcome(1, 'failed'), failure: { name: 'Error', message: 'not implemented yet: createBoard' } };
    expect(explainFailure(failed, plain)).toEqual(['createBoard is not written yet: it still throws "not implemented yet".']);
  });

  test('an error from student code names the place', () => {
    const failure = { name: 'TypeError', message: 'x is undefined', location: 'lessons/01-board/board.ts:4:2' };
    expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain)).toEqual([
      'Your code threw an error (at lessons/01-board/board.ts:4:2):',
      '  TypeError: x is undefined',
    ]);
  });

  test('a one-line text mismatch shows both with visible spaces', () => {
    const failure = { name: 'AssertionError', message: "the prompt: expected 'a ' to be 'a'", expected: 'a', actual: 'a ' };
    expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain)).toEqual([
      'Checking the prompt:',
      'Expected: "a"',
      'Got:      "a·"',
      '(· is a space)',
    ]);
  });

  test('text returned as nothing: the expected text with visible spaces, and a word about returning', () => {
    const failure = { name: 'AssertionError', message: "expected undefined to be ' a \nb' // Object.is equality", expected: '" a \nb"', actual: 'undefined' };
    expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain)).toEqual([
      'Expected this text (· a space, ⏎ a line end):',
      '  ·a·⏎',
      '  b',
      'Got: undefined',
      'Your function gave back nothing (undefined). Does it return the text? Printing it does not count.',
    ]);
  });

  test('values that fit on one line are shown on one line', () => {
    expect(compactValue('[\n  [\n    "X",\n    ".",\n  ],\n  [\n    ".",\n  ],\n]')).toEqual(['[["X", "."], ["."]]']);
    expect(compactValue('{\n  "index": 4,\n  "ok": true,\n}')).toEqual(['{"index": 4, "ok": true}']);
  });

  test("the pretend player stopping endless asking is not blamed on the student's other files", () => {
    const failure = { name: 'EndlessInputError', message: 'kept asking for input 20 times after input had ended', location: 'lessons/02-input/input.ts:9:9' };
    expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain)).toEqual([
      "The checker's pretend player stopped your code: it kept asking for input 20 times after input had ended.",
      'Does your loop stop when input gives null (the player has stopped typing)?',
    ]);
  });

  test('a vitest timeout becomes a question about loops', () => {
    const failure = { name: 'Error', message: 'Test timed out in 3000ms.' };
    expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain)[0]).toBe('This test did not finish within 3 s.');
  });
});

describe('the report', () => {
  test('one line per lesson, the first failure, the total and the next step', () => {
    const failure = { name: 'Error', message: 'not implemented yet: first' };
    const score = scoreLesson(lesson, run([{ ...outcome(1, 'failed', 'first works'), failure }, outcome(2, 'passed')]));
    const text = renderReport({
      subject: 'your code in lessons/',
      scores: new Map([[lesson.id, score]]),
      selected: [lesson.id],
      allLessons: [lesson.id],
      paint: plain,
    });
    expect(text).toBe(
      [
        'Tic-Tac-Toe workbook: grading your code in lessons/',
        '',
        '01  Demo                   ██████░░░░  60/100  not done yet',
        '     ✗ Task 1: First (0/40 points, 0 of 1 tests pass)',
        '       first works',
        '       first is not written yet: it still throws "not implemented yet".',
        '     Read "Task 1" in lessons/01-demo/README.md. Stuck? npm run hint 01',
        '',
        'Total: 60/100 · 0 of 1 lesson done',
        'Next: lesson 01 (Demo): lessons/01-demo/README.md',
      ].join('\n'),
    );
  });
});
