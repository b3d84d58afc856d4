import { ACCOUNT_KIND_LABELS, formatMinor, type Account } from '@paisable/contracts';

import { table } from '../format';
import { UsageError, type Io } from '../io';
import { connect, type Client } from '../session';

export const accountsHelp = `paisable accounts
  Your accounts with their balances today in their own currencies (scheduled rows not counted yet), and
  your net worth in your display currency (other currencies converted at today's rate).`;

export async function accounts(_args: string[], io: Io) {
  const { client } = connect(io);
  const { accounts: list, netWorth } = await client.accounts.list.query();
  const rows = list.map((account) => [
    account.name,
    ACCOUNT_KIND_LABELS[account.kind],
    `${formatMinor(BigInt(account.balanceCents), account.currency)} ${account.currency}`,
    [account.onBudget ? '' : 'off budget', account.closed ? 'closed' : ''].filter(Boolean).join(', '),
  ]);
  io.stdout.write(`${table([['Account', 'Kind', 'Balance', ''], ...rows], [2])}\n`);
  const net = `${formatMinor(BigInt(netWorth.netCents), netWorth.currency)} ${netWorth.currency}`;
  const missing = netWorth.conversion?.missing.map((gap) => gap.currency) ?? [];
  const how = missing.length > 0 ? ` (no rate today for ${missing.join(', ')}: left out)` : '';
  io.stdout.write(`Net worth ${netWorth.conversion ? '≈ ' : ''}${net}${how}\n`);
}

/**
 * The account an `--account` option names: its exact id, or its name in any letter case. Unknown names
 * are refused with the list of the user's accounts.
 */
export async function accountNamed(client: Client, wanted: string | undefined): Promise<Account | undefined> {
  if (wanted === undefined) return undefined;
  const { accounts: list } = await client.accounts.list.query();
  const found =
    list.find((account) => account.id === wanted) ??
    list.find((account) => account.name.toLowerCase() === wanted.toLowerCase());
  if (!found) {
    throw new UsageError(`No account "${wanted}". Yours: ${list.map((account) => account.name).join(', ')}`);
  }
  return found;
}
