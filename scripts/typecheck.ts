/**
 * `npm run typecheck` (an authoring tool): type-checks the whole workbook in three passes. The exercise
 * files (lessons/, solutions/, the hand-ins kept as test fixtures) with the students' settings (tsconfig.json), and the tools and tests
 * (scripts/, tests/, their plain JavaScript included) with the stricter tsconfig.tools.json, which adds noUncheckedIndexedAccess.
 * Tests import solutions, so the second pass sees them too; their errors count only in the first.
 * The third pass (tsconfig.sandbox.json) checks the three plain scripts that make up the sandbox's
 * start-up script (membrane.js, fence.js, sandbox.js): they share one scope there, so they are
 * checked together and apart from the modules, whose names their top-level names would otherwise join.
 */
import { relative } from 'node:path';
import ts from 'typescript';
import { colorsEnabled, parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import { plural } from './lib/core/text.ts';
import { ROOT } from './lib/core/workbook.ts';

const USAGE = `
Usage: npm run typecheck

Type-checks lessons/ and solutions/ with tsconfig.json (the students' settings), then scripts/, tests/
and vitest.config.ts with tsconfig.tools.json (noUncheckedIndexedAccess on), then the sandbox's
start-up scripts with tsconfig.sandbox.json. Exits 1 on any type error.
`;

/** Exercise files: the lessons, the reference, and the hand-ins the tests keep as fixtures. */
const EXERCISE_FILE = /^(lessons|solutions|tests\/workbook\/(independent|memorising))\//;

/** The plain scripts joined into the sandbox's start-up script (see sandboxScript in fences.ts). */
const SANDBOX_SCRIPT = /^scripts\/lib\/grader\/sandbox\/(membrane|fence|sandbox)\.js$/;

/** The files of one pass whose errors count there. */
const PASSES = [
  { config: 'tsconfig.json', counts: (path: string) => EXERCISE_FILE.test(path), what: 'exercise files (lessons/, solutions/, hand-in fixtures)' },
  { config: 'tsconfig.tools.json', counts: (path: string) => !EXERCISE_FILE.test(path), what: 'tools and tests (scripts/, tests/)' },
  { config: 'tsconfig.sandbox.json', counts: (path: string) => SANDBOX_SCRIPT.test(path), what: 'sandbox scripts (membrane.js, fence.js, sandbox.js)' },
];

runCommand(USAGE, () => {
  parseCommandLine({});
  const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
  const format = colorsEnabled() ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  let failed = 0;
  let previous: ts.Program | undefined;
  for (const pass of PASSES) {
    const config = readConfig(pass.config);
    const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, oldProgram: previous });
    previous = program;
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file === undefined || pass.counts(relative(ROOT, diagnostic.file.fileName)));
    failed += diagnostics.length;
    if (diagnostics.length > 0) process.stdout.write(format(diagnostics, host));
    console.log(`${pass.config}: ${diagnostics.length === 0 ? 'no type errors' : plural(diagnostics.length, 'type error')} in the ${pass.what}.`);
  }
  return failed === 0 ? 0 : 1;
});

/** A tsconfig file of the workbook, read as tsc reads it; a broken one stops the check. */
function readConfig(name: string): ts.ParsedCommandLine {
  const problems: ts.Diagnostic[] = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    `${ROOT}/${name}`,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => problems.push(diagnostic) },
  );
  if (parsed === undefined || problems.length > 0 || parsed.errors.length > 0) {
    const said = ts.flattenDiagnosticMessageText([...problems, ...(parsed?.errors ?? [])][0]?.messageText ?? 'unreadable', '\n');
    throw new Error(`${name} cannot be read: ${said}`);
  }
  return parsed;
}
