/**
 * Just enough of the ZIP format for handing workbooks out and taking them back in: writing an
 * archive of files (deflated), and reading one back without trusting the paths it holds.
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
 * Reads the files of a ZIP archive. Folders are skipped; a path that would leave the folder it is
 * unpacked into (absolute, or with "..") makes the whole archive refused.
 */
export function readZip(archive: Buffer): ZipEntry[] {
  const endAt = findEndOfCentral(archive);
  const count = archive.readUInt16LE(endAt + 10);
  let at = archive.readUInt32LE(endAt + 16);
  if (count === 0xffff || at === 0xffffffff) throw new ZipError('this archive uses ZIP64, which is not supported; unzip it first');
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > archive.length || archive.readUInt32LE(at) !== CENTRAL_HEADER) throw new ZipError('the archive is damaged (central directory)');
    const method = archive.readUInt16LE(at + 10);
    const packedSize = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const path = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8').replaceAll('\\', '/');
    at += 46 + nameLength + extraLength + commentLength;
    if (path.endsWith('/')) continue;
    checkPath(path);
    if (localAt + 30 > archive.length || archive.readUInt32LE(localAt) !== LOCAL_HEADER) throw new ZipError(`the archive is damaged (${path})`);
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
    const packed = archive.subarray(dataAt, dataAt + packedSize);
    let data: Buffer;
    if (method === STORED) data = Buffer.from(packed);
    else if (method === DEFLATED) data = inflateRawSync(packed);
    else throw new ZipError(`${path} is packed with method ${method}; only stored and deflated files are supported`);
    if (data.length !== size) throw new ZipError(`the archive is damaged (${path} has the wrong size)`);
    entries.push({ path, data });
  }
  return entries;
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
