import { CurrencyOptions } from '~/components/currency-options';
import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import type { ChangeEvent, ReactNode } from 'react';

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
          <CurrencyOptions
            label={(currency) =>
              `${currency.flag ? `${currency.flag} ` : ''}${currency.code} — ${currency.name} (${currency.symbol})`
            }
          />
        </Select>
      )}
    </Field>
  );
}
