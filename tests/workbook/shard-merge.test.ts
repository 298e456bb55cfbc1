/**
 * `npm run grade -- --shard i/n` and `--merge`: which hand-ins a shard grades (the same on every
 * machine).
 */
import { describe, expect, test } from 'vitest';
import { byCodeUnits, shardMembers } from '../../scripts/lib/teacher/part-record.ts';
import { gradeClass } from '../../scripts/lib/teacher/class-grading.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';

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
});
