/**
 * The small modules the tools share: the stub's error, failure kinds, imports read with TypeScript's
 * parser, boards without lesson code, words, and the lesson APIs the tools call (the reference
 * solutions must fit them; `npm run typecheck` checks the assignments below); where `check --target`
 * finds a folder's lessons (or takes a hand-in in as `grade` does); and the teacher quick start's links and commands.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as computer from '../../solutions/06-computer/computer.ts';
import * as search from '../../solutions/07-search/search.ts';
import * as game from '../../solutions/04-game/game.ts';
import * as input from '../../solutions/02-input/input.ts';
import { boardOf, isFreeCell, linesInReadingOrder, linesOfThree, pictureOf } from '../../scripts/lib/core/boards.ts';
import { failureOf, isStopped, stoppedMessage, withVerdict, type Verdict } from '../../scripts/lib/core/failure.ts';
import { importsOf, relativeImportsOf } from '../../scripts/lib/teacher/pack/imports.ts';
import type { ComputerModule, GameModule, InputModule, SearchModule } from '../../scripts/lib/core/lesson-modules.ts';
import { holdsStub, stubName, stubNameOf, stubStatement } from '../../scripts/lib/core/stub-error.ts';
import { escapeHtml, plural } from '../../scripts/lib/core/text.ts';
import { findLessonsFolder, heldLessons, targetCode } from '../../scripts/lib/command-line/target.ts';
import { hintLadder, LESSON_FOLDER, listLessons, nextHint, readLesson, ROOT } from '../../scripts/lib/core/workbook.ts';
import { hintToShow, lessonProgress, recordHint, recordScores, type Progress } from '../../scripts/lib/core/progress.ts';
import { scoreLesson } from '../../scripts/lib/core/results.ts';
import { runChecks, type SuiteRuns } from '../../scripts/lib/teacher/authoring.ts';
import { dealByWeight, readLessonTimes, recordLessonTimes } from '../../scripts/lib/grader/command/lesson-times.ts';
import { compileCacheFile, compiledFile, writeCompiledFolders } from '../../scripts/lib/grader/contracts/compile.ts';
import { typecheck } from '../../scripts/lib/grader/command/typecheck.ts';
import { writeZip } from '../../scripts/lib/teacher/intake/zip.ts';
import { takeInHandIn } from '../../scripts/lib/teacher/intake/intake.ts';
import { readCatalog, translator } from '../../scripts/lib/i18n/messages.ts';
import { parseCommandLine } from '../../scripts/lib/command-line/cli.ts';
import { describeEnglish, findEnglishInOutput } from '../../scripts/lib/teacher/pack/language-check.ts';

/** The intake, as the teacher's check loads it for targetCode. */
const intake = async () => takeInHandIn;

describe('the stub error is made and recognised in one place', () => {
  test('the statement a stub throws, and its name read back', () => {
    const statement = stubStatement('createBoard');
    expect(statement).toBe("throw new Error('not implemented yet: createBoard');");
    const error = new Error(new Function(`try { ${statement} } catch (e) { return e.message; }`)() as string);
    expect(stubNameOf(error)).toBe('createBoard');
    expect(stubName('not implemented yet: ')).toBeUndefined();
    expect(stubName('something else')).toBeUndefined();
    expect(holdsStub(`export function f() {\n  ${statement}\n}`)).toBe(true);
    expect(holdsStub('export function f() {}')).toBe(false);
  });
});

describe('failures carry their kind and details', () => {
  test("a stop by the grader: the limit and the last lines printed, from the grader's verdict, never from the message", () => {
    const message = stoppedMessage(3000, '\nThe last lines your code printed:\nround 1\nround 2');
    const verdict: Verdict = { kind: 'stopped', limitMs: 3000, printed: ['round 1', 'round 2'] };
    expect(failureOf({ name: 'StoppedError', message }, { verdict })).toMatchObject({ kind: 'stopped', limitMs: 3000, printed: ['round 1', 'round 2'] });
    expect(failureOf({ name: 'StoppedError', message }).kind).toBe('thrown');
    expect(isStopped(withVerdict(new Error(message), verdict))).toBe(true);
    expect(isStopped(new Error(message))).toBe(false);
    expect(isStopped(new Error('Test timed out in 3000ms.'))).toBe(false);
  });

  test('a stub, the pretend player, and anything else', () => {
    expect(failureOf({ name: 'Error', message: 'not implemented yet: parseMove' })).toMatchObject({ kind: 'stub', missing: 'parseMove' });
    expect(failureOf({ name: 'EndlessInputError', message: 'printed more than 1000 times' }, { kept: 'printing' })).toMatchObject({
      kind: 'endless-input',
      kept: 'printing',
    });
    expect(failureOf({ name: 'EndlessInputError', message: 'printed more than 1000 times' }).kind, 'without what it stopped, any error').toBe('thrown');
    expect(failureOf({ name: 'RangeError', message: 'Maximum call stack size exceeded' }).kind).toBe('thrown');
  });
});

