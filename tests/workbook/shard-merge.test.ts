/**
 * `npm run grade -- --shard i/n` and `--merge`: which hand-ins a shard grades (the same on every
 * machine), what each part records, and what the merge refuses, on small made-up gradebooks; then one
 * small class graded in two shards with one seed and merged back whole.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Gradebook, StudentGrade } from '../../scripts/lib/teacher/gradebook/gradebook.ts';
import { readGradebook } from '../../scripts/lib/teacher/gradebook/files.ts';
import { checkUpdate, mergeGradebooks, refuseOverwrite, sameStudent, updateGradebook } from '../../scripts/lib/teacher/gradebook/merge.ts';
import { classRecord, optionsRecord, shardMembers, workbookFingerprint } from '../../scripts/lib/teacher/part-record.ts';
import { byCodeUnits } from '../../scripts/lib/core/text.ts';
import { listLessons, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';
import { gradeClass } from '../../scripts/lib/teacher/class-grading.ts';
import { grade } from './synthetic-class.ts';

const scratch = mkdtempSync(join(tmpdir(), 'workbook-shard-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const CLASS = ['Ann', 'ben', 'Cleo', 'Émile', 'Dan', 'Finn', 'gus'];
const FENCES = ["Node's permission model", 'memory: 256 MB', 'own user, network and process namespaces (unshare)'];

/** The names shardMembers deals to one shard. */
function dealt(names: string[], shard: { index: number; count: number }): string[] {
  return shardMembers(
    names.map((name) => ({ name })),
    shard,
  ).map((handIn) => handIn.name);
}

/** A student with one lesson, as a part holds them. */
function student(name: string): StudentGrade {
  return { name, lessons: {}, total: 0, notes: [], feedback: `# Feedback for ${name}\n`, seed: 7 };
}

/** Shard index/count of CLASS as `npm run grade` would write it, with what it records; `changes` overrides any field. */
function part(index: number, count: number, changes: Partial<Gradebook> = {}): Gradebook {
  return {
    kind: 'tictactoe-gradebook',
    version: 1,
    gradedAt: `2025-03-0${index}T10:00:00.000Z`,
    lessons: [{ id: '01-board', number: '01', title: 'Board display' }],
    shard: { index, count },
    class: classRecord(CLASS),
    workbook: 'f'.repeat(64),
    options: optionsRecord(3000, false, undefined),
    fences: FENCES,
    seed: 7,
    students: dealt(CLASS, { index, count }).map(student),
    ...changes,
  };
}

/** The part as a gradebook written before parts recorded their class, workbook and options. */
function older(book: Gradebook): Gradebook {
  const { class: _class, workbook: _workbook, options: _options, ...rest } = book;
  return rest;
}

/** Merges named parts, collecting the notes instead of printing them. */
function merge(parts: Record<string, Gradebook>): { book: Gradebook; notes: string[] } {
  const notes: string[] = [];
  const book = mergeGradebooks(Object.values(parts), Object.keys(parts), (text) => notes.push(text));
  return { book, notes };
}

