/**
 * `npm run pack`: a student edition holds stubs for the assigned lessons, finished code for the
 * solved ones and their prerequisites, the support files its visible suites import, the student
 * commands only, and nothing a teacher keeps back; the leak checks refuse a pack with a solution body
 * in it or a function that computes a graded function; `npm run check` works inside a pack.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { withPrerequisites } from '../../scripts/lib/grader/command/grading.ts';
import { finishedSource } from '../../scripts/lib/core/stubs.ts';
import { parseLessonList } from '../../scripts/lib/core/workbook.ts';
import { importClosure } from '../../scripts/lib/teacher/pack/closure.ts';
import { listFiles, readTree } from '../../scripts/lib/teacher/pack/files.ts';
import { findLeaks, forbiddenPaths } from '../../scripts/lib/teacher/pack/leaks.ts';
import { PACK_MANIFEST, type PackManifest } from '../../scripts/lib/teacher/pack/manifest.ts';
import { findModels } from '../../scripts/lib/teacher/pack/models.ts';
import { PROBES, UNPROBED } from '../../scripts/lib/teacher/pack/probes.ts';
import { configLoads, SUPPORT } from '../../scripts/lib/teacher/pack/support.ts';
import { PackError, planPack, STUDENT_COMMANDS, type PackPlan } from '../../scripts/lib/teacher/pack/plan.ts';
import { STUDENT_GUIDE } from '../../scripts/lib/teacher/pack/readme.ts';
import { writePack } from '../../scripts/lib/teacher/pack/write.ts';
import { deriveStub, hashText, originalStub, solutionBodies } from '../../scripts/lib/core/stubs.ts';
import { listLessons, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';
import { readZip, writeZip, ZipError } from '../../scripts/lib/teacher/intake/zip.ts';

const all = listLessons();
/** Lessons whose reference solution exists (lessons being written may not have one yet). */
const packable = all.filter((lesson) => lesson.files.every((file) => existsSync(join(ROOT, 'solutions', lesson.id, file))));
const first = packable[0] as Lesson;
/** The first lesson that builds on others, all of them packable: its prerequisites come finished. */
const dependent = packable.find(
  (lesson) => lesson.buildsOn.length > 0 && withPrerequisites([lesson], all).every((needed) => packable.includes(needed)),
) as Lesson;
const scratch = mkdtempSync(join(tmpdir(), 'workbook-pack-test-'));

const solutionOf = (lesson: Lesson, file: string): string => readFileSync(join(ROOT, 'solutions', lesson.id, file), 'utf8');
const text = (plan: PackPlan, path: string): string => (plan.files.get(path) as Buffer).toString('utf8');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('the workbook has a lesson that builds on another, to pack', () => {
  expect(first).toBeDefined();
  expect(dependent).toBeDefined();
});

describe('lesson lists', () => {
  test('a range takes every lesson numbered between its ends', () => {
    const last = all.at(-1) as Lesson;
    expect(parseLessonList(`01-${last.number}`, all)).toEqual(all);
    expect(parseLessonList(`${last.number}-01`, all)).toEqual(all);
  });

  test('numbers, ids and names can be mixed, in any order, without repeats', () => {
    expect(parseLessonList(`${dependent.id.slice(3)}, 1,${first.id}`, all)).toEqual(
      all.filter((lesson) => lesson.id === first.id || lesson.id === dependent.id),
    );
  });

  test('an unknown lesson is a usage error that lists the lessons', () => {
    expect(() => parseLessonList('nope', all)).toThrow(/no lesson "nope".*01-board/);
    expect(() => parseLessonList('90-99', all)).toThrow(/No lesson lies in the range 90-99/);
  });
});

describe('finished code', () => {
  const sample = [
    'export function f(): number {',
    '  // BEGIN SOLUTION f',
    '  return 1;',
    '  // END SOLUTION',
    '}',
    '// BEGIN SOLUTION ONLY',
    'function helper(): void {}',
    '// END SOLUTION',
    'export const LIST = [',
    '  // BEGIN SOLUTION LIST',
    '  1, 2,',
    '  // STUB',
    '  // // fill in',
    '  // END SOLUTION',
    '];',
  ].join('\n');

  test('keeps every body and helper, drops the markers and the alternative stub lines', () => {
    expect(finishedSource(sample)).toBe(
      ['export function f(): number {', '  return 1;', '}', 'function helper(): void {}', 'export const LIST = [', '  1, 2,', '];'].join('\n'),
    );
  });

  test.each(packable.flatMap((lesson) => lesson.files.map((file) => [`${lesson.id}/${file}`, lesson, file] as const)))(
    'the finished %s holds every solution body and no marker',
    (_name, lesson, file) => {
      const finished = finishedSource(solutionOf(lesson, file));
      expect(finished).not.toMatch(/BEGIN SOLUTION|END SOLUTION|\/\/ STUB/);
      for (const body of solutionBodies(solutionOf(lesson, file))) expect(finished).toContain(body);
    },
  );
});

