/**
 * Why an archive cannot be read safely, as data (what zip.ts refuses, and the details), and put into
 * words here through the message catalogs (`intake.zip.*`): in English for the teacher's terminal and
 * gradebook, in the class's language for the student's feedback.
 */
import { SOURCE_LANGUAGE } from '../../core/languages.ts';
import { translator, type Translate } from '../../i18n/messages.ts';

/** How an entry of an archive is damaged. */
export type Damage =
  /** Its local header is wrong, or its data is cut short. */
  | 'header'
  /** Its data cannot be inflated. */
  | 'inflate'
  /** It unpacks to another size than its header declares. */
  | 'size'
  /** Its data fails its CRC-32. */
  | 'checksum';

/**
 * Why an archive is refused. Paths are the archive's own (its maker chose them), made printable; sizes
 * and limits are in bytes.
 */
export type ZipProblem =
  /** Asked to write `path` twice into one archive. */
  | { kind: 'given-twice'; path: string }
  /** The .zip file itself is larger than `limitBytes`. */
  | { kind: 'archive-too-large'; limitBytes: number }
  /** It is no ZIP archive at all. */
  | { kind: 'not-zip' }
  /** Its central directory cannot be read. */
  | { kind: 'damaged-directory' }
  /** It names a file without a name. */
  | { kind: 'no-name' }
  /** It holds `path` twice. */
  | { kind: 'twice'; path: string }
  /** It holds `path` both as a file and as a folder. */
  | { kind: 'file-and-folder'; path: string }
  /** It holds `count` files and folders, more than the `limit` allowed. */
  | { kind: 'too-many-entries'; count: number; limit: number }
  /** `path` is packed with `method`, neither stored nor deflated. */
  | { kind: 'method'; path: string; method: number }
  /** `path` unpacks to more than `limitBytes`. */
  | { kind: 'file-too-large'; path: string; limitBytes: number }
  /** `path` is packed more than `ratio` to 1, as archive bombs are. */
  | { kind: 'packed-too-tightly'; path: string; ratio: number }
  /** All its files unpack to more than `limitBytes`. */
  | { kind: 'total-too-large'; limitBytes: number }
  /** `path` is damaged, as `damage` says. */
  | { kind: 'damaged'; path: string; damage: Damage }
  /** `path` unpacks to more than the `declaredBytes` its header declares: damaged or forged. */
  | { kind: 'forged'; path: string; declaredBytes: number }
  /** `path` would be written outside the folder the archive is unpacked into. */
  | { kind: 'unsafe-path'; path: string };

/** The words of the teacher's terminal and pages, and of an error's message. */
const english = translator(SOURCE_LANGUAGE);

/** A number of bytes in words: "1 MiB", "256 KiB", "300 bytes". */
export function bytesWords(bytes: number, t: Translate = english): string {
  const mib = 1024 * 1024;
  if (bytes >= mib && bytes % mib === 0) return t('intake.bytes.mib', { count: bytes / mib });
  if (bytes >= 1024 && bytes % 1024 === 0) return t('intake.bytes.kib', { count: bytes / 1024 });
  return t('intake.bytes.bytes', { count: bytes });
}

/** Why an archive is refused, in words: "the archive holds lessons/01-board/board.ts twice". */
export function zipProblemWords(problem: ZipProblem, t: Translate = english): string {
  switch (problem.kind) {
    case 'given-twice':
      return t('intake.zip.givenTwice', { path: problem.path });
    case 'archive-too-large':
      return t('intake.zip.archiveTooLarge', { size: bytesWords(problem.limitBytes, t) });
    case 'not-zip':
      return t('intake.zip.notZip');
    case 'damaged-directory':
      return t('intake.zip.damagedDirectory');
    case 'no-name':
      return t('intake.zip.noName');
    case 'twice':
      return t('intake.zip.twice', { path: problem.path });
    case 'file-and-folder':
      return t('intake.zip.fileAndFolder', { path: problem.path });
    case 'too-many-entries':
      return t('intake.zip.tooManyEntries', { count: problem.count, limit: problem.limit });
    case 'method':
      return t('intake.zip.method', { path: problem.path, method: String(problem.method) });
    case 'file-too-large':
      return t('intake.zip.fileTooLarge', { path: problem.path, size: bytesWords(problem.limitBytes, t) });
    case 'packed-too-tightly':
      return t('intake.zip.packedTooTightly', { path: problem.path, ratio: String(problem.ratio) });
    case 'total-too-large':
      return t('intake.zip.totalTooLarge', { size: bytesWords(problem.limitBytes, t) });
    case 'damaged':
      return t('intake.zip.damaged', { path: problem.path, damage: problem.damage });
    case 'forged':
      return t('intake.zip.forged', { path: problem.path, size: bytesWords(problem.declaredBytes, t) });
    case 'unsafe-path':
      return t('intake.zip.unsafePath', { path: problem.path });
  }
}
