/**
 * A small TypeScript highlighter for lesson pages: it splits code into tokens (comments, strings,
 * numbers, keywords, types, function names) and wraps each in a <span class="tok-…">. It never
 * changes the text itself, so copying highlighted code gives exactly what the lesson wrote.
 */
import { escapeHtml } from '../core/text.ts';

/** The kinds of token that get a colour; everything else stays plain text. */
export type TokenKind = 'comment' | 'string' | 'regexp' | 'number' | 'keyword' | 'literal' | 'type' | 'function' | 'property' | 'operator' | 'plain';

/** One piece of code and what kind of piece it is. */
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set([
  'abstract',
  'as',
  'async',
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'declare',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'finally',
  'for',
  'from',
  'function',
  'get',
  'if',
  'implements',
  'import',
  'in',
  'instanceof',
  'interface',
  'keyof',
  'let',
  'new',
  'of',
  'private',
  'protected',
  'public',
  'readonly',
  'return',
  'satisfies',
  'set',
  'static',
  'switch',
  'throw',
  'try',
  'type',
  'typeof',
  'var',
  'void',
  'while',
  'yield',
]);

const LITERALS = new Set(['true', 'false', 'null', 'undefined', 'this', 'super', 'NaN', 'Infinity']);

const BUILTIN_TYPES = new Set(['string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'unknown', 'never', 'any']);

/** Patterns tried in order at each position; the first that matches there wins. */
const RULES: ReadonlyArray<{ kind: TokenKind | 'word'; pattern: RegExp }> = [
  { kind: 'comment', pattern: /\/\/[^\n]*/y },
  { kind: 'comment', pattern: /\/\*[\s\S]*?(?:\*\/|$)/y },
  { kind: 'string', pattern: /'(?:\\.|[^'\\\n])*'?/y },
  { kind: 'string', pattern: /"(?:\\.|[^"\\\n])*"?/y },
  { kind: 'string', pattern: /`(?:\\[\s\S]|[^`\\])*`?/y },
  { kind: 'number', pattern: /(?:0[xX][\da-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_]*(?:\.\d[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?)n?/y },
  { kind: 'word', pattern: /[A-Za-z_$][\w$]*/y },
  { kind: 'operator', pattern: /=>|===|!==|==|!=|<=|>=|&&|\|\||\?\?|\?\.|\.\.\.|[-+*/%=<>!&|^~?:]/y },
  { kind: 'plain', pattern: /\s+/y },
];

/** A regular expression literal such as /^[0-9]+$/g (only where an expression can start). */
const REGEXP = /\/(?![*/])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+\/[dgimsuvy]*/y;

/** What a word is, judged from the word itself and what comes before and after it. */
function classifyWord(word: string, before: string, after: string): TokenKind {
  if (before.endsWith('.') && !before.endsWith('..')) return /^\s*\(/.test(after) ? 'function' : 'property';
  if (KEYWORDS.has(word)) return 'keyword';
  if (LITERALS.has(word)) return 'literal';
  if (BUILTIN_TYPES.has(word)) return 'type';
  if (/^\s*(?:<[^>\n]*>)?\s*\(/.test(after)) return 'function';
  if (/^[A-Z]/.test(word) && !/^[A-Z0-9_]+$/.test(word)) return 'type';
  return 'plain';
}

/** Splits TypeScript code into tokens whose texts, joined, give back the code exactly. */
export function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < code.length) {
    const token = matchAt(code, position, expressionCanStart(tokens));
    const last = tokens.at(-1);
    if (last && last.kind === token.kind && token.kind === 'plain') last.text += token.text;
    else tokens.push(token);
    position += token.text.length;
  }
  return tokens;
}

/** True when the code so far ends where a new expression may begin, so a slash starts a regular expression. */
function expressionCanStart(tokens: Token[]): boolean {
  for (let index = tokens.length - 1; index >= 0; index -= 1) {
    const token = tokens[index] as Token;
    if (token.kind === 'comment') continue;
    if (token.kind === 'plain' && token.text.trim() === '') continue;
    if (token.kind === 'operator' || token.kind === 'keyword') return true;
    return token.kind === 'plain' && /[([{,;]$/.test(token.text.trimEnd());
  }
  return true;
}

/** The token that starts at `position` (a single plain character when no rule matches). */
function matchAt(code: string, position: number, regexpAllowed: boolean): Token {
  if (regexpAllowed && code.charAt(position) === '/') {
    REGEXP.lastIndex = position;
    const match = REGEXP.exec(code);
    if (match) return { kind: 'regexp', text: match[0] };
  }
  for (const rule of RULES) {
    rule.pattern.lastIndex = position;
    const match = rule.pattern.exec(code);
    if (!match || match[0].length === 0) continue;
    const text = match[0];
    if (rule.kind !== 'word') return { kind: rule.kind, text };
    const before = code.slice(Math.max(0, position - 2), position);
    const after = code.slice(position + text.length, position + text.length + 80);
    return { kind: classifyWord(text, before, after), text };
  }
  return { kind: 'plain', text: code.charAt(position) };
}

/** TypeScript code as HTML, with a <span class="tok-KIND"> around every coloured token. */
export function highlightTypeScript(code: string): string {
  return tokenize(code)
    .map((token) => (token.kind === 'plain' ? escapeHtml(token.text) : `<span class="tok-${token.kind}">${escapeHtml(token.text)}</span>`))
    .join('');
}

/** A shell command line as HTML: the command name and comments are coloured. */
export function highlightShell(code: string): string {
  return code
    .split('\n')
    .map((line) => {
      const comment = /^(\s*)(#.*)$/.exec(line);
      if (comment) return `${escapeHtml(comment[1] ?? '')}<span class="tok-comment">${escapeHtml(comment[2] ?? '')}</span>`;
      const command = /^(\s*)(\S+)(.*)$/.exec(line);
      if (!command) return escapeHtml(line);
      return `${escapeHtml(command[1] ?? '')}<span class="tok-keyword">${escapeHtml(command[2] ?? '')}</span>${escapeHtml(command[3] ?? '')}`;
    })
    .join('\n');
}