describe("imports are read with TypeScript's parser", () => {
  test('static, type-only, re-exports, dynamic, import types and files beside the module; not in comments or strings', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "import './side-effect.ts';",
      "export { c } from './c.ts';",
      "export * from 'node:fs';",
      "const d = await import('./d.ts');",
      "type E = import('./e.ts').E;",
      "const pump = new URL('./pump.mjs', import.meta.url);",
      "// import { f } from './f.ts';",
      'const text = "import { g } from \'./g.ts\'";',
    ].join('\n');
    expect(importsOf(source)).toEqual(['./a.ts', '../b.ts', './side-effect.ts', './c.ts', 'node:fs', './d.ts', './e.ts', './pump.mjs']);
    expect(relativeImportsOf(source)).not.toContain('node:fs');
  });
});

describe('boards without lesson code', () => {
  test('pictures both ways, free cells, and the eight lines cell by cell and in reading order', () => {
    const board = boardOf('X.O .X. ..O');
    expect(pictureOf(board)).toBe('X.O .X. ..O');
    expect([1, 3, 8, 9, -1, 1.5, '1', null].map((answer) => isFreeCell(board, answer))).toEqual([true, true, false, false, false, false, false, false]);
    expect(linesOfThree()).toEqual([
      [0, 1, 2],
      [0, 3, 6],
      [0, 4, 8],
      [1, 4, 7],
      [2, 5, 8],
      [2, 4, 6],
      [3, 4, 5],
      [6, 7, 8],
    ]);
    expect(linesInReadingOrder()).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7, 8],
      [0, 3, 6],
      [1, 4, 7],
      [2, 5, 8],
      [0, 4, 8],
      [2, 4, 6],
    ]);
  });
});

describe('words and names', () => {
  test('plural, escapeHtml and the lesson folder pattern', () => {
    expect([plural(1, 'lesson'), plural(2, 'lesson'), plural(0, 'hand-in'), plural(3, 'match', 'matches')]).toEqual([
      '1 lesson',
      '2 lessons',
      '0 hand-ins',
      '3 matches',
    ]);
    expect(escapeHtml('<a href="x">Tom & Jerry</a>')).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(['01-board', '08-tutorials', '1-board', '01_board', '01-Board'].map((name) => LESSON_FOLDER.test(name))).toEqual([true, true, false, false, false]);
  });
});

describe('the lesson APIs the tools call', () => {
  test('the reference solutions fit the shapes play and arena use', () => {
    const modules: [InputModule, GameModule, ComputerModule, SearchModule] = [input, game, computer, search];
    expect(modules.map((module) => typeof module)).toEqual(['object', 'object', 'object', 'object']);
  });
});

/**
 * Runs `check` on a hand-in folder holding a copy of lesson 01's reference, with a cache folder of its
 * own, in a scratch folder removed afterwards.
 */
