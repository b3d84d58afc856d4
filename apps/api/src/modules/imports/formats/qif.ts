import { parseBankAmount } from '@paisable/contracts/csv-import';
import { isCalendarDate, SPLIT_LINES_MAX, SPLIT_LINES_MIN } from '@paisable/contracts/rules';

import { ImportError } from '../errors';
import type { FormatResult, ImportProblem, StatementRow } from '../model';
import { accountList, finishRow } from '../rows';
import { isTransactionSection, readQifRecords, type QifRecord } from './qif-records';

export type QifOptions = { dateFormat?: 'dmy' | 'mdy' };

const SECTION_KINDS: Record<string, string> = {
  bank: 'Bank account',
  cash: 'Cash',
  ccard: 'Credit card',
  'oth a': 'Asset',
  'oth l': 'Liability',
};

/** Quicken's dates: `6/ 1/94`, `6/1'04` (an apostrophe marks 2000+), `06/01/2004`, `1.6.2004`, `2004-06-01`. */
const QIF_DATE = /^(\d{1,4})\s*[/.-]\s*(\d{1,2})\s*(?:[/.-]|'|’)\s*(\d{1,4})$/;

/**
 * QIF as Quicken documents it. A split transaction (S/E/$ lines) is imported as ONE row with its total
 * (T), the movement the bank sees (so it matches the bank's own OFX/CSV export of the same day in the
 * duplicate check), split into its lines when they add up to the total exactly, each in the total's
 * direction. Quicken allows lines that do not add up, or that mix directions or name transfers: such a
 * record keeps its total and lists the lines in its note instead, so no money is made up. Dates are month/day (Quicken's US layout) unless a date proves day/month or the user
 * says so.
 */
export function parseQif(text: string, options: QifOptions = {}): FormatResult {
  const records = readQifRecords(text).filter((record) => isTransactionSection(record.section));
  if (records.length === 0) {
    throw new ImportError(
      'malformed',
      'The QIF file holds no bank, cash or card transactions (no !Type:Bank, CCard, Cash, Oth A or Oth L records).',
    );
  }
  const notices: string[] = [];
  const problems: ImportProblem[] = [];
  const skippedSections = new Set(readQifSectionsSkipped(text));
  if (skippedSections.size > 0) {
    notices.push(`Sections without bank transactions were not imported: ${[...skippedSections].join(', ')}.`);
  }
  const dates = records.map((record) => field(record, 'D'));
  const order = options.dateFormat ?? dayMonthOrder(dates);
  if (!options.dateFormat && order === 'mdy' && dates.every((date) => !proves(date, 'mdy'))) {
    notices.push(
      'No date in the file tells day/month from month/day; dates were read as month/day (Quicken’s US layout).',
    );
  }
  const decimalComma = amountsUseDecimalComma(records);
  const accounts = accountList();
  let openingBalances = 0;
  let zero = 0;

  for (const record of records) {
    const name = record.account?.name;
    const account = accounts.get(`${name ?? ''}|${record.section}`, {
      name,
      kind: SECTION_KINDS[record.section],
    });
    const payee = field(record, 'P');
    const category = field(record, 'L');
    if (/^opening balance$/i.test(payee) && category.startsWith('[')) {
      openingBalances += 1;
      continue;
    }
    const row = readRecord(record, order, decimalComma);
    if (row === 'zero') zero += 1;
    else if ('message' in row) problems.push({ ...row, account: account.key });
    else account.rows.push(row);
  }
  if (zero > 0) notices.push(`${zero} transaction(s) of amount zero were left out: they move no money.`);
  if (openingBalances > 0)
    notices.push('Opening balance records were skipped: they are balances, not transactions.');
  return { accounts: accounts.all(), problems, notices };
}

function readRecord(
  record: QifRecord,
  order: 'dmy' | 'mdy',
  decimalComma: boolean,
): StatementRow | ImportProblem | 'zero' {
  const where = { line: record.line };
  const dateText = field(record, 'D');
  const date = qifDate(dateText, order);
  if (!date) return { ...where, message: `Date "${dateText}" is not a date.` };
  const amountText = field(record, 'T') || field(record, 'U');
  if (amountText === '') return { ...where, message: 'The transaction has no amount (a T line).' };
  // Quicken writes 0.00 for a voided cheque or a memo-only record: no money moved.
  if (/^[+-]?[0,.\s]*0[0,.\s]*$/.test(amountText)) return 'zero';
  const amount = parseBankAmount(amountText, decimalComma);
  if (!amount.ok)
    return { ...where, message: `Amount "${amountText}" ${amount.message.replace(/^Amount /, '')}` };

  const category = field(record, 'L');
  const memo = field(record, 'M');
  const lines = splitRecordLines(record, amount.cents, amount.negative, decimalComma);
  const splits = lines ? '' : splitLines(record);
  const number = field(record, 'N');
  const row = finishRow({
    date,
    amountCents: amount.cents,
    isIncome: !amount.negative,
    names: [field(record, 'P'), memo],
    fallbackName: number ? `Check ${number}` : undefined,
    note: [field(record, 'P') ? memo : '', splits].filter(Boolean).join(' — '),
    // `[Account]` is a transfer, not a category; `Cat:Sub/Class` keeps its top category (ours are flat).
    ...(category && !category.startsWith('[') && category !== '--Split--'
      ? { category: category.split('/')[0]?.split(':')[0] }
      : {}),
    source: where,
  });
  if (lines) row.splits = lines;
  return row;
}

/**
 * The record's S/E/$ lines as split lines when they split the total exactly: 2 to 50 lines, each a category
 * (not a `[transfer]`) and a non-zero amount in the total's direction, adding up to it to the cent.
 * Undefined otherwise (the lines then go to the note).
 */
function splitRecordLines(
  record: QifRecord,
  totalCents: number,
  negative: boolean,
  decimalComma: boolean,
): StatementRow['splits'] {
  const lines: { category: string; amountText: string; note: string }[] = [];
  for (const f of record.fields) {
    if (f.code === 'S') lines.push({ category: f.value, amountText: '', note: '' });
    const last = lines[lines.length - 1];
    if (last && f.code === '$') last.amountText = f.value;
    if (last && f.code === 'E') last.note = f.value;
  }
  if (lines.length < SPLIT_LINES_MIN || lines.length > SPLIT_LINES_MAX) return undefined;
  const split: NonNullable<StatementRow['splits']> = [];
  for (const line of lines) {
    const category = line.category.split('/')[0]?.split(':')[0]?.trim() ?? '';
    const amount = parseBankAmount(line.amountText, decimalComma);
    if (!category || category.startsWith('[') || !amount.ok || amount.negative !== negative) return undefined;
    if (amount.cents === 0) return undefined;
    split.push({ category, amountCents: amount.cents, note: line.note });
  }
  const sum = split.reduce((cents, line) => cents + line.amountCents, 0);
  return sum === totalCents ? split : undefined;
}

/** "Split: Groceries −20.00 (milk); Household −5.00" */
function splitLines(record: QifRecord): string {
  const parts: string[] = [];
  for (const f of record.fields) {
    if (f.code === 'S') parts.push(f.value);
    else if ((f.code === '$' || f.code === 'E') && parts.length > 0) {
      const last = parts.length - 1;
      parts[last] = f.code === '$' ? `${parts[last]} ${f.value}` : `${parts[last]} (${f.value})`;
    }
  }
  return parts.length > 0 ? `Split: ${parts.join('; ')}` : '';
}

const field = (record: QifRecord, code: string) => record.fields.find((f) => f.code === code)?.value ?? '';

export function qifDate(text: string, order: 'dmy' | 'mdy'): string | null {
  const match = QIF_DATE.exec(text.trim());
  if (!match) return null;
  const [a, b, c] = [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
  const [year, month, day] = a.length === 4 ? [a, b, c] : order === 'dmy' ? [c, b, a] : [c, a, b];
  // Quicken writes `'` before the year from 2000 on; a two-digit year after `/` is 19xx from 70 up.
  const century = /['’]/.test(text) || Number(year) < 70 ? 2000 : 1900;
  const fullYear = year.length <= 2 ? String(century + Number(year)) : year;
  const iso = `${fullYear.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

function proves(text: string, order: 'dmy' | 'mdy'): boolean {
  const match = QIF_DATE.exec(text.trim());
  if (!match || (match[1] ?? '').length === 4) return false;
  return Number(order === 'dmy' ? match[1] : match[2]) > 12;
}

function dayMonthOrder(dates: string[]): 'dmy' | 'mdy' {
  return dates.some((date) => proves(date, 'dmy')) && !dates.some((date) => proves(date, 'mdy'))
    ? 'dmy'
    : 'mdy';
}

/** `-1.234,56` style when some amount ends in a comma and two digits and none in a point and two. */
function amountsUseDecimalComma(records: QifRecord[]): boolean {
  const amounts = records.map((record) => field(record, 'T') || field(record, 'U'));
  return amounts.some((a) => /,\d{1,2}$/.test(a)) && !amounts.some((a) => /\.\d{1,2}$/.test(a));
}

function readQifSectionsSkipped(text: string): string[] {
  const found = text.match(/^!Type:\s*(.+?)\s*$/gim) ?? [];
  return found
    .map((header) => header.replace(/^!Type:\s*/i, '').trim())
    .filter((section) => !isTransactionSection(section.toLowerCase()));
}
