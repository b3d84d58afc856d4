import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';

import { fetchTransactionsCsv, parseCsv } from '@paisable/client';

import type { Io } from '../io';
import { connect, FILTER_OPTIONS, filtersFrom } from '../session';

export const exportHelp = `paisable export [--output <file.csv>] [--search …] [--type …] [--category …] [--from …] [--to …]
  Your transactions as CSV (date,name,category,type,amount,note,tags,split_of), to a file or to standard output.
  The same file as the web app's "Export to CSV"; \`paisable import\` reads it back.`;

export async function exportCsv(args: string[], io: Io) {
  const { values } = parseArgs({
    args,
    options: { ...FILTER_OPTIONS, output: { type: 'string', short: 'o' } },
  });
  const { settings, token } = connect(io);
  const response = await fetchTransactionsCsv({ url: settings.url, token }, filtersFrom(values));
  const body = response.body ? Readable.fromWeb(response.body as ReadableStream) : Readable.from([]);
  if (!values.output) {
    for await (const chunk of body) io.stdout.write(String(chunk));
    return;
  }
  const file = path.resolve(io.cwd, values.output);
  await pipeline(body, fs.createWriteStream(file));
  const rows = Math.max(0, parseCsv(fs.readFileSync(file, 'utf8')).length - 1);
  io.stdout.write(`Exported ${rows} transaction${rows === 1 ? '' : 's'} to ${file}\n`);
}
