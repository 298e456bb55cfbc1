/**
 * The assertion labels a visible suite can give expect(value, label), read from its source with the
 * TypeScript parser: a label written out as it is; a template literal with each placeholder as every
 * value the suite gives it where the suite lists them (a loop over listed values, an object's keys, a
 * constant, a helper's arguments at each call), else as a mark «⟨expression⟩» that stands for any text;
 * a call of one of the suite's own helpers (onBoard, shownAs) as what the helper returns for those
 * arguments. The check of the translations (assertion-labels.test.ts) words each of them.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** The mark of a part of a label the suite makes as it runs: it stands for any text. */
export function markOf(expression: string): string {
  return `⟨${expression}⟩`;
}

/** A label part not worked out: any text. */
export const MARK = /⟨[^⟩]*⟩/g;

/** Every label of a suite file, each once, in the order the file gives them. */
export function suiteLabels(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const labels = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'expect' && node.arguments.length >= 2) {
      for (const label of valuesOf(node.arguments[1] as ts.Expression, new Map(), 0)) labels.add(label);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...labels];
}

/** The texts an expression of a suite can be, worked out as for a label (marks for the parts made as it runs). */
export function possibleTexts(expression: ts.Expression): string[] {
  return valuesOf(expression, new Map(), 0);
}

/** Names bound while a helper's return value is worked out: its parameters' values. */
type Bindings = ReadonlyMap<string, string[]>;

const DEPTH = 12;

/** The texts an expression can be, as far as the source says (marks for the rest). */
function valuesOf(expression: ts.Expression, bound: Bindings, depth: number): string[] {
  const node = unwrapped(expression);
  if (depth > DEPTH) return [markOf(node.getText())];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isNumericLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return templateValues(node, bound, depth);
  if (ts.isIdentifier(node)) {
    const known = bound.get(node.text);
    if (known !== undefined) return known;
    const nodes = nodesOf(node, depth);
    return nodes === undefined ? [markOf(node.text)] : nodes.flatMap((value) => valuesOf(value, new Map(), depth + 1));
  }
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    const helper = helperOf(node.expression);
    if (helper !== undefined) return inlined(helper, node, bound, depth);
  }
  return [markOf(node.getText())];
}

/** The texts a template literal can be: a placeholder written twice (`${player}`) has the same value both times. */
function templateValues(template: ts.TemplateExpression, bound: Bindings, depth: number): string[] {
  const placeholders = [...new Set(template.templateSpans.map((span) => span.expression.getText()))];
  let choices: Array<Map<string, string>> = [new Map()];
  for (const placeholder of placeholders) {
    const span = template.templateSpans.find((candidate) => candidate.expression.getText() === placeholder) as ts.TemplateSpan;
    const values = valuesOf(span.expression, bound, depth + 1);
    choices = choices.flatMap((chosen) => values.map((value) => new Map([...chosen, [placeholder, value]])));
  }
  return choices.map(
    (chosen) => template.head.text + template.templateSpans.map((span) => (chosen.get(span.expression.getText()) ?? '') + span.literal.text).join(''),
  );
}

/** A suite's own function whose body is `return <expression>;`, by the name it is called. */
function helperOf(name: ts.Identifier): ts.FunctionDeclaration | undefined {
  const declaration = declarationOf(name);
  if (declaration === undefined || !ts.isFunctionDeclaration(declaration)) return undefined;
  const body = declaration.body?.statements;
  return body?.length === 1 && ts.isReturnStatement(body[0] as ts.Statement) ? declaration : undefined;
}

/** What a helper returns for a call's arguments (a parameter not given: its default value). */
function inlined(helper: ts.FunctionDeclaration, call: ts.CallExpression, bound: Bindings, depth: number): string[] {
  const parameters = new Map<string, string[]>();
  helper.parameters.forEach((parameter, index) => {
    if (!ts.isIdentifier(parameter.name)) return;
    const argument = call.arguments[index] ?? parameter.initializer;
    parameters.set(parameter.name.text, argument === undefined ? [markOf(parameter.name.text)] : valuesOf(argument, bound, depth + 1));
  });
  const statement = helper.body?.statements[0];
  const returned = statement !== undefined && ts.isReturnStatement(statement) ? statement.expression : undefined;
  return returned === undefined ? [''] : valuesOf(returned, parameters, depth + 1);
}

function unwrapped(expression: ts.Expression): ts.Expression {
  let node = expression;
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression;
  return node;
}

