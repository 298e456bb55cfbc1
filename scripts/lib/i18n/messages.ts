/**
 * The messages the commands print, from one catalog per language (catalogs/en.json, ru.json, …) in
 * ICU MessageFormat, formatted by intl-messageformat: plural forms come from the platform's
 * Intl.PluralRules, so Russian gets its one/few/many/other and Chinese none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type english from './catalogs/en.json';
import { INTL_LOCALES, SOURCE_LANGUAGE, type Language } from '../core/languages.ts';

/** The key of a message: every key of the English catalog, and no other. */
export type MessageKey = keyof typeof english;

/** The values a message's placeholders take: a number for a plural, a keyword for a select, text for the rest. */
export type MessageValues = Record<string, string | number>;

/** Puts a message into words in one language. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A catalog as its file holds it: key → ICU message. */
export type Catalog = Record<string, string>;

/** Where a language's catalog is. */
export function catalogPath(language: Language): string {
  return join(import.meta.dirname, 'catalogs', `${language}.json`);
}

/** A language's catalog, read from its file. */
export function readCatalog(language: Language): Catalog {
  return JSON.parse(readFileSync(catalogPath(language), 'utf8')) as Catalog;
}

/** Options the catalogs are parsed and formatted with: `<` and `>` are plain text (the messages hold no markup). */
export const MESSAGE_OPTIONS = { ignoreTag: true } as const;

const translators = new Map<Language, Translate>();

/**
 * The message formatter of a language. A key the language's catalog lacks falls back to English
 * (npm test makes sure none does). Each message is parsed once, when first used.
 */
export function translator(language: Language): Translate {
  const kept = translators.get(language);
  if (kept !== undefined) return kept;
  const catalog = readCatalog(language);
  const source = language === SOURCE_LANGUAGE ? catalog : readCatalog(SOURCE_LANGUAGE);
  const formats = new Map<MessageKey, IntlMessageFormat>();
  const translate: Translate = (key, values) => {
    let format = formats.get(key);
    if (format === undefined) {
      const own = catalog[key];
      const [message, locale] = own === undefined ? [source[key] ?? key, INTL_LOCALES[SOURCE_LANGUAGE]] : [own, INTL_LOCALES[language]];
      format = new IntlMessageFormat(message, locale, undefined, MESSAGE_OPTIONS);
      formats.set(key, format);
    }
    return String(format.format(values));
  };
  translators.set(language, translate);
  return translate;
}

/** Lists in each language's words (lists.ts), for the modules that make messages. */
export { listInWords } from './lists.ts';
