import { ACCOUNT_MESSAGES, TRANSFER_CATEGORY } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { findOwnAccount } from '../accounts/service';
import { insertLedgerRows } from '../transactions/ledger';
import type { PlannedRow } from './statement-plan';
import { pairTransfers, transferCandidates } from './transfer-matches';

/** A row just saved that the user marked, in the preview, as a transfer with another of their accounts. */
export type MarkedTransfer = { row: PlannedRow; id: string; otherAccountId: string };

/**
 * The transfer pairs of rows the user marked by hand: each row is linked to its other side already saved
 * in the account they picked (same amount, the other direction, within TRANSFER_MATCH_DAYS), or, when that
 * account holds none, to an opposite leg written there now, so a transfer never has one leg and both
 * balances move. The account must be the user's own, open, and not the one the file goes into.
 */
export async function markedTransferPairs(
  { db, now }: Pick<AppDeps, 'now'> & { db: Queryable },
  { userId, accountId, marked }: { userId: string; accountId: string; marked: readonly MarkedTransfer[] },
): Promise<{ outId: string; intoId: string }[]> {
  if (marked.length === 0) return [];
  const others = [...new Set(marked.map((entry) => entry.otherAccountId))];
  for (const other of others) {
    if (other === accountId) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.transferSameAccount);
    const account = await findOwnAccount(db, userId, other);
    if (account.closed) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.closed);
  }
  const candidates = await transferCandidates(
    { db },
    { userId, accountId, rows: marked.map((entry) => entry.row) },
  );
  const pairs: { outId: string; intoId: string }[] = [];
  const unmatched: MarkedTransfer[] = [];
  for (const other of others) {
    const group = marked.filter((entry) => entry.otherAccountId === other);
    const inAccount = candidates.filter((candidate) => candidate.accountId === other);
    pairTransfers(
      group.map((entry) => entry.row),
      inAccount,
    ).forEach((match, index) => {
      const entry = group[index];
      const saved = match === undefined ? undefined : inAccount[match];
      if (!entry) return;
      if (saved) pairs.push(legs(entry, saved.id));
      else unmatched.push(entry);
    });
  }
  const written = await insertLedgerRows(
    { db, now },
    {
      userId,
      rows: unmatched.map(({ row, otherAccountId }) => ({
        accountId: otherAccountId,
        name: row.name,
        category: TRANSFER_CATEGORY,
        amountCents: row.amountCents,
        isIncome: !row.isIncome,
        date: row.date,
        note: row.note,
      })),
    },
  );
  unmatched.forEach((entry, index) => {
    const id = written[index];
    if (id) pairs.push(legs(entry, id));
  });
  return pairs;
}

/** The pair as linkTransferPairs takes it: the money leaves by one leg and arrives by the other. */
function legs(entry: MarkedTransfer, otherId: string) {
  return entry.row.isIncome ? { outId: otherId, intoId: entry.id } : { outId: entry.id, intoId: otherId };
}
