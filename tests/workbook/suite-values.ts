/**
 * The phrases a visible suite or a helper of tests/support/ writes into the values its checks compare
 * ("answered within 2000 ms", "cell 1: about 1000", "{name} never loses as {mark}"), read from its
 * source with the TypeScript parser: every text it writes (a string, a template literal with each
 * placeholder worked out as for a label), line by line, that says something in English words. Left
 * out: what a suite writes that a student does not read as a value (test titles, assertion labels and
 * their parts, imports, the messages of errors it throws), and what the lesson's text shows the
 * program printing (that stays as the lesson specifies).
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { MARK, possibleTexts } from './suite-labels.ts';

/**
 * True when a text says something in English words: two words in a row, or a word outside a call's
 * parentheses. Quoted text, code (`parseMove(" 5 ", board)`, `otherPlayer('X')`) and the parts a suite
 * makes as it runs are not words to translate.
 */
export function inEnglishWords(text: string): boolean {
  const bare = text.replace(/'[^']*'|"[^"]*"/g, '').replace(MARK, '');
  if (/(?<![\w-])[a-z]{2,} [a-z]{2,}(?![\w-])/.test(bare)) return true;
  let outside = bare;
  for (let before = ''; before !== outside; ) {
    before = outside;
    outside = outside.replace(/[\w.]*\([^()]*\)|\[[^[\]]*\]|\{[^{}]*\}/g, '');
  }
  return /(?<![\w-])[a-z]{2,}(?![\w-])/.test(outside);
}

/** What a suite's values are checked against: its labels (whose parts are no values), and the lesson's text. */
export interface ValueContext {
  /** Every label the suite gives expect() (suiteLabels). */
  labels: readonly string[];
  /** The lesson's English text: a line it shows as it is, is what the program prints. */
  lessonText: string;
}

/**
 * Every line in English words that a suite or helper file writes into a value, each once, in the order
 * of the file; with `every`, every line it writes there, words or not.
 */
export function suiteValues(file: string, context: ValueContext = { labels: [], lessonText: '' }, every = false): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const helpers = labelHelpers(source);
  const lines = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (isLeftOut(node) || isLabelPart(node, helpers)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      for (const text of possibleTexts(node)) {
        for (const line of text.split('\n')) if (every || isValueLine(line, context)) lines.add(line);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...lines];
}

/**
 * The suite's own functions that make labels: those called in the label of an expect() (onBoard,
 * shownAs). Their texts, and the texts given to them, are parts of labels.
 */
function labelHelpers(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const inLabel = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) names.add(node.expression.text);
    ts.forEachChild(node, inLabel);
  };
  const visit = (node: ts.Node): void => {
    const label = ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'expect' ? node.arguments[1] : undefined;
    if (label !== undefined) inLabel(label);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** True for a text inside a label helper (its body, a parameter's default) or given to one. */
function isLabelPart(node: ts.Node, helpers: ReadonlySet<string>): boolean {
  const parent = node.parent;
  if (parent !== undefined && ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && helpers.has(parent.expression.text)) {
    return parent.arguments.includes(node as ts.Expression);
  }
  if (ts.isFunctionDeclaration(node) && node.name !== undefined) return helpers.has(node.name.text);
  return false;
}

/**
 * A line a student reads in a value: words, not one word alone (a single word is a code value, such as
 * 'draw' or 'none'), no part of a label, and not program output the lesson shows.
 */
function isValueLine(line: string, { labels, lessonText }: ValueContext): boolean {
  if (!line.trim().includes(' ') || !inEnglishWords(line)) return false;
  if (labels.some((label) => label.includes(line))) return false;
  return !lessonText.includes(line);
}

/** The calls whose arguments are no values: a test's title, a task's tests, an error's message. */
const NOT_VALUES = new Set(['test', 'describe', 'task', 'it']);

/** Methods whose text arguments are code: join(' or '), split('\n'). */
const CODE_METHODS = new Set(['join', 'split', 'replace', 'replaceAll', 'includes', 'startsWith', 'endsWith']);

/** True for the parts of a suite whose texts are no values: imports, titles, labels, thrown messages. */
function isLeftOut(node: ts.Node): boolean {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return true;
  const parent = node.parent;
  if (parent === undefined) return false;
  if (ts.isNewExpression(parent) && parent.arguments?.includes(node as ts.Expression)) return true;
  if (!ts.isCallExpression(parent)) return false;
  if (ts.isPropertyAccessExpression(parent.expression)) return CODE_METHODS.has(parent.expression.name.text);
  if (!ts.isIdentifier(parent.expression)) return false;
  const callee = parent.expression.text;
  const index = parent.arguments.indexOf(node as ts.Expression);
  if (callee === 'expect') return index === 1;
  return NOT_VALUES.has(callee) && index === 0;
}
