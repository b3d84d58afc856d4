import fs from 'node:fs';
import path from 'node:path';

import type { RestOptions } from '@paisable/client';

import { CliError, UsageError, type Io } from './io';
import { connect } from './session';

/** A file named on the command line, resolved from where the user ran the command, and its bytes. */
export function readNamedFile(io: Io, name: string): { file: string; bytes: Uint8Array } {
  const file = path.resolve(io.cwd, name);
  try {
    return { file, bytes: fs.readFileSync(file) };
  } catch {
    throw new CliError(`Cannot read ${file}.`);
  }
}

/**
 * Sends the one file a command names (`rates import <file>`, `restore <file.zip>`) with the client's
 * upload for it, as the logged-in user, under the file's own name. `question` is the usage error shown
 * when no file, or more than one, is named.
 */
export async function uploadNamedFile<Answer>(
  io: Io,
  positionals: string[],
  question: string,
  upload: (options: RestOptions, bytes: Uint8Array, fileName: string) => Promise<Answer>,
): Promise<Answer> {
  if (positionals.length !== 1) throw new UsageError(question);
  const { file, bytes } = readNamedFile(io, positionals[0] ?? '');
  const { settings, token } = connect(io);
  return upload({ url: settings.url, token }, bytes, path.basename(file));
}
