import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Everything a command touches outside itself, so tests can run commands in-process. */
export type Io = {
  stdout: { write: (text: string) => unknown };
  stderr: { write: (text: string) => unknown; isTTY?: boolean };
  /** All of standard input (a piped password), or a hidden prompt on a terminal. */
  readSecret: (prompt: string) => Promise<string>;
  env: Record<string, string | undefined>;
  /** Where relative file names are resolved: the folder the user ran `pnpm paisable` in. */
  cwd: string;
};

export class UsageError extends Error {
  override name = 'UsageError';
}

/** A failure to report as one line, without a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
}

/** The real terminal. */
export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    readSecret: (prompt) => (process.stdin.isTTY ? hiddenPrompt(prompt) : readAll(process.stdin)),
    env: process.env,
    // pnpm runs root scripts in the repository root; INIT_CWD is where the user was.
    cwd: process.env.INIT_CWD ?? process.cwd(),
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text.split(/\r?\n/, 1)[0] ?? '';
}

/** Reads a line from the terminal without echoing it. */
function hiddenPrompt(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    let value = '';
    const onData = (chunk: Buffer) => {
      for (const character of chunk.toString('utf8')) {
        if (character === '\r' || character === '\n') {
          done();
          resolve(value);
          return;
        }
        if (character === '\u0003') {
          done();
          reject(new CliError('Cancelled.'));
          return;
        }
        value = character === '\u007f' ? value.slice(0, -1) : value + character;
      }
    };
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    stdin.on('data', onData);
  });
}

export type Settings = { url: string; token?: string; email?: string };

/** Where login keeps the server and token: PAISABLE_CONFIG, or the user's config folder. */
export function configPath(io: Io): string {
  if (io.env.PAISABLE_CONFIG) return path.resolve(io.cwd, io.env.PAISABLE_CONFIG);
  const base = io.env.XDG_CONFIG_HOME ?? path.join(io.env.HOME ?? os.homedir(), '.config');
  return path.join(base, 'paisable', 'config.json');
}

export const DEFAULT_URL = 'http://localhost:3000';

/** Saved settings, overridden by PAISABLE_URL and PAISABLE_TOKEN. */
export function readSettings(io: Io): Settings {
  let saved: Partial<Settings> = {};
  try {
    saved = JSON.parse(fs.readFileSync(configPath(io), 'utf8')) as Partial<Settings>;
  } catch {
    // Not logged in yet.
  }
  return {
    url: io.env.PAISABLE_URL ?? saved.url ?? DEFAULT_URL,
    token: io.env.PAISABLE_TOKEN ?? saved.token,
    email: saved.email,
  };
}

/** The token is a password for the account: only the user may read the file. */
export function writeSettings(io: Io, settings: Settings) {
  const file = configPath(io);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}
