/**
 * Taking hand-ins in: archives are unpacked within limits or refused before anything is written;
 * each hand-in gets a private copy of only its exercise files, plain files only, links never
 * followed; which lessons are graded comes from the teacher, never from a file in a hand-in.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { defaultLessons } from '../../scripts/lib/teacher/class-grading.ts';
import { PACK_MANIFEST } from '../../scripts/lib/teacher/pack/manifest.ts';
import { planPack } from '../../scripts/lib/teacher/pack/plan.ts';
import { BOM, parseCsv, toCsv } from '../../scripts/lib/teacher/csv.ts';
import { CLASS_ARCHIVE_LIMITS, classFolder, findSubmissions, takeInHandIn, unpackClassArchive } from '../../scripts/lib/teacher/intake/intake.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';
import { findNearMisses, type NearMiss } from '../../scripts/lib/teacher/intake/near-misses.ts';
import { handInNoteWords, missWords, nothingGradedWords } from '../../scripts/lib/teacher/gradebook/note-words.ts';
import type { HandInNote } from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { copyNumber, isClutter, nameClass, nameEntry, withoutCopyMark } from '../../scripts/lib/teacher/intake/platforms.ts';
import { findInRoster, readRoster } from '../../scripts/lib/teacher/intake/roster.ts';
import {
  changedTests,
  EXERCISE_FILE_LIMIT,
  hintsSeen,
  isInPlace,
  lessonsOfPack,
  missingFiles,
  privateCopy,
  type Submission,
} from '../../scripts/lib/teacher/intake/submissions.ts';
import { listLessons, ROOT, UsageError, type Lesson } from '../../scripts/lib/core/workbook.ts';
import { lookAlike, printable } from '../../scripts/lib/core/text.ts';
import { ARCHIVE_LIMITS, readZip, writeZip, ZipError, type ZipEntry } from '../../scripts/lib/teacher/intake/zip.ts';

/** Notes in the teacher's words, as the gradebook, its CSV and the terminal show them. */
const words = (notes: HandInNote[] | undefined): string[] | undefined => notes?.map(handInNoteWords);
/** Why a hand-in cannot be graded at all, in the teacher's words (undefined when it can). */
const problemWords = (submission: Submission | undefined): string | undefined => {
  const problem = submission?.problem;
  return problem === undefined ? undefined : nothingGradedWords(problem.kind === 'no-hand-in' ? problem : { kind: 'unusable', why: problem });
};
/** A near miss in the teacher's words: "lessons/03-win/Win.ts (the capital and small letters differ)". */
const describeMiss = (miss: NearMiss): string => `${miss.found} (${missWords(miss.kinds, miss.others)})`;

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
/**
 * Takes in one archive as a class's only hand-in: what was found, what was unpacked, and the CPU time
 * it took (which another program on the machine hardly changes, unlike the clock).
 */
function intake(name: string, archive: Buffer): { submission: Submission; unpacked: string[]; cpuMs: number } {
  const handIns = folder(`hand-ins-${name}`);
  const unpackInto = folder(`unpacked-${name}`);
  writeFileSync(join(handIns, `${name}.zip`), archive);
  const before = process.cpuUsage();
  const [submission] = findSubmissions(handIns, unpackInto);
  const used = process.cpuUsage(before);
  return { submission: submission as Submission, unpacked: everything(unpackInto), cpuMs: (used.user + used.system) / 1000 };
}

