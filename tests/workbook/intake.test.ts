/**
 * Taking hand-ins in: archives are unpacked within limits or refused before anything is written;
 * each hand-in gets a private copy of only its exercise files, plain files only, links never
 * followed; which lessons are graded comes from the teacher, never from a file in a hand-in.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { defaultLessons } from '../../scripts/lib/class-grading.ts';
import { PACK_MANIFEST, planPack } from '../../scripts/lib/pack.ts';
import { findSubmissions } from '../../scripts/lib/intake.ts';
import {
  changedTests,
  EXERCISE_FILE_LIMIT,
  hintsSeen,
  lessonsOfPack,
  missingFiles,
  privateCopy,
  type Submission,
} from '../../scripts/lib/submissions.ts';
import { listLessons, ROOT, UsageError, type Lesson } from '../../scripts/lib/workbook.ts';
import { ARCHIVE_LIMITS, readZip, writeZip, ZipError, type ZipEntry } from '../../scripts/lib/zip.ts';

const all = listLessons();
const scratch = mkdtempSync(join(tmpdir(), 'workbook-intake-test-'));
const GIB = 1024 * 1024 * 1024;
const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A new empty folder in the scratch folder. */
function folder(...parts: string[]): string {
  const dir = join(scratch, ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Every path under a folder, links and all, without following them. */
function everything(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

/** One entry of a hand-made archive: the packed bytes and whatever its headers declare. */
interface RawEntry {
  path: string;
  packed: Buffer;
  size: number;
  checksum?: number;
}

/** A deflated ZIP archive written header by header, so its declared sizes can be anything. */
function rawZip(entries: RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.checksum ?? 0, 14);
    local.writeUInt32LE(entry.packed.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.checksum ?? 0, 16);
    central.writeUInt32LE(entry.packed.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.packed);
    centrals.push(central, name);
    offset += local.length + name.length + entry.packed.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, central, end]);
}

/** A raw deflate stream of `mebibytes` MiB of zeros, about 1 KiB per MiB, built without ever holding the zeros. */
function deflatedZeros(mebibytes: number): Buffer {
  const piece = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH, level: 9 });
  return Buffer.concat([...Array<Buffer>(mebibytes).fill(piece), deflateRawSync(Buffer.alloc(0))]);
}

/** Grades nothing: finds the hand-ins of a folder holding one archive, unpacking into a fresh scratch folder. */
function intake(name: string, archive: Buffer): { submission: Submission; unpacked: string[]; ms: number } {
  const handIns = folder(`hand-ins-${name}`);
  const unpackInto = folder(`unpacked-${name}`);
  writeFileSync(join(handIns, `${name}.zip`), archive);
  const started = performance.now();
  const [submission] = findSubmissions(handIns, unpackInto);
  return { submission: submission as Submission, unpacked: everything(unpackInto), ms: performance.now() - started };
}

