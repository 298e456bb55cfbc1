import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { typecheck } from '../../scripts/lib/grader/command/typecheck.ts';
import { expect, test, describe } from 'vitest';
import { painter } from '../../scripts/lib/command-line/cli.ts';
import { OUTPUT_CUT_LINE } from '../../scripts/lib/core/output-cut.ts';
import type { Language } from '../../scripts/lib/core/languages.ts';
import { toFailure } from '../../scripts/lib/grader/contracts/child-protocol.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';
import { EndlessInputError } from '../support/io.ts';
import { endlessReason } from '../support/pretend-player.ts';
import { failureOf, tamperedError, withVerdict, type Verdict } from '../../scripts/lib/core/failure.ts';
import { compactValue, crashMessage, explainFailure, inExplainingOrder, renderReport, runnerEndWords, TITLE_WIDTH } from '../../scripts/lib/report/report.ts';
import { defaultFileName, FORMATS } from '../../scripts/lib/report/result-files.ts';
import { formatPoints, scoreLesson, type Crash, type Failure, type LessonRun, type RunnerEnd, type TestOutcome } from '../../scripts/lib/core/results.ts';
import { diffLines, focusRows, formatRow, visibleLine } from '../../scripts/lib/report/textdiff.ts';
import { holdToList } from '../../scripts/lib/grader/command/held-to-list.ts';
import { renderFeedback } from '../../scripts/lib/teacher/gradebook/feedback.ts';
import { lessonGrade } from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { planPack } from '../../scripts/lib/teacher/pack/plan.ts';
import { listLessons, readLesson, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';

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
    expect(rows).toEqual(['- ·1·|·2·⏎', '+ ·1·|·2⏎', '  ---∎']);
  });

  test('a trailing line end shows up as one, and its absence as ∎', () => {
    expect(diffLines('a', 'a\n').map(formatRow)).toEqual(['- a∎', '+ a⏎']);
    expect(diffLines('', 'a').map(formatRow)).toEqual(['- ∎', '+ a∎']);
  });

  test('the note of a cut text ends no text, so it gets no ∎', () => {
    const rows = diffLines('x\n'.repeat(300), 'x\n'.repeat(300)).map(formatRow);
    expect(rows.at(-1)).toBe('  (…·100·more·lines)');
  });

  test('keeps lines around a change and folds long equal stretches', () => {
    const expected = Array.from({ length: 20 }, (_, index) => `line ${index}`).join('\n');
    const actual = expected.replace('line 10', 'line ten');
    const rows = focusRows(diffLines(expected, actual), 1);
    expect(rows.map((row) => (row === 'gap' ? '…' : formatRow(row)))).toEqual(['…', '  line·9⏎', '- line·10⏎', '+ line·ten⏎', '  line·11⏎', '…']);
  });
});

