/**
 * The one place where the gradebook's notes about a hand-in, and the reasons work was not graded, are
 * put into words: in English for the teacher (the gradebook's page, its CSV, the terminal), and, for
 * the notes a student sees, in the class's language through the message catalogs (`notes.*`).
 */
import { intakeNoteWords, type IntakeNote } from '../../command-line/intake-notes.ts';
import { visible } from '../../core/text.ts';
import { SOURCE_LANGUAGE } from '../../core/languages.ts';
import { translator, type MessageKey, type Translate } from '../../i18n/messages.ts';
import type { MissKind } from '../intake/near-misses.ts';
import { PLATFORM_NAMES } from '../intake/platforms.ts';
import { zipProblemWords } from '../intake/zip-problems.ts';
import type { ArchiveReason, HandInNote, HandInReason, LoadCause, Misplaced, NotGraded, UnusableWhy } from './gradebook-types.ts';

/** The words of the teacher's pages and of callers that give no language. */
const english = translator(SOURCE_LANGUAGE);

/** A path or file name as it is shown in plain text (the platforms' files, the gradebook). */
export const asIs = (text: string): string => text;

/** A path or file name in Markdown (feedback.md). */
export const code = (text: string): string => `\`${text.replaceAll('`', "'")}\``;

/** A file name or cause that a hand-in controls, with its control characters made visible (a path may hold anything). */
export const shown = (text: string): string => visible(text).replace(/[\n\t]/g, ' ');

/** What each kind of near miss is, in words. */
const MISS_KEYS: Record<MissKind, MessageKey> = {
  case: 'notes.miss.case',
  extension: 'notes.miss.extension',
  copy: 'notes.miss.copy',
  moved: 'notes.miss.moved',
};

/** Why a file is a near miss, in words: "the capital and small letters differ; 1 other file looked as likely". */
export function missWords(kinds: MissKind[], others: number, t: Translate = english): string {
  const words = kinds.map((kind) => t(MISS_KEYS[kind])).join(t('notes.listSeparator'));
  return others > 0 ? t('notes.miss.others', { kinds: words, count: others }) : words;
}

/** How a misplaced file misses, in words (a gradebook written before this was data kept its words). */
function misplacedWords(miss: Misplaced, t: Translate): string {
  return 'how' in miss ? miss.how : missWords(miss.kinds, miss.others, t);
}

/**
 * Why work was not graded, in the words every place uses that shows it: the student's feedback, the
 * gradebook's cell and notes (html, csv) and the comment that goes back to the platform. A phrase
 * ("not graded: lessons/02-input/input.ts is missing"); `asSentence` makes it one. `path` shows a
 * file name (in backticks for Markdown); `t` speaks the language (English for the teacher's pages).
 */
export function notGradedWords(reason: NotGraded, path: (text: string) => string = asIs, t: Translate = english): string {
  switch (reason.kind) {
    case 'no-hand-in':
      return t('studentFeedback.notGraded.noHandIn');
    case 'online-text-only':
      return t('studentFeedback.notGraded.onlineTextOnly');
    case 'unusable':
      return t('studentFeedback.notGraded.unusable', { problem: unusableWords(reason.why, path, t) });
    case 'missing': {
      const missing = t('studentFeedback.notGraded.missing', { files: reason.files.map(path).join(', '), count: reason.files.length });
      const found = reason.misplaced.map((miss) =>
        t('studentFeedback.notGraded.foundInstead', { found: path(shown(miss.found)), how: misplacedWords(miss, t), expected: path(miss.expected) }),
      );
      return found.length === 0
        ? missing
        : t('studentFeedback.notGraded.missingButFound', { missing, found: found.join(t('studentFeedback.notGraded.andSeparator')) });
    }
    case 'does-not-load':
      return t('studentFeedback.notGraded.doesNotLoad', { cause: loadCauseWords(reason.cause, t) });
    case 'blocked':
      return reason.missing === true
        ? t('studentFeedback.notGraded.blockedMissing', { uses: reason.uses })
        : t('studentFeedback.notGraded.blocked', { uses: reason.uses, cause: loadCauseWords(reason.cause, t) });
    case 'grading-broke':
      return t('studentFeedback.notGraded.gradingBroke');
  }
}