describe('which hand-ins a shard grades', () => {
  test('every hand-in lands in exactly one shard, dealt in code-unit order, whatever the order given', () => {
    const shuffled = [...CLASS].reverse();
    for (const count of [1, 2, 3, 7, 9]) {
      const shards = Array.from({ length: count }, (_, index) => dealt(shuffled, { index: index + 1, count }));
      expect(shards.flat().sort(byCodeUnits), `${count} shards`).toEqual([...CLASS].sort(byCodeUnits));
      expect(shards.flat(), `${count} shards`).toHaveLength(CLASS.length);
    }
    // Capitals before small letters, accented letters last: no locale's collation.
    expect([...CLASS].sort(byCodeUnits)).toEqual(['Ann', 'Cleo', 'Dan', 'Finn', 'ben', 'gus', 'Émile']);
    expect(dealt(CLASS, { index: 2, count: 3 }), 'kept in the order given').toEqual(['ben', 'Cleo']);
  });

  test('a shard is graded only with a seed given: every shard must draw the same hidden-test inputs', async () => {
    await expect(gradeClass({ root: ROOT, submissionsDir: ROOT, shard: { index: 1, count: 2 } })).rejects.toThrow(
      /^--shard needs --seed: every shard must draw the same hidden-test inputs/,
    );
  });

  test('the class record does not depend on the order of the names, and tells classes apart', () => {
    expect(classRecord([...CLASS].reverse())).toEqual(classRecord(CLASS));
    expect(classRecord(CLASS).handIns).toBe(7);
    expect(classRecord(['Ann', 'Ben']).names).not.toBe(classRecord(['Ann', 'Bea']).names);
  });

  test('the workbook fingerprint covers lesson.json, the visible and hidden suites and their support folders, whatever the line ends', () => {
    const root = join(scratch, 'fingerprint');
    const lesson: Lesson = { id: '01-x', number: '01', title: 'X', buildsOn: [], files: ['x.ts'], tasks: [] };
    const files = [
      'lessons/01-x/lesson.json',
      'tests/01-x.test.ts',
      'tests/hidden/01-x.test.ts',
      'tests/support/boards.ts',
      'tests/hidden/support/rules.ts',
      'tests/support/digests/03-win.json',
    ];
    const write = (path: string, text: string): void => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    for (const path of files) write(path, `// ${path}\nline\n`);
    const before = workbookFingerprint(root, [lesson]);
    write('lessons/01-x/README.md', 'not graded material');
    expect(workbookFingerprint(root, [lesson])).toBe(before);
    for (const path of files) {
      write(path, `// ${path}\r\nline\r\n`);
      expect(workbookFingerprint(root, [lesson]), `${path} with \\r\\n`).toBe(before);
      write(path, `// ${path}\nline changed\n`);
      expect(workbookFingerprint(root, [lesson]), path).not.toBe(before);
      write(path, `// ${path}\nline\n`);
    }
  });
});

