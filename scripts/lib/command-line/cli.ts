/** What every command-line entry shares: argument parsing, colours, and friendly errors. */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { parseArgs, styleText, type ParseArgsConfig } from 'node:util';
import { ROOT, UsageError, type NoSuchLessonWords } from '../core/workbook.ts';
import { chooseLanguage, editionLanguage, languageChoices } from '../i18n/choose.ts';
import { translator, type MessageKey, type MessageValues, type Translate } from '../i18n/messages.ts';
import { listInWords } from '../i18n/lists.ts';
import { isLanguage, LANGUAGE_NAMES, SOURCE_LANGUAGE, type Language } from '../core/languages.ts';

type Style = Parameters<typeof styleText>[0];

/** True when colours should be used on standard output: a terminal, and NO_COLOR not set. */
export function colorsEnabled(stream: NodeJS.WriteStream = process.stdout): boolean {
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

/** A function that colours text when colours are on and returns it unchanged otherwise. */
export type Paint = (style: Style, text: string) => string;

/** Makes a painter for one output. */
export function painter(enabled: boolean): Paint {
  return (style, text) => (enabled ? styleText(style, text) : text);
}

/**
 * The option every student command takes to choose its language (--lang ru); i18n/choose.ts decides
 * from it, the edition and the locale. Spread it into the options given to parseCommandLine.
 */
export const LANGUAGE_OPTION = { lang: { type: 'string' } } as const;

/** The words of the teacher's commands, which speak English (the catalog is read when first needed). */
const english: Translate = (key, values) => translator(SOURCE_LANGUAGE)(key, values);

/**
 * The language of a student command: in a student edition, the edition's (it carries its lessons in
 * that language only, so another --lang is refused by `checkLanguage`, in the edition's words);
 * else --lang as parseArgs reads it (--lang ru, --lang=ru), else the locale's (i18n/choose.ts). It is
 * known before the command line is checked, so that the usage and the mistakes found there are in
 * that language too; a --lang that names no language is passed over here, and `checkLanguage`
 * refuses it once the command runs. (core/installed.mjs chooses the same way before anything is installed.)
 */
export function commandLanguage(args: readonly string[] = process.argv.slice(2), root = ROOT, env: NodeJS.ProcessEnv = process.env): Language {
  const edition = editionLanguage(root);
  if (edition !== undefined) return edition;
  const { values } = parseArgs({ args: [...args], options: LANGUAGE_OPTION, strict: false, allowPositionals: true });
  const option = typeof values.lang === 'string' && isLanguage(values.lang.trim().toLowerCase()) ? values.lang : undefined;
  return chooseLanguage({ option, root, env });
}

/**
 * A --lang a command was given, checked, in the words of `t` (which speaks `language`): a UsageError
 * listing the languages when it names none, and, in a student edition (which holds its lessons in its
 * own language only), one that says so when it is anything but the edition's language (not listing
 * languages the edition cannot speak).
 */
export function checkLanguage(option: string | undefined, t: Translate, language: Language, root = ROOT): void {
  if (option === undefined) return;
  const code = option.trim().toLowerCase();
  const edition = editionLanguage(root);
  if (edition !== undefined && code !== edition) {
    throw new UsageError(t('guard.editionLanguage', { edition: `${edition} (${LANGUAGE_NAMES[edition]})`, code: edition, value: option }));
  }
  if (!isLanguage(code)) throw new UsageError(t('errors.lang', { choices: languageChoices(language), value: option }));
}

/** The line a command's usage gives the --lang option (in a student edition: only the edition's language). */
export function languageUsage(t: Translate, root = ROOT): string {
  const edition = editionLanguage(root);
  return edition === undefined ? t('usage.lang') : t('guard.usage.lang.edition', { code: edition });
}

/** What a student command speaks with: its language (commandLanguage), its words, and its usage. */
export interface CommandSpeech {
  language: Language;
  t: Translate;
  usage: string;
  /** What it says of a name that names no lesson, for core/workbook.ts's selectLessons: the lessons listed as the language lists them. */
  noSuchLesson: NoSuchLessonWords;
}

/**
 * A student command's language and words, and its usage from the catalog: the message `usageKey`,
 * given the values `values` makes in those words and the --lang line as {languageLine}.
 */
export function commandSpeech(usageKey: MessageKey, values: (t: Translate) => MessageValues = () => ({})): CommandSpeech {
  const language = commandLanguage();
  const t = translator(language);
  const noSuchLesson: NoSuchLessonWords = (name, lessons) => t('errors.noSuchLesson', { name, lessons: listInWords(lessons, language) });
  return { language, t, usage: t(usageKey, { ...values(t), languageLine: languageUsage(t) }), noSuchLesson };
}

/** How parseArgs's mistakes are said: its error code, and the message with the option it names. */
const OPTION_MISTAKES: Array<{ code: string; message?: RegExp; key: Parameters<Translate>[0] }> = [
  { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION', key: 'errors.unknownOption' },
  { code: 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE', message: /argument missing/, key: 'errors.optionNeedsValue' },
  { code: 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE', message: /does not take an argument/, key: 'errors.optionTakesNoValue' },
  { code: 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE', message: /ambiguous/, key: 'errors.optionAmbiguous' },
];

/** An option as parseArgs names it in a mistake, as the student typed it: --no-typecheck where parseArgs says --typecheck. */
function asTyped(option: string | undefined, args: readonly string[]): string | undefined {
  const negative = option?.replace(/^--/, '--no-');
  return args.map((arg) => arg.split('=')[0]).find((typed) => typed === negative) ?? option;
}

/**
 * parseArgs with the workbook's error messages, in the words `t` gives (English by default): an
 * unknown option, or an option without its value or with one it does not take, becomes a UsageError.
 */
export function parseCommandLine<T extends NonNullable<ParseArgsConfig['options']>>(
  options: T,
  args: string[] = process.argv.slice(2),
  t: Translate = english,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, allowNegative: true, strict: true });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const option = asTyped(/'(-[^' ]*)/.exec(message)?.[1], args);
    const mistake = OPTION_MISTAKES.find((each) => each.code === code && (each.message?.test(message) ?? true));
    if (mistake !== undefined && option !== undefined) throw new UsageError(t(mistake.key, { option }));
    throw new UsageError(message.replace(/\. To specify a positional argument.*$/s, '.'));
  }
}

