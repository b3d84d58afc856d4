import type { ChangeEvent, ReactNode } from 'react';

import { AMOUNT_STEP, isFarAhead, MESSAGES, NOTE_MAX_LENGTH } from '@paisable/contracts/rules';

import { characterCount, Field, Input, inputClasses } from './ui/field';

/**
 * The fields every money form repeats (transactions, transfers, recurring rules, budgets, accounts): one
 * amount box, one date box and one note box, so a rule about them (what an amount may look like, when a
 * date deserves a second look) is written once. Each takes `binding`, the value and change handler of
 * useContractForm's `text(field)`.
 */
type Binding<Element> = { value: string; onChange: (event: ChangeEvent<Element>) => void };

type AmountFieldProps = {
  binding: Binding<HTMLInputElement>;
  label?: string;
  /** A balance may be zero or below (a card's debt); any other amount is above zero. */
  signed?: boolean;
  /** Defaults to true for amounts above zero; a balance left empty may mean zero. */
  required?: boolean;
  hint?: ReactNode;
  placeholder?: string;
  /** The control the dialog focuses when it opens. */
  autoFocus?: boolean;
  /** Decimals of the amount's currency (0 for yen, 3 for dinars): the box steps by its smallest unit. */
  decimals?: number;
};

/** The smallest step of an amount with this many decimals: "1" for yen, "0.01" for dollars. */
export function stepOf(decimals: number): string {
  return decimals <= 0 ? '1' : `0.${'1'.padStart(decimals, '0')}`;
}

/**
 * An amount in the currency's units: a decimal keypad on phones, steps of the currency's smallest unit
 * (one cent by default); the contract reads the text.
 */
export function AmountField({
  binding,
  label = 'Amount',
  signed = false,
  required = !signed,
  hint,
  placeholder,
  autoFocus = false,
  decimals,
}: AmountFieldProps) {
  const step = decimals === undefined ? AMOUNT_STEP : stepOf(decimals);
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={signed ? undefined : step}
          step={step}
          required={required}
          placeholder={placeholder}
          data-autofocus={autoFocus || undefined}
          {...binding}
        />
      )}
    </Field>
  );
}

type DateFieldProps = {
  binding: Binding<HTMLInputElement>;
  label?: string;
  /** The user's today: a day more than a year after it gets a hint to check it. */
  today?: string;
  required?: boolean;
  min?: string;
};

export function DateField({ binding, label = 'Date', today, required = true, min }: DateFieldProps) {
  const farAhead = today !== undefined && binding.value !== '' && isFarAhead(binding.value, today);
  return (
    <Field label={label} hint={farAhead ? <FarAheadHint /> : null}>
      {(id) => <Input id={id} type="date" required={required} min={min} {...binding} />}
    </Field>
  );
}

/** Under a date more than a year ahead: a nudge to check it, never a refusal (plans may be that far). */
export function FarAheadHint() {
  return (
    <span role="status" className="font-medium text-amber-800 dark:text-amber-300">
      {MESSAGES.dateFarAhead}
    </span>
  );
}

type NoteFieldProps = { binding: Binding<HTMLTextAreaElement>; label?: string };

/** A free note, with the characters left shown near the limit. */
export function NoteField({ binding, label = 'Notes (Optional)' }: NoteFieldProps) {
  return (
    <Field label={label} hint={characterCount(binding.value, NOTE_MAX_LENGTH)}>
      {(id) => (
        <textarea id={id} rows={2} maxLength={NOTE_MAX_LENGTH} className={inputClasses} {...binding} />
      )}
    </Field>
  );
}