describe('explaining a failure', () => {
  /** A failed comparison of two game screens, as a lesson's test reports it. */
  function screens(expected: string, actual: string): string[] {
    const message = `everything the players saw: expected '${actual}' to be '${expected}' // Object.is equality`;
    const failure = failureOf({ name: 'AssertionError', message, expected, actual });
    return explainFailure({ ...outcome(1, 'failed'), failure }, plain);
  }

  /** A failed comparison of a one-line prompt, as lesson 02's tests report it. */
  function prompt(expected: string, actual: string): string[] {
    const message = `the prompt: expected '${actual}' to be '${expected}'`;
    return explainFailure({ ...outcome(1, 'failed'), failure: failureOf({ name: 'AssertionError', message, expected, actual }) }, plain);
  }

  test("every compared line shows how it ends, the last one too: lesson 04's whole output and lesson 08's screen without its last line end", () => {
    // Lesson 04 compares whole outputs: every line, the last one too, ends with ⏎.
    expect(screens(" X | O \nIt's a draw!\n", " X | O \nIt's a draw\n")).toEqual([
      'Checking everything the players saw:',
      'Line by line: - expected, + yours, · a space, ⏎ a line end',
      '  ·X·|·O·⏎',
      "- It's·a·draw!⏎",
      "+ It's·a·draw⏎",
      '             ^ first difference: expected "!", yours a line end',
    ]);
    // Lesson 08 compares screens without their last line end: the last line says so with ∎, on both sides.
    expect(screens(' X | O \nНичья!', ' X | O \nНичья')).toEqual([
      'Checking everything the players saw:',
      'Line by line: - expected, + yours, · a space, ⏎ a line end, ∎ where a text ends without a line end',
      '  ·X·|·O·⏎',
      '- Ничья!∎',
      '+ Ничья∎',
      '       ^ first difference: expected "!", yours the end of the text',
    ]);
    // A missing last line end is a difference the diff shows.
    expect(screens('Draw!\n', 'Draw!').slice(1)).toEqual([
      'Line by line: - expected, + yours, · a space, ⏎ a line end, ∎ where a text ends without a line end',
      '- Draw!⏎',
      '+ Draw!∎',
      '       ^ first difference: expected a line end, yours the end of the text',
    ]);
  });

  test('a pointer under the first changed line says what differs there; a Chinese character counts two columns', () => {
    expect(screens('棋盘 X\nok\n', '棋盘 O\nok\n').slice(2, 5)).toEqual(['- 棋盘·X⏎', '+ 棋盘·O⏎', '       ^ first difference: expected "X", yours "O"']);
    // Only the first change is pointed at.
    expect(screens('xa\nb\nxc\n', 'xA\nb\nxC\n').filter((line) => line.includes('^'))).toEqual(['   ^ first difference: expected "a", yours "A"']);
  });

  test('no pointer where the texts part at their first character and both show one: a space or an end there is still pointed at', () => {
    expect(screens('a\nb\n', 'A\nb\n').filter((line) => line.includes('^'))).toEqual([]);
    expect(prompt('Player X wins!', 'Draw!').filter((line) => line.includes('^'))).toEqual([]);
    expect(screens(' 1 | 2\n', '1 | 2\n').filter((line) => line.includes('^'))).toEqual(['  ^ first difference: expected a space, yours "1"']);
    expect(prompt('X', '').filter((line) => line.includes('^'))).toEqual(['           ^ first difference: expected "X", yours the end of the text']);
  });

  test('a tab shows as →, and the legend says so only when a line holds one', () => {
    expect(screens('a\tb\nc\n', 'a b\nc\n').slice(1, 2)).toEqual(['Line by line: - expected, + yours, · a space, ⏎ a line end, → a tab']);
    expect(prompt('a b', 'a\tb')).toEqual([
      'Checking the prompt:',
      'Expected: "a·b"',
      'Got:      "a→b"',
      '            ^ first difference: expected a space, yours a tab',
      '(· is a space, → a tab)',
    ]);
  });

  test('a change of several lines in a row has no pointer: no one place of it differs first', () => {
    expect(screens('a\nb\nc\n', 'x\ny\nc\n').filter((line) => line.includes('^'))).toEqual([]);
    expect(screens('a\nc\n', 'x\ny\nc\n').filter((line) => line.includes('^'))).toEqual([]);
  });

  test('a stub says the function is not written yet', () => {
    const failed = { ...outcome(1, 'failed'), failure: failureOf({ name: 'Error', message: 'not implemented yet: createBoard' }) };
    expect(explainFailure(failed, plain)).toEqual(['createBoard is not written yet: it still throws "not implemented yet".']);
  });

  test("a stub still unwritten is worded in the student's language, without the stub's English words", () => {
    const failed = { ...outcome(1, 'failed'), failure: failureOf({ name: 'Error', message: 'not implemented yet: createBoard' }) };
    for (const language of ['ru', 'ca', 'zh'] as const) {
      const [line, ...more] = explainFailure(failed, plain, translator(language));
      expect(more).toEqual([]);
      expect(line).toContain('createBoard');
      expect(line).not.toMatch(/not implemented|written/);
    }
  });

  test("a twin the code changed stops it with a verdict, worded in the student's language", () => {
    for (const twin of ['function', 'player'] as const) {
      const failure = toFailure(tamperedError(twin), 'lessons');
      expect(failure).toMatchObject({ kind: 'halted', reason: 'tampered', twin });
      expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain)).toEqual([failure.message]);
      for (const language of ['ru', 'ca', 'zh'] as const) {
        const [line] = explainFailure({ ...outcome(1, 'failed'), failure }, plain, translator(language));
        expect(line).not.toMatch(/Your code|stopped/);
      }
    }
    expect(toFailure(Object.assign(new Error('Your code changed a function the test gave it, so it was stopped.'), { twin: 'function' }), 'lessons').kind).toBe(
      'thrown',
    );
  });

  test('an error from student code names the place', () => {
    const failure = failureOf({ name: 'TypeError', message: 'x is undefined', location: 'lessons/01-board/board.ts:4:2' });
    expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain)).toEqual([
      'Your code threw an error (at lessons/01-board/board.ts:4:2):',
      '  TypeError: x is undefined',
    ]);
  });

  test('a stack overflow names the call that went on without end, not where the stack ran out, and says what it means', () => {
    // As V8 ends the stack of a minimax that never applies its move: the deepest frame is lesson 03's winner check.
    const frame = (file: string, line: number) => ({ file: `/hand-in/lessons/${file}`, line, column: 17 });
    const error = Object.assign(new RangeError('Maximum call stack size exceeded'), {
      stacks: [frame('03-win/win.ts', 43), frame('07-search/search.ts', 145), frame('07-search/search.ts', 137), frame('07-search/search.ts', 161)],
    });
    error.stacks.push(...error.stacks.slice(1), frame('07-search/search.ts', 145));
    const failure = toFailure(error, '/hand-in/lessons');
    expect(failure).toMatchObject({ kind: 'thrown', stackOverflow: true, location: 'lessons/07-search/search.ts:145:17' });
    expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain)).toEqual([
      'Your code threw an error (at lessons/07-search/search.ts:145:17):',
      '  RangeError: Maximum call stack size exceeded',
      'A function kept calling itself (or functions kept calling each other) and never stopped. Does it have a case where it stops, and does every call get closer to that case?',
    ]);
    // Any other error keeps the first frame in the hand-in.
    expect(toFailure(Object.assign(new TypeError('x is undefined'), { stacks: error.stacks }), '/hand-in/lessons')).toMatchObject({
      location: 'lessons/03-win/win.ts:43:17',
    });
    expect(toFailure(Object.assign(new TypeError('x is undefined'), { stacks: error.stacks }), '/hand-in/lessons')).not.toHaveProperty('stackOverflow');
  });

  test('a one-line text mismatch shows both with visible spaces', () => {
    expect(prompt('a', 'a ')).toEqual([
      'Checking the prompt:',
      'Expected: "a"',
      'Got:      "a·"',
      '            ^ first difference: expected the end of the text, yours a space',
      '(· is a space)',
    ]);
  });

  test('text returned as nothing: the expected text with visible spaces, and a word about returning', () => {
    const failure = failureOf({
      name: 'AssertionError',
      message: "expected undefined to be ' a \nb' // Object.is equality",
      expected: '" a \nb"',
      actual: 'undefined',
    });
    expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain)).toEqual([
      'Expected this text (· a space, ⏎ a line end, ∎ where a text ends without a line end):',
      '  ·a·⏎',
      '  b∎',
      'Got: undefined',
      'Your function gave back nothing (undefined). Does it return the text? Printing it does not count.',
    ]);
  });

  test('values that fit on one line are shown on one line', () => {
    expect(compactValue('[\n  [\n    "X",\n    ".",\n  ],\n  [\n    ".",\n  ],\n]')).toEqual(['[["X", "."], ["."]]']);
    expect(compactValue('{\n  "index": 4,\n  "ok": true,\n}')).toEqual(['{"index": 4, "ok": true}']);
  });

  test("the pretend player stopping endless asking is not blamed on the student's other files", () => {
    const failure = failureOf(
      {
        name: 'EndlessInputError',
        message: 'kept asking for input 20 times after input had ended',
        location: 'lessons/02-input/input.ts:9:9',
      },
      { kept: 'asking' },
    );
    expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain)).toEqual([
      "The checker's pretend player stopped your code: it kept asking for input 20 times after input had ended.",
      'Does your loop stop when input gives null (the player has stopped typing)?',
    ]);
  });

  describe("the pretend player's reasons and the output cap's line, in the reader's language", () => {
    const endless = (kept: 'asking' | 'printing', limit: number) =>
      ({ ...outcome(1, 'failed'), failure: toFailure(new EndlessInputError(kept, limit), 'lessons') }) satisfies TestOutcome;
    const reasonIn = (language: Language, kept: 'asking' | 'printing', limit: number) => explainFailure(endless(kept, limit), plain, translator(language))[0];

    test('in English, the report says what the pretend player wrote, for any limit', () => {
      // A limit of thousands is written as English writes numbers in prose (the stops' numbers too).
      expect(reasonIn('en', 'printing', 10_000)).toBe("The checker's pretend player stopped your code: it printed more than 10,000 times.");
      for (const limit of [1, 3, 20, 999]) {
        for (const kept of ['asking', 'printing'] as const) {
          expect(reasonIn('en', kept, limit)).toBe(`The checker's pretend player stopped your code: it ${endlessReason(kept, limit)}.`);
          expect(explainFailure(endless(kept, limit), plain)[0], 'without a language').toBe(reasonIn('en', kept, limit));
        }
      }
    });

    test('in Russian, Catalan and Chinese, the reason is in their words, with the count in their plural', () => {
      const reasons = (language: Language) => [reasonIn(language, 'asking', 20), reasonIn(language, 'asking', 1), reasonIn(language, 'printing', 10_000)];
      expect(reasons('ru')).toEqual([
        'Игрок понарошку из проверки остановил ваш код (ввод уже закончился, а код продолжал его запрашивать: больше 20 раз).',
        'Игрок понарошку из проверки остановил ваш код (ввод уже закончился, а код продолжал его запрашивать: больше 1 раза).',
        'Игрок понарошку из проверки остановил ваш код (код выводил текст больше 10\u00a0000 раз).',
      ]);
      expect(reasons('ca')).toEqual([
        "El jugador de mentida del corrector ha aturat el teu codi (ha seguit demanant l'entrada 20 vegades quan ja s'havia acabat).",
        "El jugador de mentida del corrector ha aturat el teu codi (ha seguit demanant l'entrada 1 vegada quan ja s'havia acabat).",
        'El jugador de mentida del corrector ha aturat el teu codi (ha mostrat text més de 10.000 vegades).',
      ]);
      expect(reasons('zh')).toEqual([
        '检查程序里的模拟玩家停止了你的代码（输入已经结束，代码却又请求了 20 次输入）。',
        '检查程序里的模拟玩家停止了你的代码（输入已经结束，代码却又请求了 1 次输入）。',
        '检查程序里的模拟玩家停止了你的代码（代码打印了超过 10000 次）。',
      ]);
    });

    test('an EndlessInputError without its limit (one the code made up) keeps its own message', () => {
      const made = failureOf({ name: 'EndlessInputError', message: 'anything' }, { kept: 'asking' });
      expect(explainFailure({ ...outcome(1, 'failed'), failure: made }, plain, translator('ru'))[0]).toBe(
        'Игрок понарошку из проверки остановил ваш код (anything).',
      );
    });

    test("the output cap's line under the last lines printed is in the reader's words; results files keep it as printed", () => {
      const stopped = failureOf(
        { name: 'StoppedError', message: 'anything' },
        { verdict: { kind: 'stopped', limitMs: 3000, printed: ['1199 x', OUTPUT_CUT_LINE] } },
      );
      const lastLines = (language: Language) => explainFailure({ ...outcome(1, 'failed'), failure: stopped }, plain, translator(language)).slice(-2);
      expect(lastLines('en')).toEqual(['  1199 x', '  [more output was cut]']);
      expect(lastLines('ru')).toEqual(['  1199 x', '  [дальше вывод обрезан]']);
      expect(lastLines('ca')).toEqual(['  1199 x', "  [la resta del que ha mostrat s'ha retallat]"]);
      expect(lastLines('zh')).toEqual(['  1199 x', '  ［后面的输出已截断］']);
      expect(stopped).toMatchObject({ printed: ['1199 x', '[more output was cut]'] });
    });

    test("the sandbox's output cap prints the same line as the suites' (it cannot import it)", () => {
      const sandbox = readFileSync(join(ROOT, 'scripts', 'lib', 'grader', 'sandbox', 'sandbox.js'), 'utf8');
      expect(sandbox).toContain(`'${OUTPUT_CUT_LINE}\\n'`);
    });
  });

  test('a vitest timeout becomes a question about loops', () => {
    const failure = failureOf({ name: 'Error', message: 'Test timed out in 3000ms.' });
    expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain)[0]).toBe('This test did not finish within 3 s.');
  });

  test('a stop by the grader is told from its verdict: the limit, or the budget that ran out, and the lines printed last, whatever the message says', () => {
    const stopped = failureOf({ name: 'StoppedError', message: 'anything' }, { verdict: { kind: 'stopped', limitMs: 3000, printed: ['round 1'] } });
    expect(explainFailure({ ...outcome(1, 'failed'), failure: stopped }, plain)).toEqual([
      'Your code was still running after 3 s in this test, so it was stopped.',
      'Does every loop in your code end? Check what changes on each turn of the loop.',
      'The last lines your code printed:',
      '  round 1',
    ]);
    const outOfTime = failureOf(
      { name: 'StoppedError', message: 'anything' },
      { verdict: { kind: 'out-of-time', budget: 'lesson', budgetMs: 12_000, printed: [] } },
    );
    expect(explainFailure({ ...outcome(1, 'failed'), failure: outOfTime }, plain)).toEqual([
      "Ran out of time: this lesson's tests took longer than the 12 s a lesson may spend in your code (every call counts, waiting too), so it was stopped and its other tests were not run.",
      'Is your code waiting (a sleep, a busy loop) or doing far more work than it needs?',
    ]);
  });

  test('a stop for any other reason is told from its verdict, in the words the old messages had, and never as an error the code threw', () => {
    const halted = (verdict: Verdict): string[] =>
      explainFailure({ ...outcome(1, 'failed'), failure: failureOf({ name: 'StoppedError', message: 'anything' }, { verdict }) }, plain);
    expect(halted({ kind: 'halted', reason: 'memory', limitBytes: 768 * 1024 * 1024, printed: ['round 1'] })).toEqual([
      'Your code used more memory than the grader allows (768 MB), so it was stopped.',
      'The last lines your code printed:',
      '  round 1',
    ]);
    expect(halted({ kind: 'halted', reason: 'oversized', frameBytes: 8 * 1024 * 1024, answerObjects: 20_000, lessonObjects: 200_000, printed: [] })).toEqual([
      'Your code sent the test far more than any answer needs (over 8 MB or 20,000 objects in one answer, or 200,000 objects in one lesson), so it was stopped. Does a loop add to a list or a text far more often than it should?',
    ]);
    expect(halted({ kind: 'halted', reason: 'protocol', printed: [] })).toEqual(["Your code wrote into the grader's own channel, so it was stopped."]);
    expect(halted({ kind: 'halted', reason: 'spawn', detail: 'spawn EAGAIN', printed: [] })).toEqual([
      'The grader could not start a sandbox for your code: spawn EAGAIN',
    ]);
    expect(halted({ kind: 'halted', reason: 'reentry', printed: [] })).toEqual([
      'Your code gave the test a value that runs your code when it is read (a toString, say). Give it plain values, such as strings.',
    ]);
    expect(halted({ kind: 'halted', reason: 'ended', exitCode: 134, signal: null, said: ['FATAL ERROR', '\u001b[31mabort'], printed: ['hi'] })).toEqual([
      'The program running your code ended while this test ran (it ended with exit code 134).',
      'The last lines your code printed:',
      '  hi',
      'It said:',
      '  FATAL ERROR',
      '  ␛[31mabort',
    ]);
    expect(halted({ kind: 'halted', reason: 'tampered', twin: 'function', printed: [] })).toEqual([
      'Your code changed a function the test gave it, so it was stopped.',
    ]);
    expect(halted({ kind: 'halted', reason: 'tampered', twin: 'player', printed: [] })).toEqual([
      'Your code changed the lines the pretend player types, so it was stopped.',
    ]);
    expect(halted({ kind: 'halted', reason: 'ended', exitCode: null, signal: 'SIGSEGV', said: [], printed: [] })).toEqual([
      'The program running your code ended while this test ran (it was killed by SIGSEGV).',
    ]);
  });

  test("a stop is worded in the student's language, with the limits as that language writes numbers", () => {
    const verdict: Verdict = {
      kind: 'halted',
      reason: 'oversized',
      frameBytes: 8 * 1024 * 1024,
      answerObjects: 20_000,
      lessonObjects: 200_000,
      printed: ['第 1 轮'],
    };
    const failure = failureOf({ name: 'StoppedError', message: 'anything' }, { verdict });
    const zh = explainFailure({ ...outcome(1, 'failed'), failure }, plain, translator('zh'));
    expect(zh).toEqual([
      '你的代码发给测试的数据远远超过任何答案所需（一个答案超过 8 MB 或 20000 个对象，或者一课超过 200000 个对象），所以被停止了。是不是有哪个循环往列表或文本里添加内容的次数比应有的多得多？',
      '你的代码最后输出的几行：',
      '  第 1 轮',
    ]);
    const ru = explainFailure({ ...outcome(1, 'failed'), failure }, plain, translator('ru')).join('\n');
    expect(ru).toContain('20\u00a0000 объектов');
    const ca = explainFailure({ ...outcome(1, 'failed'), failure }, plain, translator('ca')).join('\n');
    expect(ca).toContain('20.000 objectes');
    for (const language of ['ru', 'ca', 'zh'] as const) {
      expect(explainFailure({ ...outcome(1, 'failed'), failure }, plain, translator(language)).join('\n')).not.toMatch(
        /StoppedError|grader allows|any answer needs/,
      );
    }
  });

  test("a stop's verdict crosses from the worker to the command whole, and a verdict with a detail missing is not believed", () => {
    const verdict: Verdict = { kind: 'halted', reason: 'ended', exitCode: 1, signal: null, said: ['out of file descriptors'], printed: ['round 1'] };
    const crossed = toFailure(withVerdict(new Error('The program running your code ended.'), verdict), '/nowhere/lessons');
    expect(crossed).toMatchObject({ kind: 'halted', reason: 'ended', exitCode: 1, signal: null, said: ['out of file descriptors'], printed: ['round 1'] });
    const broken = Object.assign(new Error('anything'), { graderVerdict: { kind: 'halted', reason: 'memory', printed: [] } });
    expect(failureOf({ name: 'StoppedError', message: 'anything' }, { verdict: undefined }).kind).toBe('thrown');
    expect(toFailure(broken, '/nowhere/lessons').kind).toBe('thrown');
  });
});