describe(`a pack of lesson ${dependent?.number ?? '?'} alone`, () => {
  let plan: PackPlan;
  const prerequisites = (): Lesson[] => withPrerequisites([dependent], all).filter((lesson) => lesson.id !== dependent.id);
  beforeAll(() => {
    plan = planPack(ROOT, [dependent], [], all);
  });

  test('assigns the lesson as a stub, kept also in .workbook/stubs/ for npm run reset', () => {
    expect(plan.assigned.map((lesson) => lesson.id)).toEqual([dependent.id]);
    for (const file of dependent.files) {
      const stub = deriveStub(solutionOf(dependent, file));
      expect(text(plan, `lessons/${dependent.id}/${file}`)).toBe(stub);
      expect(text(plan, `.workbook/stubs/${dependent.id}/${file}`)).toBe(stub);
    }
  });

  test('brings every lesson it builds on, finished, and says which lesson needs it', () => {
    expect(plan.given.map((entry) => entry.lesson.id)).toEqual(prerequisites().map((lesson) => lesson.id));
    for (const { lesson, neededBy } of plan.given) {
      expect(neededBy).toEqual([dependent.id]);
      for (const file of lesson.files) expect(text(plan, `lessons/${lesson.id}/${file}`)).toBe(finishedSource(solutionOf(lesson, file)));
      expect(plan.files.has(`.workbook/stubs/${lesson.id}/${lesson.files[0]}`), 'a stub of a finished lesson').toBe(false);
    }
  });

  test('holds the lesson texts and visible suites of the included lessons and nothing of the others', () => {
    const included = new Set(plan.included.map((lesson) => lesson.id));
    for (const lesson of all) {
      const shouldHave = included.has(lesson.id);
      expect(plan.files.has(`lessons/${lesson.id}/lesson.json`), `lessons/${lesson.id}/lesson.json`).toBe(shouldHave);
      if (existsSync(join(ROOT, 'tests', `${lesson.id}.test.ts`))) {
        expect(plan.files.has(`tests/${lesson.id}.test.ts`), `tests/${lesson.id}.test.ts`).toBe(shouldHave);
      }
    }
  });

  test('holds nothing of solutions/, tests/hidden/, tests/workbook/ or the authoring tools', () => {
    const paths = [...plan.files.keys()];
    expect(forbiddenPaths(paths)).toEqual([]);
    expect(paths.filter((path) => /^(solutions|tests\/hidden|tests\/workbook)\//.test(path))).toEqual([]);
    expect(paths.filter((path) => /^scripts\/(stubs|pack|grade|bench)\.ts$/.test(path))).toEqual([]);
  });

  test('package.json has only student commands, each with its script in the pack', () => {
    const pack = JSON.parse(text(plan, 'package.json')) as { scripts: Record<string, string>; devDependencies: unknown };
    const teacher = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: unknown };
    expect(Object.keys(pack.scripts).every((name) => (STUDENT_COMMANDS as readonly string[]).includes(name))).toBe(true);
    expect(pack.scripts.check).toBeDefined();
    for (const line of Object.values(pack.scripts)) {
      const entry = /scripts\/[\w./-]+\.ts/.exec(line)?.[0];
      if (entry !== undefined) expect(plan.files.has(entry), entry).toBe(true);
    }
    expect(pack.devDependencies, 'the same packages as the lock file').toEqual(teacher.devDependencies);
    expect(plan.files.has('package-lock.json')).toBe(true);
  });

  test('only the commands that work with the lessons in the pack', () => {
    const commandsOf = (ids: string[]): string[] =>
      planPack(
        ROOT,
        all.filter((lesson) => ids.includes(lesson.id)),
        [],
        all,
      ).commands;
    const ids = all.map((lesson) => lesson.id);
    const early = ids.filter((id) => id <= '04');
    if (early.includes('04-game')) expect(commandsOf(early)).toContain('play');
    expect(commandsOf([first.id]), 'play needs lessons 01 to 04').not.toContain('play');
    expect(commandsOf(early), 'the arena needs lessons 06 and 07').not.toContain('arena');
    if (ids.includes('06-computer') && ids.includes('07-search')) expect(commandsOf(['06-computer', '07-search'])).toContain('arena');
    if (ids.includes('08-tutorials')) expect(commandsOf(['08-tutorials']), "play --tutorial plays lesson 08's games without lesson 04").toContain('play');
  });

  test('the student README names only commands the pack has, and every included lesson', () => {
    const readme = text(plan, 'README.md');
    const pack = JSON.parse(text(plan, 'package.json')) as { scripts: Record<string, string> };
    const named = [...readme.matchAll(/npm run (\w+)/g)].map((match) => match[1] as string);
    expect(named.filter((command) => pack.scripts[command] === undefined)).toEqual([]);
    for (const lesson of plan.included) expect(readme).toContain(`lessons/${lesson.id}/`);
    expect(readme).toContain('npm install');
    expect(readme).not.toMatch(/solutions\//);
  });

  test('the student README says how to hand in: the folder zipped without node_modules, or each exercise file by its name', () => {
    const readme = text(plan, 'README.md');
    const section = readme.slice(readme.indexOf('## Handing in your work'), readme.indexOf('\n## ', readme.indexOf('## Handing in your work') + 1));
    expect(section).toContain('without `node_modules`');
    expect(section).toMatch(/Windows: .*Compressed \(zipped\) folder/s);
    expect(section).toMatch(/macOS: .*Compress/);
    expect(section).toContain("zip -r handin.zip FOLDER -x 'FOLDER/node_modules/*'");
    for (const lesson of plan.included) for (const file of lesson.files) expect(section).toContain(`\`lessons/${lesson.id}/${file}\``);
    expect(section).toContain('not inside another folder or zip');
    expect(section).toContain(`(given finished: hand it in too, your lessons use it)`);
  });

  test('the manifest records the lessons and the hash of every test file handed out', () => {
    const manifest = JSON.parse(text(plan, PACK_MANIFEST)) as PackManifest;
    expect(manifest.assigned).toEqual([dependent.id]);
    expect(manifest.given).toEqual(prerequisites().map((lesson) => lesson.id));
    expect(manifest.tests[`tests/${dependent.id}.test.ts`]).toBe(hashText(readFileSync(join(ROOT, 'tests', `${dependent.id}.test.ts`), 'utf8')));
  });
});

test('the README and package.json of a pack name the same commands: play only with lessons 01 to 04', () => {
  const early = all.filter((lesson) => lesson.number <= '04');
  for (const lessons of [[first], early]) {
    const plan = planPack(ROOT, lessons, [], all);
    const scripts = Object.keys((JSON.parse(text(plan, 'package.json')) as { scripts: Record<string, string> }).scripts);
    const readme = text(plan, 'README.md');
    const listed = [...readme.slice(readme.indexOf('## Commands')).matchAll(/^\| `npm run (\w+)` \|/gm)].map((match) => match[1]);
    expect(listed, lessons.map((lesson) => lesson.id).join(',')).toEqual(scripts);
    expect(scripts.includes('play'), lessons.map((lesson) => lesson.id).join(',')).toBe(early.length === 4 && lessons === early);
    if (!scripts.includes('play')) expect(readme).not.toContain('npm run play');
  }
});

test("a pack with lesson 08 and without lesson 04 keeps play for the tutorials' games, and its README says so", () => {
  const tutorials = all.filter((lesson) => lesson.id === '08-tutorials');
  if (tutorials.length === 0) return;
  const plan = planPack(ROOT, tutorials, [], all);
  expect(plan.commands).toContain('play');
  expect(text(plan, 'README.md')).toContain("| `npm run play` | play the tutorials' games with your lesson 08: `npm run play -- --tutorial` lists them |");
});

test("the student README carries the student guide's sections but its command list, and the pack's own commands", () => {
  const guide = readFileSync(join(ROOT, STUDENT_GUIDE), 'utf8');
  const sections = [...guide.matchAll(/^## (.*)$/gm)].map((match) => match[1] as string);
  expect(sections).toContain('Reading the report');
  const readme = text(planPack(ROOT, all, [], all), 'README.md');
  for (const title of sections) expect(readme).toContain(`## ${title}`);
  expect(readme.match(/^## Commands$/gm)).toHaveLength(1);
  expect(readme).not.toContain('# For students');
});

test("the student README reads cleanly where the student guide's lines were cut: one blank line at most, no list split", () => {
  const source = readFileSync(join(ROOT, STUDENT_GUIDE), 'utf8');
  for (const lessons of [[first], parseLessonList('01-03', all), all]) {
    const readme = text(planPack(ROOT, lessons, [], all), 'README.md');
    const named = lessons.map((lesson) => lesson.number).join(',');
    expect(readme, named).not.toMatch(/\n[ \t]*\n[ \t]*\n/);
    // A blank line between two items of a list (or an item's last line and the next item) only where the source has one.
    const splits = [...readme.matchAll(/^(?:- | {2}).*\n\n- .*$/gm)].map((match) => match[0]);
    expect(
      splits.filter((split) => !source.includes(split)),
      named,
    ).toEqual([]);
  }
});

describe('the leak check', () => {
  test('finds a solution body even when it was re-indented', () => {
    const [body] = solutionBodies(solutionOf(dependent, dependent.files[0] as string)).filter((candidate) => candidate.trim().length > 20);
    const files = new Map([['notes.md', Buffer.from(`Look:\n${(body as string).replace(/^\s+/gm, '\t')}\n`)]]);
    expect(findLeaks(files, [{ what: 'the body', text: body as string }])).toEqual(['notes.md: the body']);
  });

  test('refuses a pack holding a solution body of an assigned lesson, and leaves nothing behind', () => {
    const plan = planPack(ROOT, [dependent], [], all);
    const body = solutionBodies(solutionOf(dependent, dependent.files[0] as string)).find((candidate) => candidate.trim().length > 20) as string;
    plan.files.set('README.md', Buffer.concat([plan.files.get('README.md') as Buffer, Buffer.from(`\n${body}\n`)]));
    const out = join(scratch, 'leaky');
    expect(() => writePack(plan, out, { zip: true })).toThrow(PackError);
    expect(() => writePack(plan, out)).toThrow(new RegExp(`README\\.md: solution body .* of solutions/${dependent.id}/`));
    expect(existsSync(out), 'the pack folder').toBe(false);
    expect(existsSync(`${out}.zip`), 'the zip').toBe(false);
    expect(existsSync(`${out}.partial-${process.pid}`), 'the scratch folder').toBe(false);
  });

  test('refuses a pack holding a teacher-only file', () => {
    const plan = planPack(ROOT, [dependent], [], all);
    plan.files.set(`tests/hidden/${dependent.id}.test.ts`, Buffer.from('// hidden\n'));
    expect(() => writePack(plan, join(scratch, 'hidden'))).toThrow(/tests\/hidden\/.*a teacher-only file/);
  });

  test('accepts the bodies of lessons released as solved', () => {
    const out = join(scratch, 'solved');
    const plan = planPack(ROOT, [], [dependent], all);
    expect(plan.solved.map((lesson) => lesson.id)).toEqual([dependent.id]);
    writePack(plan, out);
    expect(readFileSync(join(out, 'lessons', dependent.id, dependent.files[0] as string), 'utf8')).toBe(
      finishedSource(solutionOf(dependent, dependent.files[0] as string)),
    );
  });
});

describe('the support files a pack carries', () => {
  /** The support files a file of the workbook imports, followed from file to file. */
  const supportOf = (path: string): string[] => importClosure(ROOT, path, new Map()).needed.filter((needed) => needed.startsWith(SUPPORT));
  const suitesOf = (lessons: Lesson[]): string[] => lessons.map((lesson) => `tests/${lesson.id}.test.ts`).filter((path) => existsSync(join(ROOT, path)));
  const isCode = (path: string): boolean =>
    /\.(ts|mjs|js)$/.test(path) && !path.endsWith('.d.ts') && !path.startsWith('lessons/') && !path.startsWith('.workbook/');
  const early = (): Lesson[] => parseLessonList('01-03', all);

  test("a pack of lessons 01-03 carries none of the support files only later lessons' suites import", () => {
    const plan = planPack(ROOT, early(), [], all);
    const later = all.filter((lesson) => !early().includes(lesson));
    const tools = [
      ...listFiles(ROOT, 'scripts/lib').filter((path) => isCode(path) && !path.startsWith('scripts/lib/teacher/')),
      'vitest.config.ts',
      ...configLoads(ROOT),
    ];
    const shared = new Set([...suitesOf(early()), ...tools].flatMap(supportOf));
    const laterOnly = [...new Set(suitesOf(later).flatMap(supportOf))].filter((path) => !shared.has(path));
    expect(laterOnly.filter((path) => plan.files.has(path))).toEqual([]);
  });

  test('every support file a pack carries is imported by something in it, or is the digests of a lesson in it or named by it', () => {
    for (const lessons of [[first], early(), packable]) {
      const plan = planPack(ROOT, lessons, [], all);
      const reached = new Set([...[...plan.files.keys()].filter(isCode), ...configLoads(ROOT)].flatMap(supportOf));
      const named = [...plan.files]
        .filter(([path]) => path.startsWith('tests/') && isCode(path))
        .flatMap(([, content]) => [...content.toString('utf8').matchAll(/['"`](\d\d-[a-z0-9-]+)['"`]/g)].map((match) => match[1] as string));
      const digests = plan.files.has('tests/support/digests.ts')
        ? [...new Set([...plan.included.map((lesson) => lesson.id), ...named])]
            .map((id) => `tests/support/digests/${id}.json`)
            .filter((path) => existsSync(join(ROOT, path)))
        : [];
      const carried = [...plan.files.keys()].filter((path) => path.startsWith(SUPPORT));
      const label = lessons.map((lesson) => lesson.number).join(',');
      expect(
        carried.filter((path) => !reached.has(path) && !digests.includes(path)),
        label,
      ).toEqual([]);
      expect(carried.filter((path) => path.startsWith('tests/support/digests/')).sort(), `${label}: the digests of its lessons`).toEqual(digests.sort());
      for (const path of reached) expect(plan.files.has(path), `${label}: ${path}`).toBe(true);
    }
  });

  test("the manifest's tests are exactly the pack's tests/ files", () => {
    const plan = planPack(ROOT, early(), [], all);
    const manifest = JSON.parse(text(plan, PACK_MANIFEST)) as PackManifest;
    expect(Object.keys(manifest.tests).sort()).toEqual([...plan.files.keys()].filter((path) => path.startsWith('tests/')).sort());
  });
});

describe('the behavioural leak check', () => {
  /**
   * Models written afresh, not copied from the reference: lesson 03's hasWon and winner, and a
   * function that never returns (when called with a board).
   */
  const models = [
    '',
    '/** True when `who` holds a whole row, column or diagonal. */',
    'export function ownsThree(board: readonly string[], who: string): boolean {',
    '  const rows = [0, 1, 2].map((row) => [row * 3, row * 3 + 1, row * 3 + 2]);',
    '  const columns = [0, 1, 2].map((column) => [column, column + 3, column + 6]);',
    '  return [...rows, ...columns, [0, 4, 8], [2, 4, 6]].some((cells) => cells.every((cell) => board[cell] === who));',
    '}',
    '',
    '/** The mark that holds a line, or null. */',
    'export function takenBy(board: readonly string[]): string | null {',
    "  return ['X', 'O'].find((mark) => ownsThree(board, mark)) ?? null;",
    '}',
    '',
  ].join('\n');
  const spin = [
    '/** Never returns on a board. */',
    'export function spin(board: readonly string[]): number {',
    '  for (;;) if (board.length < 0) return 0;',
    '}',
    '',
  ].join('\n');
  /** A pack of lessons 01-03 whose tests/support/boards.ts (which their visible suites import) holds the models. */
  const plantedPlan = (extra = ''): PackPlan => {
    const plan = planPack(ROOT, parseLessonList('01-03', all), [], all);
    const boards = plan.files.get('tests/support/boards.ts') as Buffer;
    plan.files.set('tests/support/boards.ts', Buffer.concat([boards, Buffer.from(models + extra)]));
    return plan;
  };
  const planted = /^tests\/support\/boards\.ts: (ownsThree|takenBy|spin)\b/;

  test('every graded function of every lesson is probed, or listed as not probed with the reason', () => {
    for (const lesson of packable) {
      const graded = lesson.files.flatMap((file) => [...solutionOf(lesson, file).matchAll(/\/\/ BEGIN SOLUTION (?!ONLY$)(\S+)$/gm)].map((match) => match[1]));
      const listed = [...PROBES, ...UNPROBED].filter((entry) => entry.lesson === lesson.id).map((entry) => entry.name.split('.').at(-1));
      expect(listed.sort(), lesson.id).toEqual(graded.sort());
    }
    for (const entry of UNPROBED) expect(entry.why, entry.name).not.toBe('');
  });

  test('finds models planted in a support file a visible suite imports; a function that never returns counts as not agreeing', () => {
    expect(importClosure(ROOT, 'tests/03-win.test.ts', new Map()).needed).toContain('tests/support/boards.ts');
    const check = findModels(ROOT, plantedPlan(spin).files, all, ['01-board', '02-input', '03-win']);
    expect(check.models.filter((model) => planted.test(model))).toEqual([
      "tests/support/boards.ts: ownsThree computes lesson 03's graded function hasWon",
      "tests/support/boards.ts: takenBy computes lesson 03's graded function winner",
    ]);
    expect(check.hung).toContain('tests/support/boards.ts: spin');
  });

  test("finds each graded function of the reference planted as shipped code (not lesson 05's methods: a class is not called)", () => {
    const files = new Map(planPack(ROOT, [first], [], all).files);
    for (const lesson of packable) {
      for (const file of lesson.files) files.set(`tests/planted/${lesson.id}/${file}`, Buffer.from(finishedSource(solutionOf(lesson, file))));
    }
    const check = findModels(
      ROOT,
      files,
      all,
      packable.map((lesson) => lesson.id),
    );
    const expected = PROBES.filter((probe) => !probe.name.includes('.')).flatMap((probe) => {
      const lesson = packable.find((candidate) => candidate.id === probe.lesson);
      const file = lesson?.files.find((name) => solutionOf(lesson, name).includes(`// BEGIN SOLUTION ${probe.name}\n`));
      return file === undefined
        ? []
        : [`tests/planted/${probe.lesson}/${file}: ${probe.name} computes lesson ${probe.lesson.slice(0, 2)}'s graded function ${probe.name}`];
    });
    const why = `never returned: ${check.hung.join(', ') || 'none'}; given up: ${check.undecided.join(', ') || 'none'}`;
    expect(
      expected.filter((model) => !check.models.includes(model)),
      why,
    ).toEqual([]);
    expect(expected.length).toBe(PROBES.filter((probe) => !probe.name.includes('.')).length);
  });

  test('refuses a pack with a planted model, naming it, and leaves nothing behind', () => {
    const out = join(scratch, 'planted');
    expect(() => writePack(plantedPlan(), out)).toThrow(
      /^The pack is NOT safe to hand out, so nothing was written:\n {2}tests\/support\/boards\.ts: ownsThree computes lesson 03's graded function hasWon\n/,
    );
    expect(existsSync(out), 'the pack folder').toBe(false);
    expect(existsSync(`${out}.partial-${process.pid}`), 'the scratch folder').toBe(false);
  });

  test('accepts a pack of every lesson, all assigned: nothing it ships computes a graded function', () => {
    const result = writePack(planPack(ROOT, packable, [], all), join(scratch, 'every-lesson'));
    expect(result.models.models).toEqual([]);
    expect(result.models.weak, 'probes that prove too little, or could not be made').toEqual([]);
    expect(result.models.unloadable, 'modules whose functions were not called').toEqual([]);
    expect(result.models.probes).toBe(PROBES.filter((probe) => packable.some((lesson) => lesson.id === probe.lesson)).length);
  });
});

describe('zip archives', () => {
  test('what is written reads back the same', () => {
    const files = [
      { path: 'a/b.txt', data: Buffer.from('hello '.repeat(100)) },
      { path: 'a/empty.txt', data: Buffer.alloc(0) },
      { path: 'ü/é.ts', data: Buffer.from([0, 1, 2, 255]) },
    ];
    expect(readZip(writeZip(files))).toEqual(files);
  });

  test('an archive with a path that leaves its folder is refused', () => {
    expect(() => readZip(writeZip([{ path: '../evil.ts', data: Buffer.from('x') }]))).toThrow(ZipError);
    expect(() => readZip(writeZip([{ path: '/etc/evil', data: Buffer.from('x') }]))).toThrow(/unsafe path/);
    expect(() => readZip(Buffer.from('not a zip at all, just text'))).toThrow(/not a ZIP/);
  });
});

describe('npm run pack, then npm run check inside the pack', () => {
  const out = join(scratch, 'class');
  let packed: ReturnType<typeof spawnSync>;
  beforeAll(() => {
    const lessons = `${first.number}-${dependent.number}`;
    packed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/pack.ts', '--lessons', lessons, '--solved', first.number, '--out', out, '--zip'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
  });

  test('writes the pack and says what it holds', () => {
    expect(packed.stderr).toBe('');
    expect(packed.status).toBe(0);
    expect(packed.stdout).toContain(`given finished:         ${first.number} ${first.title} (--solved)`);
    expect(packed.stdout).toMatch(/Leak check passed/);
    // A folder outside the workbook is named in full, not as "../../../tmp/…".
    expect(packed.stdout).toContain(`Student edition (en, English) written to ${out} (`);
    expect(packed.stdout).toContain(`Zip: ${out}.zip (`);
  });

  test('the zip holds exactly the files of the folder, under one top folder', () => {
    const folder = readTree(out);
    const zipped = new Map(readZip(readFileSync(`${out}.zip`)).map((entry) => [entry.path, entry.data]));
    expect([...zipped.keys()].sort()).toEqual([...folder.keys()].map((path) => `class/${path}`).sort());
    expect(zipped.get('class/package.json')?.toString('utf8')).toBe(folder.get('package.json')?.toString('utf8'));
  });

  test("npm run reset finds each assigned lesson's stub inside the pack", () => {
    for (const lesson of listLessons(out).filter((candidate) => candidate.id !== first.id)) {
      for (const file of lesson.files) expect(originalStub(out, lesson, file)).toBe(readFileSync(join(out, 'lessons', lesson.id, file), 'utf8'));
    }
  });

  test('npm run check works in the pack: the solved lesson is done, the assigned ones are not', () => {
    // WORKBOOK_PACK_INSTALL=1 installs for real (npm ci from the npm cache); by default the workbook's own
    // node_modules are linked in, which holds exactly what package-lock.json says.
    if (process.env.WORKBOOK_PACK_INSTALL === '1') {
      const install = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: out, encoding: 'utf8' });
      expect(install.status, install.stderr).toBe(0);
    } else {
      symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
    }
    const check = spawnSync('npm', ['run', 'check'], { cwd: out, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const line = (lesson: Lesson): string | undefined =>
      check.stdout.split('\n').find((candidate) => candidate.startsWith(`${lesson.number}  ${lesson.title}`));
    expect(line(first), check.stdout + check.stderr).toMatch(/100\/100\s+done/);
    expect(line(dependent)).toMatch(/\s0\/100\s+not done yet/);
    expect(check.stdout).toMatch(/^Total: 100\/\d+/m);
    expect(check.status, 'exit status: not every lesson is done').toBe(1);
  });
});

describe('a hand-in of the pack, graded with npm run check -- --target', () => {
  // The pack of the describe above, unzipped as a teacher would (its top folder class/, macOS's clutter
  // beside it), with the assigned lesson solved: one student's hand-in.
  const handIn = join(scratch, 'hand-in');
  const workbook = join(handIn, 'class');
  const check = (args: string[]): { status: number | null; stdout: string; stderr: string } =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts', ...args, '--no-typecheck'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
  const lineOf = (stdout: string, lesson: Lesson): string | undefined =>
    stdout.split('\n').find((line) => line.startsWith(`${lesson.number}  ${lesson.title}`));
  const others = (): Lesson[] => all.filter((lesson) => lesson.id !== first.id && lesson.id !== dependent.id);
  beforeAll(() => {
    for (const { path, data } of readZip(readFileSync(join(scratch, 'class.zip')))) {
      mkdirSync(dirname(join(handIn, path)), { recursive: true });
      writeFileSync(join(handIn, path), data);
    }
    mkdirSync(join(handIn, '__MACOSX', 'class'), { recursive: true });
    writeFileSync(join(handIn, '.DS_Store'), '');
    for (const file of dependent.files) writeFileSync(join(workbook, 'lessons', dependent.id, file), finishedSource(solutionOf(dependent, file)));
  });

  test('pointed at the folder around the workbook, it grades the lessons/ inside, only the lessons there, and speaks to the teacher', () => {
    const graded = check(['--target', handIn, '--hidden', '--seed', '1']);
    expect(graded.stdout, graded.stderr).toContain(`grading the code in ${join(workbook, 'lessons')}, hidden tests included`);
    expect(lineOf(graded.stdout, first)).toMatch(/100\/100\s+done/);
    expect(lineOf(graded.stdout, dependent)).toMatch(/100\/100\s+done/);
    for (const lesson of others()) expect(lineOf(graded.stdout, lesson), `${lesson.id} is not in the hand-in`).toBeUndefined();
    const leftOut = graded.stdout.split('\n').find((line) => line.startsWith('Not graded, because this folder does not hold them: '));
    for (const lesson of others()) expect(leftOut).toContain(`${lesson.number} ${lesson.title}`);
    expect(graded.stdout).toMatch(/^Total: 200\/200/m);
    expect(graded.stdout).not.toMatch(/Next:|Well done|npm run/);
    expect(graded.status).toBe(0);
  });

  test('pointed at the workbook folder, it grades its lessons/', () => {
    const graded = check([first.number, '--target', workbook]);
    expect(graded.stdout, graded.stderr).toContain(`grading the code in ${join(workbook, 'lessons')}\n`);
    expect(lineOf(graded.stdout, first)).toMatch(/100\/100\s+done/);
  });

  test('pointed at lessons/ without the lesson another builds on, it says the folder does not hold it, not "finish it first"', () => {
    rmSync(join(workbook, 'lessons', first.id), { recursive: true });
    const graded = check([dependent.number, '--target', join(workbook, 'lessons')]);
    expect(graded.stdout, graded.stderr).toContain(`grading the code in ${join(workbook, 'lessons')}\n`);
    expect(lineOf(graded.stdout, dependent)).toMatch(/could not load the file/);
    expect(graded.stdout).toContain(`Lesson ${dependent.number} uses lesson ${first.number} (${first.title}), which this folder does not hold`);
    expect(graded.stdout).not.toMatch(/Finish lesson|Fix that first|Next:|npm run/);
    expect(graded.status).toBe(1);
  });

  test('a folder without lessons, or without the lessons asked for, is a clear error', () => {
    const empty = join(scratch, 'download');
    mkdirSync(empty);
    writeFileSync(join(empty, 'tictactoe.zip'), '');
    writeFileSync(join(empty, 'notes.txt'), '');
    const none = check(['--target', empty]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain(`--target ${empty} holds no lessons. Expected lesson folders (01-board/, 02-input/, …), a workbook folder holding lessons/`);
    expect(none.stderr).toContain(
      'holds notes.txt and tictactoe.zip. Taken in as npm run grade takes a hand-in: download/tictactoe.zip: the archive could not be unpacked: ',
    );
    const other = others()[0] as Lesson;
    const absent = check([other.number, '--target', handIn]);
    expect(absent.status).toBe(2);
    expect(absent.stderr).toContain(`${join(workbook, 'lessons')} holds none of the lessons asked for (no ${other.id}/)`);
    // What the folder holds is the whole reason: the usage does not follow it.
    for (const refused of [none, absent]) expect(refused.stderr).not.toContain('Usage:');
    expect(none.stderr).toContain('(npm run check -- --help shows the options)');
  });
});

describe('a student edition never mentions the reference solutions it does not hold', () => {
  const out = join(scratch, 'no-reference');
  let plan: PackPlan;
  /** What a command of the pack prints, on both streams, with the given arguments and no input. */
  const run = (command: string, args: string[], cwd = out): string => {
    const result = spawnSync('npm', ['run', '--silent', command, '--', ...args], { cwd, encoding: 'utf8', input: '', env: { ...process.env, NO_COLOR: '1' } });
    return `${result.stdout}${result.stderr}`;
  };
  const REFERENCE = /--reference|--solutions|reference solution/;
  beforeAll(() => {
    // Every lesson assigned, written as planned (the leak checks have tests of their own above).
    plan = planPack(ROOT, packable, [], all);
    for (const [path, data] of plan.files) {
      mkdirSync(dirname(join(out, path)), { recursive: true });
      writeFileSync(join(out, path), data);
    }
    symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
  });

  test("no command's usage mentions --reference or --solutions; the teacher's play and arena still offer --reference", () => {
    expect(plan.commands).toEqual(expect.arrayContaining(['check', 'play', 'arena']));
    for (const command of plan.commands) expect(run(command, ['--help']), `npm run ${command} -- --help`).not.toMatch(REFERENCE);
    expect(run('play', ['--help'], ROOT)).toContain('--reference');
    expect(run('arena', ['--help'], ROOT)).toContain('--reference');
  });

  test('nor do the stops of play and arena on unfinished lessons, the list of tutorials, or the README', () => {
    const stopped = run('play', []);
    expect(stopped).toContain('which is not finished yet');
    expect(stopped).not.toMatch(REFERENCE);
    expect(run('play', ['--tutorial'])).not.toMatch(REFERENCE);
    const arena = run('arena', []);
    expect(arena).toContain('Finish that lesson first.');
    expect(arena).not.toMatch(REFERENCE);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).not.toMatch(REFERENCE);
  });

  test('asked for --reference anyway, play says there is none', () => {
    expect(run('play', ['--reference'])).toMatch(/^This workbook has no reference solutions: npm run play plays your own code\./);
  });
});
