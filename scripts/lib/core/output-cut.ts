/**
 * The line the output caps print where they start dropping what the code prints: the graded suites'
 * (tests/support/setup.ts) and the sandbox's (grader/sandbox/sandbox.js, which writes it out itself: it
 * must stay self-contained). It stays English where output is kept (results files); a report puts it in
 * the reader's language where it shows the last lines the code printed.
 */
export const OUTPUT_CUT_LINE = '[more output was cut]';
