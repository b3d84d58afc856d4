import { importStatement, previewStatement } from '@paisable/client';
import type { ImportOptions, ImportPreview } from '@paisable/contracts';

import { CliError, type Io } from '../io';
import { connect } from '../session';

/**
 * Statement formats (not CSV) open with a mark no CSV header has, so `--map` can be refused for them: OFX 1.x `OFXHEADER:`, XML (OFX 2, QFX,
 * CAMT.053) `<`, QIF `!Type:`, MT940 `:20:` or a SWIFT `{1:` block; UTF-16 files start with a byte-order
 * mark. The server detects the exact format from the content.
 */
export function isStatementFile(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  const start = new TextDecoder('latin1')
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF|^ï»¿/, '')
    .trimStart();
  return /^(OFXHEADER|<|!Type|!Account|!Option|:20:|\{1:)/i.test(start);
}

function rowLine(row: ImportPreview['rows'][number]): string {
  const sign = row.isIncome ? '+' : '-';
  const amount = (row.amountCents / 100).toFixed(2);
  return `${row.date} ${row.name} ${sign}${amount} (${row.category})`;
}

/**
 * `paisable import FILE` for every format, through the server's import like the web's: the same
 * reader, rules, duplicate checks and refusals.
 */
type StatementOptions = {
  category?: string;
  account?: string;
  'skip-problems'?: boolean;
  'date-format'?: string;
  'decimal-comma'?: boolean;
  'dry-run'?: boolean;
};

export async function importStatementFile(
  io: Io,
  {
    bytes,
    fileName,
    values,
    mapping,
  }: {
    bytes: Uint8Array;
    fileName: string;
    values: StatementOptions;
    mapping?: ImportOptions['mapping'];
  },
) {
  const dateFormat = values['date-format'];
  const { settings, token } = connect(io);
  const upload = {
    file: bytes,
    fileName,
    ...(values.account === undefined ? {} : { account: values.account }),
    ...(dateFormat === undefined ? {} : { dateFormat: dateFormat as 'ymd' | 'dmy' | 'mdy' }),
    ...(values['decimal-comma'] === undefined ? {} : { decimalComma: values['decimal-comma'] }),
    ...(values['skip-problems'] ? { skipProblems: true } : {}),
    ...(values.category === undefined ? {} : { defaultCategory: values.category }),
    ...(mapping ? { mapping } : {}),
  };
  const rest = { url: settings.url, token };
  const preview = await previewStatement(rest, upload);
  if (preview.accounts.length > 1 && values.account === undefined) {
    throw new CliError(
      `This file holds ${preview.accounts.length} accounts; choose one with --account:\n` +
        preview.accounts
          .map((account) => `  ${account.key}: ${account.label} (${account.rowCount} rows)`)
          .join('\n'),
    );
  }
  const problems = preview.problems
    .map((problem) => `  ${problem.line ? `line ${problem.line}: ` : ''}left out: ${problem.message}\n`)
    .join('');
  if (values['dry-run']) {
    io.stdout.write(
      `Would import ${preview.newCount}, skip ${preview.duplicateCount} (already present), leave out ${preview.problems.length} (nothing saved).\n` +
        preview.rows.map((row) => `  ${row.duplicate ? 'skip' : 'new'}: ${rowLine(row)}\n`).join('') +
        problems,
    );
    return;
  }
  const result = await importStatement(rest, upload);
  io.stdout.write(
    `Imported ${result.importedCount}, skipped ${result.duplicateCount} (already present), left out ${result.problemCount}.\n` +
      problems,
  );
}
