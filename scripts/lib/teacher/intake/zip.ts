/**
 * ZIP archives for handing workbooks out and taking them back in. The format is the libraries' job:
 * fflate writes archives, adm-zip reads their directory and hands over each file's packed bytes. The
 * policy is ours: what a student's archive may hold and unpack to, checked on what the directory
 * declares before anything is inflated, and again while inflating (node:zlib, stopped at the
 * declared size), with each file's CRC-32 checked.
 */
import AdmZip from 'adm-zip';
import { zipSync, type Zippable } from 'fflate';
import { crc32, inflateRawSync } from 'node:zlib';
import { printable } from '../../core/text.ts';
import { zipProblemWords, type ZipProblem } from './zip-problems.ts';

/** One file in an archive: a path with forward slashes, and its bytes. */
export interface ZipEntry {
  path: string;
  data: Buffer;
}

const STORED = 0;
const DEFLATED = 8;
/** External attributes of a regular file, rw-r--r--, as Unix archivers write them. */
const REGULAR_FILE = (0o100644 << 16) >>> 0;
/** The "made by" system: Unix, so the attributes above are read. */
const UNIX = 3;

/**
 * An archive that cannot be read safely, and why, as data (`problem`); its message says the same in
 * English, for whoever shows errors as they come. The reason often names an entry of the archive,
 * which its maker chose: its control characters become "?" here, once for all.
 */
export class ZipError extends Error {
  readonly problem: ZipProblem;

  constructor(problem: ZipProblem) {
    const safe = 'path' in problem ? { ...problem, path: printable(problem.path) } : problem;
    super(zipProblemWords(safe));
    this.problem = safe;
  }
}

