/**
 * Assertion labels in other languages (lesson.<lang>.json's "labels" map): every label a visible suite
 * can give expect() that is worded in English reaches a student in each language, every key of a map
 * words a label the suite still gives, a key and its translation name the same placeholders, and the
 * report shows the label in the student's language.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { labelIn, labelMap, lessonLabels, placeholdersOf, translateLabel, type LabelTrace } from '../../scripts/lib/i18n/assertion-labels.ts';
import { testTitleIn } from '../../scripts/lib/i18n/test-titles.ts';
import { valueLineIn } from '../../scripts/lib/i18n/value-words.ts';
import { planPack } from '../../scripts/lib/teacher/pack/plan.ts';
import { readTranslation } from '../../scripts/lib/i18n/lesson-text.ts';
import { LANGUAGES } from '../../scripts/lib/core/languages.ts';
import { failureOf } from '../../scripts/lib/core/failure.ts';
import { scoreLesson, type TestOutcome } from '../../scripts/lib/core/results.ts';
import { painter } from '../../scripts/lib/command-line/cli.ts';
import { renderReport } from '../../scripts/lib/report/report.ts';
import { renderFeedback } from '../../scripts/lib/teacher/gradebook/feedback.ts';
import { lessonGrade } from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { listLessons, readLesson, ROOT, suitePath } from '../../scripts/lib/core/workbook.ts';
import { suiteLabels } from './suite-labels.ts';
import { inEnglishWords, suiteValues } from './suite-values.ts';

const translations = LANGUAGES.filter((language) => language !== 'en');
const lessons = listLessons();

describe('the rule for what needs words', () => {
  test('code and quoted text are not English words; prose, also inside a call, is', () => {
    for (const code of ["otherPlayer('X')", 'parseMove(" 5 ")', 'parseMove(⟨JSON.stringify(raw)⟩, board)', 'readMove(ru-maps, "seven", …)', 'X.. .O. ...'])
      expect(inEnglishWords(code), code).toBe(false);
    for (const prose of ['as X', 'the board', 'isFull(empty board)', 'winner() with three X on the top row', 'top row'])
      expect(inEnglishWords(prose), prose).toBe(true);
  });
});

describe.each(lessons.map((lesson) => [lesson.id, lesson] as const))('%s', (_id, lesson) => {
  const labels = suiteLabels(join(ROOT, suitePath(lesson)));
  // The map also words the values the suite compares (value-words.test.ts checks those): its keys may word either.
  const values = suiteValues(join(ROOT, suitePath(lesson)), { labels, lessonText: '' }, true);

  test('the suite gives labels this check can read', () => {
    expect(labels.length).toBeGreaterThan(0);
  });

  test.each(translations)('every label in English words reaches a student in %s, and every key of the map words a label or a value', (language) => {
    const map = lessonLabels(lesson, language);
    const trace: LabelTrace = { used: new Set(), kept: [] };
    const unworded = labels
      .map((label) => label.split('\n')[0] as string)
      .filter((label) => translateLabel(label, map, trace) === label && inEnglishWords(label));
    const valueTrace: LabelTrace = { used: new Set(), kept: [] };
    for (const line of values) translateLabel(line, map, valueTrace);
    const keys = [...map.exact.keys(), ...map.patterns.map((pattern) => pattern.key)];
    // (All three at once, so that one failure does not hide the others.)
    expect({
      'labels the map has no words for': unworded,
      'English words a placeholder carries into the words': trace.kept.filter((value) => inEnglishWords(value)),
      'keys that word no label the suite gives': keys.filter((key) => !trace.used.has(key) && !valueTrace.used.has(key)),
    }).toEqual({
      'labels the map has no words for': [],
      'English words a placeholder carries into the words': [],
      'keys that word no label the suite gives': [],
    });
  });

  test.each(translations)('a key and its translation in %s name the same placeholders', (language) => {
    const written = (readTranslation(lesson, language) as { labels?: Record<string, unknown> } | undefined)?.labels ?? {};
    for (const [key, translation] of Object.entries(written)) {
      expect(typeof translation === 'string' && translation !== '', `the translation of "${key}"`).toBe(true);
      expect(placeholdersOf(String(translation)), `the placeholders of "${key}"`).toEqual(placeholdersOf(key));
      expect(key.replace(/\{[A-Za-z]\w*\}/g, '').length, `the fixed text of "${key}"`).toBeGreaterThan(0);
    }
  });
});

describe('how a label is worded', () => {
  const map = labelMap([
    ['{what}, on this board', '{what}, на этом поле'],
    ["hasWon(board, '{player}') with {player} on the {line}", "hasWon(board, '{player}'), когда у {player} {line}"],
    ['top row', 'весь верхний ряд'],
    ['the new board', 'новое поле'],
  ]);

  test('an exact key, a pattern whose values are worded in turn, and the picture under the first line as it is', () => {
    expect(translateLabel('the new board', map)).toBe('новое поле');
    expect(translateLabel("hasWon(board, 'O') with O on the top row", map)).toBe("hasWon(board, 'O'), когда у O весь верхний ряд");
    expect(translateLabel('the new board, on this board\n X | . | .', map)).toBe('новое поле, на этом поле\n X | . | .');
  });

  test('a placeholder named twice matches the same text twice; a label no key words stays English', () => {
    expect(translateLabel("hasWon(board, 'X') with O on the top row", map)).toBe("hasWon(board, 'X') with O on the top row");
    expect(translateLabel('the old board', map)).toBe('the old board');
  });
});

describe('the report', () => {
  const plain = painter(false);
  const lesson = readLesson('03-win');

  /** A failed check of one of lesson 03's tests, as vitest reports it. */
  function failedCheck(name: string, task: number, label: string, expected: string, actual: string): TestOutcome {
    const failure = failureOf({ name: 'AssertionError', message: `${label}: expected ${actual} to be ${expected}`, expected, actual });
    return { name, task, hidden: false, status: 'failed', durationMs: 1, failure };
  }

  const tooFewLines = failedCheck('WINNING_LINES holds exactly eight lines, and no line twice', 1, 'how many lines WINNING_LINES holds', '8', '7');

  function scoreWith(failed: TestOutcome) {
    const passed: TestOutcome = { name: 'other', task: 2, hidden: false, status: 'passed', durationMs: 1 };
    return scoreLesson(lesson, { lessonId: lesson.id, tests: [failed, passed], output: '', durationMs: 5 });
  }

  function reportIn(language: 'en' | 'ru', failed: TestOutcome): string {
    const score = scoreWith(failed);
    return renderReport({ subject: 'x', scores: new Map([[lesson.id, score]]), selected: [lesson.id], allLessons: [lesson.id], paint: plain, language });
  }

  test("a failing lesson's report in Russian names what the failed check looked at in Russian", () => {
    expect(reportIn('ru', tooFewLines)).toContain('Проверяем число линий в WINNING_LINES:');
    expect(reportIn('en', tooFewLines)).toContain('Checking how many lines WINNING_LINES holds:');
  });

  test('a label with a board under it: the first line in Russian, the board as it is', () => {
    const label = "hasWon(board, 'O') when X has the top row, on this board\n X | X | X\n---+---+---";
    const report = reportIn('ru', failedCheck("hasWon is false for a line that holds both marks, and for the other player's line", 2, label, 'false', 'true'));
    expect(report).toContain("Проверяем hasWon(board, 'O'), когда у X весь верхний ряд, на этом поле:");
    expect(report).toMatch(/\n {10}X \| X \| X\n/);
  });

  test("a student's class feedback in Russian words the labels of its failures in Russian", () => {
    const score = scoreWith(tooFewLines);
    const feedback = renderFeedback({ name: 'Аня', scores: [score], grades: [lessonGrade(score, 0)], notes: [], language: 'ru' });
    expect(feedback).not.toContain('how many lines WINNING_LINES holds');
    expect(feedback).toContain('Проверяем число линий в WINNING_LINES:');
  });

  test("a student's class feedback writes points with the decimal mark of the class's language", () => {
    const score = scoreWith(tooFewLines);
    const grades = [{ ...lessonGrade(score, 0), points: 10.5 }];
    expect(renderFeedback({ name: 'Аня', scores: [score], grades, notes: [], language: 'ru' })).toContain('| 10,5/100 |');
    expect(renderFeedback({ name: 'Anna', scores: [score], grades, notes: [], language: 'en' })).toContain('| 10.5/100 |');
  });
});

