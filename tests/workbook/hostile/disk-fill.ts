// Attack: fills the teacher's disk. Graded code may not import fs, but the module object its file is
// compiled in leads to Node's own loader (module.constructor._load), and the sandbox's working folder
// lies in the grader's temp folder: it writes 8 MiB files there (the largest a sandbox's kernel limit
// allows), 48 of them, 384 MiB in all, while board.ts loads, and keeps them for as long as its sandbox
// lives. A real attack would write until the disk is full. The module fence (fence.js) refuses
// the loader; the limits on writes behind it are attacked in tests/workbook/membrane.test.ts.

/** Test harness guard (not part of the attack): touch nothing outside the test's own temp folder. */
const mine = (path: string): boolean => path.startsWith('{{SANDBOX}}/');

const loader = module.constructor as unknown as { _load(request: string): typeof import('node:fs') };
const CHUNK = new Uint8Array(8 * 1024 * 1024).fill(1);
try {
  const fs = loader._load('node:fs');
  const here = process.cwd();
  for (let index = 0; index < 48 && mine(here); index += 1) {
    try {
      fs.writeFileSync(`${here}/filler-${index}.bin`, CHUNK);
    } catch {
      // not allowed here: try the next one
    }
  }
} catch {
  // no fs at all
}

// the shipped stub of lesson 01 (attacks.ts appends it)
