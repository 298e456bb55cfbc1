/**
 * The wire constants live in scripts/lib/grader/contracts/wire.mjs; sandbox.js, which cannot import
 * (it runs as one `node -e` script that may read no file), keeps copies, held equal here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import * as wire from '../../scripts/lib/grader/contracts/wire.mjs';

const SANDBOX = readFileSync(join(ROOT, 'scripts', 'lib', 'grader', 'sandbox', 'sandbox.js'), 'utf8');

/** The value of a top-level `const NAME = …;` of sandbox.js, worked out, or undefined when it has none. */
function copyIn(source: string, name: string): unknown {
  const expression = new RegExp(`^const ${name} = ([^;\\n]+);$`, 'm').exec(source)?.[1];
  return expression === undefined ? undefined : new Function(`return (${expression});`)();
}

describe('the wire constants sandbox.js copies', () => {
  it.each(Object.entries(wire).filter(([name]) => new RegExp(`\\b${name}\\b`).test(SANDBOX)))('%s is the same in sandbox.js as in wire.mjs', (name, value) => {
    expect(copyIn(SANDBOX, name)).toBe(value);
  });

  it('PART_BYTES is one of them', () => {
    expect(copyIn(SANDBOX, 'PART_BYTES')).toBe(wire.PART_BYTES);
  });
});
