/**
 * Is a student edition in another language free of English? Its prose is read (every Markdown file,
 * every text of each lesson.json, the comments of the exercise files, package.json's description, the
 * edition's message catalog), code and program output aside, and each run of common English words is reported with its file and
 * line: a sentence or phrase left untranslated, or written by the pack in English.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Language } from '../../core/languages.ts';
import { codeComments } from './code-comments.ts';

/** English left in an edition: where it is, and the words found. */
export interface EnglishLeft {
  file: string;
  /** 1-based line of the file. */
  line: number;
  text: string;
}

/**
 * Words common in English prose and rare in the other languages' (so no Catalan word: not "a",
 * "on", "no", "es"), and not TypeScript's keywords that hints write as code ("return cells",
 * "for (const game of games)"). Two or more of them in a row are English.
 */
const ENGLISH_WORDS = new Set(
  [
    'the and your you with this that these those is are was be been it its to for from by as at an if or not when then than which what who',
    'each every all any one two three some more most only also just here there into out up about after before while until',
    'has have had can does do did should must will would may how so but same other new first next last own',
    'lesson lessons test tests task tasks hint hints board cell cells move moves player players game games turn wins win draw',
    'file files function functions returns write run check number line lines row rows text code empty full computer',
    'time ran says see use uses used way make makes get gets give gives like need needs point points done yet again still too very well',
    "it's don't doesn't isn't can't",
  ]
    .join(' ')
    .split(' '),
);

/** Latin words (with an apostrophe inside, as in "don't") and what lies between them. */
const WORD = /[A-Za-z]+(?:['’][A-Za-z]+)?/g;

/**
 * Each run of two or more common English words in a line of prose, with the Latin words around it
 * (the phrase as it reads), or nothing.
 */
export function englishRuns(line: string): string[] {
  const words = [...line.matchAll(WORD)].map((match) => ({ word: match[0], start: match.index, end: match.index + match[0].length }));
  const runs: string[] = [];
  let index = 0;
  while (index < words.length) {
    // A stretch of Latin words separated by spaces only (not "board, player": arguments of a call).
    let end = index;
    while (end + 1 < words.length && /^\s+$/.test(line.slice((words[end] as { end: number }).end, (words[end + 1] as { start: number }).start))) end++;
    const stretch = words.slice(index, end + 1);
    let inRow = 0;
    let most = 0;
    for (const { word } of stretch) {
      inRow = ENGLISH_WORDS.has(word.toLowerCase().replace('’', "'")) ? inRow + 1 : 0;
      most = Math.max(most, inRow);
    }
    if (most >= 2) runs.push(line.slice((stretch[0] as { start: number }).start, (stretch.at(-1) as { end: number }).end));
    index = end + 1;
  }
  return runs;
}

/**
 * The prose of a Markdown text, line for line (so line numbers hold): fenced blocks (code, named
 * examples, program output), inline code, HTML comments and tags, link targets and URLs are blanked.
 * A named example in a workbook tool's words (```text example=audit-answers words=arena) is read as
 * that tool's output, hyphenated names (the player centre-only) aside: a translation holds it in its
 * own language's words.
 */
export function markdownProse(markdown: string): string[] {
  let fence: string | undefined;
  let toolWords = false;
  const blankComments = markdown.replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' '));
  return blankComments.split('\n').map((line) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined;
      return fence !== undefined && toolWords ? (outputProse(line.replace(/\b\w+(?:-\w+)+\b/g, ' '))[0] ?? '') : '';
    }
    if (opening !== undefined) {
      fence = opening;
      toolWords = /[ \t]example=[\w-]+[ \t]+words=[\w-]+/.test(line);
      return '';
    }
    return line
      .replace(/(`+)[^`]*?\1/g, ' ')
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/<[^>\n]*>/g, ' ')
      .replace(/\bhttps?:\/\/\S+/g, ' ')
      .replace(/\b(?:npm run|npx) \S+/g, ' ');
  });
}

/** The literal text of an ICU message, its placeholders, plural and select keywords aside. */
function messageText(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        return Object.values(element.options)
          .map((option) => messageText(option.value))
          .join(' · ');
      }
      return ' · ';
    })
    .join('');
}

/** The line (1-based) of a file's text where a string first appears, or 1. */
function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  return at === -1 ? 1 : text.slice(0, at).split('\n').length;
}

/** The texts of a lesson.json a student reads: its title, its tasks' titles and their hints (not the tests a hint names). */
function lessonTexts(json: string): string[] {
  const lesson = JSON.parse(json) as { title?: string; tasks?: Array<{ title?: string; hints?: Array<string | { text: string }> }> };
  return [
    lesson.title ?? '',
    ...(lesson.tasks ?? []).flatMap((task) => [task.title ?? '', ...(task.hints ?? []).map((hint) => (typeof hint === 'string' ? hint : hint.text))]),
  ];
}

