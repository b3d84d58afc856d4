import { useQuery } from '@tanstack/react-query';
import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';

import { accountsQuery, openAccounts, type Account } from './accounts-query';

const LAST_ACCOUNT_KEY = 'lastAccountId';
/** Receipts remember their own: the account a receipt was paid from is not the one an income went to. */
export const LAST_RECEIPT_ACCOUNT_KEY = 'lastReceiptAccountId';

/** The account the user last saved a new transaction in (this browser), or null. */
export function lastUsedAccountId(key = LAST_ACCOUNT_KEY): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function rememberLastAccount(id: string, key = LAST_ACCOUNT_KEY): void {
  try {
    localStorage.setItem(key, id);
  } catch {
    // Private browsing may refuse storage: the form then starts on the first open account.
  }
}

/**
 * The choice of account for a transaction: the open accounts, plus the row's own account when it is
 * closed (its rows can still be edited). An empty `value` means the default: the last used account,
 * else the first open one; `chosen` is the account the form will save into.
 */
export function useAccountChoice(value: string, rememberedKey = LAST_ACCOUNT_KEY) {
  const list = useQuery(accountsQuery());
  return accountChoiceOf(list.data?.accounts ?? [], value, rememberedKey);
}

/** useAccountChoice over a list at hand; `account` is the chosen one (its currency decides the amount's). */
export function accountChoiceOf(all: Account[], value: string, rememberedKey = LAST_ACCOUNT_KEY) {
  const open = openAccounts(all);
  const current = all.find((account) => account.id === value);
  const options = current?.closed ? [...open, current] : open;
  const remembered = lastUsedAccountId(rememberedKey);
  const fallback = open.find((account) => account.id === remembered) ?? open[0];
  const chosen = value || fallback?.id || '';
  return { options, chosen, account: all.find((account) => account.id === chosen) };
}

export function AccountPicker({
  options,
  value,
  onChange,
  label = 'Account',
  hint,
}: {
  options: Account[];
  value: string;
  onChange: (id: string) => void;
  label?: string;
  hint?: string;
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <Select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={!options.length}
        >
          {options.length === 0 ? <option value="">Loading accounts…</option> : null}
          {options.map((account) => (
            <option key={account.id} value={account.id}>
              {account.closed ? `${account.name} (closed)` : account.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
