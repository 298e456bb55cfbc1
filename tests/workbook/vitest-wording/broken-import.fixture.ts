// A test file that imports a module with a syntax error, as a student's broken file is imported.
import { test } from 'vitest';
import { value } from './syntax-error.fixture-module.ts';

test('never runs', () => {
  value();
});
