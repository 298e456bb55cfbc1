/**
 * The comments of an exercise file in an edition's language. A translation of a lesson words the
 * comments of its exercise files in lesson.<lang>.json's "comments": { "<English comment>": "<comment>" },
 * each key a comment's text as it reads (a doc comment without its `/**`, `*` and `*\/`, its lines
 * joined by "\n"; a line comment without its `//`). TypeScript's parser finds the comments, so a `//`
 * inside a string or a template is never taken for one; only the text inside comments changes.
 */
import ts from 'typescript';
import { readTranslation } from '../../i18n/lesson-text.ts';
import { SOURCE_LANGUAGE, type Language } from '../../core/languages.ts';
import type { Lesson } from '../../core/workbook.ts';

/** One comment of a source: where it is (offsets of its first character and past its last) and its text. */
export interface CodeComment {
  start: number;
  end: number;
  /** `//` or a `/* … *\/` block (doc comments too). */
  kind: 'line' | 'block';
  /** What it says, the comment's marks aside: the key of its translation. */
  text: string;
}

/** Every comment of a TypeScript source, in order. */
export function codeComments(source: string): CodeComment[] {
  const file = ts.createSourceFile('exercise.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = new Map<number, CodeComment>();
  const add = (ranges: ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) {
      if (found.has(range.pos)) continue;
      const raw = source.slice(range.pos, range.end);
      const line = range.kind === ts.SyntaxKind.SingleLineCommentTrivia;
      found.set(range.pos, { start: range.pos, end: range.end, kind: line ? 'line' : 'block', text: line ? lineCommentText(raw) : blockCommentText(raw) });
    }
  };
  const visit = (node: ts.Node): void => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    add(ts.getLeadingCommentRanges(source, node.getFullStart()));
    add(ts.getTrailingCommentRanges(source, node.getEnd()));
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...found.values()].sort((a, b) => a.start - b.start);
}

/** `// Write the lines here.` → `Write the lines here.` */
function lineCommentText(raw: string): string {
  return raw.replace(/^\/\/ ?/, '').trimEnd();
}

/** A block's lines without `/**`, `*\/` and the `*` that starts each line, blank lines at either end dropped. */
function blockCommentText(raw: string): string {
  const inside = raw.replace(/^\/\*\*?/, '').replace(/\*\/$/, '');
  const lines = inside.split('\n').map((line, index) => (index === 0 ? line.trim() : line.replace(/^\s*\* ?/, '').trimEnd()));
  while (lines.length > 0 && lines[0]?.trim() === '') lines.shift();
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  return lines.join('\n');
}

/**
 * A comment written again with another text, in the same form: a line comment stays one line; a
 * block on one line stays on one line when the text has one; otherwise the block opens and closes
 * on lines of its own, each line of the text after ` * ` at the comment's indentation.
 */
function rewritten(source: string, comment: CodeComment, text: string): string {
  const raw = source.slice(comment.start, comment.end);
  if (comment.kind === 'line') return `//${raw.startsWith('// ') ? ' ' : ''}${text}`;
  const opener = raw.startsWith('/**') ? '/**' : '/*';
  if (!raw.includes('\n') && !text.includes('\n')) return `${opener} ${text} */`;
  const lineStart = source.lastIndexOf('\n', comment.start - 1) + 1;
  const indent = /^\s*/.exec(source.slice(lineStart, comment.start))?.[0] ?? '';
  const body = text.split('\n').map((line) => (line === '' ? `${indent} *` : `${indent} * ${line}`));
  return [opener, ...body, `${indent} */`].join('\n');
}

/** A source with its comments translated, and the comments the translation has no words for (left in English). */
export interface TranslatedSource {
  text: string;
  missing: string[];
}

/**
 * The source with every comment `translations` has words for written in those words; everything
 * outside the comments stays byte for byte. A translation must not put a line comment on two lines.
 */
export function translateComments(source: string, translations: ReadonlyMap<string, string>): TranslatedSource {
  const missing: string[] = [];
  let text = '';
  let at = 0;
  for (const comment of codeComments(source)) {
    const words = translations.get(comment.text);
    if (words === undefined || (comment.kind === 'line' && words.includes('\n'))) {
      missing.push(comment.text);
      continue;
    }
    text += source.slice(at, comment.start) + rewritten(source, comment, words);
    at = comment.end;
  }
  return { text: text + source.slice(at), missing };
}

/** The source with its comments taken out: what the compiler reads, and what a translation must leave alone. */
export function withoutComments(source: string): string {
  let text = '';
  let at = 0;
  for (const comment of codeComments(source)) {
    text += source.slice(at, comment.start);
    at = comment.end;
  }
  return text + source.slice(at);
}

/** A lesson's map of English comments to comments in `language`: lesson.<lang>.json's "comments" (empty in English, or without one). */
export function commentTranslations(lesson: Pick<Lesson, 'id'>, language: Language, root: string): ReadonlyMap<string, string> {
  if (language === SOURCE_LANGUAGE) return new Map();
  const map = (readTranslation(lesson, language, root) as { comments?: unknown } | undefined)?.comments;
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return new Map();
  return new Map(Object.entries(map).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}
