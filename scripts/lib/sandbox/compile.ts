/**
 * Turns one exercise file (TypeScript, ES modules) into CommonJS the sandbox can run, with an inline
 * source map so that errors point at the student's own lines. Compiling only reads the text: none
 * of the hand-in's code runs here. A file that does not parse becomes an error the sandbox raises
 * when the file is imported, worded like the syntax errors the report explains.
 */
import { transformSync, type TransformFailure } from 'esbuild';

/** A compiled exercise file: its code, or why it could not be compiled. */
export type CompiledModule = { code: string } | { error: { message: string; location: string } };

/** Compiles one file; `path` is where it is, `shown` how messages name it (lessons/01-board/board.ts). */
export function compileExercise(source: string, path: string, shown: string): CompiledModule {
  try {
    const result = transformSync(source, {
      loader: 'ts',
      format: 'cjs',
      target: 'node20',
      sourcemap: 'inline',
      sourcefile: path,
      logLevel: 'silent',
    });
    return { code: `"use strict";${result.code}` };
  } catch (error) {
    const first = (error as TransformFailure).errors?.[0];
    if (first === undefined) return { error: { message: String(error), location: `${path}:1:1` } };
    const line = first.location?.line ?? 1;
    const column = (first.location?.column ?? 0) + 1;
    const code = first.location?.lineText ?? '';
    const message = [
      'Transform failed with 1 error:',
      `[PARSE_ERROR] ${first.text}`,
      `  ╭─[ ${shown}:${line}:${column} ]`,
      ` ${line} │ ${code}`,
    ].join('\n');
    return { error: { message, location: `${path}:${line}:${column}` } };
  }
}
