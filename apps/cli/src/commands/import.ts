import path from 'node:path';
import { parseArgs } from 'node:util';

import { MAPPING_FIELDS, type ColumnMapping } from '@paisable/client';
import { IMPORT_FORMATS_SENTENCE } from '@paisable/contracts';

import { UsageError, type Io } from '../io';
import { readNamedFile } from '../upload';
import { importStatementFile, isStatementFile } from './import-statement';

export const importHelp = `paisable import <file> [--map field=Header]… [--date-format ymd|dmy|mdy] [--decimal-comma]
                [--category <default>] [--account <key>] [--skip-problems] [--dry-run]
  Adds the rows of a file through the server's import, as the web does: ${IMPORT_FORMATS_SENTENCE}
  (told apart by their content). A CSV is Paisable's own export or a bank's (Date/Description/Amount,
  Debit/Credit, …). Your import rules categorise the rows; rows already saved are skipped (the bank's
  own ids, or the same date, amount, type and name, counted per occurrence, so two identical coffees on
  one day are both kept and a second import of the same file adds nothing).
  --map          name a column the file calls differently: --map date="Booking date" --map name=Payee
                 (fields: ${MAPPING_FIELDS.join(', ')}); a signed amount makes negatives expenses. CSV only
  --date-format  day/month order when the dates do not tell (03/04/2025)
  --category     category for rows no rule, column or earlier payee decides (default Miscellaneous)
  --account      which account of a file holding several (the command lists them)
  --skip-problems import the readable rows although some could not be read (they are listed);
                 without it such a file is refused, so no balance is silently wrong
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
  const mapping = mappingFrom(values.map);
  const { file, bytes } = readNamedFile(io, fileName);
  if (values.map && isStatementFile(bytes)) {
    throw new UsageError('--map is for CSV files; a statement names its own fields.');
  }
  return importStatementFile(io, {
    bytes,
    fileName: path.basename(file),
    values,
    ...(values.map ? { mapping } : {}),
  });
}