describe('--merge', () => {
  test('parts that agree merge into the whole class with what they recorded, and no note', () => {
    const { book, notes } = merge({ a: part(1, 3), b: part(2, 3), c: part(3, 3) });
    expect(notes).toEqual([]);
    expect(book.students.map((each) => each.name).sort(byCodeUnits)).toEqual([...CLASS].sort(byCodeUnits));
    expect(book.shard).toBeUndefined();
    expect({ seed: book.seed, class: book.class, workbook: book.workbook, options: book.options, fences: book.fences }).toEqual({
      seed: 7,
      class: classRecord(CLASS),
      workbook: 'f'.repeat(64),
      options: optionsRecord(3000, false, undefined),
      fences: FENCES,
    });
  });

  test('a missing shard is a note, not a refusal', () => {
    const { book, notes } = merge({ a: part(1, 3), c: part(3, 3) });
    expect(notes).toEqual(['merging only 2 of 3 shards (not given: 2/3); the gradebook is missing their students.']);
    expect(book.students).toHaveLength(CLASS.length - dealt(CLASS, { index: 2, count: 3 }).length);
  });

  test.each<[string, Record<string, Gradebook>, RegExp]>([
    [
      'different shard counts (1/3 and 2/2 lose a student)',
      { part1: part(1, 3), part2: part(2, 2) },
      /^part1 \(shard 1\/3\) and part2 \(shard 2\/2\) were cut into different numbers of shards/,
    ],
    ['the same shard twice', { part1: part(2, 3), part2: part(1, 3), again: part(2, 3) }, /^part1 \(shard 2\/3\) and again \(shard 2\/3\) are the same shard/],
    ['different seeds', { part1: part(1, 2), part2: part(2, 2, { seed: 8 }) }, /^part1 was graded with --seed 7 and part2 with --seed 8: .*same --seed/],
    ['different workbooks', { part1: part(1, 2), part2: part(2, 2, { workbook: 'e'.repeat(64) }) }, /^part1 and part2 were graded with different workbooks/],
    [
      'different --limit',
      { part1: part(1, 2), part2: part(2, 2, { options: optionsRecord(6000, false, undefined) }) },
      /^part1 was graded with --limit 3 and part2 with --limit 6/,
    ],
    [
      '--accept-near-misses in one part only',
      { part1: part(1, 2), part2: part(2, 2, { options: optionsRecord(3000, true, undefined) }) },
      /^part1 was graded without --accept-near-misses and part2 with --accept-near-misses/,
    ],
    [
      'a class list in one part only',
      { part1: part(1, 2, { options: optionsRecord(3000, false, [{ name: 'Ann Archer', keys: ['ann'], ids: {} }]) }), part2: part(2, 2) },
      /^part1 was graded with the class list [0-9a-f]{12} and part2 without --roster/,
    ],
    [
      'a class cut from another download',
      { part1: part(1, 2), part2: part(2, 2, { class: classRecord([...CLASS, 'Hal']) }) },
      /^part1 and part2 were cut from different classes \(7 hand-ins and 8 hand-ins\)/,
    ],
    [
      'a class of as many hand-ins with other names',
      { part1: part(1, 2), part2: part(2, 2, { class: classRecord([...CLASS.slice(1), 'Hal']) }) },
      /\(7 hand-ins and 7 hand-ins, with other names\)/,
    ],
    [
      'different lessons',
      { part1: part(1, 2), part2: part(2, 2, { lessons: [{ id: '02-input', number: '02', title: 'Input' }] }) },
      /^part1 and part2 graded different lessons \(01-board in part1, 02-input in part2\)/,
    ],
    ['a student in two parts', { part1: part(1, 2), part2: part(2, 2, { students: [student('Ann')] }) }, /^Ann is in more than one part \(part1 and part2\)/],
  ])('refuses %s, naming the parts', (_, parts, message) => {
    expect(() => merge(parts)).toThrow(message);
  });

  test('parts behind different fences: the gradebook states as fences only those every part had, and says so', () => {
    const weaker = part(2, 2, { fences: [...FENCES.slice(0, 2), 'no network or process namespaces here: the permission model is the only fence'] });
    const { book, notes } = merge({ linux: part(1, 2), laptop: weaker });
    expect(book.fences).toEqual([
      ...FENCES.slice(0, 2),
      `linux only: ${FENCES[2]}`,
      'laptop only: no network or process namespaces here: the permission model is the only fence',
    ]);
    expect(notes).toEqual([
      'the parts ran behind different fences, so the gradebook states as fences only the 2 lines every part had, and names the parts for the others.',
    ]);
  });

  test('older parts (without class, workbook and options) merge as before, with a note that they could not be checked', () => {
    const { book, notes } = merge({ old1: older(part(1, 3)), old2: older(part(2, 3, { seed: 8 })) });
    expect(book.students).toHaveLength(CLASS.length - dealt(CLASS, { index: 3, count: 3 }).length);
    expect(book.seed).toBeUndefined();
    expect(notes[0]).toMatch(/^old1, old2 were written by an older npm run grade, .* could not be checked against each other/);
    expect(notes[1]).toBe('merging only 2 of 3 shards (not given: 3/3); the gradebook is missing their students.');
    const mixed = merge({ new1: part(1, 2), old2: older(part(2, 2)) });
    expect(mixed.notes).toEqual([expect.stringMatching(/^old2 was written by an older npm run grade/)]);
    expect(() => merge({ old1: older(part(1, 2)), old2: older(part(1, 2, { lessons: [] })) }), 'the lessons are still checked').toThrow(/different lessons/);
  });
});

