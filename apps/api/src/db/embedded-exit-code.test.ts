import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const embeddedModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'embedded.ts');

/** Runs a Node process that loads the embedded-database module, sets an exit code and lets its loop end. */
function exitCodeOf(exitCode: number): number | null {
  const script = `await import(${JSON.stringify(embeddedModule)}); process.exitCode = ${exitCode};`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  return child.status;
}

// The test runner (and the bench) load this module: a run with failures must not exit 0.
it('keeps the exit code of a process that loads the embedded PostgreSQL module', () => {
  expect(exitCodeOf(3)).toBe(3);
  expect(exitCodeOf(0)).toBe(0);
});
