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
  const { messages, stderr } = runSandbox([source], words);
  const printed = messages.map((message) => (message.t === 'out' ? String(message.s) : '')).join('');
  return { printed, stderr };
}

/**
 * Each source loaded as lessons/01-board/board.ts in a sandbox booted afresh for it (one process for
 * all, as the grader keeps one for a student's lessons), then one more boot: what each boot said.
 */
export function bootsAfterLoading(sources: string[]): Message[] {
  return runSandbox([...sources, '']).messages.filter((message) => message.t === 'booted');
}

/** Each source loaded as lessons/01-board/board.ts in a sandbox booted afresh for it (one process for all): every frame it sent. */
export function framesInTurn(sources: string[]): Message[] {
  return runSandbox(sources).messages;
}

/** The frames a sandbox sends when booted for each source in turn, loading it each time. */
function runSandbox(sources: string[], words?: SandboxWords): { messages: Message[]; stderr: string } {
  const spec = sandboxSpec(probeFences());
  const path = '/class/alice/lessons/01-board/board.ts';
  const boot = (source: string): Buffer =>
    frame({
      t: 'boot',
      modules: { [path]: compileExercise(source, path, 'lessons/01-board/board.ts') },
      base: '/class/alice',
      helpers: '/workbook-helpers',
      ...(words === undefined ? {} : { words }),
    });
  const load = frame({ t: 'req', op: 'load', slots: [path], nodes: [] });
  const input = Buffer.concat(sources.flatMap((source) => [boot(source), load]));
  try {
    const run = spawnSync(spec.command, [...spec.args, 'stdio'], { input, env: spec.env, cwd: spec.scratch, uid: spec.uid, gid: spec.gid, timeout: 20_000 });
    const messages: Message[] = [];
    for (let rest = run.stdout; rest.length >= 4; rest = rest.subarray(4 + rest.readUInt32LE(0))) {
      messages.push(JSON.parse(rest.subarray(4, 4 + rest.readUInt32LE(0)).toString('utf8')) as Message);
    }
    return { messages, stderr: run.stderr.toString('utf8') };
  } finally {
    rmSync(spec.scratch, { recursive: true, force: true });
  }
}
