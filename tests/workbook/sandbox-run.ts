/** Code loaded in a sandbox started as the grader starts one, for tests of what the sandbox lets code do and say. */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { compileExercise } from '../../scripts/lib/grader/contracts/compile.ts';
import { probeFences, sandboxSpec } from '../../scripts/lib/grader/contracts/fences.ts';
import type { Message } from '../../scripts/lib/grader/contracts/membrane-types.ts';
import type { SandboxWords } from '../../scripts/lib/grader/contracts/sandbox-words.ts';

/** A message of the sandbox's wire: its length, then its JSON. */
function frame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message));
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length);
  return Buffer.concat([head, body]);
}

/**
 * Loads `source` as lessons/01-board/board.ts in a sandbox booted with `words` (none: the boot frame
 * an older grader sends); what the code printed, and what the process wrote to stderr.
 */
export function loadInSandbox(source: string, words?: SandboxWords): { printed: string; stderr: string } {
  const spec = sandboxSpec(probeFences());
  const path = '/class/alice/lessons/01-board/board.ts';
  const modules = { [path]: compileExercise(source, path, 'lessons/01-board/board.ts') };
  const input = Buffer.concat([
    frame({ t: 'boot', modules, base: '/class/alice', helpers: '/workbook-helpers', ...(words === undefined ? {} : { words }) }),
    frame({ t: 'req', op: 'load', slots: [path], nodes: [] }),
  ]);
  try {
    const run = spawnSync(spec.command, [...spec.args, 'stdio'], { input, env: spec.env, cwd: spec.scratch, uid: spec.uid, gid: spec.gid, timeout: 20_000 });
    let printed = '';
    for (let rest = run.stdout; rest.length >= 4; rest = rest.subarray(4 + rest.readUInt32LE(0))) {
      const message = JSON.parse(rest.subarray(4, 4 + rest.readUInt32LE(0)).toString('utf8')) as Message;
      if (message.t === 'out') printed += String(message.s);
    }
    return { printed, stderr: run.stderr.toString('utf8') };
  } finally {
    rmSync(spec.scratch, { recursive: true, force: true });
  }
}
