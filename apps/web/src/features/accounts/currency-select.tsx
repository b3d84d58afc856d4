import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import type { ChangeEvent, ReactNode } from 'react';

import { ISO_CURRENCIES } from '@paisable/contracts/rules';

// The spec's seven (with their flags) first, then every other ISO 4217 currency by code.
const FIRST = ISO_CURRENCIES.filter((currency) => currency.flag);
const REST = ISO_CURRENCIES.filter((currency) => !currency.flag).sort((a, b) => a.code.localeCompare(b.code));

/** A picker of every currency an account can be kept in. */
export function CurrencySelect({
  value,
  onChange,
  hint,
}: {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  hint?: ReactNode;
}) {
  return (
    <Field label="Currency" hint={hint}>
      {(id) => (
        <Select id={id} value={value} onChange={onChange}>
          <optgroup label="Most used">
            {FIRST.map((currency) => (
              <option key={currency.code} value={currency.code}>
                {currency.flag} {currency.code} — {currency.name} ({currency.symbol})
              </option>
            ))}
          </optgroup>
          <optgroup label="All currencies">
            {REST.map((currency) => (
              <option key={currency.code} value={currency.code}>
                {currency.code} — {currency.name} ({currency.symbol})
              </option>
            ))}
          </optgroup>
        </Select>
      )}
    </Field>
  );
}