async function withHandIn01(
  check: (handIn: { folder: string; file: string; cache: string; lessons: ReturnType<typeof listLessons> }) => Promise<void>,
): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'workbook-typecheck-'));
  try {
    const folder = join(scratch, 'hand-in');
    cpSync(join(ROOT, 'solutions', '01-board'), join(folder, '01-board'), { recursive: true });
    const lessons = listLessons().filter((lesson) => lesson.id === '01-board');
    await check({ folder, file: join(folder, '01-board', 'board.ts'), cache: join(scratch, 'state'), lessons });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('the type check keeps what tsc learned, one cache file per graded folder', () => {
  test('a folder other than lessons/ gets a file of its own, and a second check finds the same errors', async () => {
    await withHandIn01(async ({ folder, file, cache, lessons }) => {
      writeFileSync(file, `${readFileSync(file, 'utf8')}\nexport const broken: number = 'not a number';\n`);
      const first = await typecheck(ROOT, folder, lessons, cache);
      const second = await typecheck(ROOT, folder, lessons, cache);
      expect(readdirSync(cache).filter((name) => /^typecheck-[0-9a-f]{16}\.tsbuildinfo$/.test(name))).toHaveLength(1);
      expect(existsSync(join(cache, 'typecheck.tsbuildinfo')), "the student's own cache file").toBe(false);
      expect(first.get('01-board')?.map((problem) => problem.line)).toEqual([readFileSync(file, 'utf8').split('\n').length - 1]);
      expect(second).toEqual(first);
    });
  });

  test('a check of files that have not changed gives what tsc found without running it; any change to a file it read is seen', async () => {
    await withHandIn01(async ({ folder, file, cache, lessons }) => {
      const helper = join(folder, '01-board', 'helper.ts');
      const original = readFileSync(file, 'utf8');
      // A file of the student's own, imported by an exercise file (lesson.json does not name it).
      writeFileSync(helper, "export const answer: number = 'forty-two';\n");
      writeFileSync(file, `${original}\nexport { answer } from './helper.ts';\n`);
      const lines = async (): Promise<string[]> =>
        ((await typecheck(ROOT, folder, lessons, cache)).get('01-board') ?? []).map((problem) => `${problem.file}:${problem.line}`);
      expect(await lines()).toEqual(['hand-in/01-board/helper.ts:1']);

      // The stored result answers the next check: one planted in it is what the check shows.
      const [stored] = readdirSync(cache).filter((name) => name.endsWith('.result.json'));
      const storedFile = join(cache, stored as string);
      const result = JSON.parse(readFileSync(storedFile, 'utf8')) as { said: string };
      writeFileSync(storedFile, JSON.stringify({ ...result, said: `${file}(7,1): error TS2322: planted.` }));
      expect(await lines()).toEqual(['hand-in/01-board/board.ts:7']);

      // The helper fixed, with its old date: the check runs again and finds nothing.
      const { atime, mtime } = statSync(helper);
      writeFileSync(helper, 'export const answer: number = 42;\n');
      utimesSync(helper, atime, mtime);
      expect(await lines()).toEqual([]);

      // A file saved while tsc runs: what tsc said is not kept (it may be about the file as it was).
      rmSync(storedFile);
      const during = typecheck(ROOT, folder, lessons, cache);
      writeFileSync(file, `${original}\nexport const during: number = 'saved while tsc ran';\n`);
      await during;
      expect(existsSync(storedFile), 'a result kept from a check during which a file changed').toBe(false);
      expect(await lines()).toEqual([`hand-in/01-board/board.ts:${original.split('\n').length + 1}`]);

      // An import of a file that is not there yet is never answered from the store: making the file is seen.
      writeFileSync(file, `${original}\nexport { later } from './later.ts';\n`);
      expect((await lines()).length).toBe(1);
      writeFileSync(join(folder, '01-board', 'later.ts'), 'export const later = 1;\n');
      expect(await lines()).toEqual([]);
    });
  });
});

describe('check and watch keep what makes the next run faster, in the state folder', () => {
  test('compiled exercise files: a file whose text is unchanged is taken from the store; a changed one, or a store that does not fit, is compiled', async () => {
    await withHandIn01(async ({ folder, cache, lessons }) => {
      const out = join(cache, 'out');
      mkdirSync(out, { recursive: true });
      const store = compileCacheFile(cache);
      /** The code the sandbox gets for lesson 01's board.ts of `graded`, compiled with the store. */
      const compiledBoard = (graded: string): string | undefined => {
        writeCompiledFolders(out, [graded], lessons, store);
        const compiled = JSON.parse(readFileSync(compiledFile(out, 0), 'utf8')) as Record<string, { code?: string }>;
        return compiled[join(graded, '01-board', 'board.ts')]?.code;
      };
      expect(compiledBoard(folder)).toContain('createBoard');
      const kept = JSON.parse(readFileSync(store, 'utf8')) as { version: string; files: Record<string, { hash: string }> };
      expect(Object.keys(kept.files)).toContain(join(folder, '01-board', 'board.ts'));

      // What the store holds for a file's text as it is now is what the sandbox gets: nothing is compiled.
      // (Another folder: this process also remembers, by path, what it compiled.)
      const moved = join(cache, 'moved');
      cpSync(folder, moved, { recursive: true });
      const planted = { ...kept.files[join(folder, '01-board', 'board.ts')], shown: 'moved/01-board/board.ts', result: { code: 'exports.planted = true;' } };
      writeFileSync(store, JSON.stringify({ ...kept, files: { [join(moved, '01-board', 'board.ts')]: planted } }));
      expect(compiledBoard(moved)).toBe('exports.planted = true;');
      // (A store that holds anything else is ignored: what this process remembers still counts.)
      writeFileSync(store, 'null');
      expect(compiledBoard(moved)).toBe('exports.planted = true;');

      // Changed text is compiled again; a store that is not JSON is ignored.
      const movedFile = join(moved, '01-board', 'board.ts');
      writeFileSync(movedFile, `${readFileSync(movedFile, 'utf8')}\nexport const added = 1;\n`);
      writeFileSync(store, '{ not json');
      const recompiled = compiledBoard(moved);
      expect(recompiled).toContain('added');
      expect(recompiled).not.toContain('planted');
    });
  });

  test("lessons' durations: kept per lesson, read back, anything else in the file ignored", () => {
    const state = mkdtempSync(join(tmpdir(), 'workbook-times-'));
    try {
      expect(readLessonTimes(state)).toEqual({});
      recordLessonTimes(state, [
        { lessonId: '01-board', tests: [{ durationMs: 20 }, { durationMs: 12.4 }] },
        { lessonId: '02-input', tests: [] },
      ]);
      recordLessonTimes(state, [{ lessonId: '03-win', tests: [{ durationMs: 500 }] }]);
      expect(readLessonTimes(state)).toEqual({ '01-board': 32, '03-win': 500 });
      writeFileSync(join(state, 'lesson-times.json'), JSON.stringify({ '01-board': 'slow', '03-win': 7, '04-game': -1 }));
      expect(readLessonTimes(state)).toEqual({ '03-win': 7 });
      writeFileSync(join(state, 'lesson-times.json'), '[1, 2');
      expect(readLessonTimes(state)).toEqual({});
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });

  test("one folder's lessons are dealt out over the workers by those durations; without any, in turn", () => {
    const times: Record<string, number> = { a: 30, b: 90, c: 660, d: 110, e: 170, f: 880, g: 630, h: 140 };
    const groups = dealByWeight(Object.keys(times), 2, (id) => times[id]);
    const totals = groups.map((group) => group.reduce((sum, id) => sum + (times[id] ?? 0), 0));
    expect(Math.abs((totals[0] ?? 0) - (totals[1] ?? 0))).toBeLessThanOrEqual(100);
    expect(groups.flat().sort()).toEqual(Object.keys(times));
    // Each group keeps the lessons' order.
    for (const group of groups) expect(group).toEqual([...group].sort());
    expect(dealByWeight(['a', 'b', 'c', 'd', 'e'], 2, () => undefined)).toEqual([
      ['a', 'c', 'e'],
      ['b', 'd'],
    ]);
    // A lesson never timed counts as the mean of the others.
    expect(dealByWeight(['a', 'b', 'c'], 2, (id) => ({ a: 100, b: 100 })[id])).toEqual([['a', 'c'], ['b']]);
  });
});

describe('check --target finds the lessons of a folder', () => {
  const lessons = listLessons();
  const [board, input] = lessons as [(typeof lessons)[number], (typeof lessons)[number]];

  test('a lessons folder, a workbook holding lessons/, one or two folders around it (clutter aside); what each lesson folder holds', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'workbook-target-'));
    const lessonsDir = join(scratch, 'download', 'Ann Lee', 'tictactoe', 'lessons');
    mkdirSync(join(lessonsDir, board.id), { recursive: true });
    writeFileSync(join(lessonsDir, board.id, board.files[0] as string), '');
    mkdirSync(join(lessonsDir, input.id));
    mkdirSync(join(scratch, 'download', '__MACOSX', 'Ann Lee'), { recursive: true });
    mkdirSync(join(scratch, 'download', 'Ann Lee', '.git'));
    writeFileSync(join(scratch, 'download', 'Ann Lee', 'tictactoe.zip'), '');
    expect(findLessonsFolder(lessonsDir)).toEqual({ dir: lessonsDir, steps: [] });
    expect(findLessonsFolder(join(scratch, 'download', 'Ann Lee', 'tictactoe'))).toEqual({ dir: lessonsDir, steps: ['lessons'] });
    expect(findLessonsFolder(join(scratch, 'download'))).toEqual({ dir: lessonsDir, steps: ['Ann Lee', 'tictactoe', 'lessons'] });
    const { held, leftOut } = heldLessons(lessonsDir, lessons);
    expect(held.map((lesson) => lesson.id)).toEqual([board.id]);
    expect(leftOut[0]).toEqual({ lesson: input, absentFiles: input.files });
    expect(leftOut.slice(1).every((entry) => entry.absentFiles.length === 0)).toBe(true);
    rmSync(scratch, { recursive: true });
  });

  test('a folder without lessons is an error that says what it holds, its names made printable', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'workbook-target-'));
    mkdirSync(join(scratch, 'one'));
    mkdirSync(join(scratch, 'two\x1b]0;owned\x07'));
    expect(() => findLessonsFolder(scratch)).toThrow(
      `holds no lessons. Expected lesson folders (01-board/, 02-input/, …), a workbook folder holding lessons/, or one folder around one of these; ${scratch} holds one/ and two?]0;owned?/.`,
    );
    expect(() => findLessonsFolder(scratch, 'no lessons/ folder was found in it')).toThrow(
      `a workbook folder holding lessons/, loose exercise files, an archive of one of these, or one folder around one of these; ${scratch} holds one/ and two?]0;owned?/. Taken in as npm run grade takes a hand-in: no lessons/ folder was found in it.`,
    );
    for (const name of 'abcdefghij') writeFileSync(join(scratch, 'one', `${name}.ts`), '');
    expect(() => findLessonsFolder(join(scratch, 'one'), undefined, translator('zh'), 'zh')).toThrow(
      `而 ${join(scratch, 'one')} 里的内容是：a.ts、b.ts、c.ts、d.ts、e.ts、f.ts、g.ts、h.ts、…。`,
    );
    expect(() => findLessonsFolder(join(scratch, 'three'))).toThrow('there is no such folder');
    rmSync(scratch, { recursive: true });
  });

  test('a .zip or another file given for a folder says what it is and what to do, in the words asked for', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'workbook-target-'));
    const zip = join(scratch, 'hand-in.zip');
    writeFileSync(zip, writeZip([{ path: 'lessons/01-board/board.ts', data: Buffer.from('') }]));
    // A download that lost its name is still known for a .zip by its first bytes.
    cpSync(zip, join(scratch, 'download'));
    writeFileSync(join(scratch, 'board.ts'), '');
    expect(() => findLessonsFolder(zip)).toThrow(
      `--target ${zip} is a .zip file, not a folder: unpack it, then give the folder that comes out of it. (In the teacher's workbook, npm run check -- --target and npm run grade take archives as they are.)`,
    );
    expect(() => findLessonsFolder(join(scratch, 'download'), undefined, translator('ru'), 'ru')).toThrow(
      `--target ${join(scratch, 'download')} — это архив .zip, а не папка: распакуйте его и укажите папку, которая из него получится.`,
    );
    expect(() => findLessonsFolder(join(scratch, 'board.ts'), undefined, translator('ca'), 'ca')).toThrow(
      `--target ${join(scratch, 'board.ts')} és un fitxer, no una carpeta: indica la carpeta amb les lliçons (01-board/, 02-input/, …) o la carpeta del quadern que les conté.`,
    );
    rmSync(scratch, { recursive: true });
  });
});

