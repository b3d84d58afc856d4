import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import {
  describeRow,
  ImportFileError,
  MAPPING_FIELDS,
  previewImport,
  saveImport,
  type ColumnMapping,
  type DateFormat,
  type ImportPreview,
  type RowProblem,
} from '@paisable/client';

import { CliError, UsageError, type Io } from '../io';
import { progressBar } from '../progress';
import { connect } from '../session';
import { importStatementFile, isStatementFile } from './import-statement';

export const importHelp = `paisable import <file> [--map field=Header]… [--date-format ymd|dmy|mdy] [--decimal-comma]
                [--category <default>] [--account <key>] [--skip-problems] [--dry-run]
  Adds the rows of a bank file: a CSV (Paisable's own export, or a bank's: Date/Description/Amount,
  Debit/Credit, …), or a statement in OFX/QFX, QIF, CAMT.053 or MT940 (told apart by their content;
  the server's import rules categorise their rows, and the bank's own ids skip rows already saved).
  Rows already saved are skipped: same date, amount, type and name, counted per occurrence, so two
  identical coffees on one day are both kept and a second import of the same file adds nothing.
  --map          name a column the file calls differently: --map date="Booking date" --map name=Payee
                 (fields: ${MAPPING_FIELDS.join(', ')}); a signed amount makes negatives expenses
  --date-format  day/month order when the dates do not tell (03/04/2025)
  --category     category for rows without one (default Miscellaneous), CSV only
  --account      which account of a statement holding several (the command lists them)
  --skip-problems import a statement's readable rows although some could not be read (they are listed);
                 without it such a statement is refused, so no balance is silently wrong
  --dry-run      show what would happen, save nothing`;

const DATE_FORMATS: readonly string[] = ['ymd', 'dmy', 'mdy'];

function mappingFrom(entries: string[] = []): Partial<ColumnMapping> {
  const mapping: Partial<ColumnMapping> = {};
  for (const entry of entries) {
    const [field = '', ...rest] = entry.split('=');
    if (!(MAPPING_FIELDS as readonly string[]).includes(field) || rest.length === 0) {
      throw new UsageError(
        `--map takes field=Header with a field of ${MAPPING_FIELDS.join(', ')}; got "${entry}".`,
      );
    }
    mapping[field as keyof ColumnMapping] = rest.join('=');
  }
  return mapping;
}

function problemLines(kind: string, problems: RowProblem[]): string {
  return problems.map(({ line, reason }) => `  line ${line}: ${kind}: ${reason}\n`).join('');
}

export async function importFile(args: string[], io: Io) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      map: { type: 'string', multiple: true },
      'date-format': { type: 'string' },
      'decimal-comma': { type: 'boolean' },
      category: { type: 'string' },
      account: { type: 'string' },
      'skip-problems': { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
  });
  const [fileName] = positionals;
  if (!fileName) throw new UsageError('Which file? paisable import <file>');
  const dateFormat = values['date-format'];
  if (dateFormat !== undefined && !DATE_FORMATS.includes(dateFormat)) {
    throw new UsageError('--date-format must be ymd, dmy or mdy.');
  }
  const file = path.resolve(io.cwd, fileName);
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    throw new CliError(`Cannot read ${file}.`);
  }
  if (isStatementFile(bytes)) {
    if (values.map || values.category !== undefined) {
      throw new UsageError('--map and --category are for CSV files; a statement names its own fields.');
    }
    return importStatementFile(io, { bytes, fileName: path.basename(file), values });
  }
  if (values.account !== undefined)
    throw new UsageError('--account is for statements that hold several accounts.');
  const text = new TextDecoder().decode(bytes);

  const { client } = connect(io);
  let preview: ImportPreview;
  try {
    preview = await previewImport(client, text, {
      mapping: mappingFrom(values.map),
      dateFormat: dateFormat as DateFormat | undefined,
      decimalComma: values['decimal-comma'],
      defaultCategory: values.category,
    });
  } catch (error) {
    if (error instanceof ImportFileError) throw new CliError(error.message);
    throw error;
  }

  if (values['dry-run']) {
    io.stdout.write(
      `Would import ${preview.toCreate.length}, skip ${preview.duplicates.length}, reject ${preview.rejected.length} (nothing saved).\n` +
        preview.toCreate
          .map((row) => `  line ${row.line}: new: ${describeRow(row)} (${row.category})\n`)
          .join('') +
        problemLines(
          'skipped',
          preview.duplicates.map((row) => ({
            line: row.line,
            reason: `Already present: ${describeRow(row)}`,
          })),
        ) +
        problemLines('rejected', preview.rejected),
    );
    return;
  }

  const bar = progressBar(io, 'Importing');
  const summary = await saveImport(client, preview, (done, total) => bar.update(done, total));
  bar.finish();
  io.stdout.write(
    `Imported ${summary.imported.length}, skipped ${summary.skipped.length} (already present), rejected ${summary.rejected.length}.\n` +
      problemLines('skipped', summary.skipped) +
      problemLines('rejected', summary.rejected),
  );
}
