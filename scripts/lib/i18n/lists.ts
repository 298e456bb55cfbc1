/**
 * Lists as each language writes them, from the platform's Intl.ListFormat: "01, 02 and 03",
 * "01, 02 и 03", "01, 02 i 03", "01、02 和 03". Every list a command prints is joined here.
 */
import { INTL_LOCALES, type Language } from '../core/languages.ts';

/**
 * How a list is joined: with "and" ('conjunction'), with "or" ('disjunction': the choices of an
 * option), or with the separator alone ('unit': a list cut short, or one whose items are not taken
 * together, "a/, b/, …"). Intl's own 'unit' lists are not used for the last: Russian joins them with
 * bare spaces and Chinese with nothing, so 'unit' here repeats the separator of the language's
 * 'conjunction' list (", " or "、").
 */
export type ListType = 'conjunction' | 'disjunction' | 'unit';

/** Chinese characters (和, 或, 第). */
const HAN = /\p{Script=Han}/u;

/** Characters set apart from Chinese ones by a space: Latin and Cyrillic letters, digits, code's signs; not spaces, not full-width punctuation (、，（）). */
const NARROW = /[^\s\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

/** Markup inside an item (an HTML page's <code>, <a>), which a reader does not see. */
const MARKUP = /<[^>]*>/g;

const formats = new Map<string, Intl.ListFormat>();

function listFormat(language: Language, type: 'conjunction' | 'disjunction'): Intl.ListFormat {
  const key = `${language}\0${type}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.ListFormat(INTL_LOCALES[language], { type });
    formats.set(key, format);
  }
  return format;
}

/**
 * Items joined as `language` lists them (see ListType). A word the list puts between two items
 * in Chinese (和, 或) is kept apart from code, Latin words and numbers by a half-width space, as
 * the Chinese glossary asks of all text: "01-board、02-input 和 03-win", but "第 01 课（棋盘）和第 02 课".
 */
export function listInWords(items: readonly string[], language: Language, type: ListType = 'conjunction'): string {
  if (type === 'unit') return items.join(separatorOf(language));
  const parts = listFormat(language, type).formatToParts(items);
  return parts
    .map((part, index) => {
      if (part.type !== 'literal') return part.value;
      const before = visibleEnd(parts[index - 1]?.value ?? '', 'last');
      const after = visibleEnd(parts[index + 1]?.value ?? '', 'first');
      return `${spaceBetween(before, part.value.at(0))}${part.value}${spaceBetween(part.value.at(-1), after)}`;
    })
    .join('');
}

/** The separator of a language's lists, between items not joined by a word: ", ", "、". */
function separatorOf(language: Language): string {
  const parts = listFormat(language, 'conjunction').formatToParts(['a', 'b', 'c']);
  return parts.find((part) => part.type === 'literal')?.value ?? ', ';
}

/** The first or last character a reader sees of an item. */
function visibleEnd(item: string, end: 'first' | 'last'): string | undefined {
  const text = item.replace(MARKUP, '');
  return end === 'first' ? text.at(0) : text.at(-1);
}

/** A half-width space where a Chinese character (和) meets a narrow one (a code name's letter or digit). */
function spaceBetween(left = '', right = ''): string {
  const meet = (HAN.test(left) && NARROW.test(right)) || (NARROW.test(left) && HAN.test(right));
  return meet ? ' ' : '';
}
