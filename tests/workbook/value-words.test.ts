/**
 * Words inside failure values in other languages (scripts/lib/i18n/value-words.ts): every line in
 * English words that a visible suite or a helper of tests/support/ writes into a compared value reaches
 * a student in each language (the lesson's labels map, the catalogs' values.* phrases), every phrase
 * words a line a helper still writes, and the report and the class feedback show the values in the
 * student's language while results files keep them as the suite wrote them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { translateLabel, type LabelTrace } from '../../scripts/lib/i18n/assertion-labels.ts';
import { supportPhrases, SUPPORT_PHRASES, valueWords } from '../../scripts/lib/i18n/value-words.ts';
import { readCatalog } from '../../scripts/lib/i18n/messages.ts';
import { LANGUAGES, type Language } from '../../scripts/lib/core/languages.ts';
import { failureOf } from '../../scripts/lib/core/failure.ts';
import { scoreLesson, type TestOutcome } from '../../scripts/lib/core/results.ts';
import { painter } from '../../scripts/lib/command-line/cli.ts';
import { explainFailure, renderReport } from '../../scripts/lib/report/report.ts';
import { renderFeedback } from '../../scripts/lib/teacher/gradebook/feedback.ts';
import { lessonGrade } from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { lessonExamples, listLessons, readLesson, readmePath, ROOT, suitePath } from '../../scripts/lib/core/workbook.ts';
import { suiteLabels } from './suite-labels.ts';
import { inEnglishWords, suiteValues } from './suite-values.ts';

const translations = LANGUAGES.filter((language) => language !== 'en');
const lessons = listLessons();
const SUPPORT = join(ROOT, 'tests', 'support');
const supportFiles = readdirSync(SUPPORT)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => join(SUPPORT, name));

/** What the lessons ask the program to print, and the input typed to it: it stays as the lesson specifies. */
const PROGRAM_OUTPUT = 'what the lesson asks the program to print (or the input typed to it), which stays as the lesson specifies';

/** Why the pretend player stopped the code (endlessReason, for any of its limits): a report words it from the failure's kept and limit. */
const ENDLESS_REASON = 'the reason of an EndlessInputError, for results files: the report words it from the failure itself';

/** Lines in English words a suite writes that stay English, and why. */
const STAYS_ENGLISH: Record<string, string> = {
  'a real game reaches the board': 'the name of a set of digests: never shown',
  'how the game stands on a board a real game reaches': 'the name of a set of digests: never shown',
  '(not known: run npm run digests)': "for the teacher: the workbook's digests are missing",
  "kept asking for input ⟨limit.toLocaleString('en-US')⟩ ⟨limit === 1 ? 'time' : 'times'⟩ after input had ended": ENDLESS_REASON,
  "printed more than ⟨limit.toLocaleString('en-US')⟩ ⟨limit === 1 ? 'time' : 'times'⟩": ENDLESS_REASON,
  'Player O, choose a cell (1-9): 1': PROGRAM_OUTPUT,
  'Player X, choose a cell (1-9): 9': PROGRAM_OUTPUT,
  'Player X, choose a cell (1-9): 2': PROGRAM_OUTPUT,
  'Player X, choose a cell (1-9): 3': PROGRAM_OUTPUT,
  'Player X, choose a cell (1-9): x': PROGRAM_OUTPUT,
  'Player X, choose a cell (1-9): 6': PROGRAM_OUTPUT,
  'Score: X 0, O 0, draws 1': PROGRAM_OUTPUT,
  'Final score: X 0, O 0, draws 1': PROGRAM_OUTPUT,
  'Final score: X 1, O 0, draws 0': PROGRAM_OUTPUT,
  'Play again? (y/n) yy': PROGRAM_OUTPUT,
  'Round 1: O moves first.': PROGRAM_OUTPUT,
  '⟨winner⟩ wins!': PROGRAM_OUTPUT,
  'No winner: ⟨winner⟩': PROGRAM_OUTPUT,
  'Nobody can move.': PROGRAM_OUTPUT,
  'The winner: {winner}': PROGRAM_OUTPUT,
  'Still going ({winner})': PROGRAM_OUTPUT,
  'The winner: X': PROGRAM_OUTPUT,
  'Still going (.)': PROGRAM_OUTPUT,
  'this test': 'where a layout text of a test comes from: never shown',
};

