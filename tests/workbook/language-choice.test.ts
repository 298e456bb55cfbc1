/**
 * A student command chooses its language twice: core/installed.mjs (plain JavaScript, before the
 * packages are installed) and command-line/cli.ts's commandLanguage (through i18n/choose.ts). Both
 * must choose the same one, or a student is told to install the packages in one language and then
 * reads the command in another.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { commandLanguage } from '../../scripts/lib/command-line/cli.ts';
import { installFirstSentence, installLanguage } from '../../scripts/lib/core/installed.mjs';
import type { Language } from '../../scripts/lib/core/languages.ts';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';

const scratch = mkdtempSync(join(tmpdir(), 'workbook-language-choice-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A workbook root with the catalogs, the teacher's (no edition language) or an edition's. */
function workbookRoot(edition: Language | undefined): string {
  const root = join(scratch, edition ?? 'teacher');
  const catalogs = join(root, 'scripts', 'lib', 'i18n', 'catalogs');
  mkdirSync(catalogs, { recursive: true });
  cpSync(join(ROOT, 'scripts', 'lib', 'i18n', 'catalogs'), catalogs, { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'workbook', ...(edition === undefined ? {} : { workbook: { language: edition } }) }));
  return root;
}

const roots = new Map<Language | undefined, string>();
function rootOf(edition: Language | undefined): string {
  const kept = roots.get(edition);
  if (kept !== undefined) return kept;
  const root = workbookRoot(edition);
  roots.set(edition, root);
  return root;
}

interface Case {
  args: string[];
  env: NodeJS.ProcessEnv;
  edition?: Language;
  chosen: Language;
}

const CASES: Case[] = [
  { args: [], env: {}, chosen: 'en' },
  { args: ['--lang', 'ru'], env: {}, chosen: 'ru' },
  { args: ['03', '--lang=ca'], env: {}, chosen: 'ca' },
  { args: ['--lang', ' ZH '], env: {}, chosen: 'zh' },
  { args: ['--lang', 'ru'], env: { LANG: 'ca_ES.UTF-8' }, chosen: 'ru' },
  { args: ['--lang', 'xx'], env: { LANG: 'ru_RU.UTF-8' }, chosen: 'ru' },
  { args: ['--lang'], env: { LANG: 'ru_RU.UTF-8' }, chosen: 'ru' },
  { args: ['--lang', 'ru', '--lang', 'ca'], env: {}, chosen: 'ca' },
  { args: ['--', '--lang', 'ru'], env: {}, chosen: 'en' },
  { args: ['--lang', '--hidden'], env: { LANG: 'zh_CN.UTF-8' }, chosen: 'zh' },
  { args: [], env: { LC_ALL: 'zh_CN.UTF-8', LC_MESSAGES: 'ca_ES', LANG: 'ru_RU' }, chosen: 'zh' },
  { args: [], env: { LC_ALL: '', LC_MESSAGES: 'ca_ES.UTF-8', LANG: 'ru_RU' }, chosen: 'ca' },
  { args: [], env: { LC_MESSAGES: 'ca@valencia' }, chosen: 'ca' },
  { args: [], env: { LANG: 'ru' }, chosen: 'ru' },
  { args: [], env: { LANG: 'fr_FR.UTF-8' }, chosen: 'en' },
  { args: [], env: { LC_ALL: 'C.UTF-8', LANG: 'ru_RU.UTF-8' }, chosen: 'en' },
  { args: [], env: { LANGUAGE: 'ru', LANG: 'C' }, chosen: 'en' },
  { args: [], env: { LANG: 'ca_ES' }, edition: 'zh', chosen: 'zh' },
  { args: ['--lang', 'ca'], env: { LANG: 'zh_CN' }, edition: 'ru', chosen: 'ru' },
];

test.each(CASES)('$args with $env in the edition $edition: both choose $chosen', ({ args, env, edition, chosen }) => {
  const root = rootOf(edition);
  expect(commandLanguage(args, root, env)).toBe(chosen);
  expect(installLanguage(root, args, env)).toBe(chosen);
});

test("the install sentence is the chosen language's", () => {
  const root = rootOf('ru');
  expect(installFirstSentence(root, 'scripts/check.ts', [])).toBe(translator('ru')('guard.install', { command: 'check' }));
});
