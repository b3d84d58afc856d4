import { ISO_CURRENCIES } from '@paisable/contracts/rules';

// The spec's seven (with their flags) first, then every other ISO 4217 currency by code.
const FIRST = ISO_CURRENCIES.filter((currency) => currency.flag);
const REST = ISO_CURRENCIES.filter((currency) => !currency.flag).sort((a, b) => a.code.localeCompare(b.code));

/**
 * The `<option>`s of a currency picker: every active ISO 4217 currency, the spec's seven first. `label` writes
 * one option's text (a narrow picker in the nav shows less than a form's).
 */
export function CurrencyOptions({ label }: { label: (currency: (typeof ISO_CURRENCIES)[number]) => string }) {
  return (
    <>
      <optgroup label="Most used">
        {FIRST.map((currency) => (
          <option key={currency.code} value={currency.code}>
            {label(currency)}
          </option>
        ))}
      </optgroup>
      <optgroup label="All currencies">
        {REST.map((currency) => (
          <option key={currency.code} value={currency.code}>
            {label(currency)}
          </option>
        ))}
      </optgroup>
    </>
  );
}
