import { useQuery } from '@tanstack/react-query';
import { Field, Input } from '~/components/ui/field';
import { trpc } from '~/lib/trpc';
import { useId } from 'react';

import { PAYEE_NAME_MAX_LENGTH } from '@paisable/contracts/rules';

/** How many of the user's payees the completion offers at once. */
const SUGGESTIONS = 6;

/** Lower case without accents, as the server compares payees: "cafe" finds "Café". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * A transaction's payee, completed from the user's payees (those starting with, then containing, the text):
 * picking one spells it as saved. A new name becomes a payee when the row is saved; empty means none.
 */
export function PayeeField({ value, onChange }: { value: string; onChange: (payee: string) => void }) {
  const known = useQuery(trpc.payees.list.queryOptions());
  const listId = useId();
  const typed = folded(value);
  const suggestions = typed
    ? (known.data ?? [])
        .filter((payee) => folded(payee.name) !== typed && folded(payee.name).includes(typed))
        .sort((a, b) => Number(!folded(b.name).startsWith(typed)) - Number(!folded(a.name).startsWith(typed)))
        .slice(0, SUGGESTIONS)
    : [];
  return (
    <Field label="Payee (Optional)" hint="Who it was with. Pick one you have, or type a new one.">
      {(id) => (
        <div className="space-y-2">
          <Input
            id={id}
            value={value}
            maxLength={PAYEE_NAME_MAX_LENGTH + 1}
            placeholder="e.g. Amazon"
            autoComplete="off"
            aria-controls={suggestions.length > 0 ? listId : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          {suggestions.length > 0 ? (
            <ul id={listId} aria-label="Matching payees" className="flex flex-wrap gap-1.5">
              {suggestions.map((payee) => (
                <li key={payee.id}>
                  <button
                    type="button"
                    onClick={() => onChange(payee.name)}
                    className="rounded-full border border-slate-300 px-2.5 py-0.5 text-sm text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
                  >
                    {payee.name}{' '}
                    <span className="text-xs text-slate-500 dark:text-slate-400">({payee.count})</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </Field>
  );
}
