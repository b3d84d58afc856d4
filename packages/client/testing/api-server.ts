import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/api');

export type RunningApi = { url: string; stop: () => Promise<void> };

/**
 * Starts the real API process (`apps/api/src/server.ts`) on a free port with its own embedded PostgreSQL
 * in a temporary folder, exactly as `npm start` runs it, for tests of clients that talk HTTP to it.
 * `env` adds settings (an SMTP server for the e-mails, say).
 */
export async function startApiServer(options: { env?: Record<string, string> } = {}): Promise<RunningApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-client-'));
  const child = spawn(path.join(apiDir, 'node_modules/.bin/tsx'), ['src/server.ts'], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      RUN_JOBS: 'false',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /ready: open http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited with ${code} before it was ready:\n${output}`));
    });
  });

  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
