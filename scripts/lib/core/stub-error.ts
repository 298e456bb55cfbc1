/**
 * The error a stub throws until the student writes the function: `npm run stubs` writes it, and the
 * report, play, arena and the lesson graph recognise it. Its wording is made and read only here.
 */

const PREFIX = 'not implemented yet: ';

/** The statement a stub's body is: throw new Error('not implemented yet: createBoard'). */
export function stubStatement(name: string): string {
  return `throw new Error('${PREFIX}${name}');`;
}

/** The name of the unwritten function when `message` is a stub's, else undefined. */
export function stubName(message: string): string | undefined {
  if (!message.startsWith(PREFIX)) return undefined;
  const name = message.slice(PREFIX.length).trim();
  return name === '' ? undefined : name;
}

/** The name of the unwritten function when `error` is a stub's error, else undefined. */
export function stubNameOf(error: unknown): string | undefined {
  return error instanceof Error ? stubName(error.message) : undefined;
}

/** True when a source file still holds a stub statement (a function not written yet). */
export function holdsStub(source: string): boolean {
  return source.includes(`throw new Error('${PREFIX}`);
}

/** A stub statement in a source, for patterns that look for one among other things. */
export const STUB_STATEMENT_PATTERN = new RegExp(`throw new Error\\('${PREFIX}`);
