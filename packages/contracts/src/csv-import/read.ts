import { FALLBACK_CATEGORY } from '../categories';
import { dateRangeProblem } from '../dates';
import { createTransactionInput } from '../transactions';
import { detectDelimiter, parseCsv } from './csv';
import {
  detectDateFormat,
  parseBankAmount,
  parseBankDate,
  parseType,
  unescapeFormula,
  type DateFormat,
} from './values';

/** Which header holds each field. `amount` is signed unless `type` says income or expense. */
export type ColumnMapping = {
  date: string;
  name: string;
  amount?: string;
  /** Money out (expense) and money in (income) in separate columns, as many banks export. */
  debit?: string;
  credit?: string;
  type?: string;
  category?: string;
  note?: string;
};
export type MappingField = keyof ColumnMapping;
export const MAPPING_FIELDS: readonly MappingField[] = [
  'date',
  'name',
  'amount',
  'debit',
  'credit',
  'type',
  'category',
  'note',
];

export type ReadOptions = {
  /** Headers for fields the file's header does not name in a way we recognise. */
  mapping?: Partial<ColumnMapping>;
  /** Order of day and month; detected from the dates when absent. */
  dateFormat?: DateFormat;
  /** `1.234,56` instead of `1,234.56`. */
  decimalComma?: boolean;
  /** For rows without a category (default Miscellaneous). */
  defaultCategory?: string;
  /** The importer's today: rows dated after today + 10 years are refused (before 1970 always are). */
  today?: string;
};

/** A row ready to be created. `line` is the file's line number, for reports. */
export type ImportRow = {
  line: number;
  date: string;
  name: string;
  category: string;
  isIncome: boolean;
  amountCents: number;
  note: string;
};

export type RowProblem = { line: number; reason: string };

/** The file cannot be read as a whole (no header, a column missing, dates that could be read two ways). */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/** Header spellings of the export (first) and of common bank exports, compared case-insensitively. */
const SYNONYMS: Record<MappingField, string[]> = {
  date: [
    'date',
    'transaction date',
    'booking date',
    'posting date',
    'posted date',
    'value date',
    'trans. date',
  ],
  name: [
    'name',
    'description',
    'payee',
    'merchant',
    'details',
    'narrative',
    'transaction description',
    'memo',
  ],
  amount: ['amount', 'value', 'amount (eur)', 'amount (usd)', 'transaction amount'],
  debit: ['debit', 'debit amount', 'withdrawal', 'withdrawals', 'money out', 'paid out', 'out'],
  credit: ['credit', 'credit amount', 'deposit', 'deposits', 'money in', 'paid in', 'in'],
  type: ['type', 'transaction type', 'debit/credit', 'cr/dr'],
  category: ['category'],
  note: ['note', 'notes', 'reference', 'comment'],
};

/** The mapping for a header: explicit choices first, then recognised spellings; each header used once. */
export function detectMapping(
  header: readonly string[],
  explicit: Partial<ColumnMapping> = {},
): ColumnMapping {
  const normalised = header.map((cell) => cell.trim().toLowerCase());
  const found: Partial<ColumnMapping> = {};
  const taken = new Set<string>();
  for (const [field, column] of Object.entries(explicit) as [MappingField, string | undefined][]) {
    if (column === undefined) continue;
    if (!normalised.includes(column.trim().toLowerCase())) {
      throw new ImportFileError(
        `The file has no column "${column}" (for ${field}). Its columns: ${header.join(', ')}`,
      );
    }
    found[field] = column.trim().toLowerCase();
    taken.add(found[field]);
  }
  for (const field of MAPPING_FIELDS) {
    if (found[field] !== undefined) continue;
    const column = SYNONYMS[field].find((spelling) => normalised.includes(spelling) && !taken.has(spelling));
    if (column) {
      found[field] = column;
      taken.add(column);
    }
  }
  const missing = [
    found.date ? null : 'date',
    found.name ? null : 'name',
    found.amount || found.debit || found.credit ? null : 'amount (or debit/credit)',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new ImportFileError(
      `Could not find the ${missing.join(', ')} column in: ${header.join(', ')}. Name it with a mapping, e.g. date="Booking date",name=Payee,amount=Amount.`,
    );
  }
  return found as ColumnMapping;
}

