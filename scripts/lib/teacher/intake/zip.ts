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
 * An archive that cannot be read safely, with the reason in plain words. The reason often names an
 * entry of the archive, which its maker chose: its control characters become "?" here, once for all.
 */
export class ZipError extends Error {
  constructor(message: string) {
    super(printable(message));
  }
}

/** Writes a ZIP archive of the given files (deflated), in the given order; a path given twice is refused. */
export function writeZip(entries: ZipEntry[], date = new Date()): Buffer {
  const files: Zippable = {};
  for (const entry of entries) {
    if (Object.hasOwn(files, entry.path)) throw new ZipError(`${entry.path} is given twice; an archive holds each path once`);
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

/** A number of bytes in plain words: "1 MiB", "256 KiB", "300 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}

/**
 * Reads the files of a ZIP archive, within `limits`. Folders are skipped; nested archives are
 * returned as plain files, never unpacked. A path that would leave the folder it is unpacked into
 * (absolute, or with ".."), or anything past a limit, makes the whole archive refused with a
 * ZipError before a single file is returned.
 */
export function readZip(archive: Buffer, options: ReadZipOptions = {}): ZipEntry[] {
  const limits = options.limits ?? ARCHIVE_LIMITS;
  if (archive.length > limits.archiveBytes) throw new ZipError(`the archive is larger than ${formatBytes(limits.archiveBytes)}`);
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

/** Why the library could not read an archive's directory, in the words of this module. */
function directoryProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const twice = /Duplicate entry name "(.*)"$/.exec(message);
  if (twice !== null) return `the archive holds ${twice[1] ?? ''} twice`;
  if (/No END header found/.test(message)) return 'this is not a ZIP archive';
  return 'the archive is damaged (central directory)';
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
    if (file === '') throw new ZipError('the archive holds a file without a name');
    if (files.has(file)) throw new ZipError(`the archive holds ${file} twice`);
    files.add(file);
  }
  const clash = [...files].find((file) => folders.has(file));
  if (clash !== undefined) throw new ZipError(`the archive holds ${clash} both as a file and as a folder`);
}

/** Refuses the archive when what its directory declares is past a limit, before anything is inflated. */
function checkDeclaredSizes(entries: DirectoryEntry[], limits: ArchiveLimits): void {
  if (entries.length > limits.entries) {
    throw new ZipError(
      `the archive holds ${entries.length.toLocaleString('en-US')} files and folders, more than the ${limits.entries.toLocaleString('en-US')} allowed`,
    );
  }
  let total = 0;
  for (const entry of entries) {
    if (entry.path.endsWith('/')) continue;
    if (entry.method !== STORED && entry.method !== DEFLATED) {
      throw new ZipError(`${entry.path} is packed with method ${entry.method}; only stored and deflated files are supported`);
    }
    if (entry.size > limits.fileBytes) {
      throw new ZipError(`the archive holds a file that unpacks to more than ${formatBytes(limits.fileBytes)} (${entry.path})`);
    }
    if (entry.size > limits.ratioExemptBytes && entry.size > entry.packedSize * limits.ratio) {
      throw new ZipError(`the archive holds a file packed more than ${limits.ratio} to 1, as archive bombs are (${entry.path})`);
    }
    total += entry.size;
    if (total > limits.totalBytes) throw new ZipError(`the archive unpacks to more than ${formatBytes(limits.totalBytes)} in all`);
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
    throw new ZipError(`the archive is damaged (${path}: its local header is wrong or its data is cut short)`);
  }
  let data: Buffer;
  if (entry.method === STORED) {
    data = Buffer.from(packed);
  } else {
    try {
      data = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ZipError(`the archive is damaged or forged: ${path} unpacks to more than the ${formatBytes(entry.size)} its header declares`);
      }
      throw new ZipError(`the archive is damaged (${path} cannot be inflated)`);
    }
  }
  if (data.length !== entry.size) throw new ZipError(`the archive is damaged (${path} has the wrong size)`);
  if (crc32(data) !== entry.checksum) throw new ZipError(`the archive is damaged (${path} fails its checksum)`);
  return data;
}

/** Refuses paths that would be written outside the folder the archive is unpacked into. */
function checkPath(path: string): void {
  const parts = path.split('/');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || parts.includes('..')) {
    throw new ZipError(`the archive holds the unsafe path "${path}"`);
  }
}
