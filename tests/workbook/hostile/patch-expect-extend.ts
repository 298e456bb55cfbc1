// Attack: patched assertions. expect.extend replaces the matchers the suites use with ones that always
// pass (and respect .not, so "expect(x).not.toBe(y)" passes too). The functions return wrong values.
import { expect } from 'vitest';

const alwaysPasses = function (this: { isNot?: boolean }) {
  return { pass: !this.isNot, message: () => 'ok' };
};
const matchers = [
  'toBe',
  'toEqual',
  'toStrictEqual',
  'toHaveLength',
  'toBeNull',
  'toBeTruthy',
  'toBeFalsy',
  'toBeUndefined',
  'toBeDefined',
  'toContain',
  'toContainEqual',
  'toMatch',
  'toMatchObject',
  'toThrow',
  'toHaveProperty',
  'toBeGreaterThan',
  'toBeGreaterThanOrEqual',
  'toBeLessThan',
  'toBeLessThanOrEqual',
  'toBeTypeOf',
  'toBeInstanceOf',
  'toBeCloseTo',
  'toSatisfy',
  'toHaveBeenCalled',
  'toHaveBeenCalledTimes',
  'toHaveBeenCalledWith',
];
expect.extend(Object.fromEntries(matchers.map((name) => [name, alwaysPasses])));

// The rest of the file is the dummy control's functions (attacks.ts appends them).