/**
 * Reads a CSV (Paisable's own export, or a bank's) into rows to create, and rows refused with the reason.
 * Each row is checked with the same contract the server applies, so a preview shows the server's messages.
 */
export function readImportFile(text: string, options: ReadOptions = {}) {
  const [headerRecord, ...records] = parseCsv(text, detectDelimiter(text));
  if (!headerRecord) throw new ImportFileError('The file is empty.');
  const mapping = detectMapping(headerRecord.cells, options.mapping);
  const index = (field: MappingField) => {
    const column = mapping[field];
    return column === undefined
      ? -1
      : headerRecord.cells.findIndex((cell) => cell.trim().toLowerCase() === column);
  };
  const columns = Object.fromEntries(MAPPING_FIELDS.map((field) => [field, index(field)])) as Record<
    MappingField,
    number
  >;
  const cellOf = (cells: string[], field: MappingField) =>
    columns[field] < 0 ? '' : unescapeFormula((cells[columns[field]] ?? '').trim());

  const dateFormat =
    options.dateFormat ?? detectDateFormat(records.map((record) => cellOf(record.cells, 'date')));
  const rows: ImportRow[] = [];
  const rejected: RowProblem[] = [];

  for (const { line, cells } of records) {
    const problem = (reason: string) => rejected.push({ line, reason });
    const dateText = cellOf(cells, 'date');
    const date = parseBankDate(dateText, dateFormat ?? 'ymd');
    if (!date) {
      problem(
        dateFormat || !/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(dateText)
          ? `Date "${dateText}" is not a date.`
          : `Date "${dateText}" could be day/month or month/day: choose the date format.`,
      );
      continue;
    }
    const money = readMoney(cells, cellOf, columns, options.decimalComma ?? false);
    if (!money.ok) {
      problem(money.message);
      continue;
    }
    const candidate = {
      name: cellOf(cells, 'name'),
      category: cellOf(cells, 'category') || options.defaultCategory || FALLBACK_CATEGORY,
      amount: money.cents / 100,
      isIncome: money.isIncome,
      date,
      note: cellOf(cells, 'note'),
    };
    const checked = createTransactionInput.safeParse(candidate);
    if (!checked.success) {
      problem(checked.error.issues[0]?.message ?? 'Invalid row.');
      continue;
    }
    const outside = options.today ? dateRangeProblem([date], options.today) : null;
    if (outside) {
      problem(outside);
      continue;
    }
    const { name, category, isIncome, note } = checked.data;
    rows.push({ line, date, name, category, isIncome, amountCents: money.cents, note });
  }
  return { mapping, dateFormat, rows, rejected };
}

type Money = { ok: true; cents: number; isIncome: boolean } | { ok: false; message: string };

function readMoney(
  cells: string[],
  cellOf: (cells: string[], field: MappingField) => string,
  columns: Record<MappingField, number>,
  decimalComma: boolean,
): Money {
  const typeText = cellOf(cells, 'type');
  const type = typeText ? parseType(typeText) : undefined;
  if (typeText && type === undefined)
    return { ok: false, message: `Type "${typeText}" is neither income nor expense.` };

  if (columns.amount >= 0 && cellOf(cells, 'amount') !== '') {
    const amount = parseBankAmount(cellOf(cells, 'amount'), decimalComma);
    if (!amount.ok) return amount;
    // A type column decides; otherwise the sign does (banks show money out as negative).
    return { ok: true, cents: amount.cents, isIncome: type ?? !amount.negative };
  }
  const debit = cellOf(cells, 'debit');
  const credit = cellOf(cells, 'credit');
  if (debit !== '' && credit !== '') return { ok: false, message: 'Both debit and credit are filled in.' };
  if (debit === '' && credit === '') return { ok: false, message: 'Amount is required.' };
  const amount = parseBankAmount(debit || credit, decimalComma);
  if (!amount.ok) return amount;
  return { ok: true, cents: amount.cents, isIncome: credit !== '' };
}
