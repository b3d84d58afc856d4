import {
  addCentsTotals,
  subtractCentsTotals,
  toCentsTotal,
  type BalanceCheck,
  type CentsTotal,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { balanceInTransaction } from '../accounts/balances';
import { signedCents } from '../transactions/ledger';
import type { StatementBalance } from './model';
import type { PlannedRow } from './statement-plan';

type CheckParams = {
  userId: string;
  /** The user's account the rows go into, or the opening balance of the new account they would open. */
  account: { id: string } | { openingBalanceCents: number };
  closing: StatementBalance | undefined;
  rows: readonly PlannedRow[];
};

/**
 * The statement's closing balance against the account's balance on that day as it will be after the
 * import: what is saved already (duplicates included: they are in it) plus the new rows up to that day.
 * Undefined when the file states no closing balance or the account is not the user's.
 */
export async function checkClosingBalance(
  { db }: { db: Queryable },
  { userId, account, closing, rows }: CheckParams,
): Promise<BalanceCheck | undefined> {
  if (!closing) return undefined;
  const saved =
    'id' in account
      ? isUuid(account.id)
        ? await balanceInTransaction(db, { userId, id: account.id, date: closing.date })
        : undefined
      : toCentsTotal(account.openingBalanceCents);
  if (saved === undefined) return undefined;
  const added = rows
    .filter((row) => !row.duplicate && row.date <= closing.date)
    .reduce((sum, row) => sum + BigInt(signedCents(row)), 0n);
  const afterImportCents: CentsTotal = addCentsTotals(saved, toCentsTotal(added));
  const statementCents = toCentsTotal(closing.cents);
  return {
    date: closing.date,
    ...('id' in account ? { accountId: account.id } : {}),
    statementCents,
    afterImportCents,
    differenceCents: subtractCentsTotals(statementCents, afterImportCents),
  };
}
