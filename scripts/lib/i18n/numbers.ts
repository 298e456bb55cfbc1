/**
 * Numbers as a student reads them in a language: a decimal comma in Russian and Catalan ("10,5"), a
 * point in English and Chinese ("10.5"), from the platform's Intl.NumberFormat.
 */
import { roundPoints } from '../core/results.ts';
import { INTL_LOCALES, type Language } from '../core/languages.ts';

const formats = new Map<string, Intl.NumberFormat>();

/** A number with `least` to `most` decimals, written as `language` writes it (no thousands separator: points and seconds stay short). */
function decimals(value: number, least: number, most: number, language: Language): string {
  const key = `${language}\0${least}\0${most}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], { minimumFractionDigits: least, maximumFractionDigits: most, useGrouping: false });
    formats.set(key, format);
  }
  return format.format(value);
}

/** Points as a report shows them: one decimal at most, none for whole points ("100", "93.8", "93,8"), as results.ts's formatPoints in English. */
export function pointsIn(points: number, language: Language): string {
  return decimals(roundPoints(points), 0, 1, language);
}

/** A number with exactly `digits` decimals ("1.25 s", "1,25 с"). */
export function fixedIn(value: number, digits: number, language: Language): string {
  return decimals(value, digits, digits, language);
}

/**
 * Whether a language groups the thousands of a number in prose: English "20,000", Russian "20 000",
 * Catalan "20.000" (the glossaries); Chinese writes "20000" (docs/i18n/glossary.zh.md).
 */
const GROUPS_THOUSANDS: Record<Language, boolean> = { en: true, ru: true, ca: true, zh: false };

const quantityFormats = new Map<Language, Intl.NumberFormat>();

/** A quantity in a sentence (a count, a limit, megabytes) as `language` writes it: "20,000", "20 000", "20.000", "20000"; "0.5", "0,5". */
export function quantityIn(value: number, language: Language): string {
  let format = quantityFormats.get(language);
  if (format === undefined) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: 3, useGrouping: GROUPS_THOUSANDS[language] });
    quantityFormats.set(language, format);
  }
  return format.format(value);
}
