import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CurrencyOptions } from '~/components/currency-options';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { browserTimeZone } from '~/lib/format';
import { meQuery } from '~/lib/session';
import { errorMessage, trpc } from '~/lib/trpc';
import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import type { User } from '@paisable/contracts';

/** Every zone the browser knows, plus the saved one in case this browser's list lacks it. */
function timeZoneChoices(saved: string): string[] {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), saved]);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** The display currency and the time zone that decides "today" and budget months. */
export function PreferencesForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [currency, setCurrency] = useState(user.defaultCurrency);
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
          hint="Totals, budgets and reports are shown in it: amounts in other currencies are converted at their day's rate. Accounts and their rows keep their own currencies."
        >
          {(id) => (
            <Select id={id} value={currency} onChange={(event) => setCurrency(event.target.value)}>
              <CurrencyOptions label={(option) => `${option.code} · ${option.name} (${option.symbol})`} />
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
