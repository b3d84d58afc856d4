import { trpc } from '~/lib/trpc';

import type { Account } from '@paisable/contracts';

export type { Account };

/**
 * Every account with its balance today, and the net worth. Balances move with every transaction: the
 * mutations of transactions, transfers, accounts and recurring rules all invalidate it.
 */
export const accountsQuery = () => trpc.accounts.list.queryOptions();

/** The accounts new money may go into: a closed account takes no new rows. */
export function openAccounts(accounts: readonly Account[]): Account[] {
  return accounts.filter((account) => !account.closed);
}
