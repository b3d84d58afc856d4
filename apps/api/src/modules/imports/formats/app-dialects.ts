import type { DateFormat } from '@paisable/contracts/csv-import';

/**
 * The CSV exports of the budgeting apps people switch from, each told apart by its header (compared
 * without case). Column layouts follow each app's own documentation of its export:
 * - YNAB: "Export budget data" → the register CSV (support.ynab.com, "Exporting your budget data");
 *   YNAB 4 ("classic") wrote the same columns with Master/Sub Category and Running Balance.
 * - Actual Budget: the transactions list's "Export" (its exportQueryToCSV), one row per transaction,
 *   the amount signed. A split is a parent row, Amount 0 with the total in Split_Amount and "(SPLIT INTO
 *   n)" before its notes, then its n lines, each "(SPLIT i OF n)" with its own amount and category.
 * - Firefly III: "Export data" (docs.firefly-iii.org, "Export data"), snake_case columns, `type` and a
 *   signed amount, one row per journal (a transfer names both of the user's accounts).
 * - Mint: "Export all transactions" (Intuit's help "Export your Mint transactions"): a positive Amount,
 *   "Transaction Type" debit/credit, "Account Name".
 */
export type AppFormat = 'ynab' | 'actual' | 'firefly' | 'mint';

/** One movement of money in one of the user's accounts, as a row of the export states it. */
export type AppMovement = {
  account: string;
  /** The account's IBAN where the export states it (Firefly III). */
  identifier?: string;
  currency?: string;
  /** The date cell as written. */
  date: string;
  /** Signed: negative is money out of `account`. */
  cents: number;
  payee: string;
  note?: string;
  category?: string;
  /** The account's opening balance (Firefly III's "Opening balance" journal), not a movement. */
  opening?: true;
};

/**
 * What a dialect returns for one row: its movements, or nothing when the row is the parent of a split
 * (its lines follow and carry the money, each in its own category).
 */
export type AppRowResult = AppMovement[] | { splitParent: true };

export type AppDialect = {
  label: string;
  /** Headers every export of the app has (lower case); all of them identify it. */
  required: string[];
  dateColumn: string;
  /** Day/month order when the dates do not decide it: the app's default layout. */
  dateOrder: DateFormat;
  /** Amount cells, to tell a decimal comma from a decimal point when the user has not said. */
  amountColumns: string[];
  read: (cell: (header: string) => string, amount: (text: string) => number) => AppRowResult;
};

/** A row the export states in a way that cannot be read: the message names the cell. */
export class AppRowProblem extends Error {}

const YNAB_INCOME_GROUPS = new Set(['inflow', 'income']);

const ynab: AppDialect = {
  label: 'YNAB',
  required: ['account', 'date', 'payee', 'outflow', 'inflow'],
  dateColumn: 'date',
  // YNAB writes dates in the user's chosen format; US accounts (the default) write month/day.
  dateOrder: 'mdy',
  amountColumns: ['outflow', 'inflow'],
  read(cell, amount) {
    const outflow = cell('outflow') === '' ? 0 : amount(cell('outflow'));
    const inflow = cell('inflow') === '' ? 0 : amount(cell('inflow'));
    // "Inflow: Ready to Assign" (YNAB 4: "Income: Available this month") is money to budget, not a category.
    const group = cell('category group') || cell('master category');
    const category = YNAB_INCOME_GROUPS.has(group.toLowerCase())
      ? ''
      : cell('sub category') || cell('category');
    return [
      {
        account: cell('account'),
        date: cell('date'),
        cents: inflow - outflow,
        payee: cell('payee'),
        note: cell('memo'),
        category,
      },
    ];
  },
};