/** The value lines of a lesson's suite that need words. */
function lessonValues(lesson: (typeof lessons)[number]): string[] {
  const file = join(ROOT, suitePath(lesson));
  const context = { labels: suiteLabels(file), lessonText: readFileSync(join(ROOT, readmePath(lesson)), 'utf8') };
  return suiteValues(file, context).filter((line) => !(line in STAYS_ENGLISH));
}

/** What a set of lines leaves in English with these words, and the English a placeholder carries into them. */
function unworded(lines: readonly string[], words: Parameters<typeof translateLabel>[1], trace: LabelTrace) {
  return {
    'lines nothing words': lines.filter((line) => translateLabel(line, words, trace) === line),
    'English words a placeholder carries into the words': trace.kept.filter((value) => inEnglishWords(value)),
  };
}

const NOTHING_LEFT = { 'lines nothing words': [], 'English words a placeholder carries into the words': [] };

describe.each(lessons.map((lesson) => [lesson.id, lesson] as const))('%s', (_id, lesson) => {
  const lines = lessonValues(lesson);

  test.each(translations)('every line in English words the suite writes into a value reaches a student in %s', (language) => {
    const trace: LabelTrace = { used: new Set(), kept: [] };
    expect(unworded(lines, valueWords(lesson, language), trace)).toEqual(NOTHING_LEFT);
  });

  test.each(translations)("no line of the lesson's examples (what a program prints, as the lesson specifies) is worded in %s", (language) => {
    const words = valueWords(lesson, language);
    const shown = [...lessonExamples(lesson).values()].flatMap((example) => example.text.split('\n'));
    expect(shown.filter((line) => translateLabel(line, words) !== line)).toEqual([]);
  });
});

