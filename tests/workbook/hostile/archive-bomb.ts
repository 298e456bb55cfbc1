/**
 * The archive bomb (not an exercise file, the builder of one hand-in): a .zip that holds an untouched
 * student edition plus three entries of 1 GiB of zeros each. Deflated, each entry is about 1 MB, so
 * the archive is a few MB on disk; unpacked it is 3 GiB. The zeros are compressed as a stream, a
 * megabyte at a time, once per test run, and the same compressed bytes serve all three entries.
 */
import { readdirSync, readFileSync, lstatSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** Bytes of zeros per big entry, and how many big entries there are. */
export const BOMB_ENTRY_BYTES = 1024 * 1024 * 1024;
export const BOMB_ENTRIES = 3;

interface Packed {
  name: string;
  crc: number;
  size: number;
  data: Buffer;
  method: 0 | 8;
}

let zeros: Promise<Packed> | undefined;

/** 1 GiB of zeros, deflated as a stream (never 1 GiB in memory). */
function deflatedZeros(): Promise<Packed> {
  zeros ??= (async () => {
    const chunk = Buffer.alloc(1024 * 1024);
    const deflate = createDeflateRaw({ level: 9 });
    const parts: Buffer[] = [];
    deflate.on('data', (part: Buffer) => parts.push(part));
    const ended = new Promise((resolve, reject) => {
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    let crc = 0;
    for (let written = 0; written < BOMB_ENTRY_BYTES; written += chunk.length) {
      crc = crc32(chunk, crc);
      if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
    deflate.end();
    await ended;
    return { name: '', crc, size: BOMB_ENTRY_BYTES, data: Buffer.concat(parts), method: 8 as const };
  })();
  return zeros;
}

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return lstatSync(path).isDirectory() ? filesOf(path) : [path];
  });
}

/** A ZIP archive of the given entries (stored or deflated, sizes below 4 GiB). */
function zip(entries: Packed[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const size = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/**
 * Turns the hand-in folder into `<folder>.zip`: its files under "my-workbook/", plus the bomb's
 * big entries beside the lessons; the folder itself is removed (it lives in the test's temp folder).
 */
export async function writeArchiveBomb(handIn: string): Promise<void> {
  const big = await deflatedZeros();
  const entries: Packed[] = filesOf(handIn).map((path) => {
    const data = readFileSync(path);
    return { name: `my-workbook/${relative(handIn, path)}`, crc: crc32(data), size: data.length, data: deflateRawSync(data), method: 8 };
  });
  for (let index = 1; index <= BOMB_ENTRIES; index += 1) entries.push({ ...big, name: `my-workbook/lessons/01-board/notes-${index}.bin` });
  writeFileSync(`${handIn}.zip`, zip(entries));
  rmSync(handIn, { recursive: true, force: true });
}
