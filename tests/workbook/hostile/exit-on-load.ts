// Attack: the process exits while this file loads. vitest turns process.exit into an error, so the
// file falls back to process.reallyExit, which vitest leaves alone.
try {
  process.exit(0);
} finally {
  (process as unknown as { reallyExit(code: number): never }).reallyExit(0);
}

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