describe('check --target takes any one hand-in in as npm run grade does', () => {
  const lessons = listLessons();
  const [board, input] = lessons as [(typeof lessons)[number], (typeof lessons)[number]];
  const boardFile = board.files[0] as string;
  const inputFile = input.files[0] as string;
  const solved = (lesson: typeof board, file: string): Buffer => readFileSync(join(ROOT, 'solutions', lesson.id, file));

  /** A Moodle folder of loose exercise files, board.ts handed in again as board-1.ts. */
  function looseFolder(scratch: string): string {
    const folder = join(scratch, 'Дмитрий Иванов_1235_assignsubmission_file_');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, boardFile), 'export const broken = ;\n');
    writeFileSync(join(folder, boardFile.replace(/\.ts$/, '-1.ts')), solved(board, boardFile));
    writeFileSync(join(folder, inputFile), solved(input, inputFile));
    writeFileSync(join(folder, 'notes.txt'), 'my notes');
    return folder;
  }

  /** A folder holding draft.zip (older, broken) and final.zip (newer, solved), each a workbook around lessons/. */
  function archivesFolder(scratch: string): string {
    const folder = join(scratch, 'hw');
    mkdirSync(folder, { recursive: true });
    const path = `tictactoe/lessons/${board.id}/${boardFile}`;
    writeFileSync(join(folder, 'draft.zip'), writeZip([{ path, data: Buffer.from('export const broken = ;\n') }], new Date('2026-03-01T10:00:00')));
    writeFileSync(join(folder, 'final.zip'), writeZip([{ path, data: solved(board, boardFile) }], new Date('2026-03-02T10:15:00')));
    return folder;
  }

  test('loose files are put where their lessons expect them, archives chosen among, a .zip taken itself, into a folder dispose removes', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'workbook-target-'));
    const loose = await targetCode(looseFolder(scratch), lessons, intake);
    expect(loose.code).toBe(
      `the loose files of ${join(scratch, 'Дмитрий Иванов_1235_assignsubmission_file_')}/ → 4 files → lessons/ ` +
        `(board-1.ts → ${board.id}/${boardFile}, ${inputFile} → ${input.id}/${inputFile}; ` +
        `graded board-1.ts as lessons/${board.id}/${boardFile} (the file handed in again: the highest copy number); left aside ${boardFile})`,
    );
    expect(readFileSync(join(loose.dir, board.id, boardFile))).toEqual(solved(board, boardFile));
    expect(heldLessons(loose.dir, lessons).held.map((lesson) => lesson.id)).toEqual([board.id, input.id]);
    loose.dispose();
    expect(existsSync(loose.dir)).toBe(false);

    const folder = archivesFolder(scratch);
    const archives = await targetCode(folder, lessons, intake);
    expect(archives.code).toBe(
      `the code in ${folder}/ → final.zip → tictactoe/lessons/ (graded final.zip (newest, files of 2026-03-02 10:15); left aside draft.zip (files of 2026-03-01 10:00))`,
    );
    expect(readFileSync(join(archives.dir, board.id, boardFile))).toEqual(solved(board, boardFile));
    archives.dispose();
    const zip = await targetCode(join(folder, 'final.zip'), lessons, intake);
    expect(zip.code).toBe(`the code in ${join(folder, 'final.zip')} → tictactoe/lessons/`);
    zip.dispose();

    writeFileSync(join(scratch, 'notes.zip'), writeZip([{ path: 'readme.txt', data: Buffer.from('hello') }]));
    await expect(targetCode(join(scratch, 'notes.zip'), lessons, intake)).rejects.toThrow(
      `--target ${join(scratch, 'notes.zip')} holds no lessons: no lessons/ folder was found in it.`,
    );
    mkdirSync(join(scratch, 'broken'));
    writeFileSync(join(scratch, 'broken', 'tictactoe.zip'), '');
    await expect(targetCode(join(scratch, 'broken'), lessons, intake)).rejects.toThrow(
      /holds tictactoe\.zip\. Taken in as npm run grade takes a hand-in: broken\/tictactoe\.zip: the archive could not be unpacked: /,
    );
    rmSync(scratch, { recursive: true });
  });

  /** `npm run check 01 -- --target DIR --hidden` with its own temporary folder: what it printed, and the folders of its own it left there. */
  function checkHidden(target: string, temporary: string): { status: number | null; stdout: string; left: string[] } {
    mkdirSync(temporary);
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts', board.number, '--target', target, '--hidden', '--no-typecheck'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', TMPDIR: temporary },
    });
    return { status: result.status, stdout: `${result.stdout}${result.stderr}`, left: readdirSync(temporary).filter((name) => name.startsWith('workbook-')) };
  }

  test("npm run check -- --target grades a folder of loose files and a folder of two archives, in a teacher's voice", () => {
    const scratch = mkdtempSync(join(tmpdir(), 'workbook-target-'));
    const loose = checkHidden(looseFolder(scratch), join(scratch, 'tmp-loose'));
    const [firstLine] = loose.stdout.split('\n');
    expect(firstLine).toContain(
      `grading the loose files of ${join(scratch, 'Дмитрий Иванов_1235_assignsubmission_file_')}/ → 4 files → lessons/ (board-1.ts → `,
    );
    expect(firstLine).toContain(', hidden tests included (seed ');
    expect(loose.stdout).toMatch(/100\/100\s+done/);
    expect(loose.stdout).not.toMatch(/Next:|npm run check/);
    expect(loose.left, 'the temporary folder is removed').toEqual([]);
    expect(loose.status).toBe(0);
    const archives = checkHidden(archivesFolder(scratch), join(scratch, 'tmp-archives'));
    expect(archives.stdout).toContain(`grading the code in ${join(scratch, 'hw')}/ → final.zip → tictactoe/lessons/ (graded final.zip (newest, `);
    expect(archives.stdout).toMatch(/100\/100\s+done/);
    expect(archives.left).toEqual([]);
    rmSync(scratch, { recursive: true });
  });
});

