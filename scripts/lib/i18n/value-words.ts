/**
 * The words inside a failure's values in another language. Some checks compare values written in
 * words: the name of a line WINNING_LINES lacks ("diagonal from top-right [2, 4, 6]"), how often a
 * cell was picked ("cell 1: about 1000"), how every game against a player ended ("bestMove never loses
 * as X"). Like the labels, they stay English as data (results files, gradebooks); where a person reads
 * a value, each of its lines is put in their language, and a line nothing words stays as it is
 * (numbers, code, boards, what the student's code printed or threw).
 *
 * A lesson's own phrases are worded by its labels map (lesson.<lang>.json's "labels", with the same
 * {placeholder} keys: one map for all the English its suite shows a student). The phrases the helpers
 * in tests/support/ write for several lessons are worded by the catalogs' values.* messages: a message's
 * English is the phrase as the helper writes it, its placeholders the parts the helper fills in.
 */
import { labelIn, labelMap, translateLabel, type LabelMap } from './assertion-labels.ts';
import { textsOf } from './test-titles.ts';
import { listInWords, readCatalog, translator, type MessageKey } from './messages.ts';
import { SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { ROOT, type Lesson } from '../core/workbook.ts';

/** The messages whose English is a phrase of tests/support/ (boards.ts, opponents.ts), in the order the helpers write them. */
export const SUPPORT_PHRASES: readonly MessageKey[] = [
  'values.smallestBoard',
  'values.threwAnswer',
  'values.rightOnAll',
  'values.gaveUp',
  'values.returnedNothing',
  'values.notACell',
  'values.cellTaken',
  'values.threw',
  'values.onEmptyBoard',
  'values.afterMoves',
  'values.onThisBoard',
  'values.reachedBy',
  'values.missedWin',
  'values.missedBlock',
  'values.neverLoses',
  'values.lostGame',
  'values.overBeforeMove',
  'values.notEmptyCell',
  'values.notTheStrategy',
  'values.opponentNotWon',
  'values.askedNotBoard',
  'values.askedBadCells',
  'values.askedUnreached',
  'values.askedAfterEnd',
  'values.askedWrongMark',
  'values.answer',
  'values.wrappedObject',
];

/** Cell numbers a helper lists as choices: "2 or 5". */
const CELL_CHOICES = /^\d+(?: or \d+)+$/;

const NO_WORDS: LabelMap = labelMap([]);
const kept = new Map<string, LabelMap>();

/** The support's phrases in `language`: each message's English as a key, its words as the translation. */
export function supportPhrases(language: Language): LabelMap {
  if (language === SOURCE_LANGUAGE) return NO_WORDS;
  const known = kept.get(language);
  if (known !== undefined) return known;
  const english = readCatalog(SOURCE_LANGUAGE);
  const t = translator(language);
  const wordings = SUPPORT_PHRASES.map((key) => [english[key] as string, (values: Record<string, string>) => t(key, choicesIn(values, language))] as const);
  const phrases = labelMap(wordings);
  kept.set(language, phrases);
  return phrases;
}

/** Values with cell choices ("2 or 5") listed as the language lists alternatives. */
function choicesIn(values: Record<string, string>, language: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, CELL_CHOICES.test(value) ? listInWords(value.split(' or '), language, 'disjunction') : value]),
  );
}

/** The words for the values of a lesson's checks in `language`: its labels map, then the support's phrases. */
export function valueWords(lesson: Pick<Lesson, 'id'>, language: Language, root = ROOT): LabelMap {
  if (language === SOURCE_LANGUAGE) return NO_WORDS;
  const key = `${root}\0${lesson.id}\0${language}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  const words = labelMap(textsOf(lesson, language, 'labels', root), supportPhrases(language));
  kept.set(key, words);
  return words;
}

/** One line of a value a lesson's check compared, in `language` (as it is when nothing words it). */
export function valueLineIn(lesson: Pick<Lesson, 'id'>, line: string, language: Language, root = ROOT): string {
  if (language === SOURCE_LANGUAGE || line === '') return line;
  return translateLabel(line, valueWords(lesson, language, root));
}

/** How the report words what a lesson's suite wrote: the labels of its checks, and the lines of the values they compared. */
export interface SuiteWords {
  label: (label: string) => string;
  valueLine: (line: string) => string;
}

/** The words of a lesson's suite in `language`. */
export function suiteWordsIn(lesson: Pick<Lesson, 'id'>, language: Language, root = ROOT): SuiteWords {
  return {
    label: (label) => labelIn(lesson, label, language, root),
    valueLine: (line) => valueLineIn(lesson, line, language, root),
  };
}
