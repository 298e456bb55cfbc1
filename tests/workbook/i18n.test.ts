/**
 * The message catalogs (scripts/lib/i18n/catalogs/): every language has exactly English's keys, each
 * message parses and has English's placeholders, counts get every plural form their language
 * needs, every key the commands use exists and none is left unused; and how a command chooses its language.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { afterAll, describe, expect, test } from 'vitest';
import { chooseLanguage, editionLanguage, languageOption, localeLanguage } from '../../scripts/lib/i18n/choose.ts';
import { INTL_LOCALES, LANGUAGES, languageOfLocale, SOURCE_LANGUAGE, type Language } from '../../scripts/lib/i18n/languages.ts';
import { listInWords, MESSAGE_OPTIONS, readCatalog, translator } from '../../scripts/lib/i18n/messages.ts';
import { ROOT, UsageError } from '../../scripts/lib/core/workbook.ts';

const english = readCatalog(SOURCE_LANGUAGE);
const translations = LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE);

/** How a message uses each of its arguments: 'text' ({name}), 'plural', 'select', or another ICU format. */
function placeholders(message: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if (element.type === TYPE.tag) {
        visit(element.children);
        continue;
      }
      const kind = element.type === TYPE.argument ? 'text' : TYPE[element.type];
      const before = found.get(element.value);
      if (before !== undefined && before !== kind) found.set(element.value, `${before} and ${kind}`);
      else found.set(element.value, kind);
      if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) visit(option.value);
    }
  };
  visit(parse(message, MESSAGE_OPTIONS));
  return found;
}

/** Every plural of a message that shows its count (#), with the forms it writes out. */
function countedPlurals(message: string): Array<{ name: string; forms: string[] }> {
  const plurals: Array<{ name: string; forms: string[] }> = [];
  const showsCount = (elements: MessageFormatElement[]): boolean => elements.some((element) => element.type === TYPE.pound);
  const visit = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type !== TYPE.plural && element.type !== TYPE.select) continue;
      const options = Object.entries(element.options);
      if (element.type === TYPE.plural && options.some(([, option]) => showsCount(option.value))) {
        plurals.push({ name: element.value, forms: options.map(([form]) => form) });
      }
      for (const [, option] of options) visit(option.value);
    }
  };
  visit(parse(message, MESSAGE_OPTIONS));
  return plurals;
}

/** The plural forms a language's whole numbers (0 to 1000: counts of tests, points, lessons) take. */
function formsOfWholeNumbers(language: Language): string[] {
  const rules = new Intl.PluralRules(INTL_LOCALES[language]);
  return [...new Set(Array.from({ length: 1001 }, (_, count) => rules.select(count)))].sort();
}

describe('the catalogs', () => {
  test('every message of every language parses as ICU MessageFormat', () => {
    for (const language of LANGUAGES) {
      for (const [key, message] of Object.entries(readCatalog(language))) {
        expect(() => placeholders(message), `${language}.json: ${key}`).not.toThrow();
      }
    }
  });

  test.each(translations)('%s.json has exactly the keys of en.json, in its order', (language) => {
    expect(Object.keys(readCatalog(language))).toEqual(Object.keys(english));
  });

  test.each(translations)("each message of %s.json has en.json's placeholders, each used the same way (text, plural, select)", (language) => {
    const catalog = readCatalog(language);
    const differing = Object.keys(english)
      .filter((key) => catalog[key] !== undefined)
      .map((key) => ({ key, english: Object.fromEntries(placeholders(english[key] as string)), own: Object.fromEntries(placeholders(catalog[key] as string)) }))
      .filter((entry) => JSON.stringify(Object.entries(entry.english).sort()) !== JSON.stringify(Object.entries(entry.own).sort()));
    expect(differing).toEqual([]);
  });

  test.each(translations)(
    'in %s.json, a count shown with its noun has every plural form the language needs (Russian one, few, many; Chinese none)',
    (language) => {
      const needed = formsOfWholeNumbers(language);
      const lacking = Object.entries(readCatalog(language)).flatMap(([key, message]) =>
        countedPlurals(message)
          .filter((plural) => needed.some((form) => !plural.forms.includes(form)))
          .map((plural) => `${key}: {${plural.name}} has ${plural.forms.join(', ')}, needs ${needed.join(', ')}`),
      );
      expect(lacking).toEqual([]);
    },
  );

  test('every key the commands use is in en.json, and every key of en.json is used', () => {
    const sources = typeScriptFiles(join(ROOT, 'scripts')).map((file) => readFileSync(file, 'utf8'));
    const prefixes = [...new Set(Object.keys(english).map((key) => key.split('.')[0] as string))];
    const keyLike = new RegExp(String.raw`['"]((?:${prefixes.join('|')})\.[\w.]+)['"]`, 'g');
    const used = new Set(sources.flatMap((source) => [...source.matchAll(keyLike)].map((match) => match[1] as string)));
    expect([...used].filter((key) => !(key in english))).toEqual([]);
    expect(Object.keys(english).filter((key) => !used.has(key))).toEqual([]);
  });

  test('plurals come out right in each language', () => {
    const counts = [1, 3, 5, 21];
    const say = (language: Language): string[] => counts.map((count) => translator(language)('report.typeErrors', { count }).split(/[.。]/)[0] as string);
    expect(Object.fromEntries(LANGUAGES.map((language) => [language, say(language).join(' | ')]))).toEqual({
      en: 'TypeScript found 1 type error | TypeScript found 3 type errors | TypeScript found 5 type errors | TypeScript found 21 type errors',
      ru: 'TypeScript нашёл 1 ошибку типов | TypeScript нашёл 3 ошибки типов | TypeScript нашёл 5 ошибок типов | TypeScript нашёл 21 ошибку типов',
      ca: 'TypeScript ha trobat 1 error de tipus | TypeScript ha trobat 3 errors de tipus | TypeScript ha trobat 5 errors de tipus | TypeScript ha trobat 21 errors de tipus',
      zh: 'TypeScript 发现了 1 个类型错误 | TypeScript 发现了 3 个类型错误 | TypeScript 发现了 5 个类型错误 | TypeScript 发现了 21 个类型错误',
    });
  });

  test('lists read as each language writes them', () => {
    expect(LANGUAGES.map((language) => listInWords(['01', '02', '03'], language))).toEqual(['01, 02 and 03', '01, 02 и 03', '01, 02 i 03', '01、02和03']);
    expect(listInWords(['a.ts', 'b.ts'], 'en', 'disjunction')).toBe('a.ts or b.ts');
  });
});

