// @ts-check
// Before a student command loads anything installed: when the workbook's packages are not installed
// yet (npm install not run), one sentence in the student's language says to install them, instead of
// Node's stack trace. Plain JavaScript that imports no package, so that it runs without them; it
// chooses the language as i18n/choose.ts does and reads the sentence from the catalogs' JSON files.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';

/** The packages a command cannot start without. */
const NEEDED = ['tsx', 'esbuild', 'vitest'];

/** The locale variables that name the language of messages, the first set one deciding. */
const LOCALE_VARIABLES = ['LC_ALL', 'LC_MESSAGES', 'LANG'];

/**
 * The language's catalog file, when `code` names one of the workbook's languages.
 * @param {string} root
 * @param {string | undefined} code
 * @returns {string | undefined}
 */
function catalogOf(root, code) {
  if (code === undefined || !/^[a-z]{2,3}$/.test(code)) return undefined;
  const file = join(root, 'scripts', 'lib', 'i18n', 'catalogs', `${code}.json`);
  return existsSync(file) ? file : undefined;
}

/**
 * The language the command would speak (command-line/cli.ts's commandLanguage): a student edition's
 * own (package.json), else --lang as parseArgs reads it, else the locale's, else English. Its code.
 * @param {string} root
 * @param {readonly string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {string}
 */
export function installLanguage(root, args, env = process.env) {
  const { values } = parseArgs({ args: [...args], options: { lang: { type: 'string' } }, strict: false, allowPositionals: true });
  const option = typeof values.lang === 'string' ? values.lang : undefined;
  let edition;
  try {
    edition = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workbook?.language;
  } catch {
    edition = undefined;
  }
  const locale = LOCALE_VARIABLES.map((name) => env[name]).find((value) => value !== undefined && value !== '');
  const fromLocale = locale === undefined ? undefined : /^([a-z]{2,3})(?:[_\-.@]|$)/i.exec(locale.trim())?.[1]?.toLowerCase();
  const choices = [typeof edition === 'string' ? edition : undefined, option?.trim().toLowerCase(), fromLocale];
  return choices.find((code) => catalogOf(root, code) !== undefined) ?? 'en';
}

/**
 * The sentence that tells the student to install the workbook's packages first, in the language the
 * command `script` (scripts/check.ts) would speak with the arguments `args`.
 * @param {string} root
 * @param {string} script
 * @param {readonly string[]} args
 */
export function installFirstSentence(root, script, args) {
  const catalog = JSON.parse(readFileSync(join(root, 'scripts', 'lib', 'i18n', 'catalogs', `${installLanguage(root, args)}.json`), 'utf8'));
  const command = basename(script).replace(/\.[cm]?ts$/, '');
  return String(catalog['guard.install']).replaceAll('{command}', command);
}

/**
 * True when the workbook at `root` has the packages its commands need.
 * @param {string} root
 */
export function packagesInstalled(root) {
  return NEEDED.every((name) => existsSync(join(root, 'node_modules', name, 'package.json')));
}

/**
 * Ends the process with the install sentence on standard error when the packages are not installed.
 * @param {string} root
 * @param {string | undefined} script
 * @param {readonly string[]} args
 */
export function stopUnlessInstalled(root, script, args) {
  if (packagesInstalled(root)) return;
  process.stderr.write(`${installFirstSentence(root, script ?? 'check', args)}\n`);
  process.exit(1);
}
