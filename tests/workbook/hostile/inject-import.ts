// Attack: test injection through `import 'vitest'`. Whichever graded suite loads this file (lesson 01's,
// and 02's and 03's, whose exercise files import board.ts) gets one passing test per "Task N:" block,
// and every real test of the file is skipped by a hook, so only the injected tests count.
import { beforeEach, describe, expect, test } from 'vitest';

const INJECTED = 'injected by the hand-in';
if (/\d\d-[a-z]+\.test\.ts$/.test(expect.getState().testPath ?? '')) {
  beforeEach((context) => {
    if (!context.task.name.startsWith(INJECTED)) context.skip();
  });
  for (let task = 1; task <= 5; task += 1) {
    describe(`Task ${task}: done`, () => test(`${INJECTED} ${task}`, () => {}));
  }
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