describe('archives are unpacked within limits, or refused before anything is written', () => {
  test('a 3 MB bomb of zeros (three 1 GiB entries) is refused fast, with a note, writing nothing', () => {
    const zeros = deflatedZeros(1024);
    const bomb = rawZip(['a', 'b', 'c'].map((letter) => ({ path: `lessons/01-board/${letter}.ts`, packed: zeros, size: GIB })));
    expect(bomb.length).toBeLessThan(4_000_000);
    const rssBefore = process.memoryUsage().rss;
    const { submission, unpacked, cpuMs } = intake('bomb', bomb);
    expect(submission.problem).toEqual({
      kind: 'archives',
      archives: [{ reason: { kind: 'file-too-large', path: 'lessons/01-board/a.ts', limitBytes: ARCHIVE_LIMITS.fileBytes } }],
    });
    expect(problemWords(submission)).toBe(
      `the archive could not be unpacked: the archive holds a file that unpacks to more than 1 MiB (lessons/01-board/a.ts)`,
    );
    expect(submission.archive, 'an archive refused is an archive still (the table says "zip")').toBe(true);
    expect(submission.lessonsDir).toBeUndefined();
    expect(unpacked).toEqual([]);
    // Inflating even one of the entries would take seconds.
    expect(cpuMs).toBeLessThan(500);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  test('a header that declares a small file while its data inflates to 1 GiB is caught while inflating', () => {
    const liar = rawZip([{ path: 'lessons/01-board/board.ts', packed: deflatedZeros(1024), size: 1000 }]);
    const before = process.cpuUsage();
    expect(() => readZip(liar)).toThrow('the archive is damaged or forged: lessons/01-board/board.ts unpacks to more than the 1,000 bytes its header declares');
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1000).toBeLessThan(500);
    const { submission, unpacked } = intake('liar', liar);
    expect(problemWords(submission)).toMatch(/forged/);
    expect(unpacked).toEqual([]);
  });

  test('too many entries, too many bytes in all, or too high a ratio: refused in plain words', () => {
    const tiny = (count: number): ZipEntry[] => Array.from({ length: count }, (_, index) => ({ path: `f/${index}.txt`, data: Buffer.from(`${index}`) }));
    const tooMany = writeZip(tiny(ARCHIVE_LIMITS.entries + 1));
    expect(() => readZip(tooMany)).toThrow('the archive holds 2,001 files and folders, more than the 2,000 allowed');
    expect(readZip(writeZip(tiny(ARCHIVE_LIMITS.entries)))).toHaveLength(ARCHIVE_LIMITS.entries);
    const { submission, unpacked } = intake('many', tooMany);
    expect(problemWords(submission)).toMatch(/more than the 2,000 allowed/);
    expect(unpacked).toEqual([]);

    const smallTotal = { ...ARCHIVE_LIMITS, totalBytes: 1000 };
    expect(() => readZip(writeZip(tiny(400)), { limits: smallTotal })).toThrow('the archive unpacks to more than 1,000 bytes in all');
    const zeros = writeZip([{ path: 'zeros.ts', data: Buffer.alloc(ARCHIVE_LIMITS.ratioExemptBytes + 1) }]);
    expect(() => readZip(zeros)).toThrow(`the archive holds a file packed more than ${ARCHIVE_LIMITS.ratio} to 1, as archive bombs are (zeros.ts)`);
    const smallZeros = [{ path: 'zeros.ts', data: Buffer.alloc(ARCHIVE_LIMITS.ratioExemptBytes) }];
    expect(readZip(writeZip(smallZeros)), 'a small file may compress as well as it likes').toEqual(smallZeros);
  });

  test('check --target says why a hand-in cannot be used in the language it speaks', () => {
    const handIn = join(folder('target-broken'), 'Ann.zip');
    writeFileSync(handIn, 'not a zip');
    const taken = (language?: 'ru' | 'zh') =>
      takeInHandIn(handIn, folder(`target-broken-${language ?? 'en'}`), all, language === undefined ? undefined : translator(language));
    expect(taken()).toEqual({ problem: 'the archive could not be unpacked: this is not a ZIP archive' });
    expect(taken('ru')).toEqual({ problem: 'архив не удалось распаковать: это не ZIP-архив' });
    expect(taken('zh')).toEqual({ problem: '压缩包无法解压：这不是 ZIP 压缩包' });
  });

  test('a file named twice, or both as a file and a folder, is refused', () => {
    const file = (path: string): ZipEntry => ({ path, data: Buffer.from('x') });
    const packedTwice = (path: string): RawEntry => ({ path, packed: deflateRawSync('x'), size: 1, checksum: crc32('x') });
    expect(() => readZip(rawZip([packedTwice('a/b.ts'), packedTwice('a/b.ts')]))).toThrow('the archive holds a/b.ts twice');
    expect(() => readZip(rawZip([packedTwice('a/b.ts'), packedTwice('a\\b.ts')]))).toThrow('the archive holds a/b.ts twice');
    expect(() => writeZip([file('a/b.ts'), file('a/b.ts')]), 'the writer never makes such an archive').toThrow(ZipError);
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
    expect(words(copy.notes)).toEqual([
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
    expect(words(bobCopy.notes)).toEqual(['lessons is a symbolic link, not a folder; nothing in it is graded']);
    expect(everything(bobCopy.lessonsDir)).toEqual([]);

    const handIns = folder('hand-ins-links');
    symlinkSync(bob, join(handIns, 'bob'));
    symlinkSync(hand, join(handIns, 'carol'));
    symlinkSync(hand, join(folder('hand-ins-links', 'dave', 'inner'), 'wrapped'));
    symlinkSync(join(ROOT, 'README.md'), join(handIns, 'notes.txt'));
    const found = findSubmissions(handIns, folder('unpacked-links'));
    expect(found.map(({ name, source, problem, lessonsDir }) => ({ name, source, problem, lessonsDir }))).toEqual([
      { name: 'bob', source: join(handIns, 'bob'), problem: { kind: 'link' }, lessonsDir: undefined },
      { name: 'carol', source: join(handIns, 'carol'), problem: { kind: 'link' }, lessonsDir: undefined },
      { name: 'dave', source: join(handIns, 'dave'), problem: { kind: 'no-lessons' }, lessonsDir: undefined },
    ]);
    expect(found.map(problemWords)).toEqual([
      'it is a symbolic link, which is never followed',
      'it is a symbolic link, which is never followed',
      'no lessons/ folder was found in it',
    ]);
    expect(found[2]?.folder).toBe(join(handIns, 'dave'));
    expect(found.map((submission) => submission.archive)).toEqual([undefined, undefined, undefined]);
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

describe('names and layouts of class downloads', () => {
  test("a folder name's control characters never reach the teacher's terminal or gradebook", () => {
    // A review named a student's folder with escapes that moved the cursor and wrote a fake result line.
    const handIns = folder('hand-ins-escapes');
    mkdirSync(join(handIns, 'mallory\u001b[2K\r  [2∕2] mallory: 100∕100\u001b[8m', 'lessons', all[0]?.id ?? '01-board'), { recursive: true });
    const [submission] = findSubmissions(handIns, folder('unpacked-escapes'));
    expect(submission?.name).toBe('mallory?[2K?  [2∕2] mallory: 100∕100?[8m');
    // Nor do the marks that turn text around, which made "Eve\u202Eeel nnA" show as "EveAnn lee".
    expect(printable('Eve\u202Eeel nnA \u2066x\u2069 A\u200Bnn Carl\u{E0041}')).toBe('Eve?eel nnA ?x? A?nn Carl?');
    expect(lookAlike('Carl Lee\u200D\u{E0041}'), 'what shows nothing is no difference').toBe(lookAlike('CARL LEE'));
    expect(printable('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645'), 'a Persian name keeps its zero-width non-joiner').toBe(
      '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645',
    );
  });

  test('Moodle, Canvas and plain names, each read on its own', () => {
    expect(nameEntry('Carl Lee_1234_assignsubmission_file_')).toEqual({ student: 'Carl Lee', platform: 'moodle', platformId: '1234', rest: '' });
    expect(nameEntry('Carl Lee_1234_assignsubmission_file_tictactoe.zip')).toMatchObject({ student: 'Carl Lee', platformId: '1234', rest: 'tictactoe.zip' });
    expect(nameEntry('leecarl_12345_678901_board.ts')).toEqual({ student: 'leecarl', platform: 'canvas', platformId: '12345', rest: 'board.ts' });
    expect(nameEntry('leecarl_LATE_12345_678901_tictactoe.zip')).toEqual({
      student: 'leecarl',
      platform: 'canvas',
      platformId: '12345',
      rest: 'tictactoe.zip',
      late: true,
    });
    expect(nameEntry('José Núñez.zip')).toEqual({ student: 'José Núñez', platform: 'folder', rest: '' });
  });

  test('GitHub Classroom clones and Google Classroom copies are told apart by what the class shares', () => {
    const named = nameClass([
      { name: 'tic-tac-toe-mona-m', isGitClone: true },
      { name: 'tic-tac-toe-nilsnord', isGitClone: true },
      { name: 'tic-tac-toe-ann', isGitClone: true },
      { name: 'Kai King - tictactoe.zip', isGitClone: false },
      { name: 'Lea Long - tictactoe.zip', isGitClone: false },
      { name: 'Ann Archer', isGitClone: false },
      { name: 'Plan - final', isGitClone: false },
    ]);
    expect(named.map((entry) => [entry.student, entry.platform])).toEqual([
      ['mona-m', 'github-classroom'],
      ['nilsnord', 'github-classroom'],
      ['ann', 'github-classroom'],
      ['Kai King', 'google-classroom'],
      ['Lea Long', 'google-classroom'],
      ['Ann Archer', 'folder'],
      ['Plan - final', 'folder'],
    ]);
  });

  test('clutter is never a hand-in: __MACOSX, .DS_Store, Thumbs.db, desktop.ini, Office lock files', () => {
    for (const name of ['__MACOSX', '.DS_Store', '._board.ts', 'Thumbs.db', 'desktop.ini', '~$notes.docx', '.git']) expect(isClutter(name), name).toBe(true);
    for (const name of ['Ann', 'board.ts', 'tictactoe.zip']) expect(isClutter(name), name).toBe(false);
  });

  test('a file a platform renamed when it was handed in again', () => {
    expect(withoutCopyMark('board-1.ts')).toBe('board.ts');
    expect(withoutCopyMark('board (2).ts')).toBe('board.ts');
    expect(withoutCopyMark('board.ts')).toBeUndefined();
    expect(['board.ts', 'board-1.ts', 'board (1).ts', 'board-12.ts', 'board (3).ts'].map(copyNumber)).toEqual([0, 1, 1, 12, 3]);
  });
});

describe('class downloads as they come', () => {
  const [board] = all as [Lesson];
  const boardFile = board.files[0] as string;
  const workbook = (files: Record<string, string>): ZipEntry[] => Object.entries(files).map(([path, text]) => ({ path, data: Buffer.from(text) }));
  const lessonFile = `lessons/${board.id}/${boardFile}`;

  test('a Google Drive download: its wrapper folders are stepped through, and a Drive zip at the top is unpacked', () => {
    const drive = folder('drive', 'Tic-Tac-Toe-20250301T101500Z-001', 'Tic-Tac-Toe');
    writeFileSync(join(drive, 'Kai King - tictactoe.zip'), writeZip(workbook({ [`tictactoe/${lessonFile}`]: 'x' })));
    writeFileSync(join(drive, 'Lea Long - tictactoe.zip'), writeZip(workbook({ [`tictactoe/${lessonFile}`]: 'x' })));
    writeFileSync(join(folder('drive'), '.DS_Store'), 'mac');
    const found = classFolder(join(scratch, 'drive'), folder('drive-scratch'));
    expect(found).toBe(drive);
    expect(findSubmissions(found, folder('drive-unpacked')).map((submission) => [submission.name, submission.platform])).toEqual([
      ['Kai King', 'google-classroom'],
      ['Lea Long', 'google-classroom'],
    ]);

    const zipped = folder('drive-zip');
    writeFileSync(
      join(zipped, 'Tic-Tac-Toe-20250301T101500Z-001.zip'),
      writeZip(workbook({ 'Tic-Tac-Toe/Ann - tictactoe.zip': 'not read here', 'Tic-Tac-Toe/Ben - tictactoe.zip': '' })),
    );
    const unpacked = classFolder(zipped, folder('drive-zip-scratch'));
    expect(readdirSync(unpacked).sort()).toEqual(['Ann - tictactoe.zip', 'Ben - tictactoe.zip']);
  });

  test("gh classroom clone's folder: the usernames are the students", () => {
    const clones = folder('gh', 'tictactoe-submissions');
    for (const user of ['mona-m', 'nilsnord']) {
      mkdirSync(join(clones, `tictactoe-${user}`, '.git'), { recursive: true });
      mkdirSync(join(clones, `tictactoe-${user}`, 'lessons', board.id), { recursive: true });
      writeFileSync(join(clones, `tictactoe-${user}`, lessonFile), 'x');
    }
    const found = findSubmissions(classFolder(join(scratch, 'gh'), folder('gh-scratch')), folder('gh-unpacked'));
    expect(found.map((submission) => [submission.name, submission.platform, submission.platformId, submission.found])).toEqual([
      ['mona-m', 'github-classroom', 'mona-m', 'tictactoe-mona-m/ → lessons/'],
      ['nilsnord', 'github-classroom', 'nilsnord', 'tictactoe-nilsnord/ → lessons/'],
    ]);
  });

  test("Moodle: a student's files side by side are one hand-in; an archive in a student's folder is unpacked", () => {
    const moodle = folder('moodle');
    writeFileSync(join(moodle, 'Finn Fox_1236_assignsubmission_file_tictactoe.zip'), writeZip(workbook({ [lessonFile]: 'x' })));
    writeFileSync(join(moodle, 'Finn Fox_1236_assignsubmission_onlinetext_onlinetext.html'), '<p>done</p>');
    const carl = folder('moodle', 'Carl Lee_1234_assignsubmission_file_');
    writeFileSync(
      join(carl, 'tictactoe.zip'),
      writeZip(workbook({ [`tictactoe-workbook/${lessonFile}`]: 'x', 'tictactoe-workbook/inner.zip': 'never unpacked' })),
    );
    const found = findSubmissions(moodle, folder('moodle-unpacked'));
    expect(found.map((submission) => [submission.name, submission.platformId, submission.found, submission.problem])).toEqual([
      ['Carl Lee', '1234', 'Carl Lee_1234_assignsubmission_file_/ → tictactoe.zip → tictactoe-workbook/lessons/', undefined],
      ['Finn Fox', '1236', 'Finn Fox_1236_assignsubmission_file_tictactoe.zip → lessons/', undefined],
    ]);
    expect(readFileSync(join(found[0]?.root as string, 'inner.zip'), 'utf8'), 'an archive inside an archive stays packed').toBe('never unpacked');
  });

  test("names that differ only in case are two students: a look-alike never takes a classmate's place", () => {
    // A review named a stub "ann lee" beside an honest "Ann Lee": both were one student, and the stub was graded.
    const handIns = folder('case');
    for (const name of ['Ann Lee', 'ann lee']) {
      mkdirSync(join(handIns, name, 'lessons', board.id), { recursive: true });
      writeFileSync(join(handIns, name, lessonFile), name);
    }
    const found = findSubmissions(handIns, folder('case-unpacked'));
    expect(found.map((submission) => [submission.name, submission.found, words(submission.notes)])).toEqual([
      [
        'Ann Lee',
        'Ann Lee/ → lessons/',
        ['its name looks like that of ann lee (2) (ann lee/ → lessons/): each was graded on its own, so check whose is whose'],
      ],
      [
        'ann lee (2)',
        'ann lee/ → lessons/',
        ['its name looks like that of Ann Lee (Ann Lee/ → lessons/): each was graded on its own, so check whose is whose'],
      ],
    ]);
    expect(found.map((submission) => readFileSync(join(submission.lessonsDir as string, board.id, boardFile), 'utf8'))).toEqual(['Ann Lee', 'ann lee']);
  });

  test('every entry of a plain class folder is a hand-in of its own: names alike but for spaces or Unicode form, a folder beside a zip', () => {
    // A review handed in "Kai King  - tictactoe.zip" (two spaces) and an NFD "José Núñez": each joined the classmate's hand-in, and was graded in its place.
    const handIns = folder('alike');
    const withBoard = (text: string): Buffer => writeZip(workbook({ [lessonFile]: text }));
    writeFileSync(join(handIns, 'Kai King - tictactoe.zip'), withBoard('honest Kai'));
    writeFileSync(join(handIns, 'Kai King  - tictactoe.zip'), withBoard('stub'));
    writeFileSync(join(handIns, 'Lea Long - tictactoe.zip'), withBoard('honest Lea'));
    writeFileSync(join(handIns, 'José Núñez.zip'.normalize('NFC')), withBoard('honest José'));
    writeFileSync(join(handIns, 'José Núñez.zip'.normalize('NFD')), withBoard('stub'));
    mkdirSync(join(handIns, 'Ann', 'lessons', board.id), { recursive: true });
    writeFileSync(join(handIns, 'Ann', lessonFile), 'honest Ann');
    writeFileSync(join(handIns, 'Ann.zip'), withBoard('stub'));
    const found = findSubmissions(handIns, folder('alike-unpacked'));
    const graded = (submission: Submission): string => readFileSync(join(submission.lessonsDir as string, board.id, boardFile), 'utf8');
    expect(found).toHaveLength(7);
    const byName = new Map(found.map((submission) => [submission.name, submission]));
    expect(words(byName.get('Lea Long')?.notes)).toEqual([]);
    expect(graded(byName.get('Lea Long') as Submission)).toBe('honest Lea');
    expect(graded(byName.get('Ann') as Submission)).toBe('honest Ann');
    expect(graded(byName.get('Ann (zip)') as Submission)).toBe('stub');
    // Each pair of look-alikes: two hand-ins, each graded on its own, with a note for the teacher.
    for (const [first, second, honest] of [
      ['Kai King', 'Kai King (2)', 'honest Kai'],
      ['José Núñez', 'José Núñez (2)', 'honest José'],
      ['Ann', 'Ann (zip)', 'honest Ann'],
    ] as const) {
      const pair = found.filter((submission) => [first, second].includes(submission.name.normalize('NFC') as typeof first));
      expect(pair.map(graded).sort(), first).toEqual([honest, 'stub']);
      for (const submission of pair)
        expect(words(submission.notes)?.join(' '), submission.name).toMatch(/^its name looks like that of .*: each was graded on its own/);
    }
  });

  test('a folder unzipped beside its zip is the same work twice: graded once, with a note', () => {
    const handIns = folder('unzipped-beside');
    mkdirSync(join(handIns, 'Ann Lee', 'lessons', board.id), { recursive: true });
    writeFileSync(join(handIns, 'Ann Lee', lessonFile), 'the same');
    writeFileSync(join(handIns, 'Ann Lee.zip'), writeZip(workbook({ [lessonFile]: 'the same' })));
    const found = findSubmissions(handIns, folder('unzipped-beside-unpacked'));
    expect(found.map((submission) => [submission.name, words(submission.notes)])).toEqual([
      ['Ann Lee', ['Ann Lee.zip → lessons/ holds the very same exercise files as Ann Lee/ → lessons/: graded once']],
    ]);
    // Files larger than an exercise file may be are never read to compare: two hand-ins, as any look-alikes.
    const big = folder('unzipped-beside-big');
    const large = 'x'.repeat(EXERCISE_FILE_LIMIT + 1);
    mkdirSync(join(big, 'Bo Li', 'lessons', board.id), { recursive: true });
    writeFileSync(join(big, 'Bo Li', lessonFile), large);
    writeFileSync(join(big, 'Bo Li.zip'), writeZip(workbook({ [lessonFile]: large })));
    expect(findSubmissions(big, folder('unzipped-beside-big-unpacked')).map((submission) => submission.name)).toEqual(['Bo Li', 'Bo Li (zip)']);
  });

  test("Moodle: a name that holds a classmate's participant number never takes their place or their number", () => {
    // A student whose Moodle name is "Aaa_1234_assignsubmission_file_" seemed to carry Ann's number, 1234.
    const moodle = folder('moodle-forged');
    for (const name of [
      'Ann Lee_1234_assignsubmission_file_',
      'Aaa_1234_assignsubmission_file__1236_assignsubmission_file_',
      'Bob Ray_1235_assignsubmission_file_',
    ]) {
      mkdirSync(join(moodle, name, 'lessons', board.id), { recursive: true });
      writeFileSync(join(moodle, name, lessonFile), name);
    }
    const found = findSubmissions(moodle, folder('moodle-forged-unpacked'));
    expect(found.map((submission) => [submission.name, submission.platformId, words(submission.notes)])).toEqual([
      [
        'Aaa_1234_assignsubmission_file__1236_assignsubmission_file_',
        undefined,
        ["its name holds Moodle's participant mark twice, so its participant number is not used"],
      ],
      ['Ann Lee', '1234', []],
      ['Bob Ray', '1235', []],
    ]);
  });

  test("an id that two hand-ins carry under different names is nobody's: left out of the grade import and the class list's matching", () => {
    const canvas = folder('canvas-shared');
    writeFileSync(join(canvas, 'leeann_20001_600001_tictactoe.zip'), writeZip(workbook({ [lessonFile]: 'x' })));
    writeFileSync(join(canvas, 'evil_20001_600002_tictactoe.zip'), writeZip(workbook({ [lessonFile]: 'x' })));
    const found = findSubmissions(canvas, folder('canvas-shared-unpacked'));
    expect(found.map((submission) => [submission.name, submission.platformId])).toEqual([
      ['evil', undefined],
      ['leeann', undefined],
    ]);
    for (const submission of found) {
      expect(words(submission.notes)).toEqual(["Canvas's id 20001 is on 2 hand-ins (evil, leeann): it is left out of the grade import, so check whose it is"]);
      expect(submission.keys, 'the class list cannot match them by it either').not.toContain('20001');
    }
  });

  test("Canvas: a student's loose files are gathered where their lessons expect them", () => {
    const canvas = folder('canvas');
    writeFileSync(join(canvas, `leecarl_20001_600001_${boardFile.replace('.ts', '-1.ts')}`), 'export const board = 1;\n');
    writeFileSync(join(canvas, 'leecarl_20001_600002_notes.txt'), 'my notes');
    const [carl] = findSubmissions(canvas, folder('canvas-unpacked'));
    expect(carl?.platform).toBe('canvas');
    expect(readFileSync(join(carl?.lessonsDir as string, board.id, boardFile), 'utf8')).toBe('export const board = 1;\n');
    expect(carl?.found).toBe('2 files → lessons/');
  });

  test('a whole class download given as one zip is unpacked within its own limits', () => {
    const classZip = join(folder('class-zip'), 'submissions.zip');
    writeFileSync(classZip, writeZip([{ path: 'leecarl_20001_500001_tictactoe.zip', data: writeZip(workbook({ [`t/${lessonFile}`]: 'x' })) }]));
    const unpacked = unpackClassArchive(classZip, folder('class-zip-scratch'));
    expect(findSubmissions(unpacked, folder('class-zip-unpacked')).map((submission) => [submission.name, submission.platformId])).toEqual([
      ['leecarl', '20001'],
    ]);
    expect(CLASS_ARCHIVE_LIMITS.entries).toBeGreaterThan(ARCHIVE_LIMITS.entries);
  });
});

describe('near misses', () => {
  const [board, input] = all as [Lesson, Lesson];
  const boardFile = board.files[0] as string;
  const inputFile = input.files[0] as string;

  test('the wrong case, an extra ending, a copy mark, another folder: each named, the likeliest first', () => {
    const hand = folder('near-hand');
    mkdirSync(join(hand, 'lessons', board.id), { recursive: true });
    mkdirSync(join(hand, 'lessons', input.id), { recursive: true });
    writeFileSync(join(hand, 'lessons', board.id, boardFile.toUpperCase()), 'x');
    writeFileSync(join(hand, 'lessons', input.id, `${inputFile}.txt`), 'x');
    writeFileSync(join(hand, inputFile), 'x');
    const submission: Submission = { name: 'near', source: hand, folder: hand, root: hand, lessonsDir: join(hand, 'lessons') };
    const misses = findNearMisses([hand], [board, input], submission.lessonsDir, (lesson, file) => isInPlace(submission, lesson, file));
    expect(misses.map((miss) => [miss.expected, miss.found, miss.kinds, miss.others])).toEqual([
      [`lessons/${board.id}/${boardFile}`, `lessons/${board.id}/${boardFile.toUpperCase()}`, ['case'], 0],
      [`lessons/${input.id}/${inputFile}`, `lessons/${input.id}/${inputFile}.txt`, ['extension'], 0],
    ]);
    expect(describeMiss(misses[1] as NearMiss)).toBe(`lessons/${input.id}/${inputFile}.txt (its name has an extra ending)`);
    const copy = privateCopy(submission, [board, input], join(scratch, 'near-copy'), misses);
    expect(everything(copy.lessonsDir)).toEqual([board.id, `${board.id}/${boardFile}`, input.id, `${input.id}/${inputFile}`]);
  });

  test('a near miss that is a link is refused like any link; stubs kept for npm run reset are never taken', () => {
    const hand = folder('near-link');
    mkdirSync(join(hand, 'lessons', board.id), { recursive: true });
    mkdirSync(join(hand, '.workbook', 'stubs', board.id), { recursive: true });
    writeFileSync(join(hand, '.workbook', 'stubs', board.id, boardFile), 'the stub');
    symlinkSync(join(ROOT, 'solutions', board.id, boardFile), join(hand, 'lessons', board.id, boardFile.toUpperCase()));
    const submission: Submission = { name: 'link', source: hand, folder: hand, root: hand, lessonsDir: join(hand, 'lessons') };
    expect(findNearMisses([hand], [board], submission.lessonsDir, () => false)).toEqual([]);
  });
});

describe('class lists', () => {
  const write = (name: string, text: string): string => {
    const path = join(folder('rosters'), name);
    writeFileSync(path, text);
    return path;
  };

  test('a Canvas gradebook export: names, Canvas IDs, SIS ids and sections; no "Points Possible" or test student', () => {
    const path = write(
      'canvas.csv',
      '\uFEFFStudent,ID,SIS User ID,SIS Login ID,Section,Tic-Tac-Toe (77)\n    Points Possible,,,,,100\n"Núñez, José",20001,S1,jnunez,Class A,\n"Student, Test",99,,,Class A,\n',
    );
    const roster = readRoster(path);
    expect(roster).toHaveLength(1);
    expect(roster[0]?.name).toBe('Núñez, José');
    expect(roster[0]?.ids).toEqual({ canvasId: '20001', sisUserId: 'S1', sisLoginId: 'jnunez', section: 'Class A' });
    expect(findInRoster(roster, { keys: ['nunezjose'] })?.name, "Canvas's file names").toBe('Núñez, José');
    expect(findInRoster(roster, { keys: ['José Núñez'] })?.name, 'a folder of the name, first name first').toBe('Núñez, José');
    expect(findInRoster(roster, { keys: ['anything'], platform: 'canvas', platformId: '20001' })?.name, 'the Canvas ID a download carries').toBe('Núñez, José');
    // A review named a Canvas student "20001", a classmate's Canvas ID: the grade import got two rows for 20001.
    expect(findInRoster(roster, { keys: ['20001'] }), 'a name is never matched against the IDs').toBeUndefined();
    expect(findInRoster(roster, { keys: ['nunezjose'], platform: 'canvas', platformId: '20005' }), "a classmate's name with another ID").toBeUndefined();
  });

  test('a Moodle grading worksheet, a GitHub Classroom roster, a plain list with semicolons', () => {
    const moodle = readRoster(write('moodle.csv', 'Identifier,Full name,Email address,Status\nParticipant 1234,Carl Lee,carl@school.example,Submitted\n'));
    expect(moodle[0]).toMatchObject({ name: 'Carl Lee', ids: { moodleParticipant: '1234', email: 'carl@school.example' } });
    expect(findInRoster(moodle, { keys: ['Carl Lee'], platform: 'moodle', platformId: '1234' })?.name).toBe('Carl Lee');
    // A review's students named themselves "CARL LEE" (and "1234") in Moodle: they took Carl's row and number.
    expect(findInRoster(moodle, { keys: ['CARL LEE'], platform: 'moodle', platformId: '6666' }), "a classmate's name with another number").toBeUndefined();
    expect(findInRoster(moodle, { keys: ['1234'], platform: 'moodle', platformId: '7777' }), "a classmate's number as a name").toBeUndefined();
    expect(findInRoster(moodle, { keys: ['carl lee'] })?.name, 'a folder of their name, outside Moodle').toBe('Carl Lee');
    const github = readRoster(write('github.csv', '"identifier","github_username","github_id","name"\n"mona@school.example","mona-m","123","Mona Meyer"\n'));
    expect(findInRoster(github, { keys: ['tictactoe-mona-m', 'mona-m'], platform: 'github-classroom', platformId: 'mona-m' })?.name).toBe('Mona Meyer');
    expect(findInRoster(github, { keys: ['tictactoe-nils', 'nils'], platform: 'github-classroom', platformId: 'nils' })).toBeUndefined();
    expect(findInRoster(github, { keys: ['mona-m'] })?.name, 'a folder named after the username').toBe('Mona Meyer');
    expect(github[0]?.ids.moodleParticipant, 'an identifier that is no Moodle participant').toBeUndefined();
    const plain = readRoster(write('plain.csv', 'folder;name\nann-a;Ann Archer\n'));
    expect(findInRoster(plain, { keys: ['Ann-A'] })?.name).toBe('Ann Archer');
    // The list in docs/class-grading.md: platform numbers in the folder column. A Moodle name "1234" never takes 1234's row.
    const numbers = readRoster(write('numbers.csv', 'folder,name\n1234,Carl Lee\n5678,Eve Evil\n'));
    expect(findInRoster(numbers, { keys: ['1234', '1234_5678_assignsubmission_file_'], platform: 'moodle', platformId: '5678' })?.name).toBe('Eve Evil');
    expect(findInRoster(numbers, { keys: ['Carl Lee'], platform: 'moodle', platformId: '1234' })?.name).toBe('Carl Lee');
    expect(findInRoster(numbers, { keys: ['1234'], platform: 'moodle', platformId: '9999' }), 'never by a number').toBeUndefined();
    // A GitHub account not linked in the roster yet: matched by name among the rows without a username.
    const partly = readRoster(write('partly.csv', 'identifier,github_username,name\nmona@school.example,mona-m,Mona Meyer\nnils@school.example,,Nils Nord\n'));
    expect(findInRoster(partly, { keys: ['tictactoe-nilsnord', 'nilsnord'], platform: 'github-classroom', platformId: 'nilsnord' })?.name).toBe('Nils Nord');
    expect(
      findInRoster(partly, { keys: ['mona-m'], platform: 'github-classroom', platformId: 'mona-x' }),
      'a row with a username is claimed by it alone',
    ).toBeUndefined();
    expect(findInRoster(readRoster(write('nfd.csv', 'name\nJosé Núñez\n')), { keys: ['José Núñez'.normalize('NFD')] })?.name, 'either Unicode form').toBe(
      'José Núñez',
    );
    expect(() => readRoster(write('odd.csv', 'colour,size\nred,1\n'))).toThrow(/has no column this command knows/);
  });
});

describe('CSV for spreadsheets', () => {
  test('a byte order mark first, CRLF line ends, quotes where needed, never a formula', () => {
    const text = toCsv([
      ['student', 'notes'],
      ['José Núñez', '=HYPERLINK("x")'],
      ['Ann, A.', 'said "hi"'],
    ]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text).toBe(`${BOM}student,notes\r\nJosé Núñez,"'=HYPERLINK(""x"")"\r\n"Ann, A.","said ""hi"""\r\n`);
    expect(parseCsv(text)).toEqual([
      ['student', 'notes'],
      ['José Núñez', `'=HYPERLINK("x")`],
      ['Ann, A.', 'said "hi"'],
    ]);
  });

  test('a formula behind spaces, invisible characters or in full-width signs is no formula either', () => {
    for (const value of [' =1+1', '\u200B=1+1', '\uFF1D1+1', '  @SUM(A1)', '\t1', '-2']) expect(toCsv([[value]]), JSON.stringify(value)).toContain(`'${value}`);
    expect(toCsv([['Ann-Marie', -2, 'a=b']])).toBe(`${BOM}Ann-Marie,-2,a=b\r\n`);
  });
});

describe('the right file, the same in every layout', () => {
  const [board, input] = all as [Lesson, Lesson];
  const boardFile = board.files[0] as string;
  const inputFile = input.files[0] as string;
  const DRAFT = new Date(2026, 2, 1, 9, 0);
  const FINAL = new Date(2026, 2, 2, 10, 15);
  /** A workbook archive whose two exercise files say which version they are, every entry dated `date`. */
  const version = (label: string, date: Date, top = 'tictactoe/'): Buffer =>
    writeZip(
      [
        { path: `${top}lessons/${board.id}/${boardFile}`, data: Buffer.from(`board of ${label}`) },
        { path: `${top}lessons/${input.id}/${inputFile}`, data: Buffer.from(`input of ${label}`) },
      ],
      date,
    );
  /** What each of the two lessons got, and what intake said, per student. */
  const taken = (submissions: Submission[]): Array<Record<string, unknown>> =>
    submissions.map((submission) => {
      const file = (lesson: Lesson): string | undefined => {
        const path = join(submission.lessonsDir ?? '/nowhere', lesson.id, lesson.files[0] as string);
        return lstatSync(path, { throwIfNoEntry: false })?.isFile() ? readFileSync(path, 'utf8') : undefined;
      };
      return {
        name: submission.name,
        platform: submission.platform,
        ...(submission.late === undefined ? {} : { late: submission.late }),
        found: submission.found,
        [board.id]: file(board),
        [input.id]: file(input),
        choices: words(submission.choices) ?? [],
        notes: words(submission.notes),
        ...(submission.problem === undefined ? {} : { problem: problemWords(submission) }),
      };
    });
  /** The same as rows: name, found, lesson 01's file, lesson 02's, choices, notes. */
  const rows = (submissions: Submission[]): unknown[][] =>
    taken(submissions).map((row) => [row.name, row.found, row[board.id], row[input.id], row.choices, row.notes]);
  const write = (path: string, data: Buffer | string): void => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, data);
  };
  const lastFirst = `graded final.zip (newest, files of 2026-03-02 10:15); left aside draft.zip (files of 2026-03-01 09:00)`;

  test('Moodle, in folders and side by side: loose files where their lessons expect them, the newest of two archives, a copy handed in again', () => {
    const moodle = folder('right-moodle');
    const dmitri = join(moodle, 'Дмитрий Иванов_1236_assignsubmission_file_');
    write(join(dmitri, boardFile), 'loose board');
    write(join(dmitri, inputFile), 'loose input');
    const ann = join(moodle, 'Ann Lee_1237_assignsubmission_file_');
    write(join(ann, 'draft.zip'), version('draft', DRAFT));
    write(join(ann, 'final.zip'), version('final', FINAL));
    const bo = join(moodle, 'Bo Li_1238_assignsubmission_file_');
    write(join(bo, boardFile), 'first board');
    write(join(bo, boardFile.replace('.ts', ' (1).ts')), 'board again');
    // Archives whose names sort the other way round from their times: the times decide.
    const cy = join(moodle, 'Cy Ng_1239_assignsubmission_file_');
    write(join(cy, 'tictactoe-v1.zip'), version('v1', FINAL));
    write(join(cy, 'tictactoe-v2.zip'), version('v2', DRAFT));
    const copyNote = (copy: string, of: Lesson, aside: string): string =>
      `graded ${copy} as lessons/${of.id}/${of.files[0]} (the file handed in again: the highest copy number); left aside ${aside}`;
    const boardAgain = copyNote(boardFile.replace('.ts', ' (1).ts'), board, boardFile);
    expect(rows(findSubmissions(moodle, folder('right-moodle-unpacked'), [board, input]))).toEqual([
      ['Ann Lee', 'Ann Lee_1237_assignsubmission_file_/ → final.zip → tictactoe/lessons/', 'board of final', 'input of final', [lastFirst], []],
      ['Bo Li', 'Bo Li_1238_assignsubmission_file_/ → 2 files → lessons/', 'board again', undefined, [boardAgain], []],
      [
        'Cy Ng',
        'Cy Ng_1239_assignsubmission_file_/ → tictactoe-v1.zip → tictactoe/lessons/',
        'board of v1',
        'input of v1',
        ['graded tictactoe-v1.zip (newest, files of 2026-03-02 10:15); left aside tictactoe-v2.zip (files of 2026-03-01 09:00)'],
        [],
      ],
      ['Дмитрий Иванов', 'Дмитрий Иванов_1236_assignsubmission_file_/ → 2 files → lessons/', 'loose board', 'loose input', [], []],
    ]);

    // Moodle's other layout: the same files side by side in the class folder come out the same.
    const flat = folder('right-moodle-flat');
    write(join(flat, `Дмитрий Иванов_1236_assignsubmission_file_${boardFile}`), 'loose board');
    write(join(flat, `Дмитрий Иванов_1236_assignsubmission_file_${inputFile}`), 'loose input');
    write(join(flat, 'Ann Lee_1237_assignsubmission_file_draft.zip'), version('draft', DRAFT));
    write(join(flat, 'Ann Lee_1237_assignsubmission_file_final.zip'), version('final', FINAL));
    write(join(flat, 'Ann Lee_1237_assignsubmission_onlinetext_onlinetext.html'), '<p>done</p>');
    write(join(flat, `Bo Li_1238_assignsubmission_file_${boardFile}`), 'first board');
    write(join(flat, `Bo Li_1238_assignsubmission_file_${boardFile.replace('.ts', ' (1).ts')}`), 'board again');
    const annFlat = 'Ann Lee_1237_assignsubmission_file_';
    expect(rows(findSubmissions(flat, folder('right-moodle-flat-unpacked'), [board, input]))).toEqual([
      [
        'Ann Lee',
        `${annFlat}final.zip → tictactoe/lessons/`,
        'board of final',
        'input of final',
        [`graded ${annFlat}final.zip (newest, files of 2026-03-02 10:15); left aside ${annFlat}draft.zip (files of 2026-03-01 09:00)`],
        [],
      ],
      ['Bo Li', '2 files → lessons/', 'board again', undefined, [boardAgain], []],
      ['Дмитрий Иванов', '2 files → lessons/', 'loose board', 'loose input', [], []],
    ]);
  });

  test('Canvas: a file handed in again (-1) is graded, an archive handed in again too, and the LATE mark is kept', () => {
    const canvas = folder('right-canvas');
    write(join(canvas, `ivanovivan_20003_620003_${boardFile}`), 'first board');
    write(join(canvas, `ivanovivan_20003_620004_${inputFile}`), 'loose input');
    write(join(canvas, `ivanovivan_20003_620005_${boardFile.replace('.ts', '-1.ts')}`), 'board again');
    write(join(canvas, 'hillhana_LATE_20002_520002_tictactoe.zip'), version('late', FINAL));
    // Canvas's mark says which came later, whatever the times inside.
    write(join(canvas, 'leeann_20005_700001_tictactoe.zip'), version('first', FINAL));
    write(join(canvas, 'leeann_20005_700002_tictactoe-1.zip'), version('again', DRAFT));
    const found = findSubmissions(canvas, folder('right-canvas-unpacked'), [board, input]);
    expect(found.map((submission) => [submission.platform, submission.late])).toEqual([
      ['canvas', true],
      ['canvas', undefined],
      ['canvas', undefined],
    ]);
    expect(rows(found)).toEqual([
      ['hillhana', 'hillhana_LATE_20002_520002_tictactoe.zip → tictactoe/lessons/', 'board of late', 'input of late', [], ['Canvas marked it late']],
      [
        'ivanovivan',
        '3 files → lessons/',
        'board again',
        'loose input',
        [
          `graded ${boardFile.replace('.ts', '-1.ts')} as lessons/${board.id}/${boardFile} (the file handed in again: the highest copy number); left aside ${boardFile}`,
        ],
        [],
      ],
      [
        'leeann',
        'leeann_20005_700002_tictactoe-1.zip → tictactoe/lessons/',
        'board of again',
        'input of again',
        [
          'graded leeann_20005_700002_tictactoe-1.zip (handed in again: the highest copy number); left aside leeann_20005_700001_tictactoe.zip (files of 2026-03-02 10:15)',
        ],
        [],
      ],
    ]);
  });

  test('Google Classroom folders, GitHub Classroom clones and plain folders: loose files and two archives, as on Moodle', () => {
    const google = folder('right-google', 'Tic-Tac-Toe-20260301T101500Z-001', 'Tic-Tac-Toe');
    write(join(google, 'Kai King - tictactoe', boardFile), 'loose board');
    write(join(google, 'Lea Long - tictactoe', 'draft.zip'), version('draft', DRAFT));
    write(join(google, 'Lea Long - tictactoe', 'final.zip'), version('final', FINAL));
    const fromGoogle = findSubmissions(classFolder(join(scratch, 'right-google'), folder('right-google-scratch')), folder('right-google-unpacked'), [
      board,
      input,
    ]);
    expect(taken(fromGoogle)).toEqual([
      {
        name: 'Kai King',
        platform: 'google-classroom',
        found: 'Kai King - tictactoe/ → 1 file → lessons/',
        [board.id]: 'loose board',
        [input.id]: undefined,
        choices: [],
        notes: [],
      },
      {
        name: 'Lea Long',
        platform: 'google-classroom',
        found: 'Lea Long - tictactoe/ → final.zip → tictactoe/lessons/',
        [board.id]: 'board of final',
        [input.id]: 'input of final',
        choices: [lastFirst],
        notes: [],
      },
    ]);

    const github = folder('right-github', 'tictactoe-submissions');
    write(join(github, 'tictactoe-mona-m', '.git', 'HEAD'), 'ref: refs/heads/main\n');
    write(join(github, 'tictactoe-mona-m', boardFile), 'loose board');
    write(join(github, 'tictactoe-mona-m', inputFile), 'loose input');
    write(join(github, 'tictactoe-nilsnord', '.git', 'HEAD'), 'ref: refs/heads/main\n');
    write(join(github, 'tictactoe-nilsnord', 'draft.zip'), version('draft', DRAFT));
    write(join(github, 'tictactoe-nilsnord', 'final.zip'), version('final', FINAL));
    const fromGithub = findSubmissions(classFolder(join(scratch, 'right-github'), folder('right-github-scratch')), folder('right-github-unpacked'), [
      board,
      input,
    ]);
    expect(taken(fromGithub).map(({ name, platform, found, choices, ...files }) => [name, platform, found, files[board.id], files[input.id], choices])).toEqual(
      [
        ['mona-m', 'github-classroom', 'tictactoe-mona-m/ → 2 files → lessons/', 'loose board', 'loose input', []],
        ['nilsnord', 'github-classroom', 'tictactoe-nilsnord/ → final.zip → tictactoe/lessons/', 'board of final', 'input of final', [lastFirst]],
      ],
    );

    const plain = folder('right-plain');
    write(join(plain, 'Ann', boardFile), 'loose board');
    write(join(plain, 'Ann', inputFile.replace('.ts', ' (1).ts')), 'input again');
    write(join(plain, 'Ann', inputFile.replace('.ts', ' (2).ts')), 'input once more');
    write(join(plain, 'Bob', 'draft.zip'), version('draft', DRAFT));
    write(join(plain, 'Bob', 'final.zip'), version('final', FINAL));
    // An archive of loose files in a folder of their own, the way a student zips a folder.
    write(
      join(plain, 'Cid.zip'),
      writeZip([
        { path: `cid-files/${boardFile}`, data: Buffer.from('zipped board') },
        { path: `cid-files/${inputFile}`, data: Buffer.from('zipped input') },
      ]),
    );
    expect(
      taken(findSubmissions(plain, folder('right-plain-unpacked'), [board, input])).map(({ name, found, choices, ...files }) => [
        name,
        found,
        files[board.id],
        files[input.id],
        choices,
      ]),
    ).toEqual([
      [
        'Ann',
        'Ann/ → 3 files → lessons/',
        'loose board',
        'input once more',
        [
          `graded ${inputFile.replace('.ts', ' (2).ts')} as lessons/${input.id}/${inputFile} (the file handed in again: the highest copy number); left aside ${inputFile.replace('.ts', ' (1).ts')}`,
        ],
      ],
      ['Bob', 'Bob/ → final.zip → tictactoe/lessons/', 'board of final', 'input of final', [lastFirst]],
      ['Cid', 'Cid.zip → 2 files → lessons/', 'zipped board', 'zipped input', []],
    ]);
  });

  test('a whole workbook comes before loose files; archives of equal times: the name that sorts last, said so', () => {
    const moodle = folder('right-mixed');
    write(join(moodle, 'Ann Lee_1237_assignsubmission_file_tictactoe.zip'), version('zip', DRAFT));
    write(join(moodle, `Ann Lee_1237_assignsubmission_file_${boardFile}`), 'loose board');
    const eve = join(moodle, 'Eve Ek_1240_assignsubmission_file_');
    write(join(eve, 'a.zip'), version('a', FINAL));
    write(join(eve, 'b.zip'), version('b', FINAL));
    expect(
      taken(findSubmissions(moodle, folder('right-mixed-unpacked'), [board, input])).map(({ name, choices, ...files }) => [name, files[board.id], choices]),
    ).toEqual([
      [
        'Ann Lee',
        'board of zip',
        [`graded Ann Lee_1237_assignsubmission_file_tictactoe.zip (a whole workbook comes before loose files); left aside 1 file (${boardFile})`],
      ],
      [
        'Eve Ek',
        'board of b',
        ["graded b.zip (files of 2026-03-02 10:15, as new as a.zip's: of equal ones, the name that sorts last); left aside a.zip (files of 2026-03-02 10:15)"],
      ],
    ]);
  });

  test("a hand-in's names reach no note, found or problem with their control characters", () => {
    const controls = '\u001b]0;pwned\u0007\u001b[2J';
    const handIns = folder('right-escapes');
    write(join(handIns, 'Ann', `${controls}draft.zip`), version('draft', DRAFT));
    write(join(handIns, 'Ann', 'final.zip'), version('final', FINAL));
    write(join(handIns, 'Bob.zip'), rawZip([{ path: `../${controls}.ts`, packed: deflateRawSync('x'), size: 1, checksum: crc32('x') }]));
    write(join(handIns, 'Cy', 'lessons', board.id, 'notes.txt'), 'x');
    write(join(handIns, 'Cy', 'lessons', `${controls}`, boardFile), 'moved board');
    write(join(handIns, 'Dee', `${controls}${boardFile}`), 'odd');
    write(join(handIns, 'Dee', boardFile), 'board');
    write(join(handIns, `evil_20009_2_${boardFile}`), 'board');
    write(join(handIns, 'evil_20009_3_..'), 'a file whose name leaves Canvas\'s prefix only ".."');
    symlinkSync(join(ROOT, 'README.md'), join(handIns, `evil_20009_1_${controls}.zip`));
    const found = findSubmissions(handIns, folder('right-escapes-unpacked'), [board]);
    const said = found.flatMap((submission) => [
      submission.found ?? '',
      problemWords(submission) ?? '',
      ...(words(submission.notes) ?? []),
      ...(words(submission.choices) ?? []),
    ]);
    const shown = '?]0;pwned??[2J';
    expect(words(found.find((submission) => submission.name === 'Ann')?.choices)).toEqual([
      `graded final.zip (newest, files of 2026-03-02 10:15); left aside ${shown}draft.zip (files of 2026-03-01 09:00)`,
    ]);
    expect(problemWords(found.find((submission) => submission.name === 'Bob'))).toBe(
      `the archive could not be unpacked: the archive holds the unsafe path "../${shown}.ts"`,
    );
    const cy = found.find((submission) => submission.name === 'Cy') as Submission;
    const [miss] = findNearMisses(cy.folders ?? [], [board], cy.lessonsDir, (lesson, file) => isInPlace(cy, lesson, file));
    expect(miss?.found).toBe(`lessons/${shown}/${boardFile}`);
    expect(describeMiss(miss as NearMiss)).not.toMatch(/\p{Cc}/u);
    const linked: Submission = { name: 'x', source: handIns, folder: handIns, lessonsDir: join(handIns, `${controls}lessons`) };
    mkdirSync(join(handIns, `${controls}lessons`));
    symlinkSync(join(ROOT, 'lessons', board.id), join(handIns, `${controls}lessons`, board.id));
    expect(words(privateCopy(linked, [board], join(scratch, 'right-escapes-copy')).notes)).toEqual([
      `lessons/${board.id} is a symbolic link, not a folder; nothing in it is graded`,
    ]);
    expect(said.join(' | ')).not.toMatch(/\p{Cc}/u);
    expect(said.join(' | ')).toContain(`evil_20009_1_${shown}.zip is a symbolic link, which is never followed`);
  });
});
