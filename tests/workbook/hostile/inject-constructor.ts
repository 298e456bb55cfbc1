// Attack: test injection that a text search for "vitest", "globalThis" or "import" would not find:
// the Function constructor is reached through an array's constructor chain, it returns the global
// object, and the name of vitest's global is spelled with character codes.
const F = [].filter.constructor as (body: string) => () => Record<string, any>;
const g = F('return this')();
const spell = (...codes: number[]): string => codes.map((code) => String.fromCharCode(code)).join('');
const v = g[spell(95, 95, 118, 105, 116, 101, 115, 116, 95, 105, 110, 100, 101, 120, 95, 95)];

if (v && /\d\d-[a-z]+\.test\.ts$/.test(v.expect.getState().testPath ?? '')) {
  const INJECTED = 'built from a constructor chain';
  v[spell(98, 101, 102, 111, 114, 101, 69, 97, 99, 104)]((context: { task: { name: string }; skip(): void }) => {
    if (!context.task.name.startsWith(INJECTED)) context.skip();
  });
  for (let task = 1; task <= 5; task += 1) {
    v[spell(100, 101, 115, 99, 114, 105, 98, 101)](`Task ${task}: done`, () => v[spell(116, 101, 115, 116)](`${INJECTED} ${task}`, () => {}));
  }
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