describe('--update and a plain run into a gradebook folder', () => {
  const whole = (): Gradebook => {
    const { shard: _shard, ...rest } = part(1, 1);
    return { ...rest, students: [...CLASS].sort((a, b) => a.localeCompare(b)).map(student) };
  };
  const graded = (name: string, changes: Partial<StudentGrade> = {}): StudentGrade => ({ ...student(name), total: 100, ...changes });

  test('the same student: a platform id both have decides, else names that look alike', () => {
    expect(sameStudent({ name: 'Wei Zhang', ids: { moodleParticipant: '1' } }, { name: 'Wei Zhang', ids: { moodleParticipant: '2' } })).toBe(false);
    expect(sameStudent({ name: 'Wei Zhang', ids: { moodleParticipant: '1' } }, { name: 'W. Zhang', ids: { moodleParticipant: '1' } })).toBe(true);
    expect(sameStudent({ name: 'ÉMILE', ids: { canvasId: '5' } }, { name: 'E\u0301mile' })).toBe(true);
    expect(sameStudent({ name: 'Ann' }, { name: 'Anna' })).toBe(false);
  });

  test('resubmissions replace their students, a new one is added, every other row is kept with the time it was graded', () => {
    const book = whole();
    const part = { ...whole(), gradedAt: '2025-04-01T09:00:00.000Z', students: [graded('ann'), graded('Zoe'), { ...graded('Dan'), handedIn: false }] };
    const notes: string[] = [];
    const update = updateGradebook(book, part, (text) => notes.push(text));
    expect(notes).toEqual([]);
    expect(update.replaced).toEqual(['Ann (now ann)']);
    expect(update.added).toEqual(['Zoe']);
    expect(update.book.students.map((each) => each.name)).toEqual(['ann', 'ben', 'Cleo', 'Dan', 'Émile', 'Finn', 'gus', 'Zoe']);
    for (const kept of update.book.students.filter((each) => !['ann', 'Zoe'].includes(each.name)))
      expect(kept, kept.name).toEqual({ ...student(kept.name), gradedAt: book.gradedAt });
    expect(update.book.gradedAt).toBe(part.gradedAt);
    expect(update.book.class).toEqual(classRecord(update.book.students.map((each) => each.name)));
  });

  test('two resubmissions of one student, or one that matches two rows, are refused', () => {
    const twice = { ...whole(), students: [graded('Ann'), graded('ANN')] };
    expect(() => updateGradebook(whole(), twice)).toThrow(/Ann and ANN are the same student/);
    const alike = { ...whole(), students: [...whole().students, student('ann')] };
    expect(() => updateGradebook(alike, { ...whole(), students: [graded('Ann')] })).toThrow(/matches 2 rows of the gradebook \(Ann, ann\)/);
  });

  test('an update that would grade differently is refused with what differs and how to grade the class again', () => {
    expect(() => checkUpdate(whole(), 'grades', { ...whole(), seed: 8 })).toThrow(
      /^grades was graded with --seed 7 and this run with --seed 8: .* npm run grade -- CLASS_DOWNLOAD --out grades --replace/,
    );
    expect(() => checkUpdate(whole(), 'grades', { ...whole(), workbook: 'e'.repeat(64) })).toThrow(/different workbooks/);
    expect(() => checkUpdate(part(1, 2), 'grades', whole())).toThrow(/holds shard 1\/2 of a class, not a whole gradebook: merge the shards first/);
    expect(() => checkUpdate(older(whole()), 'grades', whole())).toThrow(/written by an older npm run grade/);
    expect(() => checkUpdate(whole(), 'grades', { ...whole(), class: classRecord(['Ann']) }), 'another class is no reason to refuse').not.toThrow();
  });

  test('a run that does not grade every student of the gradebook there is refused; the same class graded again is not', () => {
    const rows = CLASS.map((name) => ({ name }));
    expect(() => refuseOverwrite(whole(), 'grades', rows)).not.toThrow();
    expect(() => refuseOverwrite(whole(), 'grades', [{ name: 'ann' }])).toThrow(
      /^grades already holds a gradebook of 7 students, 6 of whom this run does not grade \(ben, Cleo, Dan, Émile and 2 more\).* --update grades.* another --out.* --replace/,
    );
    // A student the class list knows, but whose hand-in this run does not have, would lose the row.
    expect(() => refuseOverwrite(whole(), 'grades', [...rows.slice(1), { name: 'Ann', handedIn: false }])).toThrow(
      /one of whom this run does not grade \(Ann\)/,
    );
  });
});