describe('docs/teacher.md, the teacher quick start', () => {
  const guide = readFileSync(join(ROOT, 'docs', 'teacher.md'), 'utf8');
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  test('the README links it right under its title', () => {
    expect(readme.split('\n').slice(0, 3).join('\n')).toMatch(/^# .*\n\n.*\]\(docs\/teacher\.md\)/);
  });

  test('every link into the class grading guide names a heading it has', () => {
    const details = readFileSync(join(ROOT, 'docs', 'class-grading.md'), 'utf8');
    const anchors = new Set(
      [...details.matchAll(/^#+ (.*)$/gm)].map((match) =>
        (match[1] as string)
          .toLowerCase()
          .replace(/[^\p{L}\p{N} _-]/gu, '')
          .replaceAll(' ', '-'),
      ),
    );
    const links = [...guide.matchAll(/\]\(class-grading\.md#([^)]+)\)/g)].map((match) => match[1] as string);
    expect(links.length).toBeGreaterThan(3);
    expect(links.filter((anchor) => !anchors.has(anchor))).toEqual([]);
  });

  test("every option it gives a command is in that command's usage", () => {
    // Options of commands another change brings; each is checked once its command has it.
    const planned = new Set(['grade --update']);
    const commands = [...guide.matchAll(/npm run (\w+) -- ([^`\n]*)/g)].map((match) => ({ name: match[1] as string, args: match[2] as string }));
    const unknown: string[] = [];
    for (const { name, args } of commands) {
      // The usage text is a constant of the command's script, or (for a student command) its messages
      // usage.NAME… in the English catalog: reading it costs no start of the command.
      const constant = /const USAGE = `([^`]*)`/.exec(readFileSync(join(ROOT, 'scripts', `${name}.ts`), 'utf8'))?.[1];
      const usage =
        constant ??
        Object.entries(readCatalog('en'))
          .filter(([key]) => key === `usage.${name}` || key.startsWith(`usage.${name}.`))
          .map(([, text]) => text)
          .join('\n');
      for (const option of args.match(/--[a-z-]+/g) ?? []) {
        if (!new RegExp(`${option}\\b`).test(usage) && !planned.has(`${name} ${option}`)) unknown.push(`npm run ${name} ${option}`);
      }
    }
    expect(commands.length).toBeGreaterThan(3);
    expect(unknown).toEqual([]);
  });
});

describe('hints that follow the failing test', () => {
  /** A workbook folder holding one lesson whose lesson.json has the given tasks. */
  function lessonWithTasks(tasks: unknown[]): string {
    const root = mkdtempSync(join(tmpdir(), 'workbook-hints-'));
    mkdirSync(join(root, 'lessons', '09-demo'), { recursive: true });
    writeFileSync(join(root, 'lessons', '09-demo', 'lesson.json'), JSON.stringify({ title: 'Demo', files: ['demo.ts'], tasks }));
    return root;
  }

  test('lesson.json may name the tests a hint is for; the ladder of a failing test keeps the hints about the whole task and its own', () => {
    const root = lessonWithTasks([
      {
        title: 'Only',
        points: 100,
        hints: ['gentle', { text: 'about a', tests: ['test a'] }, { text: 'about b', tests: ['test b'] }, 'concrete'],
      },
    ]);
    try {
      const task = readLesson('09-demo', root).tasks[0]!;
      expect(task.hints).toEqual(['gentle', 'about a', 'about b', 'concrete']);
      const texts = (test?: string): string[] => hintLadder(task, test).map((index) => task.hints[index]!);
      expect(texts('test b')).toEqual(['gentle', 'about b', 'concrete']);
      expect(texts('test a')).toEqual(['gentle', 'about a', 'concrete']);
      expect(texts('a test no hint names'), 'the hints about the whole task').toEqual(['gentle', 'concrete']);
      expect(texts(), 'without a failing test: every hint').toEqual(['gentle', 'about a', 'about b', 'concrete']);
      // npm run hint climbs the failing test's ladder one level a time, and stays on its last hint.
      expect(nextHint(task, 0, 'test b')).toEqual({ level: 1, of: 3, text: 'gentle', forTest: true });
      expect(nextHint(task, 1, 'test b')).toEqual({ level: 2, of: 3, text: 'about b', forTest: true });
      expect(nextHint(task, 5, 'test b')).toEqual({ level: 3, of: 3, text: 'concrete', forTest: true });
      expect(nextHint(task, 1)).toEqual({ level: 2, of: 4, text: 'about a', forTest: false });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('npm run hint starts a new failing test at its first hint, and goes on where it was for one seen before', () => {
    const task = { title: 'Only', points: 100, hints: ['gentle', { text: 'about a', tests: ['test a'] }, { text: 'about b', tests: ['test b'] }, 'concrete'] };
    const root = lessonWithTasks([task]);
    try {
      const meta = readLesson('09-demo', root).tasks[0]!;
      let progress: Progress = { version: 1, lessons: {} };
      /** Shows the next hint after a check in which `failing` failed first, as npm run hint does. */
      const show = (failing: string): string => {
        const before = lessonProgress(progress, '09-demo');
        const lesson = { ...before, failedTests: { '1': [failing] } };
        const hint = hintToShow(lesson, meta, 1);
        progress = recordHint({ version: 1, lessons: { '09-demo': lesson } }, '09-demo', 1, hint.level, hint.ownLadder);
        return `${hint.level}/${hint.of} ${hint.text}`;
      };
      expect([show('test a'), show('test a')]).toEqual(['1/3 gentle', '2/3 about a']);
      expect(show('test b'), 'another failing test: its own ladder, from the start').toEqual('1/3 gentle');
      expect(show('test b')).toEqual('2/3 about b');
      expect(show('test a'), 'back to the first test: where its ladder was').toEqual('3/3 concrete');
      expect(lessonProgress(progress, '09-demo').hintsSeen, 'what the teacher sees: the most levels of the task shown').toEqual({ '1': 3 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('a hint that is neither a text nor { text, tests } is named as a problem of lesson.json', () => {
    const root = lessonWithTasks([{ title: 'Only', points: 100, hints: ['gentle', { text: 'no tests' }] }]);
    try {
      expect(() => readLesson('09-demo', root)).toThrow(/task 1's "hints" must each be a text, or \{ "text": "…", "tests": \[/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("lesson 04's match task: a failing answer test gets the hint about answers, not the one about rng", () => {
    const match = listLessons().find((lesson) => lesson.id === '04-game')!.tasks[5]!;
    const ladder = hintLadder(match, 'playMatch stops after "N" and after "no"').map((index) => match.hints[index]!);
    expect(ladder.at(-1)).toMatch(/^Compare line\.trim\(\)\.toLowerCase\(\)/);
    expect(ladder.join(' ')).not.toMatch(/options\.rng/);
  });

  test('a check records the visible tests that failed, per task, for npm run hint', () => {
    const lesson = readLesson('04-game');
    const tests = [
      { name: 'passes', task: 1, hidden: false, status: 'passed' as const, durationMs: 1 },
      { name: 'fails first', task: 6, hidden: false, status: 'failed' as const, durationMs: 1 },
      { name: 'hidden fails', task: 6, hidden: true, status: 'failed' as const, durationMs: 1 },
      { name: 'fails second', task: 6, hidden: false, status: 'failed' as const, durationMs: 1 },
    ];
    const score = scoreLesson(lesson, { lessonId: lesson.id, tests, output: '', durationMs: 1 });
    const progress = recordScores({ version: 1, lessons: {} }, [score], new Date(0));
    expect(lessonProgress(progress, lesson.id).failedTests).toEqual({ '6': ['fails first', 'fails second'] });
  });

  test('the authoring check names a hint whose test is not a visible test of its task', () => {
    const lesson = readLesson('04-game');
    const tests = lesson.tasks.flatMap((task, index) =>
      (task.hintTests ?? []).flat().map((name) => ({ name, task: index + 1, hidden: false, status: 'passed' as const, durationMs: 1 })),
    );
    const run = (names: typeof tests) => scoreLesson(lesson, { lessonId: lesson.id, tests: names, output: '', durationMs: 1 });
    const problems = (names: typeof tests): string[] =>
      runChecks(ROOT, lesson, { onReference: run(names), onStubs: run([]) } satisfies SuiteRuns).find((check) => check.name === 'reference')!.problems;
    expect(problems(tests)).toEqual([]);
    const renamed = tests.map((test) => (test.name === 'playMatch uses Math.random when no rng is given' ? { ...test, name: `${test.name}.` } : test));
    expect(problems(renamed)).toEqual([
      'task 6\'s hint 4 names the test "playMatch uses Math.random when no rng is given", which is no visible test of task 6 in tests/04-game.test.ts: use its exact name',
    ]);
  });
});

test('a command whose reader stops reading (npm run hint -- --help | head -1) ends quietly, with no stack trace', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/hint.ts'), '--help'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

test.each(['ru', 'ca', 'zh'] as const)(
  'npm run ui speaks the language asked for (%s): a mistake on its command line, then its usage (--help prints the same)',
  (language) => {
    const ui = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/ui.ts'), '01', '--lang', language], { cwd: ROOT, encoding: 'utf8' });
    const t = translator(language);
    const usage = t('ui.usage', { solutionsOption: '--solutions | ', solutionsLine: t('ui.usage.solutions'), languageLine: t('usage.lang') });
    expect(ui.status).toBe(2);
    expect(ui.stderr).toBe(`${t('ui.lessonNames', { names: '01' })}\n\n${usage.trim()}\n`);
    expect(describeEnglish(findEnglishInOutput(ui.stderr, 'npm run ui')), ui.stderr).toEqual([]);
  },
);

describe("a student's mistakes on the command line, said in the command's words", () => {
  const options = { typecheck: { type: 'boolean' }, limit: { type: 'string' } } as const;
  /** The message parseCommandLine throws for `args`, in `language`. */
  const mistake = (args: string[], language: 'en' | 'ru' = 'en'): string => {
    try {
      parseCommandLine(options, args, translator(language));
    } catch (error) {
      return (error as Error).message;
    }
    return 'no mistake';
  };

  test('an unknown option, an option without its value, and one given a value it does not take', () => {
    expect(mistake(['--frobnicate'])).toBe("Unknown option '--frobnicate'.");
    expect(mistake(['--limit'])).toBe('The option --limit needs a value after it.');
    expect(mistake(['--typecheck=3'])).toBe('The option --typecheck takes no value.');
  });

  test('a negated option is named as it was typed', () => {
    expect(mistake(['--no-typecheck=3'])).toBe('The option --no-typecheck takes no value.');
    expect(mistake(['--no-typecheck=3'], 'ru')).toContain('--no-typecheck');
  });

  test('check\'s --format followed by another option lacks its value: it is not told that "--lang" is no format', () => {
    const check = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/check.ts'), '--format', '--lang', 'ru'], { cwd: ROOT, encoding: 'utf8' });
    expect(check.status).toBe(2);
    expect(check.stderr.split('\n')[0]).toBe(translator('ru')('errors.optionNeedsValue', { option: '--format' }));
  });
});