/** Inline code in a JSON text (a hint's `Array.from(...)`) blanked, as in Markdown. */
function withoutInlineCode(text: string): string {
  return markdownProse(text).join('\n');
}

/** A lesson's exercise file (lessons/03-win/win.ts), whose comments a student reads first. */
const EXERCISE_FILE = /^lessons\/[^/]+\/[^/]+\.ts$/;

/**
 * The prose of a TypeScript source's comments, each with its 1-based line: inline code, double-quoted
 * text (what a program prints: "Player X wins!") and quoted code values ('draw', 'X') blanked.
 */
export function commentProse(source: string): Array<{ line: number; prose: string }> {
  return codeComments(source).flatMap((comment) => {
    const first = source.slice(0, comment.start).split('\n').length;
    return source
      .slice(comment.start, comment.end)
      .split('\n')
      .map((text, index) => ({
        line: first + index,
        prose: withoutInlineCode(
          text
            .replace(/^\s*(?:\/\/|\/\*\*?|\*\/|\*)/, ' ')
            .replace(/\*\/$/, ' ')
            .replace(/"[^"\n]*"/g, ' ')
            .replace(/'[^'\s]*'/g, ' '),
        ),
      }));
  });
}

/** Where the message catalog of a language is in a workbook or an edition. */
export function catalogFile(language: Language): string {
  return `scripts/lib/i18n/catalogs/${language}.json`;
}

/**
 * Every phrase of English in a student edition (its files: path → content) made in `language`:
 * in its Markdown files, its lessons' lesson.json texts, the comments of its exercise files, its
 * package.json's description and its message catalog. Code and program
 * output (code blocks, inline code, named examples), link targets and URLs are not read.
 */
export function findEnglish(files: ReadonlyMap<string, Buffer>, language: Language): EnglishLeft[] {
  const found: EnglishLeft[] = [];
  const report = (file: string, line: number, prose: string): void => {
    for (const text of englishRuns(prose)) found.push({ file, line, text });
  };
  for (const [file, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const text = content.toString('utf8');
    if (file.endsWith('.md')) {
      markdownProse(text).forEach((prose, index) => report(file, index + 1, prose));
    } else if (/^lessons\/[^/]+\/lesson\.json$/.test(file)) {
      for (const entry of lessonTexts(text)) report(file, lineOf(text, JSON.stringify(entry).slice(1, -1)), withoutInlineCode(entry));
    } else if (EXERCISE_FILE.test(file)) {
      for (const { line, prose } of commentProse(text)) report(file, line, prose);
    } else if (file === 'package.json') {
      report(file, lineOf(text, '"description"'), String((JSON.parse(text) as { description?: unknown }).description ?? ''));
    } else if (file === catalogFile(language)) {
      for (const [key, message] of Object.entries(JSON.parse(text) as Record<string, string>)) {
        report(file, lineOf(text, `"${key}"`), withoutInlineCode(messageText(parse(message, { ignoreTag: true }))));
      }
    }
  }
  return found;
}

/**
 * The prose of what a student command printed, line for line: commands (npm run check), options
 * (--lang), file paths (lessons/01-board/README.md), double-quoted text (what the student's program
 * or a stub says: "not implemented yet") and code identifiers (createBoard, EMPTY) are blanked.
 */
export function outputProse(output: string): string[] {
  return output.split('\n').map((line) =>
    line
      .replace(/"[^"\n]*"/g, ' ')
      .replace(/\b(?:npm run|npx) \S+/g, ' ')
      .replace(/(?:^|\s)--?[\w-]+(?:=\S*)?/g, ' ')
      .replace(/\S*[\w.]\/\S*|\S+\.(?:ts|js|mjs|md|json|xml|zip)\b/g, ' ')
      .replace(/\b[a-z]+[A-Z]\w*\b|\b[A-Z][A-Z0-9_]+\b/g, ' '),
  );
}

/** Every phrase of English in what a student command printed (`output`), named by the command (`npm run check`) and line; code, paths, commands and program text aside. */
export function findEnglishInOutput(output: string, command: string): EnglishLeft[] {
  return outputProse(output).flatMap((prose, index) => englishRuns(prose).map((text) => ({ file: command, line: index + 1, text })));
}

/** The findings as lines a person reads: `file:line: "words"`. */
export function describeEnglish(found: EnglishLeft[]): string[] {
  return found.map((entry) => `${entry.file}:${entry.line}: "${entry.text}"`);
}
