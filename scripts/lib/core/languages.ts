/** The languages the workbook speaks, and how a locale name (ru_RU.UTF-8) maps onto one of them. */

/** The workbook's languages: English (the source), Russian, Catalan, Simplified Chinese. */
export const LANGUAGES = ['en', 'ru', 'ca', 'zh'] as const;

/** One of the workbook's languages, by its code. */
export type Language = (typeof LANGUAGES)[number];

/** The language everything is written in first, and falls back to. */
export const SOURCE_LANGUAGE: Language = 'en';

/** Each language's name in that language, for lists a person chooses from. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский', ca: 'Català', zh: '中文' };

/** True when a text is one of the workbook's language codes. */
export function isLanguage(text: string): text is Language {
  return (LANGUAGES as readonly string[]).includes(text);
}

/**
 * The workbook's language of a POSIX locale name ("ru_RU.UTF-8", "ca_ES@valencia", "zh_CN.GB18030"),
 * undefined for any other ("C", "POSIX", "de_DE.UTF-8", ""). Chinese of every region reads the
 * Simplified edition rather than the English one.
 */
export function languageOfLocale(locale: string): Language | undefined {
  const code = /^([a-z]{2,3})(?:[_\-.@]|$)/i.exec(locale.trim())?.[1]?.toLowerCase();
  return code !== undefined && isLanguage(code) ? code : undefined;
}

/**
 * The locale Intl works with for a language (plural rules, lists): British English, so that lists
 * read "01, 02 and 03" without a comma before "and".
 */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', ru: 'ru', ca: 'ca', zh: 'zh-Hans' };
