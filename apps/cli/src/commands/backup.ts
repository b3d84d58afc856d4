import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';

import { fetchAllData, restoreAllData } from '@paisable/client';

import { CliError, type Io } from '../io';
import { connect } from '../session';
import { uploadNamedFile } from '../upload';

export const exportAllHelp = `paisable export-all [--out <file.zip>] [--force]
  Downloads all your data (every table as JSON and CSV, rules, receipt files) as one zip, the same file as
  Settings > "Download all my data". The default name is paisable-YYYY-MM-DD.zip (today, here); an existing
  file is kept unless --force. \`paisable restore\` puts it back into an empty account, on any server.`;

export const restoreHelp = `paisable restore <file.zip>
  Restores a download made by \`paisable export-all\` (or the web app) into the account you are logged in
  to, which must be empty: everything or nothing.`;

export async function exportAll(args: string[], io: Io) {
  const { values } = parseArgs({
    args,
    options: { out: { type: 'string', short: 'o' }, force: { type: 'boolean' } },
  });
  const file = path.resolve(io.cwd, values.out ?? `paisable-${today()}.zip`);
  // Checked before asking the server, so a refusal costs nothing; checked again when the file is placed.
  if (!values.force && fs.existsSync(file)) throw new CliError(alreadyThere(file));
  const { settings, token } = connect(io);
  const response = await fetchAllData({ url: settings.url, token });
  const body = response.body ? Readable.fromWeb(response.body as ReadableStream) : Readable.from([]);
  // Written beside the target first: a broken download never leaves a half zip under the real name.
  const partial = `${file}.part`;
  try {
    await pipeline(body, fs.createWriteStream(partial));
    place(partial, file, values.force ?? false);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  io.stdout.write(`Saved all your data to ${file} (${size(fs.statSync(file).size)}).\n`);
}

export async function restore(args: string[], io: Io) {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const question = 'Which file? Name the zip to restore.';
  const { message } = await uploadNamedFile(io, positionals, question, restoreAllData);
  io.stdout.write(`${message}\n`);
}

/** Moves the finished download to its name; without --force a file that appeared meanwhile is kept. */
function place(partial: string, file: string, force: boolean) {
  if (force) {
    fs.renameSync(partial, file);
    return;
  }
  try {
    // A hard link fails when the name is taken, where a rename would silently replace the file.
    fs.linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new CliError(alreadyThere(file));
    throw error;
  }
}

function alreadyThere(file: string) {
  return `${file} already exists: choose another name with --out, or replace it with --force.`;
}

/** Today's calendar date where the user is, as the file name's YYYY-MM-DD. */
function today() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function size(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