describe("the test runner's end", () => {
  const ends: RunnerEnd[] = [
    { kind: 'signal', signal: 'SIGKILL' },
    { kind: 'exit', code: 1 },
    { kind: 'silent', silentMs: 120_000 },
  ];
  const broke = (end: RunnerEnd): Crash => ({ kind: 'crash', cause: 'grader-broke', end, tail: '' });
  const stalled = (end: RunnerEnd): Crash => ({ kind: 'crash', cause: 'runner-stalled', end, lesson: '03-win', handIn: 'Ann' });

  test('is data, worded in English as the sentences always said it', () => {
    expect(ends.map((end) => runnerEndWords(end))).toEqual(['was stopped by SIGKILL', 'ended with exit code 1', 'said nothing for 120 s and was stopped']);
    expect(crashMessage(broke({ kind: 'signal', signal: 'SIGKILL' }))).toBe(
      'Grading itself broke: the test runner was stopped by SIGKILL before this lesson was graded. This is a fault of the grader, not of the code it grades.',
    );
    expect(crashMessage(broke({ kind: 'silent', silentMs: 120_000 }))).toMatch(
      /^Grading itself broke: the test runner said nothing for 120 s and was stopped before/,
    );
    expect(crashMessage(stalled({ kind: 'silent', silentMs: 15_000 }))).toMatch(
      /^The test runner said nothing for 15 s and was stopped while it graded lesson 03-win of Ann,/,
    );
  });

  test("is worded in the student's language, with no English inside the sentence", () => {
    expect(crashMessage(broke({ kind: 'signal', signal: 'SIGKILL' }), translator('ru'))).toBe(
      'Сломалась сама проверка: программа, запускающая тесты, остановилась (её остановил сигнал SIGKILL), не проверив этот урок. Это ошибка проверяющей программы, а не проверяемого кода.',
    );
    expect(crashMessage(stalled({ kind: 'silent', silentMs: 15_000 }), translator('zh'))).toMatch(
      /^测试运行器在评 Ann 的第 03-win 课时停止了（15 秒没有任何输出，被评分程序停止）/,
    );
    expect(crashMessage(broke({ kind: 'exit', code: 1 }), translator('ca'))).toContain('(ha acabat amb el codi de sortida 1)');
    for (const language of ['ru', 'ca', 'zh'] as const) {
      for (const end of ends) {
        for (const crash of [broke(end), stalled(end)]) {
          expect(crashMessage(crash, translator(language))).not.toMatch(/stopped|exit code|said nothing|ended/);
        }
      }
    }
  });

  test('an end kept in words (a gradebook written before ends were data) is shown as it was', () => {
    const kept: RunnerEnd = { kind: 'text', text: 'was stopped by SIGTERM' };
    expect(crashMessage(broke(kept))).toMatch(/^Grading itself broke: the test runner was stopped by SIGTERM before this lesson was graded\./);
  });
});

