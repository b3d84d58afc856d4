import { useQuery } from '@tanstack/react-query';
import { CompletionInput } from '~/components/ui/completion-input';
import { Field } from '~/components/ui/field';
import { trpc } from '~/lib/trpc';

import { foldText, PAYEE_NAME_MAX_LENGTH } from '@paisable/contracts/rules';

type PayeeFieldProps = {
  value: string;
  onChange: (payee: string) => void;
  label?: string;
  hint?: string;
};

/**
 * A payee's name, completed from the user's payees (compared as the server compares them: "cafe" finds
 * "Café"): picking one spells it as saved. A new name becomes a payee when the row is saved; empty means none.
 */
export function PayeeField({
  value,
  onChange,
  label = 'Payee (Optional)',
  hint = 'Who it was with. Pick one you have, or type a new one.',
}: PayeeFieldProps) {
  const known = useQuery(trpc.payees.list.queryOptions());
  const typed = foldText(value);
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <div className="space-y-2">
          <CompletionInput
            id={id}
            value={value}
            known={known.data}
            keyOf={foldText}
            // The payee typed in full needs no suggestion.
            omitted={(key) => key === typed}
            listLabel="Matching payees"
            onPick={onChange}
            maxLength={PAYEE_NAME_MAX_LENGTH + 1}
            placeholder="e.g. Amazon"
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      )}
    </Field>
  );
}
