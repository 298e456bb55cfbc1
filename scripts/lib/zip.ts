/**
 * Just enough of the ZIP format for handing workbooks out and taking them back in: writing an
 * archive of files (deflated), and reading one back without trusting the paths or sizes it declares.
 */
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/** One file in an archive: a path with forward slashes, and its bytes. */
export interface ZipEntry {
  path: string;
  data: Buffer;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
/** Bit 11 of the flags: names are UTF-8. */
const UTF8_NAMES = 0x0800;
const STORED = 0;
const DEFLATED = 8;

/** An archive that cannot be read safely, with the reason in plain words. */
export class ZipError extends Error {}

/** The DOS date and time fields of a Date. */
function dosTime(date: Date): { time: number; day: number } {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
  const day = ((Math.max(date.getFullYear(), 1980) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return { time, day };
}

/** Writes a ZIP archive of the given files, in the given order. */
export function writeZip(entries: ZipEntry[], date = new Date()): Buffer {
  const { time, day } = dosTime(date);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const deflated = deflateRawSync(entry.data);
    const useDeflate = deflated.length < entry.data.length;
    const body = useDeflate ? deflated : entry.data;
    const checksum = crc32(entry.data);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(useDeflate ? DEFLATED : STORED, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(0x0300 | 20, 4); // made by Unix, so the file modes below are read
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(useDeflate ? DEFLATED : STORED, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(day, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + body.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/**
 * What an archive may unpack to, checked in the central directory before anything is inflated and
 * again while inflating (so a header that lies gets no further). The README quotes these numbers.
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
  localAt: number;
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
  return wanted.filter((entry) => !entry.path.endsWith('/')).map((entry) => ({ path: entry.path, data: unpackEntry(archive, entry) }));
}

/** Every entry the central directory lists, with its path checked. */
function readDirectory(archive: Buffer): DirectoryEntry[] {
  const endAt = findEndOfCentral(archive);
  const count = archive.readUInt16LE(endAt + 10);
  let at = archive.readUInt32LE(endAt + 16);
  if (count === 0xffff || at === 0xffffffff) throw new ZipError('this archive uses ZIP64, which is not supported; unzip it first');
  const entries: DirectoryEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > archive.length || archive.readUInt32LE(at) !== CENTRAL_HEADER) throw new ZipError('the archive is damaged (central directory)');
    const nameLength = archive.readUInt16LE(at + 28);
    const path = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8').replaceAll('\\', '/');
    checkPath(path);
    entries.push({
      path,
      method: archive.readUInt16LE(at + 10),
      checksum: archive.readUInt32LE(at + 16),
      packedSize: archive.readUInt32LE(at + 20),
      size: archive.readUInt32LE(at + 24),
      localAt: archive.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
  }
  return entries;
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
    throw new ZipError(`the archive holds ${entries.length.toLocaleString('en-US')} files and folders, more than the ${limits.entries.toLocaleString('en-US')} allowed`);
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
function unpackEntry(archive: Buffer, entry: DirectoryEntry): Buffer {
  const { path, localAt } = entry;
  if (localAt + 30 > archive.length || archive.readUInt32LE(localAt) !== LOCAL_HEADER) throw new ZipError(`the archive is damaged (${path})`);
  const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
  if (dataAt + entry.packedSize > archive.length) throw new ZipError(`the archive is damaged (${path} is cut short)`);
  const packed = archive.subarray(dataAt, dataAt + entry.packedSize);
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

/** The position of the end-of-central-directory record, searching back over a comment. */
function findEndOfCentral(archive: Buffer): number {
  const lowest = Math.max(0, archive.length - 22 - 0xffff);
  for (let at = archive.length - 22; at >= lowest; at -= 1) {
    if (archive.readUInt32LE(at) === END_OF_CENTRAL) return at;
  }
  throw new ZipError('this is not a ZIP archive');
}
