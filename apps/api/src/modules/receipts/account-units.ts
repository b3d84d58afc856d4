import { and, asc, eq, inArray, not } from 'drizzle-orm';

import { hundredthsInCurrency } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { accounts, transactions, type ReceiptRow } from '../../db/schema';

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
 * currency it was paid in), else the user's first open account (where a new one is recorded). Two small
 * reads however many receipts.
 */
export async function receiptAccountsOf(
  db: Queryable,
  userId: string,
  rows: readonly Pick<ReceiptRow, 'id' | 'transactionId'>[],
): Promise<Map<string, ReceiptAccount>> {
  const transactionIds = rows.flatMap((row) => (row.transactionId ? [row.transactionId] : []));
  const [[first], saved] = await Promise.all([
    db
      .select({ id: accounts.id, currency: accounts.currency })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), not(accounts.closed)))
      .orderBy(asc(accounts.position), asc(accounts.createdAt))
      .limit(1),
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
  // A user without an open account records nothing; the user's display currency is then as good as any.
  const fallback: ReceiptAccount = {
    accountId: first?.id ?? null,
    currency: first?.currency ?? 'USD',
    chargedMinor: null,
  };
  return new Map(
    rows.map((row) => {
      const expense = row.transactionId ? byTransaction.get(row.transactionId) : undefined;
      if (!expense) return [row.id, fallback];
      const { accountId, currency, amountCents, originalCurrency } = expense;
      return [row.id, { accountId, currency, chargedMinor: amountCents, paidIn: originalCurrency }];
    }),
  );
}