const actual: AppDialect = {
  label: 'Actual Budget',
  required: ['account', 'date', 'payee', 'notes', 'category', 'amount'],
  dateColumn: 'date',
  dateOrder: 'ymd',
  amountColumns: ['amount', 'split_amount'],
  read(cell, amount) {
    const notes = cell('notes');
    // The lines after a split's parent hold its parts, so the parent itself moves nothing here.
    if (/^\(SPLIT INTO \d+\)/.test(notes)) return { splitParent: true };
    return [
      {
        account: cell('account'),
        date: cell('date'),
        cents: amount(cell('amount')),
        payee: cell('payee'),
        // "(SPLIT 2 OF 3)" numbers a line within Actual; the user's note is what follows it.
        note: notes.replace(/^\(SPLIT \d+ OF \d+\)\s*/, ''),
        category: cell('category'),
      },
    ];
  },
};

/** Firefly III's kinds of account that are the user's own (assets and liabilities), not payees. */
const FIREFLY_OWN = /asset|default|cash|loan|debt|mortgage|liabilit/i;

const firefly: AppDialect = {
  label: 'Firefly III',
  required: ['type', 'amount', 'description', 'date', 'source_name', 'destination_name'],
  dateColumn: 'date',
  dateOrder: 'ymd',
  amountColumns: ['amount'],
  read(cell, amount) {
    const type = cell('type').toLowerCase();
    const cents = Math.abs(amount(cell('amount')));
    const common = {
      date: cell('date'),
      note: cell('notes'),
      category: cell('category'),
      ...(cell('currency_code') ? { currency: cell('currency_code') } : {}),
    };
    const side = (which: 'source' | 'destination') => ({
      account: cell(`${which}_name`),
      ...(cell(`${which}_iban`)
        ? { identifier: cell(`${which}_iban`).replace(/\s+/g, '').toUpperCase() }
        : {}),
    });
    const out = {
      ...common,
      ...side('source'),
      cents: -cents,
      payee: cell('description') || cell('destination_name'),
    };
    const into = {
      ...common,
      ...side('destination'),
      cents,
      payee: cell('description') || cell('source_name'),
    };
    switch (type) {
      case 'withdrawal':
        return [out];
      case 'deposit':
        return [into];
      // Both accounts are the user's: one leg each, paired as one transfer once both are imported.
      case 'transfer':
        return [out, into];
      case 'opening balance':
      case 'reconciliation': {
        const ownIsSource =
          FIREFLY_OWN.test(cell('source_type')) && !/initial|reconciliation/i.test(cell('source_type'));
        const movement = ownIsSource ? out : into;
        return [type === 'opening balance' ? { ...movement, opening: true } : movement];
      }
      default:
        throw new AppRowProblem(
          `Type "${cell('type')}" is none of Withdrawal, Deposit, Transfer, Opening balance or Reconciliation.`,
        );
    }
  },
};

const mint: AppDialect = {
  label: 'Mint',
  required: ['date', 'description', 'original description', 'amount', 'transaction type', 'account name'],
  dateColumn: 'date',
  dateOrder: 'mdy',
  amountColumns: ['amount'],
  read(cell, amount) {
    const type = cell('transaction type').toLowerCase();
    if (type !== 'debit' && type !== 'credit') {
      throw new AppRowProblem(`Transaction Type "${cell('transaction type')}" is neither debit nor credit.`);
    }
    const cents = Math.abs(amount(cell('amount')));
    const original = cell('original description');
    const notes = [cell('notes'), original !== cell('description') ? original : ''].filter(Boolean);
    return [
      {
        account: cell('account name'),
        date: cell('date'),
        cents: type === 'credit' ? cents : -cents,
        payee: cell('description') || original,
        note: notes.join(' — '),
        category: cell('category'),
      },
    ];
  },
};

export const APP_DIALECTS: Record<AppFormat, AppDialect> = { ynab, actual, firefly, mint };

/** The app whose export a CSV header is, or null for any other CSV (a bank's, Paisable's own). */
export function appFormatOf(header: readonly string[]): AppFormat | null {
  const names = new Set(header.map((cell) => cell.trim().toLowerCase()));
  for (const format of ['firefly', 'mint', 'ynab', 'actual'] as const) {
    if (APP_DIALECTS[format].required.every((column) => names.has(column))) return format;
  }
  return null;
}