describe('npm run grade on a class of three in two shards', () => {
  test('--shard needs --seed; two shards graded with one seed merge into the whole class', () => {
    const [board] = listLessons() as [Lesson];
    const classDir = join(scratch, 'class');
    // Copies of the reference solutions; in code-unit order Bob, Cleo, ann: shard 1/2 is Bob and ann.
    const names = ['ann', 'Bob', 'Cleo'];
    for (const name of names) cpSync(join(ROOT, 'solutions', board.id), join(classDir, name, 'lessons', board.id), { recursive: true });
    const shard = (spec: string, ...more: string[]): ReturnType<typeof grade> =>
      grade([classDir, '--shard', spec, '--lessons', board.number, '--out', join(scratch, spec.replace('/', '-of-')), ...more]);

    const unseeded = shard('1/2');
    expect(unseeded.status).toBe(2);
    expect(String(unseeded.stderr)).toMatch(/^--shard needs --seed: every shard must draw the same hidden-test inputs, .* for example --seed \d+\./);

    for (const spec of ['1/2', '2/2']) {
      const run = shard(spec, '--seed', '4242');
      expect(run.status, String(run.stderr) + String(run.stdout)).toBe(0);
    }
    const first = readGradebook(join(scratch, '1-of-2'));
    expect(first.students.map((each) => each.name)).toEqual(['ann', 'Bob']);
    expect(first.class).toEqual(classRecord(names));
    expect(first.options).toEqual({ limitMs: 3000, acceptNearMisses: false, roster: null });
    expect(first.workbook).toMatch(/^[0-9a-f]{64}$/);

    const merged = join(scratch, 'merged');
    const merging = grade(['--merge', join(scratch, '1-of-2'), join(scratch, '2-of-2'), '--out', merged]);
    expect(merging.status, String(merging.stderr)).toBe(0);
    expect(String(merging.stderr)).toBe('');
    const book = readGradebook(merged);
    expect(book.students.map((each) => [each.name, each.total])).toEqual([
      ['ann', 100],
      ['Bob', 100],
      ['Cleo', 100],
    ]);
    expect(book.seed).toBe(4242);

    const reseeded = join(scratch, 'reseeded');
    mkdirSync(reseeded);
    writeFileSync(join(reseeded, 'gradebook.json'), JSON.stringify({ ...readGradebook(join(scratch, '2-of-2')), seed: 1 }));
    const refused = grade(['--merge', join(scratch, '1-of-2'), reseeded, '--out', join(scratch, 'refused')]);
    expect(refused.status).toBe(2);
    expect(String(refused.stderr), 'a refusal is its reason, not the usage').not.toContain('Usage:');
    expect(String(refused.stderr)).toContain(`${join(scratch, '1-of-2')} was graded with --seed 4242 and ${reseeded} with --seed 1`);

    // An option of grading given to --merge would change nothing: it is refused, not ignored.
    const withOptions = grade([
      '--merge',
      join(scratch, '1-of-2'),
      join(scratch, '2-of-2'),
      '--limit',
      '9',
      '--accept-near-misses',
      '--out',
      join(scratch, 'refused'),
    ]);
    expect(withOptions.status).toBe(2);
    expect(String(withOptions.stderr)).toContain('not --limit, --accept-near-misses: the parts were graded with their own');
  });
});