test("a student edition in Russian words the report's test titles, labels and values in Russian (its lesson.json carries them)", () => {
  const lesson = readLesson('03-win');
  const plan = planPack(ROOT, [lesson], [], lessons, 'ru');
  const edition = mkdtempSync(join(tmpdir(), 'workbook-labels-'));
  try {
    mkdirSync(join(edition, 'lessons', lesson.id), { recursive: true });
    writeFileSync(join(edition, 'lessons', lesson.id, 'lesson.json'), plan.files.get(`lessons/${lesson.id}/lesson.json`) as Buffer);
    // The edition's package.json names its language: a lesson.json is read as that language's.
    writeFileSync(join(edition, 'package.json'), plan.files.get('package.json') as Buffer);
    expect([...plan.files.keys()].filter((path) => path.endsWith('.ru.json'))).toEqual([]);
    expect(labelIn(lesson, 'how many lines WINNING_LINES holds', 'ru', edition)).toBe('число линий в WINNING_LINES');
    expect(testTitleIn(lesson, 'WINNING_LINES holds exactly eight lines, and no line twice', 'ru', edition)).toBe(
      'в WINNING_LINES ровно восемь линий, и ни одной дважды',
    );
    expect(valueLineIn(lesson, 'diagonal from top-right [2, 4, 6]', 'ru', edition)).toBe('диагональ из правого верхнего угла [2, 4, 6]');
    expect(valueLineIn(lesson, "hasWon(board, 'X') → threw TypeError: x", 'ru', edition)).toBe("hasWon(board, 'X') → выбросила ошибку TypeError: x");
  } finally {
    rmSync(edition, { recursive: true, force: true });
  }
});
