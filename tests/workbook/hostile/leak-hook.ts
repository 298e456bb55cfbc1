// Attack: hidden tests smuggled out through a hook's error. In a teacher-only suite (tests/hidden/), a
// beforeAll hook receives the suite, collects the names of all its tests, and throws them; an afterAll
// hook throws the names (and what they printed) seen by a beforeEach. The error message is all the
// grader has to describe the failure, so it may copy it into the student's feedback.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';

type Node = { name: string; type?: string; tasks?: Node[] };
const namesIn = (node: Node): string[] => [node.name, ...(node.tasks ?? []).flatMap(namesIn)];

if ((expect.getState().testPath ?? '').includes('/hidden/')) {
  const seen: string[] = [];
  // vitest passes the suite as the second argument (the first is a fixture object).
  beforeAll(({}, suite) => {
    throw new Error(`The teacher's hidden tests: ${namesIn(suite as unknown as Node).join(' | ')}`);
  });
  beforeEach((context) => {
    seen.push(context.task.name);
  });
  afterAll(() => {
    throw new Error(`Hidden tests that ran: ${seen.join(' | ')}`);
  });
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