/** Why nothing in a hand-in could be used, in words ("no lessons/ folder was found in it"). */
export function unusableWords(why: UnusableWhy, path: (text: string) => string = asIs, t: Translate = english): string {
  switch (why.kind) {
    case 'no-lessons':
      return t('notes.unusable.noLessons');
    case 'link':
      return t('notes.unusable.link');
    case 'archives':
      return why.archives
        .map(({ archive, reason }) => {
          const words = shown(archiveReasonWords(reason, t));
          return archive === undefined
            ? t('notes.unusable.archive', { reason: words })
            : t('notes.unusable.archiveNamed', { archive: path(shown(archive)), reason: words });
        })
        .join(t('notes.unusable.separator'));
    case 'text':
      return shown(why.text);
  }
}

/** Why an archive could not be unpacked, in words ("this is not a ZIP archive"). */
export function archiveReasonWords(reason: ArchiveReason, t: Translate = english): string {
  return reason.kind === 'text' ? reason.text : zipProblemWords(reason, t);
}

/** Why no code of a hand-in was graded: the whole hand-in's reason, or (`nothing-in-place`) only near misses, not accepted. */
export type NothingGraded = HandInReason | { kind: 'nothing-in-place' };

/** Why no code of a hand-in was graded, in the teacher's words for the terminal (its progress line and table). */
export function nothingGradedWords(reason: NothingGraded): string {
  switch (reason.kind) {
    case 'no-hand-in':
      return 'no hand-in was found for this student';
    case 'online-text-only':
      return 'only online text was handed in, no exercise files';
    case 'unusable':
      return unusableWords(reason.why);
    case 'nothing-in-place':
      return 'no exercise file where it belongs';
  }
}

/**
 * Why a file does not load, in one line, in the language `t` speaks: "Syntax error in
 * lessons/03-win/win.ts, line 12, column 5: …" (the compiler's or the runtime's own words kept as
 * they are), or, with the hidden tests alone, that it does not load with them.
 */
export function loadCauseWords(cause: LoadCause, t: Translate = english): string {
  switch (cause.kind) {
    case 'syntax':
      return cause.file === undefined
        ? t('report.syntaxError', { what: shown(cause.what) })
        : t('report.syntaxError.at', { what: shown(cause.what), file: shown(cause.file), line: String(cause.line), column: String(cause.column) });
    case 'thrown':
      return cause.location === undefined ? shown(cause.error) : t('edges.thrownAt', { error: shown(cause.error), location: shown(cause.location) });
    case 'hidden-tests':
      return t('notes.hiddenLoad');
    case 'text':
      return shown(cause.text);
  }
}

/** A phrase of `notGradedWords` as a sentence: "Not graded: … ." (with the full stop of the language `t` speaks). */
export function asSentence(phrase: string, t: Translate = english): string {
  return `${phrase[0]?.toUpperCase() ?? ''}${phrase.slice(1)}${/[.!?。！？]$/.test(phrase) ? '' : t('studentFeedback.fullStop')}`;
}

/** The kinds of note the intake makes about the files it took (command-line/intake-notes.ts words them). */
const INTAKE_KINDS = new Set<HandInNote['kind']>(['version-chosen', 'copy-chosen', 'refused', 'too-large', 'unreadable']);

/** True for a note of the intake about the files it took. */
function isIntakeNote(note: HandInNote): note is IntakeNote {
  return INTAKE_KINDS.has(note.kind);
}

