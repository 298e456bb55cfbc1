/** What play and arena say in their language (the language itself is read as every student command reads it: command-line/cli.ts's commandLanguage). */
import type { LoadWords } from '../core/lesson-modules.ts';
import type { Translate } from '../i18n/messages.ts';

/** What play and arena say when a lesson's module cannot be loaded, in their language. */
export function loadWords(t: Translate): LoadWords {
  return {
    noSolutions: t('play.load.noSolutions'),
    missing: (file, needs) => t('play.load.missing', { file, needs }),
    failed: (file, error) => t('play.load.failed', { file, error }),
  };
}
