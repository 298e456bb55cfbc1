/**
 * The labels of a lesson's assertions in another language. A visible suite names what each expect()
 * looks at ("how many lines WINNING_LINES holds"); the report shows it after "Checking …:". A
 * translation of a lesson words them in lesson.<lang>.json's "labels": { "<English label>": "<label>" }.
 * The English label stays the data everywhere else (results files, gradebooks); only where a person
 * reads it is it put in their language, and a label the map lacks stays English.
 *
 * A suite builds some labels as it runs (`rng() first gives ${value}`), so a key may hold placeholders
 * such as {value}: each matches any text, a placeholder named twice the same text both times, and the
 * translation names the same placeholders. What a placeholder matched is itself looked up as a label
 * (so "top row" inside a label is put in the language too), else carried over as it is (numbers, code);
 * a placeholder in quotes ('{layout}', "{answer}") is text a program reads or prints, always carried over.
 * An exact key goes before a pattern, and of the patterns that match, the one with the most fixed text.
 * Only a label's first line is worded: the lines after it are pictures (a board), which stay as they are.
 * The same map words the lines of the values a suite compares (value-words.ts).
 */
import { textsOf } from './test-titles.ts';
import { SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { ROOT, type Lesson } from '../core/workbook.ts';

/** A placeholder in a key or its translation: {value}. */
export const PLACEHOLDER = /\{([A-Za-z]\w*)\}/g;

/** A lesson's labels in one language: exact keys, and the keys with placeholders as patterns. */
export interface LabelMap {
  exact: ReadonlyMap<string, string>;
  patterns: readonly LabelPattern[];
}

/** A key with placeholders, ready to match. */
interface LabelPattern {
  key: string;
  /** The words with the same placeholders, or what puts the placeholders' values (already worded) into words. */
  translation: string | Wording;
  match: RegExp;
  /** How much of the key is fixed text: the more, the more specific. */
  fixed: number;
  /** The placeholders the key puts in quotes ('{layout}', "{answer}"): text a program reads or prints, carried as it is. */
  quoted: ReadonlySet<string>;
}

/** Puts the values of a key's placeholders into words (a catalog message, with its plural forms). */
export type Wording = (values: Record<string, string>) => string;

const NO_LABELS: LabelMap = { exact: new Map(), patterns: [] };
const kept = new Map<string, LabelMap>();

/** The names of the placeholders a key or a translation holds, each once, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((found) => found[1] as string))].sort();
}

/**
 * The labels of an { "<English label>": "<label>" } object, ready to use; a translation may also be a
 * Wording of the placeholders' values. Keys of `more` go with them (an exact key of `entries` first).
 */
export function labelMap(entries: Iterable<readonly [string, string | Wording]>, more: LabelMap = NO_LABELS): LabelMap {
  const exact = new Map(more.exact);
  const patterns: LabelPattern[] = [];
  for (const [key, translation] of entries) {
    const fixed = key.replace(PLACEHOLDER, '').length;
    if (placeholdersOf(key).length === 0) exact.set(key, typeof translation === 'string' ? translation : translation({}));
    // (A key of placeholders only would match every label: it words none.)
    else if (fixed > 0) patterns.push({ key, translation, match: patternOf(key), fixed, quoted: quotedIn(key) });
  }
  return { exact, patterns: [...patterns, ...more.patterns].sort((a, b) => b.fixed - a.fixed) };
}

/** The names of the placeholders a key puts in quotes. */
function quotedIn(key: string): Set<string> {
  return new Set([...key.matchAll(/(['"])\{([A-Za-z]\w*)\}\1/g)].map((found) => found[2] as string));
}

/** The regular expression of a key: fixed text as is, a placeholder as any text (the same text where it comes again). */
function patternOf(key: string): RegExp {
  const seen = new Set<string>();
  let source = '';
  let from = 0;
  for (const found of key.matchAll(PLACEHOLDER)) {
    const name = found[1] as string;
    source += escaped(key.slice(from, found.index)) + (seen.has(name) ? `\\k<${name}>` : `(?<${name}>.+?)`);
    seen.add(name);
    from = found.index + found[0].length;
  }
  return new RegExp(`^${source}${escaped(key.slice(from))}$`, 's');
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** How a label was worded, for the check of the translations: the keys used, and the placeholders' values carried over as they are. */
export interface LabelTrace {
  used: Set<string>;
  kept: string[];
}

/**
 * One label in the map's language (its first line; the lines after it as they are), or the label
 * itself when the map has no words for it.
 */
export function translateLabel(label: string, labels: LabelMap, trace?: LabelTrace): string {
  const end = label.indexOf('\n');
  if (end >= 0) return translateLine(label.slice(0, end), labels, trace) + label.slice(end);
  return translateLine(label, labels, trace);
}

function translateLine(line: string, labels: LabelMap, trace?: LabelTrace): string {
  const exact = labels.exact.get(line);
  if (exact !== undefined) {
    trace?.used.add(line);
    return exact;
  }
  for (const pattern of labels.patterns) {
    const values = pattern.match.exec(line)?.groups;
    if (values === undefined) continue;
    trace?.used.add(pattern.key);
    const worded = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, pattern.quoted.has(name) ? value : valueIn(value, labels, trace)] as const),
    );
    const { translation } = pattern;
    if (typeof translation !== 'string') return translation(worded);
    return translation.replace(PLACEHOLDER, (whole, name: string) => worded[name] ?? whole);
  }
  return line;
}

/** What a placeholder matched: worded where the map has words for it, else as it is. */
function valueIn(value: string, labels: LabelMap, trace?: LabelTrace): string {
  const worded = translateLine(value, labels, trace);
  if (worded === value) trace?.kept.push(value);
  return worded;
}

/** A lesson's labels in `language` (none in English, or without a translation). */
export function lessonLabels(lesson: Pick<Lesson, 'id'>, language: Language, root = ROOT): LabelMap {
  if (language === SOURCE_LANGUAGE) return NO_LABELS;
  const key = `${root}\0${lesson.id}\0${language}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  const map = labelMap(textsOf(lesson, language, 'labels', root));
  kept.set(key, map);
  return map;
}

/** One assertion label of a lesson's suite (in English, as the suite wrote it) in `language`. */
export function labelIn(lesson: Pick<Lesson, 'id'>, label: string, language: Language, root = ROOT): string {
  return translateLabel(label, lessonLabels(lesson, language, root));
}
