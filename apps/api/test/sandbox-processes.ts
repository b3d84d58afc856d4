import { execFileSync } from 'node:child_process';

import { SandboxError } from '../src/lib/sandbox/task';

/** The sandbox processes' entry, for tests that make a pool with limits of their own. */
export const SANDBOX_ENTRY = new URL('../src/sandbox-child.ts', import.meta.url);

/** The sandbox processes this test process started, by pid; only those of one pool when it is named. */
export function sandboxChildren(poolName = ''): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes('sandbox-child') && line.includes(poolName))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** How a sandboxed task failed ('crashed', 'timeout', …), for `.then(() => 'read', failureOf)`. */
export function failureOf(error: unknown): string {
  return error instanceof SandboxError ? error.failure : `not a sandbox error: ${String(error)}`;
}