describe('the report', () => {
  test('one line per lesson, the first failure, the total and the next step', () => {
    const failure = failureOf({ name: 'Error', message: 'not implemented yet: first' });
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
        '01  Demo                     ██████░░░░  60/100  not done yet',
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

  test("a stack overflow in the first failed test's task is the failure explained, wherever it comes in the task", () => {
    const compared = failureOf({ name: 'AssertionError', message: 'the games', expected: 'never loses', actual: 'threw RangeError' });
    const overflow = failureOf({ name: 'RangeError', message: 'Maximum call stack size exceeded' }, { stackOverflow: true });
    const report = (tests: TestOutcome[]): string =>
      renderReport({
        subject: 'x',
        scores: new Map([[lesson.id, scoreLesson(lesson, run(tests))]]),
        selected: [lesson.id],
        allLessons: [lesson.id],
        paint: plain,
      });
    const shown = report([
      { ...outcome(1, 'failed', 'never loses'), failure: compared },
      { ...outcome(1, 'failed', 'takes the win'), failure: overflow },
    ]);
    expect(shown).toContain('takes the win\n       Your code threw an error:\n         RangeError: Maximum call stack size exceeded\n');
    expect(shown).not.toContain('never loses');
    // One in a later task waits for its turn: the first failed task comes first.
    const later = report([
      { ...outcome(1, 'failed', 'never loses'), failure: compared },
      { ...outcome(2, 'failed', 'takes the win'), failure: overflow },
    ]);
    expect(later).toContain('never loses');
    expect(later).not.toContain('takes the win');
  });

  test('a failed test of a rule the others follow from (CAUSE) is explained first in its task, when its own check failed', () => {
    const compared = failureOf({ name: 'AssertionError', message: 'the games', expected: 'never loses', actual: 'threw TypeError' });
    const changed = failureOf({ name: 'AssertionError', message: 'the board after computerMove', expected: 'X.. .O. ..X', actual: 'XOO OOO OOX' });
    const crashed = failureOf({ name: 'TypeError', message: "Cannot read properties of undefined (reading '0')" });
    const rule = (failure: Failure): TestOutcome => ({ ...outcome(1, 'failed', 'leaves the board unchanged'), cause: true, failure });
    const explained = (tests: TestOutcome[]): string | undefined => inExplainingOrder(tests)[0]?.name;
    const first = { ...outcome(1, 'failed', 'never loses'), failure: compared };
    expect(explained([first, rule(changed)])).toBe('leaves the board unchanged');
    // A rule's test that failed another way (a crash, a stub) shows nothing the first one does not.
    expect(explained([first, rule(crashed)])).toBe('never loses');
    // Unmarked, the same failure waits its turn; marked in a later task, too.
    expect(explained([first, { ...outcome(1, 'failed', 'leaves the board unchanged'), failure: changed }])).toBe('never loses');
    expect(explained([first, { ...rule(changed), task: 2 }])).toBe('never loses');
    // A stack overflow still comes first.
    const overflow = failureOf({ name: 'RangeError', message: 'Maximum call stack size exceeded' }, { stackOverflow: true });
    expect(explained([first, rule(changed), { ...outcome(1, 'failed', 'takes the win'), failure: overflow }])).toBe('takes the win');
  });
});

test("the default result files of npm run check -- --json / --format are ignored by git, in the workbook and in a student's pack", () => {
  const ignored = readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n');
  const [first] = listLessons();
  const packed =
    planPack(ROOT, [first as Lesson], [])
      .files.get('.gitignore')
      ?.toString('utf8')
      .split('\n') ?? [];
  for (const format of ['json' as const, ...FORMATS]) {
    const file = defaultFileName(format);
    expect(ignored, `the workbook's .gitignore`).toContain(`/${file}`);
    expect(packed, `a pack's .gitignore`).toContain(`/${file}`);
  }
});

describe('the report across lessons', () => {
  /** A real lesson's score: every task passing, or every test of task 1 failing with a stub's message. */
  function scored(id: string, passing: boolean): ReturnType<typeof scoreLesson> {
    const real = readLesson(id);
    const tests = real.tasks.map((_task, index) => {
      const failed = !passing && index === 0;
      return {
        ...outcome(index + 1, failed ? 'failed' : 'passed', `${id} test ${index + 1}`),
        ...(failed ? { failure: failureOf({ name: 'Error', message: `not implemented yet: ${id}` }) } : {}),
      };
    });
    return scoreLesson(real, { lessonId: id, tests, output: '', durationMs: 1 });
  }

  function report(scores: Array<ReturnType<typeof scoreLesson>>, selected: string[], doneLessons?: Set<string>): string {
    return renderReport({
      subject: 'your code in lessons/',
      scores: new Map(scores.map((score) => [score.lesson.id, score])),
      selected,
      allLessons: listLessons().map((each) => each.id),
      paint: plain,
      doneLessons,
    });
  }

  test('an unfinished lesson whose code others run is named once, and only for the lessons that run it', () => {
    const ids = ['01-board', '02-input', '03-win', '04-game', '05-class', '06-computer'];
    const scores = ids.map((id) => scored(id, id === '02-input' || id === '03-win'));
    const text = report(scores, ids);
    const notes = text.split('\n').filter((line) => line.includes('your code from lesson 01'));
    expect(notes, 'the notes about lesson 01').toEqual([
      'Lessons 04 and 05 run your code from lesson 01 (Board display), which is not done yet: some of their failures may come from there. Finish lesson 01 first: npm run check 01',
    ]);
    expect(text, 'lesson 06 imports only a constant and types from lesson 01: its own failure is shown').toContain('06-computer test 1');
    expect(text, 'lesson 04 shows its own first failure too').toContain('04-game test 1');
  });

  test("every lesson's title fits its column of the report", () => {
    for (const each of listLessons()) expect(each.title.length, `the length of "${each.title}"`).toBeLessThanOrEqual(TITLE_WIDTH);
  });

  test('when every selected lesson is done, the next step is the first lesson not done in the whole progress', () => {
    const text = report([scored('01-board', true), scored('02-input', true)], ['02-input'], new Set(['01-board', '02-input', '03-win']));
    expect(text.split('\n').at(-1)).toBe('Well done! Next: lesson 04: lessons/04-game/README.md');
    const all = new Set(listLessons().map((each) => each.id));
    expect(
      report([scored('01-board', true), scored('02-input', true)], ['02-input'], all)
        .split('\n')
        .at(-1),
    ).toBe('Every lesson is done. Well played!');
  });
});

describe('what a hand-in controls reaches no terminal raw', () => {
  /** A window title, a clear screen, a hyperlink, an 8-bit CSI, a carriage return, a bell. */
  const ESCAPES = '\x1b]0;title\x07\x1b[2J\x1b]8;;https://example.com/\x1b\\link\x1b]8;;\x1b\\\x9b31m\rover';
  const SHOWN = '␛]0;title␇␛[2J␛]8;;https://example.com/␛\\link␛]8;;␛\\<U+009B>31m␍over';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for
  const CONTROL_BYTE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
  const failed = (failure: ReturnType<typeof failureOf>, hidden = false): TestOutcome => ({ ...outcome(1, 'failed'), hidden, failure });

  test('a thrown message, its place and its name show their control characters as pictures', () => {
    const failure = failureOf({ name: `Error${ESCAPES}`, message: `broken ${ESCAPES}`, location: `lessons/01-board/board.ts:4:2${ESCAPES}` });
    const lines = explainFailure(failed(failure), plain);
    expect(lines.join('\n')).not.toMatch(CONTROL_BYTE);
    expect(lines).toEqual([`Your code threw an error (at lessons/01-board/board.ts:4:2${SHOWN}):`, `  Error${SHOWN}: broken ${SHOWN}`]);
  });

  test('an answer in a diff, one line or several', () => {
    const oneLine = failureOf({ name: 'AssertionError', message: "expected 'x' to be 'a'", expected: 'a', actual: `x${ESCAPES}` });
    const lines = failureOf({ name: 'AssertionError', message: "expected 'x' to be 'a'", expected: 'a\nb', actual: `${ESCAPES}\nb` });
    for (const failure of [oneLine, lines]) {
      const text = explainFailure(failed(failure), plain).join('\n');
      expect(text).not.toMatch(CONTROL_BYTE);
      expect(text).toContain('␛]0;title␇');
    }
  });

  test('the last lines printed before a stop, and a lesson stopped while it loaded', () => {
    const stopped = failureOf({ name: 'StoppedError', message: 'stopped' });
    const printed = explainFailure(failed({ ...stopped, kind: 'stopped', limitMs: 3000, printed: [`printed ${ESCAPES}`] }), plain);
    expect(printed.at(-1)).toBe(`  printed ${SHOWN}`);
    const score = scoreLesson(lesson, {
      ...run([]),
      problem: { kind: 'timeout', limitMs: 3000, runningTest: `t${ESCAPES}`, lastOutput: [`printed ${ESCAPES}`] },
    });
    const text = renderReport({ subject: 'a hand-in', scores: new Map([[lesson.id, score]]), selected: [lesson.id], allLessons: [lesson.id], paint: plain });
    expect(text).not.toMatch(CONTROL_BYTE);
    expect(text).toContain(`printed ${SHOWN}`);
  });

  test('feedback.md: the failures, the notes and the report in it', () => {
    const failure = failureOf({ name: 'Error', message: `broken ${ESCAPES}` });
    const score = scoreLesson(lesson, run([{ ...failed(failure), name: `first ${ESCAPES}` }, outcome(2, 'passed')]));
    const text = renderFeedback({
      name: 'Ann',
      scores: [score],
      grades: [lessonGrade(score, 0)],
      notes: [{ kind: 'test-changed', path: `a note ${ESCAPES}`, change: 'changed' }],
    });
    expect(text).not.toMatch(CONTROL_BYTE);
    expect(text).toContain(`broken ${SHOWN}`);
    expect(text).toContain(`a note ${SHOWN}`);
  });

  test("the teacher's view of a hidden failure shows what went wrong on the counterexample, not only the counterexample", () => {
    const message = [
      'Property failed after 3 tests',
      'Counterexample: [["X"," ","O"]]',
      'Shrunk 2 time(s)',
      'Got AssertionError: winner(board) on',
      'X . O',
      ": expected null to be 'O'",
    ].join('\n');
    const first = failed(failureOf({ name: 'Error', message: 'visible' }));
    const score = scoreLesson(lesson, run([first, { ...failed(failureOf({ name: 'AssertionError', message }), true), name: 'hidden property' }]));
    const text = renderReport({
      subject: 'a hand-in',
      scores: new Map([[lesson.id, score]]),
      selected: [lesson.id],
      allLessons: [lesson.id],
      paint: plain,
      showHidden: true,
    });
    const lines = text.split('\n');
    const at = lines.findIndex((line) => line.includes('hidden property'));
    expect(lines.slice(at + 1, at + 5).map((line) => line.trim())).toEqual([
      'Counterexample: [["X"," ","O"]]',
      'Got AssertionError: winner(board) on',
      'X . O',
      ": expected null to be 'O'",
    ]);
  });

  test("the teacher's view of hidden failures, in colour too: only the painter's own escapes remain", () => {
    const failure = failureOf({ name: 'Error', message: `hidden ${ESCAPES}` });
    const score = scoreLesson(lesson, run([failed(failure), failed(failure, true), { ...failed(failure, true), name: `other ${ESCAPES}` }]));
    const text = renderReport({
      subject: 'a hand-in',
      scores: new Map([[lesson.id, score]]),
      selected: [lesson.id],
      allLessons: [lesson.id],
      paint: painter(true),
      showHidden: true,
    });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the painter's colour codes are taken out, to look at what is left
    const withoutColours = text.replace(/\x1b\[\d+m/g, '');
    expect(withoutColours).not.toMatch(CONTROL_BYTE);
    expect(withoutColours).toContain(`other ${SHOWN}`);
    expect(withoutColours).toContain(`hidden ${SHOWN}`);
  });
});

test('the words after a count of type errors agree with it: one error is "it", several "they"', () => {
  const say = (language: Language, count: number): string => translator(language)('report.typeErrors', { count });
  expect(say('ru', 1)).toBe('TypeScript нашёл 1 ошибку типов. Баллы за неё не снимаются, но она часто указывает на ошибку в программе:');
  expect(say('ru', 21)).toContain('за неё не снимаются, но она');
  expect(say('ru', 3)).toBe('TypeScript нашёл 3 ошибки типов. Баллы за них не снимаются, но они часто указывают на ошибку в программе:');
  expect(say('ca', 1)).toContain('1 error de tipus. No resta punts, però sovint assenyala un error');
  expect(say('en', 1)).toBe('TypeScript found 1 type error. It costs no points, but it often points at a bug:');
  expect(say('en', 2)).toBe('TypeScript found 2 type errors. They cost no points, but they often point at a bug:');
});

test("tsc's messages come in the student's language when TypeScript has them, each language with its own cache", async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'workbook-typecheck-locale-'));
  try {
    const folder = join(scratch, 'hand-in');
    cpSync(join(ROOT, 'solutions', '01-board'), join(folder, '01-board'), { recursive: true });
    const file = join(folder, '01-board', 'board.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nexport const broken: number = 'not a number';\n`);
    const lessons = listLessons().filter((each) => each.id === '01-board');
    const cache = join(scratch, 'state');
    const said = async (language: Language): Promise<string[]> =>
      ((await typecheck(ROOT, folder, lessons, cache, undefined, language)).get('01-board') ?? []).map((problem) => problem.message);
    expect(await said('ru')).toEqual(['Тип "string" не может быть назначен для типа "number".']);
    expect(await said('zh')).toEqual(['不能将类型“string”分配给类型“number”。']);
    // Catalan has no messages of its own in TypeScript: English, as tsc writes it.
    expect(await said('ca')).toEqual(["Type 'string' is not assignable to type 'number'."]);
    expect(await said('ru')).toEqual(['Тип "string" не может быть назначен для типа "number".']);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test("a test held to the suite's list that did not run exactly once fails with a reason of its own kind, worded in each language", () => {
  const run: LessonRun = { lessonId: '01-board', tests: [], output: '', durationMs: 0 };
  holdToList(run, [{ name: 'draws the empty board', task: 1, hidden: false }]);
  const [held] = run.tests as [TestOutcome];
  expect(held.failure?.kind).toBe('not-run');
  expect(explainFailure(held, painter(false))).toEqual(['This test did not run exactly once, so it counts as failed.']);
  for (const language of ['ru', 'ca', 'zh'] as const) {
    expect(explainFailure(held, painter(false), translator(language))).toEqual([translator(language)('report.notRunOnce')]);
  }
});

test('a test that did not run because its lesson stopped before it (a file that never finished loading, say) says so, not that it ran the wrong number of times', () => {
  const run: LessonRun = { lessonId: '01-board', tests: [], output: '', durationMs: 0, problem: { kind: 'timeout', limitMs: 3000, lastOutput: [] } };
  holdToList(run, [{ name: 'draws the empty board', task: 1, hidden: false }]);
  const [held] = run.tests as [TestOutcome];
  expect(held.failure).toMatchObject({ kind: 'not-run', lessonStopped: true });
  expect(explainFailure(held, painter(false))).toEqual(['This test did not run, because its lesson stopped before it (the reason is given above).']);
  expect(explainFailure(held, painter(false), translator('ru'))).toEqual([translator('ru')('report.notRun.lessonStopped')]);
  expect(run.anomalies).toBeUndefined();
});
