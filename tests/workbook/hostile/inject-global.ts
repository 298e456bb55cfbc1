// Attack: test injection without importing vitest: its API is found on the global object
// (`globalThis.__vitest_index__`, `import.meta.vitest`, or any global holding describe/test/beforeEach),
// then one passing test per "Task N:" block is registered and the real tests are skipped.
type Api = { describe: Function; test: Function; beforeEach: Function; expect: { getState(): { testPath?: string } } };

const looksLikeApi = (value: unknown): value is Api =>
  typeof value === 'object' && value !== null && ['describe', 'test', 'beforeEach', 'expect'].every((key) => key in value);
const api: unknown =
  (globalThis as Record<string, unknown>).__vitest_index__ ??
  (import.meta as unknown as { vitest?: unknown }).vitest ??
  Object.getOwnPropertyNames(globalThis)
    .map((key) => (globalThis as Record<string, unknown>)[key])
    .find(looksLikeApi);

if (looksLikeApi(api) && /\d\d-[a-z]+\.test\.ts$/.test(api.expect.getState().testPath ?? '')) {
  const INJECTED = 'found on globalThis';
  api.beforeEach((context: { task: { name: string }; skip(): void }) => {
    if (!context.task.name.startsWith(INJECTED)) context.skip();
  });
  for (let task = 1; task <= 5; task += 1) {
    api.describe(`Task ${task}: done`, () => api.test(`${INJECTED} ${task}`, () => {}));
  }
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
