import { and, eq, isNull, lte } from 'drizzle-orm';

import {
  subtractCentsTotals,
  toCentsTotal,
  type ReconcileInput,
  type Reconciliation,
} from '@paisable/contracts';

import { transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { signedMinorIn } from '../transactions/amounts';
import { balanceInTransaction } from './balances';
import { findOwnAccount } from './service';

/**
 * The balance the bank states for a day, held against the account's balance in the app on that day
 * (YNAB's and Actual's reconciliation). When they match and the user confirms, every row of the account
 * up to that day is marked cleared: it agrees with the bank, and the app asks before it changes.
 */
export async function reconcileAccount(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id, date, statementBalance, confirm }: ReconcileInput & { userId: string },
): Promise<Reconciliation> {
  return db.transaction(async (tx) => {
    const account = await findOwnAccount(tx, userId, id);
    const balanceCents = (await balanceInTransaction(tx, { userId, id, date })) ?? '0';
    const statement = toCentsTotal(signedMinorIn(statementBalance, account.currency));
    const differenceCents = subtractCentsTotals(statement, balanceCents);
    const matches = differenceCents === '0';
    let clearedCount = 0;
    if (matches && confirm) {
      const cleared = await tx
        .update(transactions)
        .set({ cleared: true })
        .where(
          and(
            eq(transactions.userId, userId),
            eq(transactions.accountId, id),
            isNull(transactions.deletedAt),
            eq(transactions.cleared, false),
            lte(transactions.occurredOn, date),
          ),
        )
        .returning({ id: transactions.id });
      clearedCount = cleared.length;
    }
    return { date, balanceCents, statementCents: statement, differenceCents, matches, clearedCount };
  });
}
