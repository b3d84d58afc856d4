import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { formatDate, formatMoneyTotal } from '~/lib/format';

import type { ImportPreview } from '@paisable/contracts';
import { toCentsTotal } from '@paisable/contracts/rules';

import type { Account } from '../accounts/accounts-query';

/** The picker's value for "open the proposed account". */
export const NEW_ACCOUNT = 'new';

/**
 * Where the file's rows go: one of the user's open accounts, or the account the statement proposes
 * (opened on import with the statement's opening balance). The hint says why the current one is chosen,
 * so a file landing in the wrong account is noticed before anything is saved.
 */
export function ImportDestination({
  preview,
  accounts,
  currency,
  value,
  disabled,
  onChange,
}: {
  preview: ImportPreview;
  accounts: Account[];
  currency: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const proposed = preview.proposedAccount;
  return (
    <Field label="Into account" hint={<DestinationHint preview={preview} currency={currency} />}>
      {(id) => (
        <Select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
          {proposed ? <option value={NEW_ACCOUNT}>New account: {proposed.name}</option> : null}
        </Select>
      )}
    </Field>
  );
}

function DestinationHint({ preview, currency }: { preview: ImportPreview; currency: string }) {
  const { destination, proposedAccount: proposed } = preview;
  if (destination.reason === 'new' && proposed) {
    return (
      <>
        “{proposed.name}” is opened with the statement’s opening balance of{' '}
        {formatMoneyTotal(toCentsTotal(proposed.openingBalanceCents), currency)} on{' '}
        {formatDate(proposed.openingDate)}.
      </>
    );
  }
  if (destination.reason === 'number') return <>Found by the statement’s account number.</>;
  if (destination.reason === 'name') return <>Your account of the same name as in the exported app.</>;
  if (proposed && !proposed.number) {
    return (
      <>
        “{proposed.name}” is not one of your accounts yet: pick where its rows go, or open it as a new
        account.
      </>
    );
  }
  if (proposed?.number) {
    return (
      <>
        The statement’s account {proposed.number} is not one of yours yet: pick where its rows go (remembered
        for its next files), or open it as a new account.
      </>
    );
  }
  return null;
}
