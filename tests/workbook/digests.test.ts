/** The digest files the visible suites confirm answers with are what the teacher-only models give now. */
import { describe, expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { digestFileMatches, digestPath, lessonsWithDigests, makeDigestFile } from '../../scripts/lib/teacher/digests.ts';
import { digestOf, orderedDigests, digestSet } from '../support/digests.ts';

describe('digests', () => {
  test.each(lessonsWithDigests(ROOT))(
    '%s: the digest file is in sync with its spec (npm run digests)',
    async (lessonId) => {
      const { text } = await makeDigestFile(ROOT, lessonId);
      expect(digestFileMatches(ROOT, lessonId, text), `${digestPath(lessonId)} is out of date: run npm run digests`).toBe(true);
    },
    120_000,
  );

  test('a digest tells the right answer from a wrong one, and depends on the check and the input', () => {
    const right = digestOf('winner(board)', 'XXXOO    ', "'X'", 'ordered');
    expect(right).toHaveLength(3);
    expect(digestOf('winner(board)', 'XXXOO    ', 'null', 'ordered')).not.toBe(right);
    expect(digestOf('winner(board) ', 'XXXOO    ', "'X'", 'ordered')).not.toBe(right);
    expect(digestOf('winner(board)', 'XXXOO   ', "'X'", 'ordered')).not.toBe(right);
    expect(digestOf('winner(board)', 'XXXOO    ', "'X'", 'set')).toHaveLength(5);
  });

  test.each(lessonsWithDigests(ROOT))('%s: every check can be read back', (lessonId) => {
    expect(() => orderedDigests(lessonId, 'no such check')).toThrow(/npm run digests/);
    expect(() => digestSet(lessonId, 'no such check')).toThrow(/npm run digests/);
  });
});
