import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { browserTimeZone } from '~/lib/format';
import { meQuery } from '~/lib/session';
import { errorMessage, trpc } from '~/lib/trpc';
import { useState, type FormEvent } from 'react';

import type { CurrencyCode, User } from '@paisable/contracts';
import { CURRENCIES, DEFAULT_CURRENCY, MESSAGES } from '@paisable/contracts/rules';

export function CurrencySetupForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [currency, setCurrency] = useState<CurrencyCode>(DEFAULT_CURRENCY);
  const setup = useMutation(
    trpc.auth.setup.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(meQuery().queryKey, updated);
        void navigate({ to: '/dashboard' });
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setup.mutate({ defaultCurrency: currency, timeZone: browserTimeZone() });
  }

  return (
    <form onSubmit={submit} className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Welcome to Paisable!</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Hi <span className="font-medium text-slate-900 dark:text-slate-100">{user.email}</span>, let&apos;s
          get you set up. Choose the currency you want to see your money in.
        </p>
      </div>
      {setup.isError ? <ErrorBox>{errorMessage(setup.error, MESSAGES.setupFailed)}</ErrorBox> : null}
      <fieldset>
        <legend className="mb-3 text-sm font-medium text-slate-700 dark:text-slate-200">
          Default currency
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {CURRENCIES.map((option) => (
            <label
              key={option.code}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                currency === option.code
                  ? 'border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-400/10'
                  : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600',
              )}
            >
              <input
                type="radio"
                name="currency"
                value={option.code}
                checked={currency === option.code}
                onChange={() => setCurrency(option.code)}
                className="sr-only"
              />
              <span className="text-3xl leading-none" aria-hidden>
                {option.flag}
              </span>
              <span className="flex-1">
                <span className="block font-medium">{option.name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{option.code}</span>
              </span>
              <span className="text-xl font-semibold text-slate-700 dark:text-slate-200">
                {option.symbol}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="lg" className="w-full" disabled={setup.isPending}>
        {setup.isPending ? 'Setting up...' : 'Save and Continue'}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        You can change your currency preference later in settings.
      </p>
    </form>
  );
}
