/** The sandbox's refusals in the student's language, made by the command for the grading plan (see grader/contracts/sandbox-words.ts). */
import { SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { SANDBOX_WORDS_MARK, SANDBOX_WORDS_SECOND, type SandboxWords } from '../grader/contracts/sandbox-words.ts';
import { translator } from '../i18n/messages.ts';

/** The sandbox's refusals in `language`, each with the mark where the name goes. */
export function sandboxWords(language: Language = SOURCE_LANGUAGE): SandboxWords {
  const t = translator(language);
  return {
    module: t('guard.blockedModule', { name: SANDBOX_WORDS_MARK }),
    control: t('guard.notAvailable', { what: SANDBOX_WORDS_MARK }),
    missing: t('guard.missingModule', { name: SANDBOX_WORDS_MARK, file: SANDBOX_WORDS_SECOND }),
  };
}
