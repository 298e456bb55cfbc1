/**
 * `npm run grade -- --shard i/n` and `--merge`: which hand-ins a shard grades (the same on every
 * machine) and what each part records.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { byCodeUnits, classRecord, shardMembers, workbookFingerprint } from '../../scripts/lib/teacher/part-record.ts';
import { gradeClass } from '../../scripts/lib/teacher/class-grading.ts';
import { ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';

const scratch = mkdtempSync(join(tmpdir(), 'workbook-shard-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const CLASS = ['Ann', 'ben', 'Cleo', 'Émile', 'Dan', 'Finn', 'gus'];

/** The names shardMembers deals to one shard. */
function dealt(names: string[], shard: { index: number; count: number }): string[] {
  return shardMembers(
    names.map((name) => ({ name })),
    shard,
  ).map((handIn) => handIn.name);
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

  test('the workbook fingerprint covers lesson.json, the visible and hidden suites and tests/support/, whatever the line ends', () => {
    const root = join(scratch, 'fingerprint');
    const lesson: Lesson = { id: '01-x', number: '01', title: 'X', buildsOn: [], files: ['x.ts'], tasks: [] };
    const files = ['lessons/01-x/lesson.json', 'tests/01-x.test.ts', 'tests/hidden/01-x.test.ts', 'tests/support/rules.ts'];
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