describe('archives are unpacked within limits, or refused before anything is written', () => {
  test('a 3 MB bomb of zeros (three 1 GiB entries) is refused fast, with a note, writing nothing', () => {
    const zeros = deflatedZeros(1024);
    const bomb = rawZip(['a', 'b', 'c'].map((letter) => ({ path: `lessons/01-board/${letter}.ts`, packed: zeros, size: GIB })));
    expect(bomb.length).toBeLessThan(4_000_000);
    const rssBefore = process.memoryUsage().rss;
    const { submission, unpacked, ms } = intake('bomb', bomb);
    expect(submission.problem).toBe(
      `the archive could not be unpacked: the archive holds a file that unpacks to more than 1 MiB (lessons/01-board/a.ts)`,
    );
    expect(submission.lessonsDir).toBeUndefined();
    expect(unpacked).toEqual([]);
    expect(ms).toBeLessThan(500);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  test('a header that declares a small file while its data inflates to 1 GiB is caught while inflating', () => {
    const liar = rawZip([{ path: 'lessons/01-board/board.ts', packed: deflatedZeros(1024), size: 1000 }]);
    const started = performance.now();
    expect(() => readZip(liar)).toThrow('the archive is damaged or forged: lessons/01-board/board.ts unpacks to more than the 1,000 bytes its header declares');
    expect(performance.now() - started).toBeLessThan(500);
    const { submission, unpacked } = intake('liar', liar);
    expect(submission.problem).toMatch(/forged/);
    expect(unpacked).toEqual([]);
  });

  test('too many entries, too many bytes in all, or too high a ratio: refused in plain words', () => {
    const tiny = (count: number): ZipEntry[] => Array.from({ length: count }, (_, index) => ({ path: `f/${index}.txt`, data: Buffer.from(`${index}`) }));
    const tooMany = writeZip(tiny(ARCHIVE_LIMITS.entries + 1));
    expect(() => readZip(tooMany)).toThrow('the archive holds 2,001 files and folders, more than the 2,000 allowed');
    expect(readZip(writeZip(tiny(ARCHIVE_LIMITS.entries)))).toHaveLength(ARCHIVE_LIMITS.entries);
    const { submission, unpacked } = intake('many', tooMany);
    expect(submission.problem).toMatch(/more than the 2,000 allowed/);
    expect(unpacked).toEqual([]);

    const smallTotal = { ...ARCHIVE_LIMITS, totalBytes: 1000 };
    expect(() => readZip(writeZip(tiny(400)), { limits: smallTotal })).toThrow('the archive unpacks to more than 1,000 bytes in all');
    const zeros = writeZip([{ path: 'zeros.ts', data: Buffer.alloc(ARCHIVE_LIMITS.ratioExemptBytes + 1) }]);
    expect(() => readZip(zeros)).toThrow(`the archive holds a file packed more than ${ARCHIVE_LIMITS.ratio} to 1, as archive bombs are (zeros.ts)`);
    const smallZeros = [{ path: 'zeros.ts', data: Buffer.alloc(ARCHIVE_LIMITS.ratioExemptBytes) }];
    expect(readZip(writeZip(smallZeros)), 'a small file may compress as well as it likes').toEqual(smallZeros);
  });

  test('a file named twice, or both as a file and a folder, is refused', () => {
    const file = (path: string): ZipEntry => ({ path, data: Buffer.from('x') });
    expect(() => readZip(writeZip([file('a/b.ts'), file('a/b.ts')]))).toThrow('the archive holds a/b.ts twice');
    expect(() => readZip(writeZip([file('a/b'), file('a/b/c.ts')]))).toThrow(ZipError);
  });

  test('a pack zip is unpacked as it was written; node_modules and nested archives stay packed', () => {
    const lesson = all[0] as Lesson;
    const plan = planPack(ROOT, [lesson], [], all);
    const files: ZipEntry[] = [...plan.files].map(([path, data]) => ({ path: `class-a/${path}`, data: Buffer.from(data) }));
    const nested = { path: 'class-a/old.zip', data: writeZip([{ path: 'lessons/01-board/board.ts', data: Buffer.from('nested') }]) };
    const modules = { path: 'class-a/node_modules/huge/index.js', data: Buffer.alloc(ARCHIVE_LIMITS.fileBytes + 1) };
    const { submission, unpacked } = intake('pack', writeZip([...files, nested, modules]));
    expect(submission.problem).toBeUndefined();
    expect(submission.lessonsDir?.endsWith(join('class-a', 'lessons'))).toBe(true);
    expect(submission.manifest?.assigned).toEqual([lesson.id]);
    const root = submission.root as string;
    for (const { path, data } of files) expect(readFileSync(join(root, '..', path)).equals(data), path).toBe(true);
    expect(readFileSync(join(root, 'old.zip')).equals(nested.data), 'a nested archive is a plain file').toBe(true);
    expect(unpacked.some((path) => path.includes('node_modules'))).toBe(false);
  });
});

describe('a private copy of only the exercise files', () => {
  const outside = folder('outside');
  const hand = folder('alice');
  const lessonsDir = join(hand, 'lessons');
  const [board, input, win, game, klass, computer, search] = all as [Lesson, Lesson, Lesson, Lesson, Lesson, Lesson, Lesson];
  const place = (lesson: Lesson): string => join(lessonsDir, lesson.id, lesson.files[0] as string);
  const gameSource = 'export const game = 1;\n';
  for (const lesson of all) if (lesson !== input) mkdirSync(join(lessonsDir, lesson.id), { recursive: true });
  // 01: the teacher's reference, through the grader's own working folder.
  symlinkSync(`/proc/self/cwd/solutions/${board.id}/${board.files[0]}`, place(board));
  // 02: the whole lesson folder is a link to a folder elsewhere.
  mkdirSync(join(outside, input.id));
  writeFileSync(join(outside, input.id, input.files[0] as string), 'export const stolen = 1;\n');
  symlinkSync(join(outside, input.id), join(lessonsDir, input.id));
  // 03: too large.
  writeFileSync(place(win), 'x'.repeat(EXERCISE_FILE_LIMIT + 1));
  // 04: a plain file, with other files beside it that are not exercise files.
  writeFileSync(place(game), gameSource);
  writeFileSync(join(lessonsDir, game.id, 'helper.ts'), 'export {};\n');
  writeFileSync(join(lessonsDir, game.id, 'lesson.json'), '{"files": ["game.ts", "helper.ts"]}');
  // 05: a named pipe (reading it would block forever); 07: a link to that pipe.
  if (hasMkfifo) spawnSync('mkfifo', [place(klass)]);
  else writeFileSync(place(klass), '');
  symlinkSync(place(klass), place(search));
  // 06: a folder where a file belongs.
  mkdirSync(place(computer));
  const submission: Submission = { name: 'alice', source: hand, folder: hand, root: hand, lessonsDir };
  const copy = privateCopy(submission, all, join(scratch, 'copies', 'alice'));

  test('copies only the named files, as fresh plain files with mode 0644', () => {
    expect(everything(copy.lessonsDir)).toEqual([game.id, `${game.id}/${game.files[0]}`]);
    const copied = join(copy.lessonsDir, game.id, game.files[0] as string);
    expect(readFileSync(copied, 'utf8')).toBe(gameSource);
    const stats = lstatSync(copied);
    expect(stats.isFile()).toBe(true);
    expect(stats.mode & 0o777).toBe(0o644);
    expect(stats.nlink, 'never a hard link').toBe(1);
    expect(stats.ino).not.toBe(statSync(place(game)).ino);
  });

  test('refuses links, folders, pipes and oversized files, never following a link, with a note for each', () => {
    expect(copy.notes).toEqual([
      `lessons/${board.id}/${board.files[0]} is a symbolic link; only plain files are graded`,
      `lessons/${input.id} is a symbolic link, not a folder; nothing in it is graded`,
      `lessons/${win.id}/${win.files[0]} is larger than 256 KiB, the most an exercise file may hold; it was not graded`,
      ...(hasMkfifo ? [`lessons/${klass.id}/${klass.files[0]} is a named pipe; only plain files are graded`] : []),
      `lessons/${computer.id}/${computer.files[0]} is a folder; only plain files are graded`,
      `lessons/${search.id}/${search.files[0]} is a symbolic link; only plain files are graded`,
    ]);
    const copied: Submission = { name: 'alice', source: hand, lessonsDir: copy.lessonsDir };
    const refused = all.filter((lesson) => lesson !== game && (lesson !== klass || hasMkfifo));
    for (const lesson of refused) expect(missingFiles(copied, lesson), lesson.id).toEqual([`lessons/${lesson.id}/${lesson.files[0]}`]);
    expect(missingFiles(copied, game)).toEqual([]);
    expect(missingFiles(submission, board), 'the hand-in itself: a link counts as missing too').toHaveLength(1);
  });

  test('a lessons/ folder that is a link is refused as a whole, and never found by the search', () => {
    const bob = folder('bob');
    symlinkSync(lessonsDir, join(bob, 'lessons'));
    const linked: Submission = { name: 'bob', source: bob, folder: bob, root: bob, lessonsDir: join(bob, 'lessons') };
    const bobCopy = privateCopy(linked, all, join(scratch, 'copies', 'bob'));
    expect(bobCopy.notes).toEqual(['lessons is a symbolic link, not a folder; nothing in it is graded']);
    expect(everything(bobCopy.lessonsDir)).toEqual([]);

    const handIns = folder('hand-ins-links');
    symlinkSync(bob, join(handIns, 'bob'));
    symlinkSync(hand, join(handIns, 'carol'));
    symlinkSync(hand, join(folder('hand-ins-links', 'dave', 'inner'), 'wrapped'));
    symlinkSync(join(ROOT, 'README.md'), join(handIns, 'notes.txt'));
    const found = findSubmissions(handIns, folder('unpacked-links'));
    expect(found.map(({ name, source, problem, lessonsDir }) => ({ name, source, problem, lessonsDir }))).toEqual([
      { name: 'bob', source: join(handIns, 'bob'), problem: 'it is a symbolic link, which is never followed', lessonsDir: undefined },
      { name: 'carol', source: join(handIns, 'carol'), problem: 'it is a symbolic link, which is never followed', lessonsDir: undefined },
      { name: 'dave', source: join(handIns, 'dave'), problem: 'no lessons/ folder was found in it', lessonsDir: undefined },
    ]);
    expect(found[2]?.folder).toBe(join(handIns, 'dave'));
  });

  test.runIf(hasMkfifo)('notes about tests and hints never read through a link or a pipe', () => {
    const erin = folder('erin');
    mkdirSync(join(erin, 'lessons', board.id), { recursive: true });
    mkdirSync(join(erin, 'tests'));
    mkdirSync(join(erin, '.workbook'));
    spawnSync('mkfifo', [join(erin, '.workbook', 'progress.json')]);
    symlinkSync(join(ROOT, 'tests', `${board.id}.test.ts`), join(erin, 'tests', `${board.id}.test.ts`));
    const student: Submission = { name: 'erin', source: erin, folder: erin, root: erin, lessonsDir: join(erin, 'lessons') };
    expect(hintsSeen(student, board.id)).toBe(0);
    expect(changedTests(student, ROOT, [board]).filter((change) => change.path.startsWith(`tests/${board.id}`))).toEqual([
      { path: `tests/${board.id}.test.ts`, change: 'changed' },
    ]);
  });
});

describe('which lessons are graded comes from the teacher', () => {
  const [first, second] = all as [Lesson, Lesson];

  test('a hand-in whose pack.json claims other lessons changes nothing', () => {
    const handIns = folder('hand-ins-claims');
    mkdirSync(join(handIns, 'frank', 'lessons', first.id), { recursive: true });
    mkdirSync(join(handIns, 'frank', '.workbook'));
    writeFileSync(join(handIns, 'frank', PACK_MANIFEST), JSON.stringify({ version: 1, assigned: all.map((lesson) => lesson.id).slice(1), tests: {} }));
    const submissions = findSubmissions(handIns, folder('unpacked-claims'));
    expect(submissions[0]?.manifest?.assigned, 'the manifest is read, for test hashes only').toHaveLength(all.length - 1);
    expect(defaultLessons(submissions, all)).toEqual([first]);
  });

  test("--pack takes the lessons the teacher's own pack assigned", () => {
    const pack = folder('teacher-pack');
    expect(() => lessonsOfPack(pack, all)).toThrow(UsageError);
    expect(() => lessonsOfPack(pack, all)).toThrow(`has no ${PACK_MANIFEST}`);
    mkdirSync(join(pack, '.workbook'));
    writeFileSync(join(pack, PACK_MANIFEST), JSON.stringify({ version: 1, assigned: [second.id, first.id] }));
    expect(lessonsOfPack(pack, all)).toEqual([first, second]);
    writeFileSync(join(pack, PACK_MANIFEST), JSON.stringify({ version: 1, assigned: ['99-nothing'] }));
    expect(() => lessonsOfPack(pack, all)).toThrow(/99-nothing, which this workbook does not have/);
  });
});
