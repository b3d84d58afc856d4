import { and, asc, eq, inArray, not } from 'drizzle-orm';

import { hundredthsInCurrency } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { accounts, transactions, type ReceiptRow } from '../../db/schema';
import { accountForWrite } from '../transactions/amounts';
import { printedCurrencyOf } from './extract';

/** A reading's hundredths in minor units of the currency (see hundredthsInCurrency); null stays null. */
export function hundredthsIn(hundredths: number | null, currency: string): number | null {
  return hundredths === null ? null : hundredthsInCurrency(hundredths, currency);
}

/**
 * Where a receipt's expense goes: the account (null when the user has none open), its currency, and the
 * saved expense's amount in it (or null). `paidIn` only once saved: the currency the expense says it was
 * paid in, null for the account's own; absent while the receipt has no expense.
 */
export type ReceiptAccount = {
  accountId: string | null;
  currency: string;
  chargedMinor: number | null;
  paidIn?: string | null;
};

/**
 * The account each receipt's expense goes to, by receipt id: the saved expense's (with its amount and the
 * currency it was paid in), else where a new one would go (see accountOfUnsaved). Two small reads however
 * many receipts.
 */
export async function receiptAccountsOf(
  db: Queryable,
  userId: string,
  rows: readonly Pick<ReceiptRow, 'id' | 'transactionId' | 'accountId' | 'rawText'>[],
): Promise<Map<string, ReceiptAccount>> {
  const transactionIds = rows.flatMap((row) => (row.transactionId ? [row.transactionId] : []));
  const [open, saved] = await Promise.all([
    openAccountsOf(db, userId),
    transactionIds.length === 0
      ? []
      : db
          .select({
            id: transactions.id,
            accountId: transactions.accountId,
            currency: transactions.currency,
            amountCents: transactions.amountCents,
            originalCurrency: transactions.originalCurrency,
          })
          .from(transactions)
          .where(and(eq(transactions.userId, userId), inArray(transactions.id, transactionIds))),
  ]);
  const byTransaction = new Map(saved.map((row) => [row.id, row]));
  return new Map(
    rows.map((row) => {
      const expense = row.transactionId ? byTransaction.get(row.transactionId) : undefined;
      if (!expense) return [row.id, accountOfUnsaved(row, open)];
      const { accountId, currency, amountCents, originalCurrency } = expense;
      return [row.id, { accountId, currency, chargedMinor: amountCents, paidIn: originalCurrency }];
    }),
  );
}

type OpenAccount = { id: string; currency: string };

/** The user's open accounts, first (where a row naming none goes) first. */
function openAccountsOf(db: Queryable, userId: string): Promise<OpenAccount[]> {
  return db
    .select({ id: accounts.id, currency: accounts.currency })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), not(accounts.closed)))
    .orderBy(asc(accounts.position), asc(accounts.createdAt));
}

/**
 * Where the expense of a receipt not yet saved goes, and where its review opens: the account the user named
 * at upload, while it is open; else, for a receipt printed in another currency than the first account's, an
 * open account kept in that currency (a traveller's euro card pays a euro receipt, with nothing to
 * convert); else the first open account. A user without an open account records nothing; the display
 * currency is then as good as any.
 */
function accountOfUnsaved(
  row: Pick<ReceiptRow, 'accountId' | 'rawText'>,
  open: readonly OpenAccount[],
): ReceiptAccount {
  const [first] = open;
  const named = open.find((account) => account.id === row.accountId);
  const printedIn = first && !named ? printedCurrencyOf(row.rawText, first.currency) : undefined;
  const inPrinted =
    printedIn && printedIn !== first?.currency
      ? open.find((account) => account.currency === printedIn)
      : undefined;
  const account = named ?? inPrinted ?? first;
  return { accountId: account?.id ?? null, currency: account?.currency ?? 'USD', chargedMinor: null };
}

/**
 * The account a receipt's expense is recorded in by the reader: the one named at upload while it is open
 * (closed or deleted since, the receipt falls back), else the first open account.
 */
export async function accountForReceipt(
  db: Queryable,
  userId: string,
  namedId: string | null,
): Promise<OpenAccount> {
  if (namedId) {
    const [named] = await db
      .select({ id: accounts.id, currency: accounts.currency })
      .from(accounts)
      .where(and(eq(accounts.id, namedId), eq(accounts.userId, userId), not(accounts.closed)))
      // Closed meanwhile, it would refuse the expense: a close waits until the expense is in.
      .for('share');
    if (named) return named;
  }
  return accountForWrite(db, userId, undefined);
}