/** Where a name is declared, looking outwards from where it is used: a parameter, a loop's variable, a constant, a function. */
function declarationOf(name: ts.Identifier): ts.Node | undefined {
  for (let scope: ts.Node | undefined = name.parent; scope !== undefined; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      const parameter = scope.parameters.find((candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === name.text);
      if (parameter !== undefined) return parameter;
    }
    if (ts.isForOfStatement(scope) && ts.isVariableDeclarationList(scope.initializer)) {
      const declared = scope.initializer.declarations[0];
      if (declared !== undefined && bindingPath(declared.name, name.text) !== undefined) return declared;
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
      for (const statement of scope.statements) {
        if (ts.isFunctionDeclaration(statement) && statement.name?.text === name.text) return statement;
        if (ts.isVariableStatement(statement)) {
          const declared = statement.declarationList.declarations.find((candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === name.text);
          if (declared !== undefined) return declared;
        }
      }
    }
  }
  return undefined;
}

/** Where in a binding (`[name, cells]`, `{ name }`, `player`) a name sits: indexes and property names, or undefined when it is not there. */
function bindingPath(binding: ts.BindingName, name: string): Array<number | string> | undefined {
  if (ts.isIdentifier(binding)) return binding.text === name ? [] : undefined;
  for (const [index, element] of binding.elements.entries()) {
    if (ts.isOmittedExpression(element)) continue;
    const inner = bindingPath(element.name, name);
    if (inner === undefined) continue;
    const step = ts.isObjectBindingPattern(binding) ? (element.propertyName ?? element.name).getText() : index;
    return [step, ...inner];
  }
  return undefined;
}

/** The expressions a name stands for, as far as the source says: a constant's value, a loop's listed values, a parameter's arguments. */
function nodesOf(name: ts.Identifier, depth: number): ts.Expression[] | undefined {
  const declaration = declarationOf(name);
  if (declaration === undefined || depth > DEPTH) return undefined;
  if (ts.isParameter(declaration)) return argumentsOf(declaration, depth);
  if (!ts.isVariableDeclaration(declaration)) return undefined;
  const loop = declaration.parent.parent;
  if (ts.isForOfStatement(loop)) {
    const path = bindingPath(declaration.name, name.text) ?? [];
    const items = itemsOf(loop.expression, depth);
    const picked = items?.map((item) => pickedFrom(item, path));
    return picked?.every((item) => item !== undefined) ? (picked as ts.Expression[]) : undefined;
  }
  return declaration.initializer === undefined ? undefined : [declaration.initializer];
}

/** One part of a listed value: an element of an array, a property of an object. */
function pickedFrom(item: ts.Expression, path: Array<number | string>): ts.Expression | undefined {
  let node: ts.Expression | undefined = unwrapped(item);
  for (const step of path) {
    if (node === undefined) return undefined;
    if (typeof step === 'number') node = ts.isArrayLiteralExpression(node) ? node.elements[step] : undefined;
    else if (ts.isObjectLiteralExpression(node)) {
      const property = node.properties.find((candidate) => candidate.name?.getText() === step);
      node = property !== undefined && ts.isPropertyAssignment(property) ? property.initializer : undefined;
    } else node = undefined;
    node = node === undefined ? undefined : unwrapped(node);
  }
  return node;
}

/** The values a loop goes over: an array written out, or Object.entries of an object written out (each entry [key, value]). */
function itemsOf(expression: ts.Expression, depth: number): ts.Expression[] | undefined {
  const node = unwrapped(expression);
  if (ts.isCallExpression(node) && node.expression.getText() === 'Object.entries' && node.arguments[0] !== undefined) {
    const objects = literalsOf(node.arguments[0], depth);
    return objects?.flatMap((object) =>
      ts.isObjectLiteralExpression(object)
        ? object.properties.filter(ts.isPropertyAssignment).map((property) => {
            const key = ts.isStringLiteral(property.name) || ts.isIdentifier(property.name) ? property.name.text : property.name.getText();
            return ts.factory.createArrayLiteralExpression([ts.factory.createStringLiteral(key), property.initializer]);
          })
        : [],
    );
  }
  return literalsOf(node, depth)?.flatMap((array) => (ts.isArrayLiteralExpression(array) ? [...array.elements] : []));
}

/** The literal values an expression is: itself, or what a name stands for. */
function literalsOf(expression: ts.Expression, depth: number): ts.Expression[] | undefined {
  const node = unwrapped(expression);
  if (!ts.isIdentifier(node)) return [node];
  return nodesOf(node, depth + 1)?.flatMap((value) => literalsOf(value, depth + 1) ?? []);
}

/** The arguments every call of a suite's function gives one of its parameters (its default where a call leaves it out). */
function argumentsOf(parameter: ts.ParameterDeclaration, depth: number): ts.Expression[] | undefined {
  const helper = parameter.parent;
  if (!ts.isFunctionDeclaration(helper) || helper.name === undefined || depth > DEPTH) return undefined;
  const index = helper.parameters.indexOf(parameter);
  const name = helper.name.text;
  const found: ts.Expression[] = [];
  let unknown = false;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) {
      const argument = node.arguments[index] ?? parameter.initializer;
      if (argument === undefined) unknown = true;
      else found.push(argument);
    }
    ts.forEachChild(node, visit);
  };
  visit(helper.getSourceFile());
  return unknown || found.length === 0 ? undefined : found;
}
