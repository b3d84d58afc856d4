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
import { defaultAccountId, signedCents } from '../transactions/ledger';
import type { StatementBalance } from './model';
import type { PlannedRow } from './statement-plan';

type CheckParams = {
  userId: string;
  /** The account the user chose for the rows; the first open one when none was chosen (as the import does). */
  accountId: string | undefined;
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
  { userId, accountId, closing, rows }: CheckParams,
): Promise<BalanceCheck | undefined> {
  if (!closing) return undefined;
  const id = accountId ?? (await defaultAccountId(db, userId));
  if (!isUuid(id)) return undefined;
  const saved = await balanceInTransaction(db, { userId, id, date: closing.date });
  if (saved === undefined) return undefined;
  const added = rows
    .filter((row) => !row.duplicate && row.date <= closing.date)
    .reduce((sum, row) => sum + BigInt(signedCents(row)), 0n);
  const afterImportCents: CentsTotal = addCentsTotals(saved, toCentsTotal(added));
  const statementCents = toCentsTotal(closing.cents);
  return {
    date: closing.date,
    accountId: id,
    statementCents,
    afterImportCents,
    differenceCents: subtractCentsTotals(statementCents, afterImportCents),
  };
}