/** A path as a command shows it: relative to the current folder when it lies inside it, else in full (not "../../../tmp/grades"). */
export function shownPath(path: string): string {
  const shown = relative(process.cwd(), path);
  if (shown === '') return '.';
  return shown === '..' || shown.startsWith(`..${sep}`) || isAbsolute(shown) ? resolve(path) : shown;
}

/**
 * A command refused because of what a folder holds, not because of its arguments (an --out folder
 * holding a gradebook of other students, a --target folder holding no lessons): its message is the
 * whole reason, so the usage is not printed after it.
 */
export class Refusal extends Error {}

/** The line after a refusal that says where the options are, for the command `usage` describes. */
export function helpLine(usage: string, t: Translate = english): string {
  const command = /npm run ([\w-]+)/.exec(usage)?.[1];
  return command === undefined ? t('usage.help.plain') : t('usage.help', { command });
}

/**
 * Runs a command's main function: --help (or -h) prints the usage; output cut off by its reader ends it quietly; a UsageError prints the message
 * and the usage (exit 2); a Refusal prints its message and where the options are (exit 2); any other
 * error prints its message and stack (exit 1). `t` gives the command's words (English by default).
 */
export function runCommand(usage: string, main: () => Promise<number> | number, t: Translate = english): void {
  // Output piped into a command that stops reading (npm run hint 01 | head -3) ends the command quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${usage.trim()}\n`);
    return;
  }
  Promise.resolve()
    .then(main)
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        if (error instanceof UsageError) {
          process.stderr.write(`${error.message}\n\n${usage.trim()}\n`);
          process.exitCode = 2;
        } else if (error instanceof Refusal) {
          process.stderr.write(`${error.message}\n${helpLine(usage, t)}\n`);
          process.exitCode = 2;
        } else {
          process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
          process.exitCode = 1;
        }
      },
    );
}