/** Writes a ZIP archive of the given files (deflated), in the given order; a path given twice is refused. */
export function writeZip(entries: ZipEntry[], date = new Date()): Buffer {
  const files: Zippable = {};
  for (const entry of entries) {
    if (Object.hasOwn(files, entry.path)) throw new ZipError({ kind: 'given-twice', path: entry.path });
    files[entry.path] = [entry.data, { mtime: date, os: UNIX, attrs: REGULAR_FILE }];
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}

/**
 * What an archive may unpack to, checked in the central directory before anything is inflated and
 * again while inflating (so a header that lies gets no further). docs/class-grading.md quotes these numbers.
 */
export const ARCHIVE_LIMITS = {
  /** Bytes of the .zip file itself. */
  archiveBytes: 200 * 1024 * 1024,
  /** Files and folders unpacked from it. */
  entries: 2000,
  /** Bytes of one file, unpacked. */
  fileBytes: 1024 * 1024,
  /** Bytes of all files together, unpacked. */
  totalBytes: 50 * 1024 * 1024,
  /** How many times its packed size one file may unpack to… */
  ratio: 100,
  /** …unless it unpacks to no more than this (small files compress unevenly). */
  ratioExemptBytes: 64 * 1024,
} as const;

/** Limits of the same shape as ARCHIVE_LIMITS, for tests and callers that need other numbers. */
export type ArchiveLimits = { readonly [Key in keyof typeof ARCHIVE_LIMITS]: number };

/** How to read an archive. */
export interface ReadZipOptions {
  limits?: ArchiveLimits;
  /** Entries to leave packed: never inflated, never returned, counted towards no limit. */
  skip?: (path: string) => boolean;
}

/** One entry of the central directory: what the archive says about a file before it is unpacked. */
interface DirectoryEntry {
  path: string;
  method: number;
  checksum: number;
  packedSize: number;
  size: number;
  /** Its modification time as MS-DOS writes it (date in the high 16 bits, time in the low 16), with no time zone. */
  modified: number;
  /** The entry as the library read it, to fetch its packed bytes. */
  source: AdmZip.IZipEntry;
}

/**
 * Reads the files of a ZIP archive, within `limits`. Folders are skipped; nested archives are
 * returned as plain files, never unpacked. A path that would leave the folder it is unpacked into
 * (absolute, or with ".."), or anything past a limit, makes the whole archive refused with a
 * ZipError before a single file is returned.
 */
export function readZip(archive: Buffer, options: ReadZipOptions = {}): ZipEntry[] {
  const limits = options.limits ?? ARCHIVE_LIMITS;
  if (archive.length > limits.archiveBytes) throw new ZipError({ kind: 'archive-too-large', limitBytes: limits.archiveBytes });
  const wanted = readDirectory(archive).filter((entry) => !(options.skip?.(entry.path) ?? false));
  checkNames(wanted);
  checkDeclaredSizes(wanted, limits);
  return wanted.filter((entry) => !entry.path.endsWith('/')).map((entry) => ({ path: entry.path, data: unpackEntry(entry) }));
}

/**
 * The newest modification time of the files of an archive (skipping what `skip` names), as MS-DOS
 * writes it: a number that orders times, read as written, with no time zone. Undefined when no file
 * has a valid time. Throws a ZipError when the directory cannot be read.
 */
export function newestEntryTime(archive: Buffer, skip: (path: string) => boolean = () => false): number | undefined {
  const times = readDirectory(archive)
    .filter((entry) => !entry.path.endsWith('/') && !skip(entry.path) && describeDosTime(entry.modified) !== undefined)
    .map((entry) => entry.modified);
  return times.length === 0 ? undefined : Math.max(...times);
}

/** An MS-DOS time as written, "2026-03-02 10:15"; undefined when it is no valid time. */
export function describeDosTime(value: number): string | undefined {
  const date = value >>> 16;
  const time = value & 0xffff;
  const [year, month, day] = [1980 + (date >>> 9), (date >>> 5) & 0x0f, date & 0x1f];
  const [hours, minutes] = [time >>> 11, (time >>> 5) & 0x3f];
  if (month < 1 || month > 12 || day < 1 || hours > 23 || minutes > 59) return undefined;
  const two = (count: number): string => String(count).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)} ${two(hours)}:${two(minutes)}`;
}

/** Every entry the central directory lists, in the archive's order, with its path checked. */
function readDirectory(archive: Buffer): DirectoryEntry[] {
  let sources: AdmZip.IZipEntry[];
  try {
    sources = new AdmZip(archive, { noSort: true }).getEntries();
  } catch (error) {
    throw new ZipError(directoryProblem(error));
  }
  return sources.map((source) => {
    const path = source.entryName.replaceAll('\\', '/');
    checkPath(path);
    const { method, crc, compressedSize, size, timeval } = source.header;
    return { path, method, checksum: crc, packedSize: compressedSize, size, modified: timeval, source };
  });
}

/** Why the library could not read an archive's directory, from its error (adm-zip says why in its message alone). */
function directoryProblem(error: unknown): ZipProblem {
  const message = error instanceof Error ? error.message : String(error);
  const twice = /Duplicate entry name "(.*)"$/.exec(message);
  if (twice !== null) return { kind: 'twice', path: twice[1] ?? '' };
  if (/No END header found/.test(message)) return { kind: 'not-zip' };
  return { kind: 'damaged-directory' };
}

/** Refuses an archive that names a file twice, or a path both as a file and as a folder. */
function checkNames(entries: DirectoryEntry[]): void {
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const { path } of entries) {
    const parts = path.split('/').filter((part) => part !== '' && part !== '.');
    const file = path.endsWith('/') ? undefined : parts.join('/');
    for (let depth = 1; depth < parts.length + (file === undefined ? 1 : 0); depth += 1) folders.add(parts.slice(0, depth).join('/'));
    if (file === undefined) continue;
    if (file === '') throw new ZipError({ kind: 'no-name' });
    if (files.has(file)) throw new ZipError({ kind: 'twice', path: file });
    files.add(file);
  }
  const clash = [...files].find((file) => folders.has(file));
  if (clash !== undefined) throw new ZipError({ kind: 'file-and-folder', path: clash });
}

/** Refuses the archive when what its directory declares is past a limit, before anything is inflated. */
function checkDeclaredSizes(entries: DirectoryEntry[], limits: ArchiveLimits): void {
  if (entries.length > limits.entries) {
    throw new ZipError({ kind: 'too-many-entries', count: entries.length, limit: limits.entries });
  }
  let total = 0;
  for (const entry of entries) {
    if (entry.path.endsWith('/')) continue;
    if (entry.method !== STORED && entry.method !== DEFLATED) {
      throw new ZipError({ kind: 'method', path: entry.path, method: entry.method });
    }
    if (entry.size > limits.fileBytes) {
      throw new ZipError({ kind: 'file-too-large', path: entry.path, limitBytes: limits.fileBytes });
    }
    if (entry.size > limits.ratioExemptBytes && entry.size > entry.packedSize * limits.ratio) {
      throw new ZipError({ kind: 'packed-too-tightly', path: entry.path, ratio: limits.ratio });
    }
    total += entry.size;
    if (total > limits.totalBytes) throw new ZipError({ kind: 'total-too-large', limitBytes: limits.totalBytes });
  }
}

/**
 * The bytes of one file, inflated to no more than its directory entry declares (already checked
 * against the limits), so a lying header is caught after at most that many bytes.
 */
function unpackEntry(entry: DirectoryEntry): Buffer {
  const { path } = entry;
  let packed: Buffer;
  try {
    packed = entry.source.getCompressedData();
  } catch {
    throw new ZipError({ kind: 'damaged', path, damage: 'header' });
  }
  let data: Buffer;
  if (entry.method === STORED) {
    data = Buffer.from(packed);
  } else {
    try {
      data = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ZipError({ kind: 'forged', path, declaredBytes: entry.size });
      }
      throw new ZipError({ kind: 'damaged', path, damage: 'inflate' });
    }
  }
  if (data.length !== entry.size) throw new ZipError({ kind: 'damaged', path, damage: 'size' });
  if (crc32(data) !== entry.checksum) throw new ZipError({ kind: 'damaged', path, damage: 'checksum' });
  return data;
}

/** Refuses paths that would be written outside the folder the archive is unpacked into. */
function checkPath(path: string): void {
  const parts = path.split('/');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || parts.includes('..')) {
    throw new ZipError({ kind: 'unsafe-path', path });
  }
}
