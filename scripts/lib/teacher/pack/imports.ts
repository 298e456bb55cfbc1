/**
 * What a TypeScript file imports, read with TypeScript's own parser: static imports and re-exports
 * (type-only ones too), dynamic imports of a literal path, `import('…')` types, and files a module
 * reads beside itself with `new URL('../../file', import.meta.url)`. The parser is loaded on first use:
 * it takes a moment, and only the teacher's tools need it.
 */
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

const require = createRequire(import.meta.url);
let typescript: typeof TypeScript | undefined;

/** TypeScript's compiler API, loaded once. */
function ts(): typeof TypeScript {
  typescript ??= require('typescript') as typeof TypeScript;
  return typescript;
}

/** Every module specifier a source names, in the order they appear. */
export function importsOf(source: string, fileName = 'file.ts'): string[] {
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