/** Every .ts file below a folder. */
function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('choosing a language', () => {
  const workbooks: string[] = [];
  afterAll(() => {
    for (const dir of workbooks) rmSync(dir, { recursive: true, force: true });
  });
  /** A workbook root whose package.json holds `fields`. */
  const workbook = (fields: Record<string, unknown>): string => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-'));
    workbooks.push(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'edition', ...fields }));
    return dir;
  };

  test('a locale name gives its language; any other gives none', () => {
    expect(['ru_RU.UTF-8', 'zh_CN.UTF-8', 'ca_ES.UTF-8', 'ca_ES@valencia', 'zh_TW', 'en_GB.UTF-8', 'ru'].map(languageOfLocale)).toEqual([
      'ru',
      'zh',
      'ca',
      'ca',
      'zh',
      'en',
      'ru',
    ]);
    expect(['C', 'POSIX', 'C.UTF-8', 'de_DE.UTF-8', '', 'rus'].map(languageOfLocale)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('LC_ALL comes before LC_MESSAGES, which comes before LANG; an empty one is passed over', () => {
    expect(localeLanguage({ LC_ALL: 'ca_ES.UTF-8', LC_MESSAGES: 'ru_RU.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('ca');
    expect(localeLanguage({ LC_ALL: '', LC_MESSAGES: 'ru_RU.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('ru');
    expect(localeLanguage({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(localeLanguage({ LC_ALL: 'de_DE.UTF-8', LANG: 'ru_RU.UTF-8' })).toBeUndefined();
    expect(localeLanguage({})).toBeUndefined();
  });

  test('--lang first, then the edition, then the locale, then English', () => {
    const teachers = workbook({});
    const russianEdition = workbook({ workbook: { language: 'ru' } });
    const env = { LANG: 'zh_CN.UTF-8' };
    expect(chooseLanguage({ option: 'ca', root: russianEdition, env })).toBe('ca');
    expect(chooseLanguage({ root: russianEdition, env })).toBe('ru');
    expect(chooseLanguage({ root: teachers, env })).toBe('zh');
    expect(chooseLanguage({ root: teachers, env: { LANG: 'C.UTF-8' } })).toBe('en');
    expect(editionLanguage(ROOT)).toBeUndefined();
  });

  test('a --lang that names no language is a usage error that lists the choices', () => {
    expect(languageOption('RU')).toBe('ru');
    expect(() => languageOption('fr')).toThrow(UsageError);
    expect(() => languageOption('fr')).toThrow('--lang takes one of en (English), ru (Русский), ca (Català), zh (中文); got "fr".');
  });

  test("an edition's language that is none of them is named with its file", () => {
    expect(() => editionLanguage(workbook({ workbook: { language: 'fr' } }))).toThrow(
      /package\.json: "workbook": \{ "language" \} must be one of en, ru, ca, zh, not "fr"/,
    );
  });
});
