import { isCalendarDate } from '@paisable/contracts';
import { parseBankAmount } from '@paisable/contracts/csv-import';

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
 * (T), the split lines listed in the note: the app has no split transactions; the total is the one
 * movement the bank sees, so it matches the bank's own OFX/CSV export of the same day in the duplicate
 * check; and Quicken allows split lines that do not add up to the total, which would import money that
 * never moved. Dates are month/day (Quicken's US layout) unless a date proves day/month or the user
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
  const splits = splitLines(record);
  const number = field(record, 'N');
  return finishRow({
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