/** A note about a hand-in in the teacher's words, as the gradebook's page, its CSV and the terminal show it. */
export function handInNoteWords(note: HandInNote): string {
  if (isIntakeNote(note)) return intakeNoteWords(note, english);
  switch (note.kind) {
    case 'late':
      return `${PLATFORM_NAMES[note.platform]} marked it late`;
    case 'link-skipped':
      return `${note.name} is a symbolic link, which is never followed`;
    case 'same-work':
      return `${note.dropped} holds the very same exercise files as ${note.kept}: graded once`;
    case 'look-alike': {
      const others = note.others.map((other) => `${other.name} (${other.found})`).join(', ');
      return `its name looks like that of ${others}: each was graded on its own, so check whose is whose`;
    }
    case 'shared-id':
      return `${PLATFORM_NAMES[note.platform]}'s id ${note.id} is on ${note.names.length} hand-ins (${note.names.join(', ')}): it is left out of the grade import, so check whose it is`;
    case 'participant-mark-twice':
      return "its name holds Moodle's participant mark twice, so its participant number is not used";
    case 'archive-refused':
      return `${note.archive === undefined ? '' : `${note.archive}: `}the archive could not be unpacked: ${archiveReasonWords(note.reason)}`;
    case 'not-on-class-list':
      return 'not on the class list: named after its folder or file';
    case 'class-list-shared':
      return `one of ${note.count} hand-ins that match ${note.name} on the class list: none of them takes the student's ids into the grade import, so check whose it is`;
    case 'feedback-cut':
      return 'feedback cut to the points: it would have shown a hidden test or a solution';
    case 'not-graded':
      return notGradedWords(note.reason);
    case 'no-lessons-folder': {
      const where = note.misses.map((miss) => `${miss.found} (${missWords(miss.kinds, miss.others)})`).join('; ');
      return `no lessons/ folder was found in it; exercise files elsewhere: ${where}${note.accepted ? '' : ' (--accept-near-misses grades them)'}`;
    }
    case 'test-changed':
      return `${note.path} ${note.change} (ignored: graded with the teacher's copy)`;
    case 'text':
      return note.text;
  }
}

/**
 * Which notes a student reads in their feedback: what became of their own files (the version graded,
 * files refused, a test file changed, the same work handed in twice, the platform's late mark). The
 * rest is the teacher's: notes that name classmates (look-alike names, a shared id, a class list
 * matched twice), the class folder's own matters (a link in it, a platform's ids, a name not on the
 * class list), why nothing was graded (the feedback says it in its own words), and old notes in
 * English words alone.
 */
const STUDENT_SEES: Record<HandInNote['kind'], boolean> = {
  'version-chosen': true,
  'copy-chosen': true,
  refused: true,
  'too-large': true,
  unreadable: true,
  late: true,
  'same-work': true,
  'test-changed': true,
  'link-skipped': false,
  'look-alike': false,
  'shared-id': false,
  'participant-mark-twice': false,
  'archive-refused': false,
  'not-on-class-list': false,
  'class-list-shared': false,
  'feedback-cut': false,
  'not-graded': false,
  'no-lessons-folder': false,
  text: false,
};

/** True for a note a student reads in their feedback (see STUDENT_SEES). */
export function studentSees(note: HandInNote): boolean {
  return STUDENT_SEES[note.kind];
}

/** A note a student sees, as a sentence of their feedback in the language `t` speaks; undefined for the teacher's notes. */
export function studentNoteWords(note: HandInNote, t: Translate): string | undefined {
  if (!studentSees(note)) return undefined;
  if (isIntakeNote(note)) return asSentence(intakeNoteWords(note, t, code), t);
  switch (note.kind) {
    case 'late':
      return asSentence(t('notes.student.late', { platform: PLATFORM_NAMES[note.platform] }), t);
    case 'same-work':
      return asSentence(t('notes.student.sameWork', { dropped: code(note.dropped), kept: code(note.kept) }), t);
    case 'test-changed':
      return t(note.change === 'changed' ? 'studentFeedback.testChanged' : 'studentFeedback.testMissing', { path: note.path });
    default:
      return undefined;
  }
}
