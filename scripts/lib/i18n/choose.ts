/**
 * The language a student command speaks: `--lang` on its command line; else the language of the
 * student edition (package.json's "workbook": { "language": "ru" }, set by the edition made with
 * `npm run pack -- --lang ru`); else the environment's locale (LC_ALL, LC_MESSAGES, LANG); else English.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../core/workbook.ts';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, languageOfLocale, SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { listInWords } from './lists.ts';

/** The locale variables that name the language of messages, the first set one deciding (as POSIX has it). */
const LOCALE_VARIABLES = ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const;

/** What the choice is made from. */
export interface LanguageSources {
  /** The value of --lang, when given. */
  option?: string | undefined;
  /** The workbook's root, whose package.json may fix an edition's language. */
  root: string;
  /** The environment, for its locale. */
  env?: NodeJS.ProcessEnv;
}

/** The language of a student command (see the top of this file); a --lang that is none of the languages is a UsageError. */
export function chooseLanguage({ option, root, env = process.env }: LanguageSources): Language {
  if (option !== undefined) return languageOption(option);
  return editionLanguage(root) ?? localeLanguage(env) ?? SOURCE_LANGUAGE;
}

/** The language --lang names; a UsageError listing the choices when it names none. */
export function languageOption(option: string): Language {
  const code = option.trim().toLowerCase();
  if (isLanguage(code)) return code;
  throw new UsageError(`--lang takes one of ${languageChoices()}; got "${option}".`);
}

/** The languages to choose from, each by its code and its own name, as `language` lists choices: "en (English), …, ca (Català) or zh (中文)". */
export function languageChoices(language: Language = SOURCE_LANGUAGE): string {
  return listInWords(
    LANGUAGES.map((each) => `${each} (${LANGUAGE_NAMES[each]})`),
    language,
    'disjunction',
  );
}

/**
 * The language a student edition was made in: package.json's "workbook": { "language": "…" };
 * undefined in the teacher's workbook, which has none. A value that is no language is a mistake in
 * the edition, said so plainly.
 */
export function editionLanguage(root: string): Language | undefined {
  const file = join(root, 'package.json');
  if (!existsSync(file)) return undefined;
  const workbook = (JSON.parse(readFileSync(file, 'utf8')) as { workbook?: { language?: unknown } }).workbook;
  const language = workbook?.language;
  if (language === undefined) return undefined;
  if (typeof language === 'string' && isLanguage(language)) return language;
  throw new Error(
    `${file}: "workbook": { "language" } must be one of ${listInWords(LANGUAGES, SOURCE_LANGUAGE, 'disjunction')}, not ${JSON.stringify(language)}.`,
  );
}

/** The language of the environment's locale: the first of LC_ALL, LC_MESSAGES and LANG that is set decides; undefined when it names none of the workbook's. */
export function localeLanguage(env: NodeJS.ProcessEnv): Language | undefined {
  const locale = LOCALE_VARIABLES.map((name) => env[name]).find((value) => value !== undefined && value !== '');
  return locale === undefined ? undefined : languageOfLocale(locale);
}
