/**
 * What the sandbox tells the graded code when it refuses something (a module it may not import, a
 * control of its process). These are errors thrown inside the code's own process, which the code may
 * catch and print, so they carry no verdict: the command makes the sentences in the student's
 * language (report/sandbox-words.ts) and puts them in the plan, the grader's worker sends them in each
 * boot frame, and the sandbox (sandbox.js) puts the name into a sentence at the mark (and a second
 * name at the second mark). Without them it speaks English.
 */

/** Where a refusal's sentence takes the name of what was refused (sandbox.js holds a copy: SANDBOX_WORDS_MARK). */
export const SANDBOX_WORDS_MARK = '\u0000';

/** Where a sentence takes a second name: the file that asked (sandbox.js holds a copy: SANDBOX_WORDS_SECOND). */
export const SANDBOX_WORDS_SECOND = '\u0001';

/** The sandbox's refusals, each a sentence with the mark where the name goes. */
export interface SandboxWords {
  /** A module graded code may not import: 'Cannot use the module "node:fs" in graded code.' */
  module: string;
  /** A control of the process graded code may not use: "process.kill is not available to graded code." */
  control: string;
  /** An import of a file that is not there: the path asked for at the mark, the file that asked at the second mark. */
  missing: string;
}
