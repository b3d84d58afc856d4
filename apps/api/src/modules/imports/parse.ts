import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, nothingReadableMessage } from '@paisable/contracts';
import type { DateFormat } from '@paisable/contracts/csv-import';

import { decodeBytes } from './decode';
import { detectFormat } from './detect';
import { ImportError } from './errors';
import { parseAppExport } from './formats/app-exports';
import { parseCamt } from './formats/camt';
import { parseCsvStatement, type CsvOptions } from './formats/csv';
import { parseMt940 } from './formats/mt940';
import { parseOfx } from './formats/ofx';
import { parseQif } from './formats/qif';
import type { FormatResult, ImportFormat, ParsedStatement } from './model';
import { balanceNotices, distrustRepeatedIds } from './statement-checks';

/** The bound is in the contracts, where the upload routes and the web form read it too. */
export { IMPORT_MAX_BYTES };

export type ParseStatementOptions = CsvOptions & {
  /** Day/month order for CSV and QIF dates that do not decide it themselves. */
  dateFormat?: DateFormat;
  maxBytes?: number;
};

const PARSERS: Record<ImportFormat, (text: string, options: ParseStatementOptions) => FormatResult> = {
  csv: parseCsvStatement,
  ofx: parseOfx,
  qfx: parseOfx,
  qif: (text, { dateFormat }) => parseQif(text, dateFormat === 'ymd' ? {} : { dateFormat }),
  camt053: parseCamt,
  mt940: parseMt940,
  ynab: (text, options) => parseAppExport('ynab', text, options),
  actual: (text, options) => parseAppExport('actual', text, options),
  firefly: (text, options) => parseAppExport('firefly', text, options),
  mint: (text, options) => parseAppExport('mint', text, options),
};

const megabytes = (bytes: number) => `${Math.ceil((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * A bank file's bytes to its accounts and rows: refused whole when too large, not text, in an unknown
 * encoding or format, structurally broken, or without a single readable transaction (an ImportError
 * naming the problem and where); otherwise rows that cannot be read are listed in `problems` (the
 * import refuses them unless the user says so) beside the rows that can. Saves nothing and reads no
 * database: what to import is decided afterwards.
 */
export function parseStatementFile(bytes: Uint8Array, options: ParseStatementOptions = {}): ParsedStatement {
  const maxBytes = options.maxBytes ?? IMPORT_MAX_BYTES;
  if (bytes.byteLength > maxBytes) {
    throw new ImportError(
      'too-large',
      `The file is ${megabytes(bytes.byteLength)}; files up to ${megabytes(maxBytes)} can be imported. Export a shorter period and import it in parts.`,
    );
  }
  const { text, encoding } = decodeBytes(bytes);
  if (text.trim() === '') throw new ImportError('empty', 'The file is empty.');
  if (text.includes('\u0000')) {
    throw new ImportError(
      'not-a-statement',
      'This is not a text file. Export the statement from your bank as CSV, OFX, QFX, QIF, CAMT.053 or MT940.',
    );
  }
  const format = detectFormat(text);
  const result = PARSERS[format](text, options);
  if (result.accounts.every((account) => account.rows.length === 0)) {
    throw new ImportError(
      'malformed',
      result.problems.length > 0 ? nothingReadableMessage(result.problems) : IMPORT_MESSAGES.noTransactions,
    );
  }
  const notices = [
    ...(result.notices ?? []),
    ...distrustRepeatedIds(result.accounts),
    ...balanceNotices(result.accounts),
  ];
  return { format, encoding, accounts: result.accounts, problems: result.problems, notices };
}
