import { describe, expect, test } from 'vitest';
import { deriveStub, MarkerError, solutionBodies } from '../../scripts/lib/core/stubs.ts';

const solution = `/** Doc. */
export function answer(): number {
  // BEGIN SOLUTION answer
  return 42;
  // END SOLUTION
}

// BEGIN SOLUTION ONLY
function helper(): void {}
// END SOLUTION

export const LIST: number[] = [
  // BEGIN SOLUTION LIST
  1, 2, 3,
  // STUB
  // // fill in the list
  // END SOLUTION
];
`;

describe('deriveStub', () => {
  const stub = deriveStub(solution);

  test('replaces a marked body with a "not implemented yet" error', () => {
    expect(stub).toContain(`export function answer(): number {\n  throw new Error('not implemented yet: answer');\n}`);
  });

  test('drops reference-only blocks and the blank line after them', () => {
    expect(stub).not.toContain('helper');
    expect(stub).toContain('}\n\nexport const LIST');
  });

  test('uses the commented lines after // STUB when there are some', () => {
    expect(stub).toContain('export const LIST: number[] = [\n  // fill in the list\n];');
  });

  test('keeps everything outside the markers', () => {
    expect(stub.startsWith('/** Doc. */\nexport function answer(): number {')).toBe(true);
  });

  test('reports a block that is never closed, with the line', () => {
    expect(() => deriveStub('a\n// BEGIN SOLUTION x\nb', 'f.ts')).toThrow(new MarkerError('f.ts:2: BEGIN SOLUTION is never closed by END SOLUTION'));
  });

  test('reports an END without a BEGIN', () => {
    expect(() => deriveStub('// END SOLUTION', 'f.ts')).toThrow(/f\.ts:1/);
  });

  test('asks for a name on BEGIN SOLUTION', () => {
    expect(() => deriveStub('// BEGIN SOLUTION\n// END SOLUTION', 'f.ts')).toThrow(/needs a name/);
  });
});

test('solutionBodies lists what students must not see', () => {
  expect(solutionBodies(solution)).toEqual(['  return 42;', 'function helper(): void {}', '  1, 2, 3,']);
});
