// Keeping each worker thread and its sandboxes on one CPU (scripts/lib/grader/sandbox/cpu-pair.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { allowedCpus, cpuForWorker } from '../../scripts/lib/grader/sandbox/cpu-pair.ts';
import { sandboxCommand } from '../../scripts/lib/grader/sandbox/fences.ts';

test('the allowed CPUs are read from the kernel’s list, ranges included', () => {
  expect(allowedCpus('Name:\tnode\nCpus_allowed_list:\t0-1\n')).toEqual([0, 1]);
  expect(allowedCpus('Cpus_allowed_list:\t0,2-4,7\n')).toEqual([0, 2, 3, 4, 7]);
  expect(allowedCpus('Cpus_allowed_list:\t3\n')).toEqual([3]);
  expect(allowedCpus('Name:\tnode\n')).toEqual([]);
  expect(allowedCpus('Cpus_allowed_list:\t4-2\n')).toEqual([]);
});

test('each worker of the pool gets an allowed CPU in turn; with one CPU nothing is pinned', () => {
  expect([1, 2, 3, 4].map((worker) => cpuForWorker(worker, [2, 5]))).toEqual([2, 5, 2, 5]);
  expect(cpuForWorker(1, [0])).toBeUndefined();
  expect(cpuForWorker(Number.NaN, [0, 1])).toBeUndefined();
  expect(cpuForWorker(0, [0, 1])).toBeUndefined();
});

test('a sandbox kept to a CPU is started by taskset, outside every other fence', () => {
  const fences = { permission: true as const, namespaces: true, rlimits: true };
  const pinned = sandboxCommand(fences, 'code', '/tmp/scratch', 1);
  expect([pinned.command, ...pinned.args.slice(0, 3)]).toEqual(['taskset', '--cpu-list', '1', 'unshare']);
  const free = sandboxCommand(fences, 'code', '/tmp/scratch');
  expect(free.command).toBe('unshare');
});

const tasksetWorks = process.platform === 'linux' && spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
const cpus = process.platform === 'linux' ? allowedCpus(readFileSync('/proc/self/status', 'utf8')) : [];

test.runIf(tasksetWorks && cpus.length >= 2)('a worker of the pool moves its own thread to its CPU', () => {
  // A process of its own, as the second worker of the pool: it pins its thread and says where that may run now.
  const script = `
    import { readFileSync } from 'node:fs';
    import { pinThisThread } from ${JSON.stringify(new URL('../../scripts/lib/grader/sandbox/cpu-pair.ts', import.meta.url).href)};
    const cpu = pinThisThread();
    console.log(JSON.stringify({ cpu, status: readFileSync('/proc/thread-self/status', 'utf8') }));`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, VITEST_POOL_ID: '2' },
  });
  const reply = JSON.parse(run.stdout) as { cpu: number | undefined; status: string };
  expect(reply.cpu).toBe(cpus[1]);
  expect(allowedCpus(reply.status)).toEqual([cpus[1]]);
});
