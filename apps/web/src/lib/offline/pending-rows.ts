import {
  centsToNumber,
  findIsoCurrency,
  minorToNumber,
  parseAmountInCurrency,
  parseAmountToCents,
} from '@paisable/contracts/rules';

import type { QueuedChange } from './outbox';

/** How a row shown in a list waits on the device: added, changed or deleted with no network. */
export type PendingMark = {
  change: 'added' | 'edited' | 'deleted';
  /** The server would not take it: the reason, until the user decides. */
  problem?: string;
};

/** The fields of a row the lists show (a list item, or the dashboard's recent transactions). */
type RowLike = {
  id: string;
  name: string;
  category: string;
  amount: number;
  amountCents: number;
  /** The account's currency ('' while unknown: the display currency is shown). */
  currency: string;
  isIncome: boolean;
  date: string;
  note: string;
  accountId: string;
  tags?: string[];
};

/** The id a queued new row has until the server gives it one. */
export function queuedRowId(seq: number): string {
  return `queued-${seq}`;
}

/** The queue entry behind a row added offline, or undefined for a row the server has. */
export function queuedSeqOf(id: string): number | undefined {
  const match = /^queued-(\d+)$/.exec(id);
  return match ? Number(match[1]) : undefined;
}

/**
 * Each account's currency by id, and under '' the currency of the account a row that names none goes to
 * (the first open one, as the server picks it).
 */
export type AccountCurrencies = ReadonlyMap<string, string>;

export function accountCurrencies(
  accounts: readonly { id: string; currency: string; closed: boolean }[],
): AccountCurrencies {
  const byId = new Map(accounts.map((account) => [account.id, account.currency]));
  const first = accounts.find((account) => !account.closed);
  if (first) byId.set('', first.currency);
  return byId;
}

function asRow<T extends RowLike>(
  template: T,
  input: Record<string, unknown>,
  { today, currencies }: { today: string; currencies: AccountCurrencies },
): T {
  const accountId = typeof input.accountId === 'string' ? input.accountId : template.accountId;
  const currency = currencies.get(accountId) ?? template.currency;
  // An amount the currency refuses keeps the row's (the server will refuse it and say why).
  const { amountCents, amount } = amountInCurrency(input.amount, currency) ?? template;
  return {
    ...template,
    name: typeof input.name === 'string' ? input.name : template.name,
    category: typeof input.category === 'string' ? input.category : template.category,
    amountCents,
    amount,
    currency,
    isIncome: input.isIncome === true,
    date: typeof input.date === 'string' && input.date ? input.date : template.date || today,
    note: typeof input.note === 'string' ? input.note : template.note,
    accountId,
    ...(Array.isArray(input.tags) ? { tags: input.tags as string[] } : {}),
  };
}

/**
 * A typed amount in the minor unit of the currency (¥1500 is 1500, 1.234 dinars 1234), as the server will
 * store it; undefined when the currency refuses it. A code the app does not know (the account's currency
 * not loaded yet, '') reads it as hundredths.
 */
export function amountInCurrency(
  typed: unknown,
  currency: string,
): { amountCents: number; amount: number } | undefined {
  if (findIsoCurrency(currency)) {
    const read = parseAmountInCurrency(typed, currency);
    return read.ok ? { amountCents: read.minor, amount: minorToNumber(read.minor, currency) } : undefined;
  }
  const read = parseAmountToCents(typed);
  return read.ok ? { amountCents: read.cents, amount: centsToNumber(read.cents) } : undefined;
}

/**
 * The rows to show with what waits on the device laid over them: rows added offline first (newest
 * first, as the lists sort by default), edits shown with the new values, deletes still shown until sent;
 * each such row gets a pending mark, its amount in its account's currency (`currencies`). `blank` is a
 * row with every field empty, for the added ones.
 * Edits and deletes apply wherever their row is shown (any page); `keepAdded` says which added rows belong
 * in this view (the first page of a list, and only those its filters would keep).
 */
export function withPendingChanges<T extends RowLike>(
  rows: readonly T[],
  queued: readonly QueuedChange[],
  blank: T,
  { today, currencies }: { today: string; currencies: AccountCurrencies },
  keepAdded: (row: T) => boolean = () => true,
): { rows: T[]; marks: Map<string, PendingMark> } {
  const marks = new Map<string, PendingMark>();
  const mark = (id: string, change: PendingMark['change'], entry: QueuedChange) =>
    marks.set(id, { change, ...(entry.problem ? { problem: entry.problem.message } : {}) });
  const edits = new Map<string, QueuedChange>();
  const added: T[] = [];
  for (const entry of queued) {
    if (entry.kind === 'create') {
      const id = queuedRowId(entry.seq);
      const row = asRow({ ...blank, id }, entry.input, { today, currencies });
      if (!keepAdded(row)) continue;
      added.unshift(row);
      mark(id, 'added', entry);
    } else {
      edits.set(entry.input.id, entry);
    }
  }
  const shown = rows.map((row) => {
    const edit = edits.get(row.id);
    if (!edit) return row;
    mark(row.id, edit.kind === 'delete' ? 'deleted' : 'edited', edit);
    return edit.kind === 'update' ? asRow(row, edit.input, { today, currencies }) : row;
  });
  return { rows: [...added, ...shown], marks };
}