describe('the phrases of tests/support/', () => {
  const lines = supportFiles.flatMap((file) => suiteValues(file)).filter((line) => !(line in STAYS_ENGLISH));

  test('the helpers write the phrases this check knows', () => {
    expect(lines).toContain('⟨name⟩ never loses as ⟨seat⟩');
    expect(lines).toContain("The smallest board where ⟨what⟩ is wrong (⟨board.filter((cell) => cell !== ' ').length⟩ marks):");
  });

  test.each(translations)('every line in English words the helpers write into a value reaches a student in %s', (language) => {
    const trace: LabelTrace = { used: new Set(), kept: [] };
    expect(unworded(lines, supportPhrases(language), trace)).toEqual(NOTHING_LEFT);
  });

  test('every values.* phrase words a line a helper writes', () => {
    const every = supportFiles.flatMap((file) => suiteValues(file, undefined, true));
    const trace: LabelTrace = { used: new Set(), kept: [] };
    for (const line of every) translateLabel(line, supportPhrases('ru'), trace);
    const english = readCatalog('en');
    expect(SUPPORT_PHRASES.filter((key) => !trace.used.has(english[key] as string))).toEqual([]);
  });

  test("a phrase's English is the helper's text with plain {placeholders} (no plural or select to match against)", () => {
    const english = readCatalog('en');
    for (const key of SUPPORT_PHRASES) expect(english[key], key).toMatch(/^(?:[^{}']|'(?![{}'])|\{[A-Za-z]\w*\})+$/);
  });
});

describe('how a value line is worded', () => {
  const lesson = readLesson('07-search');

  test("a helper's phrase, with the lesson's words and cell choices inside it", () => {
    const words = valueWords(lesson, 'ru');
    expect(translateLabel('bestMove played 3 instead of winning at once with 2 or 5', words)).toBe('bestMove сыграла 3, а могла сразу выиграть ходом 2 или 5');
    expect(translateLabel('took 655 ms: it works every position out again instead of remembering it', words)).toBe(
      'отвечала 655 мс: она заново просчитывает каждую позицию, вместо того чтобы запомнить',
    );
    expect(translateLabel('X.. .O. ..X', words)).toBe('X.. .O. ..X');
  });
});

describe('the report', () => {
  const plain = painter(false);

  /** A failed check as vitest reports it: toEqual/toBe of printed values, or of two texts. */
  function failedCheck(name: string, task: number, label: string, expected: string, actual: string, texts = false): TestOutcome {
    const message = texts ? `${label}: expected '${actual}' to be '${expected}'` : `${label}: expected ${actual} to deeply equal ${expected}`;
    const failure = failureOf({ name: 'AssertionError', message, expected, actual });
    return { name, task, hidden: false, status: 'failed', durationMs: 1, failure };
  }

  function reportIn(lessonId: string, language: Language, failed: TestOutcome): string {
    const lesson = readLesson(lessonId);
    const passed: TestOutcome = { name: 'other', task: 1, hidden: false, status: 'passed', durationMs: 1 };
    const score = scoreLesson(lesson, { lessonId, tests: [failed, passed], output: '', durationMs: 5 });
    return renderReport({ subject: 'x', scores: new Map([[lessonId, score]]), selected: [lessonId], allLessons: [lessonId], paint: plain, language });
  }

  const missingDiagonal = failedCheck(
    'WINNING_LINES contains both diagonals',
    1,
    'the diagonals WINNING_LINES does not contain',
    '[]',
    '[\n  "diagonal from top-right [2, 4, 6]",\n]',
  );

  test('the name of a missing line, inside an array, in each language; in English as the suite wrote it', () => {
    expect(reportIn('03-win', 'ru', missingDiagonal)).toContain('Получено:  ["диагональ из правого верхнего угла [2, 4, 6]"]');
    expect(reportIn('03-win', 'ca', missingDiagonal)).toContain('["diagonal que surt de dalt a la dreta [2, 4, 6]"]');
    expect(reportIn('03-win', 'zh', missingDiagonal)).toContain('["从右上角出发的对角线 [2, 4, 6]"]');
    expect(reportIn('03-win', 'en', missingDiagonal)).toContain('Got:      ["diagonal from top-right [2, 4, 6]"]');
  });

  test('Chinese value labels end in a full-width colon: no space after it, and the values still line up', () => {
    const report = reportIn('03-win', 'zh', missingDiagonal);
    expect(report).toMatch(/\n {7}期望：\[\]\n {7}实际：\["/);
  });

  test('two texts compared line by line: both sides worded alike, so lines that agree still agree', () => {
    const expected = 'cell 1: about 1000\ncell 3: about 1000';
    const actual = 'cell 1: about 1000\ncell 3: 1247, too many';
    const label = 'how often each empty cell of X.O .X. O.. was picked in 5000 moves (about 1000 each means from 850 to 1150)';
    const report = reportIn('06-computer', 'zh', failedCheck('randomMove makes every empty cell about equally likely', 1, label, expected, actual, true));
    expect(report).toContain('  第·1·格：约·1000·次⏎');
    expect(report).toContain('- 第·3·格：约·1000·次∎');
    expect(report).toContain('+ 第·3·格：1247·次，太多∎');
    expect(report).not.toMatch(/cell \d|about 1000|too many/);
  });

  test("a one-line text in Catalan, and a student's class feedback in Russian", () => {
    const lesson = readLesson('07-search');
    const slow = failedCheck(
      'bestMove remembers solved positions: asked about all 4,520 positions with a move left a second time, it answers within a quarter of a second',
      3,
      'bestMove asked about the same 4520 positions a second time',
      'answered within 250 ms',
      'took 655 ms: it works every position out again instead of remembering it',
      true,
    );
    expect(reportIn('07-search', 'ca', slow)).toContain('Obtingut: "ha·trigat·655·ms:·torna·a·calcular·cada·posició·en·lloc·de·recordar-la"');
    const score = scoreLesson(lesson, { lessonId: lesson.id, tests: [slow], output: '', durationMs: 5 });
    const feedback = renderFeedback({ name: 'Аня', scores: [score], grades: [lessonGrade(score, 0)], notes: [], language: 'ru' });
    expect(feedback).toContain('"ответила·быстрее·чем·за·250·мс"');
    expect(feedback).not.toContain('answered·within');
  });

  test("results files and teachers' notes keep the values as the suite wrote them", () => {
    expect(explainFailure(missingDiagonal, plain).join('\n')).toContain('["diagonal from top-right [2, 4, 6]"]');
  });
});
