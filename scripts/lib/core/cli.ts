/** What every command-line entry shares: argument parsing, colours, and friendly errors. */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { parseArgs, styleText, type ParseArgsConfig } from 'node:util';
import { UsageError } from './workbook.ts';

type Style = Parameters<typeof styleText>[0];

/** True when colours should be used on standard output: a terminal, and NO_COLOR not set. */
export function colorsEnabled(stream: NodeJS.WriteStream = process.stdout): boolean {
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

/** A function that colours text when colours are on and returns it unchanged otherwise. */
export type Paint = (style: Style, text: string) => string;

/** Makes a painter for one output. */
export function painter(enabled: boolean): Paint {
  return (style, text) => (enabled ? styleText(style, text) : text);
}

/**
 * The option every student command takes to choose its language (--lang ru); i18n/choose.ts decides
 * from it, the edition and the locale. Spread it into the options given to parseCommandLine.
 */
export const LANGUAGE_OPTION = { lang: { type: 'string' } } as const;

/** The line a command's usage gives the --lang option. */
export const LANGUAGE_USAGE = "  --lang LANG       the language to speak: en, ru, ca or zh (default: the edition's, else your locale's)";

/** parseArgs with the workbook's error messages: unknown options become a UsageError. */
export function parseCommandLine<T extends NonNullable<ParseArgsConfig['options']>>(options: T, args: string[] = process.argv.slice(2)) {
  try {
    return parseArgs({ args, options, allowPositionals: true, allowNegative: true, strict: true });
  } catch (error) {
    const message = (error as Error).message.replace(/^TypeError \[\w+\]: /, '').replace(/\. To specify a positional argument.*$/s, '.');
    throw new UsageError(message);
  }
}

/** A path as a command shows it: relative to the current folder when it lies inside it, else in full (not "../../../tmp/grades"). */
export function shownPath(path: string): string {
  const shown = relative(process.cwd(), path);
  if (shown === '') return '.';
  return shown === '..' || shown.startsWith(`..${sep}`) || isAbsolute(shown) ? resolve(path) : shown;
}

/**
 * A command refused because of what a folder holds, not because of its arguments (an --out folder
 * holding a gradebook of other students, a --target folder holding no lessons): its message is the
 * whole reason, so the usage is not printed after it.
 */
export class Refusal extends Error {}

/** The line after a refusal that says where the options are, for the command `usage` describes. */
export function helpLine(usage: string): string {
  const command = /npm run ([\w-]+)/.exec(usage)?.[1];
  return command === undefined ? '(--help shows the options)' : `(npm run ${command} -- --help shows the options)`;
}

/**
 * Runs a command's main function: --help (or -h) prints the usage; output cut off by its reader ends it quietly; a UsageError prints the message
 * and the usage (exit 2); a Refusal prints its message and where the options are (exit 2); any other
 * error prints its message and stack (exit 1).
 */
export function runCommand(usage: string, main: () => Promise<number> | number): void {
  // Output piped into a command that stops reading (npm run hint 01 | head -3) ends the command quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${usage.trim()}\n`);
    return;
  }
  Promise.resolve()
    .then(main)
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        if (error instanceof UsageError) {
          process.stderr.write(`${error.message}\n\n${usage.trim()}\n`);
          process.exitCode = 2;
        } else if (error instanceof Refusal) {
          process.stderr.write(`${error.message}\n${helpLine(usage)}\n`);
          process.exitCode = 2;
        } else {
          process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
          process.exitCode = 1;
        }
      },
    );
}
