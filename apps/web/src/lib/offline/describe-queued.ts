import { formatMoney } from '~/lib/format';

import type { QueuedChange } from './outbox';
import { amountInCurrency, type AccountCurrencies } from './pending-rows';

const ACTION_WORDS: Record<QueuedChange['kind'], string> = {
  create: 'Add',
  update: 'Change',
  delete: 'Delete',
};

/**
 * "Add “Corner shop”, $12.34, 2026-11-20": the user's side of a change, in their own words, the amount in
 * its account's currency ("¥1,500" for a yen account); the display currency when the account is unknown.
 */
export function describeQueued(
  change: Pick<QueuedChange, 'kind' | 'input'>,
  { currencies, displayCurrency }: { currencies: AccountCurrencies; displayCurrency: string },
): string {
  const { name, amount, date, accountId } = change.input as Record<string, unknown>;
  const parts = [typeof name === 'string' && name ? `“${name}”` : 'the transaction'];
  // A new row without an account goes to the first open one (''); an edit's row keeps its own, unknown here.
  const account = typeof accountId === 'string' ? accountId : change.kind === 'create' ? '' : undefined;
  const currency = (account === undefined ? undefined : currencies.get(account)) ?? displayCurrency;
  const read = amountInCurrency(amount, currency);
  if (read) parts.push(formatMoney(read.amount, currency));
  if (typeof date === 'string' && date) parts.push(date);
  return `${ACTION_WORDS[change.kind]} ${parts.join(', ')}`;
}
