import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { browserTimeZone } from '~/lib/format';
import { meQuery } from '~/lib/session';
import { errorMessage, trpc } from '~/lib/trpc';
import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import type { CurrencyCode, User } from '@paisable/contracts';
import { CURRENCIES } from '@paisable/contracts/rules';

/** Every zone the browser knows, plus the saved one in case this browser's list lacks it. */
function timeZoneChoices(saved: string): string[] {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), saved]);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** The display currency and the time zone that decides "today" and budget months. */
export function PreferencesForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [currency, setCurrency] = useState<CurrencyCode>(user.defaultCurrency);
  const [timeZone, setTimeZone] = useState(user.timeZone);
  const zones = useMemo(() => timeZoneChoices(user.timeZone), [user.timeZone]);
  const deviceZone = browserTimeZone();
  const save = useMutation(
    trpc.auth.updatePreferences.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(meQuery().queryKey, updated);
        // Amounts and "today" depend on these; let every page read them afresh.
        void queryClient.invalidateQueries();
        toast.success('Settings saved');
      },
    }),
  );
  const unchanged = currency === user.defaultCurrency && timeZone === user.timeZone;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ defaultCurrency: currency, timeZone });
  }

  return (
    <form onSubmit={submit} className="space-y-5">
      {save.isError ? (
        <ErrorBox>{errorMessage(save.error, 'Failed to save settings. Please try again.')}</ErrorBox>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Display currency"
          hint="Only a display: it changes the symbol amounts are shown with, never the amounts. Nothing is converted, and amounts keep their cents in every currency."
        >
          {(id) => (
            <Select
              id={id}
              value={currency}
              onChange={(event) => setCurrency(event.target.value as CurrencyCode)}
            >
              {CURRENCIES.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.code} · {option.name} ({option.symbol})
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Time zone"
          hint={
            timeZone === deviceZone ? (
              'Decides which day "today" is and which month a budget covers.'
            ) : (
              <>
                This device is in {deviceZone}.{' '}
                <button
                  type="button"
                  onClick={() => setTimeZone(deviceZone)}
                  className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                >
                  Use {deviceZone}
                </button>
              </>
            )
          }
        >
          {(id) => (
            <Select id={id} value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Button type="submit" disabled={unchanged || save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Preferences'}
      </Button>
    </form>
  );
}
