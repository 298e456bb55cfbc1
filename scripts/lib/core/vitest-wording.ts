/**
 * Every place where the grader depends on how vitest (and vite, which loads the files) words its
 * messages. Nothing else in the tools matches their text: a vitest upgrade that changes a message
 * fails tests/workbook/vitest-wording.test.ts, which has one test per shape below, made by vitest itself.
 */

/** vitest's own timeout of a test: "Test timed out in 3000ms." → 3000. */
export function testTimeoutMs(message: string): number | undefined {
  const match = /^Test timed out in (\d+)ms/.exec(message);
  return match === null ? undefined : Number(match[1]);
}

/**
 * The name a test called that is not a function (or not a class) in the graded module: vite rewrites
 * imports, so `createBoard()` fails as "(0 , __vi_import_0__.createBoard) is not a function".
 */
export function notCallableName(message: string): string | undefined {
  return /^(?:\(0 , )?(?:__vi_import_\d+__\.)?(\w+)\)? is not a (?:function|constructor)/.exec(message)?.[1];
}

/** A syntax error while loading a file, as vite's transform reports it (and the sandbox's compile.ts repeats). */
export interface SyntaxErrorDetails {
  /** What is wrong, in the parser's words. */
  what: string;
  /** The file as the message names it, and where. */
  file?: string;
  line?: number;
  column?: number;
  /** The line of code the parser shows ("  12 │ export export …"), when it shows one. */
  codeLine?: string;
}

/** The details of a syntax error message, or undefined when the message is not one. */
export function syntaxError(message: string): SyntaxErrorDetails | undefined {
  if (!/Transform failed|PARSE_ERROR|SyntaxError/.test(message)) return undefined;
  const what = (/\[PARSE_ERROR\]\s*(?:Error:\s*)?(.+)/.exec(message)?.[1] ?? message.split('\n')[0] ?? message).trim();
  const where = /([\w./-]+\.ts):(\d+):(\d+)/.exec(message);
  const codeLine = message.split('\n').find((line) => /^\s*\d+ │/.test(line));
  return {
    what,
    ...(where === null ? {} : { file: where[1], line: Number(where[2]), column: Number(where[3]) }),
    ...(codeLine === undefined ? {} : { codeLine }),
  };
}

/**
 * An assertion message with plain objects shown as plain. vitest shows an object whose prototype is
 * another realm's Object.prototype as "Object{ ok: false }" instead of "{ ok: false }"; which realm a
 * value the hand-in's code gave ends up in can change from run to run, and means nothing to a reader.
 */
export function asPlainObjects(message: string): string {
  return message.replace(/(^|[^\w$])Object\{ /g, '$1{ ');
}

/** The name vitest gives a failed expect(). */
export const ASSERTION_ERROR = 'AssertionError';

/** How an assertion message reads: "the prompt: expected 'a ' to be 'a'". */
export interface AssertionWording {
  /** The message given to expect(value, message), when there was one. */
  label?: string;
  /** True when the value the code gave is shown as a string ("expected 'a '"). */
  actualIsText: boolean;
  /** True when the value compared with is shown as a string ("to be 'a'", "to deeply equal 'a'"). */
  expectedIsText: boolean;
}

/** Reads an assertion message of toBe, toEqual and toStrictEqual. */
export function assertionWording(message: string): AssertionWording {
  const label = /^(.*?): expected /s.exec(message)?.[1];
  return {
    ...(label === undefined ? {} : { label }),
    actualIsText: /^(?:.*?: )?expected ['"`]/s.test(message),
    expectedIsText: / to (?:be|equal|deeply equal|strictly equal) ['"`]/s.test(message),
  };
}
