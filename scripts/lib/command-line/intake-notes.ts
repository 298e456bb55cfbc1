/**
 * What the intake of `npm run grade` notes about the exercise files it takes from a hand-in (which of
 * several versions it graded, files it refused to copy), as data; put into words here, through the
 * message catalogs (`notes.*`): in English for the teacher (`check --target`, the gradebook), in the
 * class's language for the student's feedback. The intake itself lives in the teacher's workbook;
 * these notes travel to `check --target` (core/target.ts), so they are core's.
 */
import type { Translate } from '../i18n/messages.ts';

/** Why one version of a hand-in was graded rather than the next in line (see chooseWork in intake/versions.ts). */
export type VersionReason =
  /** A file handed in again: the highest copy number counts. */
  | { kind: 'copy-number' }
  | { kind: 'only' }
  | { kind: 'workbook-first' }
  /** The newest, its files of `time` ("2026-03-02 10:15"). */
  | { kind: 'newest'; time: string }
  /** Files of `time`, as new as those of `other`: of equal ones, the name that sorts last. */
  | { kind: 'as-new'; time: string; other: string }
  /** No file times tell them apart: the name that sorts last. */
  | { kind: 'name-order' };

/** A version left aside: its label ("draft.zip"), and the time of its files or the loose files it held. */
export interface AsideVersion {
  label: string;
  time?: string;
  files?: string[];
}

/** What a path a hand-in holds is, where an exercise file or a folder above it should be. */
export type PathKind = 'link' | 'folder' | 'file' | 'pipe' | 'socket' | 'device' | 'other';

/** A note of the intake about the exercise files it took. Paths and names are as the hand-in has them, made printable. */
export type IntakeNote =
  /** Of several versions (archives, folders, loose files), `graded` was graded, for `why`; the others were left aside. */
  | { kind: 'version-chosen'; graded: string; why: VersionReason; aside: AsideVersion[] }
  /** A loose file handed in more than once: `graded` (the highest copy number) was graded as `as` ("lessons/01-board/board.ts"). */
  | { kind: 'copy-chosen'; graded: string; as: string; aside: string[] }
  /** `path` is `what` where a plain file (or, `folder`, a plain folder above one) belongs: nothing there is graded. */
  | { kind: 'refused'; path: string; what: PathKind; folder: boolean }
  /** `path` holds more than `limitBytes`, the most an exercise file may hold: it was not graded. */
  | { kind: 'too-large'; path: string; limitBytes: number }
  /** `path` changed while it was copied, or could not be read: it was not graded. */
  | { kind: 'unreadable'; path: string };

/** Why a version was graded, in words. */
function versionReasonWords(why: VersionReason, t: Translate, path: (text: string) => string): string {
  switch (why.kind) {
    case 'copy-number':
      return t('notes.versionWhy.copyNumber');
    case 'only':
      return t('notes.versionWhy.only');
    case 'workbook-first':
      return t('notes.versionWhy.workbookFirst');
    case 'newest':
      return t('notes.versionWhy.newest', { time: why.time });
    case 'as-new':
      return t('notes.versionWhy.asNew', { time: why.time, other: path(why.other) });
    case 'name-order':
      return t('notes.versionWhy.nameOrder');
  }
}

/** A version left aside, in words: "draft.zip (files of 2026-03-01 09:00)". */
function asideWords(version: AsideVersion, t: Translate, path: (text: string) => string): string {
  const label = path(version.label);
  if (version.time !== undefined) return t('notes.aside.time', { label, time: version.time });
  if (version.files !== undefined) return t('notes.aside.files', { label, files: version.files.map(path).join(t('notes.listSeparator')) });
  return label;
}

/**
 * An intake note as a phrase in the language `t` speaks ("graded final.zip (newest, files of
 * 2026-03-02 10:15); left aside draft.zip"): the teacher reads it so, the student as a sentence.
 * `path` shows a file or version name (as it is, or in backticks for Markdown).
 */
export function intakeNoteWords(note: IntakeNote, t: Translate, path: (text: string) => string = (text) => text): string {
  const list = (items: string[]): string => items.join(t('notes.listSeparator'));
  switch (note.kind) {
    case 'version-chosen':
      return t('notes.versionChosen', {
        graded: path(note.graded),
        why: versionReasonWords(note.why, t, path),
        aside: list(note.aside.map((version) => asideWords(version, t, path))),
      });
    case 'copy-chosen':
      return t('notes.copyChosen', { graded: path(note.graded), as: path(note.as), aside: list(note.aside.map(path)) });
    case 'refused':
      return t(note.folder ? 'notes.refused.folder' : 'notes.refused.file', { path: path(note.path), what: note.what });
    case 'too-large':
      return t('notes.tooLarge', { path: path(note.path), kib: Math.floor(note.limitBytes / 1024) });
    case 'unreadable':
      return t('notes.unreadable', { path: path(note.path) });
  }
}
