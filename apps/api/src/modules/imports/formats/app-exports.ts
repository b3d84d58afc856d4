import { CATEGORY_MAX_LENGTH } from '@paisable/contracts';
import {
  detectDateFormat,
  detectDelimiter,
  parseBankAmount,
  parseBankDate,
  parseCsv,
  unescapeFormula,
  type DateFormat,
} from '@paisable/contracts/csv-import';

import { ImportError } from '../errors';
import type { FormatResult, ImportProblem, StatementAccount } from '../model';
import { finishRow } from '../rows';
import { APP_DIALECTS, AppRowProblem, type AppFormat, type AppMovement } from './app-dialects';

export type AppExportOptions = { dateFormat?: DateFormat; decimalComma?: boolean };

const ORDER_WORDS: Record<DateFormat, string> = { ymd: 'year-month-day', dmy: 'day/month', mdy: 'month/day' };

/**
 * A decimal comma when the amounts say so: some end in ",dd" and none in ".dd" (YNAB writes amounts in
 * the budget's currency format: "12,34 €" in a euro budget).
 */
function decimalCommaOf(texts: readonly string[]): boolean {
  const comma = texts.some((text) => /\d,\d{2}\D*$/.test(text));
  const dot = texts.some((text) => /\d\.\d{2}\D*$/.test(text));
  return comma && !dot;
}

/**
 * Firefly III writes amounts with the currency's decimals and sometimes more ("12.340000000000"):
 * zeros past the cents are dropped, any other digit there is refused as a fraction of a cent.
 */
const trimExtraZeros = (text: string) => text.replace(/(\.\d{2})0+$/, '$1');

/**
 * Another app's CSV export (app-dialects.ts): one account per value of its account column (each named
 * as in the app, so it finds the user's account of that name or proposes one), each row with the app's
 * category. A row that cannot be read is a problem of its account, never skipped in silence.
 */
export function parseAppExport(
  format: AppFormat,
  text: string,
  options: AppExportOptions = {},
): FormatResult {
  const dialect = APP_DIALECTS[format];
  const [header, ...records] = parseCsv(text, detectDelimiter(text));
  if (!header) throw new ImportError('empty', 'The file is empty.');
  const columns = new Map(header.cells.map((cell, index) => [cell.trim().toLowerCase(), index]));
  const cellOf = (cells: readonly string[]) => (name: string) => {
    const index = columns.get(name);
    return index === undefined ? '' : unescapeFormula((cells[index] ?? '').trim());
  };

  const decidedOrder =
    options.dateFormat ?? detectDateFormat(records.map((record) => cellOf(record.cells)(dialect.dateColumn)));
  const order = decidedOrder ?? dialect.dateOrder;
  const amountTexts = records.flatMap((record) => dialect.amountColumns.map(cellOf(record.cells)));
  const decimalComma = options.decimalComma ?? decimalCommaOf(amountTexts);
  const amount = (text: string) => {
    // "$0.00" is the empty side of YNAB's Outflow/Inflow pair (the amount reader takes only real amounts).
    if (/^[^1-9]*0[^1-9]*$/.test(text)) return 0;
    const read = parseBankAmount(trimExtraZeros(text), decimalComma);
    if (!read.ok) throw new AppRowProblem(`Amount "${text}": ${read.message.replace(/\.$/, '')}.`);
    return read.negative ? -read.cents : read.cents;
  };

  const accounts = new Map<string, StatementAccount>();
  const accountFor = (movement: AppMovement): StatementAccount => {
    const key = movement.account.toLowerCase();
    let account = accounts.get(key);
    if (!account) {
      account = {
        key: `account-${accounts.size + 1}`,
        label: movement.account,
        name: movement.account,
        ...(movement.identifier ? { identifier: movement.identifier } : {}),
        ...(movement.currency ? { currency: movement.currency.toUpperCase() } : {}),
        rows: [],
      };
      accounts.set(key, account);
    }
    return account;
  };

  const problems: ImportProblem[] = [];
  let splitParents = 0;
  let zeroRows = 0;
  let undatedRows = false;
  for (const { line, cells } of records) {
    const cell = cellOf(cells);
    let movements: AppMovement[];
    try {
      const result = dialect.read(cell, amount);
      if ('splitParent' in result) {
        splitParents += 1;
        continue;
      }
      movements = result;
    } catch (error) {
      if (!(error instanceof AppRowProblem)) throw error;
      const named = accounts.get(
        (cell('account') || cell('account name') || cell('source_name')).toLowerCase(),
      );
      problems.push({ line, message: error.message, ...(named ? { account: named.key } : {}) });
      continue;
    }
    for (const movement of movements) {
      if (movement.account === '') {
        problems.push({
          line,
          message: `The row names no account (the ${dialect.label} export's account column is empty).`,
        });
        continue;
      }
      const account = accountFor(movement);
      const date = parseBankDate(movement.date, order);
      if (!date) {
        problems.push({ line, account: account.key, message: `Date "${movement.date}" is not a date.` });
        continue;
      }
      if (!/^\d{4}/.test(movement.date.trim())) undatedRows = true;
      if (movement.opening) {
        account.opening = { date, cents: movement.cents };
        continue;
      }
      if (movement.cents === 0) {
        zeroRows += 1;
        continue;
      }
      const category = movement.category ?? '';
      const row = finishRow({
        date,
        amountCents: Math.abs(movement.cents),
        isIncome: movement.cents > 0,
        names: [movement.payee],
        note: movement.note ?? '',
        ...(category && category.length <= CATEGORY_MAX_LENGTH ? { category } : {}),
        source: { line },
      });
      if (category.length > CATEGORY_MAX_LENGTH) {
        (row.warnings ??= []).push(
          `The category "${category.slice(0, 40)}…" is longer than ${CATEGORY_MAX_LENGTH} characters and was not kept.`,
        );
      }
      account.rows.push(row);
    }
  }

  const notices = [
    `Read as a ${dialect.label} export: one account per account of ${dialect.label}, with its categories.`,
  ];
  if (!decidedOrder && undatedRows) {
    notices.push(
      `Dates read as ${ORDER_WORDS[order]} (${dialect.label}'s usual layout): choose the date format if they are not.`,
    );
  }
  if (splitParents > 0) {
    notices.push(
      `${splitParents} split ${splitParents === 1 ? 'transaction is' : 'transactions are'} imported as ${splitParents === 1 ? 'its lines' : 'their lines'}, each with its own amount and category.`,
    );
  }
  if (zeroRows > 0) {
    notices.push(
      `${zeroRows} ${zeroRows === 1 ? 'row' : 'rows'} of amount zero moved no money and ${zeroRows === 1 ? 'was' : 'were'} left out.`,
    );
  }
  return { accounts: [...accounts.values()], problems, notices };
}
