/**
 * The language `npm run play` and `npm run arena` speak: --lang, else the edition's, else the
 * locale's (i18n/choose.ts). It is known before the command line is parsed, so that the usage a
 * command prints on --help or on a mistake is in that language too.
 */
import { chooseLanguage, languageOption } from '../i18n/choose.ts';
import type { Language } from '../core/languages.ts';
import { ROOT } from '../core/workbook.ts';
import type { LoadWords } from '../core/lesson-modules.ts';
import type { Translate } from '../i18n/messages.ts';

/** The value of --lang on a command line (--lang ru or --lang=ru), undefined without one. */
function languageArgument(args: readonly string[]): string | undefined {
  const index = args.findIndex((arg) => arg === '--lang' || arg.startsWith('--lang='));
  if (index === -1) return undefined;
  const arg = args[index] as string;
  return arg === '--lang' ? args[index + 1] : arg.slice('--lang='.length);
}

/**
 * The language of a student command from its command line. A --lang that names no language is
 * passed over here (the usage is then in the edition's or locale's language); `checkedLanguage`
 * refuses it once the command runs.
 */
export function commandLanguage(args: readonly string[] = process.argv.slice(2)): Language {
  const option = languageArgument(args);
  try {
    return chooseLanguage({ option, root: ROOT });
  } catch {
    return chooseLanguage({ root: ROOT });
  }
}

/** The --lang a command was given, checked: a UsageError listing the languages when it names none. */
export function checkedLanguage(option: string | undefined): void {
  if (option !== undefined) languageOption(option);
}

/** What play and arena say when a lesson's module cannot be loaded, in their language. */
export function loadWords(t: Translate): LoadWords {
  return {
    noSolutions: t('play.load.noSolutions'),
    missing: (file, needs) => t('play.load.missing', { file, needs }),
    failed: (file, error) => t('play.load.failed', { file, error }),
  };
}
