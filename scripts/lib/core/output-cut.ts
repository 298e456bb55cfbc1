/**
 * The line the graded suites' output cap (tests/support/setup.ts) prints where it starts dropping what
 * the code prints. It stays English where output is kept (results files); a report puts it in the
 * reader's language where it shows the last lines the code printed.
 */
export const OUTPUT_CUT_LINE = '[more output was cut]';
