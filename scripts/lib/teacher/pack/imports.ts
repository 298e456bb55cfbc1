/**
 * What a TypeScript file imports, read with TypeScript's own parser: static imports and re-exports
 * (type-only ones too), dynamic imports of a literal path, `import('…')` types, and files a module
 * reads beside itself with `new URL('../../file', import.meta.url)`.
 *
 * Loading the parser takes about half a second, more than the rest of a pack, so what it finds is kept
 * in `node_modules/.cache/workbook/imports.json` by each file's content: a pack of unchanged scripts
 * does not load it at all. The cache is dropped whenever this module or TypeScript's version changes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as TypeScript from 'typescript';

const require = createRequire(import.meta.url);
let typescript: typeof TypeScript | undefined;

/** What the cache file holds: the version it was made by, and the specifiers found, by content hash. */
interface ImportCache {
  version: string;
  found: Record<string, string[]>;
}

/** Where the cache lives: beside the other tools' caches in the node_modules that holds TypeScript. */
const cacheFile = join(dirname(dirname(dirname(require.resolve('typescript')))), '.cache', 'workbook', 'imports.json');
let cache: ImportCache | undefined;
let cacheChanged = false;

/** TypeScript's compiler API, loaded once. */
function ts(): typeof TypeScript {
  typescript ??= require('typescript') as typeof TypeScript;
  return typescript;
}

/** Every module specifier a source names, in the order they appear. */
export function importsOf(source: string, fileName = 'file.ts'): string[] {
  const known = importCache();
  const key = hashOf(source);
  const remembered = known.found[key];
  if (remembered !== undefined) return [...remembered];
  const found = parseImports(source, fileName);
  known.found[key] = found;
  cacheChanged = true;
  return [...found];
}

/** Keeps what was parsed for the next pack (quietly skipped where node_modules cannot be written). */
export function rememberImports(): void {
  if (!cacheChanged || cache === undefined) return;
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    const partial = `${cacheFile}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(cache));
    renameSync(partial, cacheFile);
    cacheChanged = false;
  } catch {
    // a read-only install: the next pack parses again
  }
}

/** The cache as the last pack left it, or an empty one when it is missing, unreadable or out of date. */
function importCache(): ImportCache {
  if (cache !== undefined) return cache;
  const version = hashOf(`${readFileSync(new URL(import.meta.url), 'utf8')}\0${typescriptVersion()}`);
  cache = { version, found: {} };
  try {
    const stored = JSON.parse(readFileSync(cacheFile, 'utf8')) as Partial<ImportCache>;
    if (stored.version === version && typeof stored.found === 'object' && stored.found !== null) cache.found = stored.found;
  } catch {
    // no cache yet, or a damaged one: start afresh
  }
  return cache;
}

/** TypeScript's version, read from its package.json without loading the compiler. */
function typescriptVersion(): string {
  return String((require('typescript/package.json') as { version?: unknown }).version);
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** Parses a source and collects what it imports. */
function parseImports(source: string, fileName: string): string[] {
  const api = ts();
  const file = api.createSourceFile(fileName, source, api.ScriptTarget.Latest, false, api.ScriptKind.TS);
  const found: string[] = [];
  const literal = (node: TypeScript.Node | undefined): void => {
    if (node !== undefined && api.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: TypeScript.Node): void => {
    if (api.isImportDeclaration(node) || api.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (api.isImportTypeNode(node) && api.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    else if (api.isCallExpression(node) && node.expression.kind === api.SyntaxKind.ImportKeyword) literal(node.arguments[0]);
    else if (api.isNewExpression(node) && isUrlBesideModule(api, node)) literal(node.arguments?.[0]);
    api.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** True for `new URL('…', import.meta.url)`. */
function isUrlBesideModule(api: typeof TypeScript, node: TypeScript.NewExpression): boolean {
  const base = node.arguments?.[1];
  return (
    api.isIdentifier(node.expression) &&
    node.expression.text === 'URL' &&
    base !== undefined &&
    api.isPropertyAccessExpression(base) &&
    api.isMetaProperty(base.expression) &&
    base.expression.keywordToken === api.SyntaxKind.ImportKeyword &&
    base.name.text === 'url'
  );
}

/** The relative imports of a source ("./x.ts", "../lib/y.ts"), the only ones a pack follows. */
export function relativeImportsOf(source: string, fileName?: string): string[] {
  return importsOf(source, fileName).filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'));
}
