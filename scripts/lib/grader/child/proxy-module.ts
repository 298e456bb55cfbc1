/**
 * What `@workbook/NN-slug/module` means to the graded suites under the grader: a small generated
 * module whose exports call into the hand-in's sandbox (client.ts). The export names come from a
 * copy the teacher trusts (the reference solution, else the stub handed out), never from the hand-in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { jobOf, planAt } from '../contracts/plan.ts';

const PREFIX = '\0workbook-sealed:';

/** The names a module exports, read from its source text (types and interfaces left out). */
export function exportNames(source: string): string[] {
  const names = new Set<string>();
  const declared = /^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm;
  for (const match of source.matchAll(declared)) names.add(match[1] as string);
  for (const match of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of (match[1] as string).split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name && !part.trim().startsWith('type ') && /^[A-Za-z_$][\w$]*$/.test(name)) names.add(name);
    }
  }
  if (/^export\s+default\b/m.test(source)) names.add('default');
  return [...names];
}

/** The trusted copy of an exercise module: the reference, the stub a pack carries, or the workbook's stub. */
function trustedSource(root: string, modulePath: string): string {
  for (const folder of ['solutions', '.workbook/stubs', 'lessons']) {
    const path = join(root, folder, `${modulePath}.ts`);
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  return '';
}

/** The vite plugin that gives the suites sealed modules instead of the hand-in's files. */
export function sealedModules(root: string): Plugin {
  const client = join(root, 'scripts/lib/grader/worker/client.ts');
  return {
    name: 'workbook-sealed-modules',
    enforce: 'pre',
    // The grader writes its test files afresh for every run, in a temporary folder (runner.ts), and names
    // them in the run's plan: kept in vitest's module cache on disk (vitest.config.ts), each run would
    // leave its own there for good.
    configureVitest({ project, experimental_defineCacheKeyGenerator }) {
      experimental_defineCacheKeyGenerator(({ id }) => (jobOf(planAt(project.getProvidedContext().workbookPlan), id) === undefined ? undefined : false));
    },
    resolveId(id) {
      const match = /^@workbook\/(\d\d-[a-z0-9-]+\/[\w-]+?)(?:\.ts)?$/.exec(id);
      return match ? `${PREFIX}${match[1]}` : undefined;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const modulePath = id.slice(PREFIX.length);
      const names = exportNames(trustedSource(root, modulePath)).filter((name) => name !== 'default');
      return [
        `import { sealedModule } from ${JSON.stringify(client)};`,
        `const sealed = sealedModule(${JSON.stringify(modulePath)});`,
        ...names.map((name) => `export const ${name} = sealed[${JSON.stringify(name)}];`),
      ].join('\n');
    },
  };
}
