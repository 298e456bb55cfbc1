// Attack: patched assertions. Every matcher ends in chai's Assertion.prototype.assert; replaced by a
// function that does nothing, no assertion can fail. The functions return wrong values.
import { chai, expect } from 'vitest';

const noop = (): void => {};
chai.Assertion.prototype.assert = noop;
// The same prototype, reached from an assertion object, in case chai is a different copy.
(Object.getPrototypeOf(expect(0)) as { assert: unknown }).assert = noop;

// The rest of the file is the dummy control's functions (attacks.ts appends them).
