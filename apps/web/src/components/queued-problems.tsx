import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '~/components/ui/button';
import { describeQueued } from '~/lib/offline/describe-queued';
import { removeQueued, replaceQueued, type QueuedChange } from '~/lib/offline/outbox';
import { accountCurrencies, type AccountCurrencies } from '~/lib/offline/pending-rows';
import { sendQueuedNow, useQueuedChanges } from '~/lib/offline/queue-sync';
import { meQuery } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { TriangleAlert } from 'lucide-react';

type Currencies = { currencies: AccountCurrencies; displayCurrency: string };

function describeTheirs(change: QueuedChange, currencies: Currencies): string | null {
  const theirs = change.problem?.theirs;
  if (theirs === undefined) return null;
  if (theirs === null) return 'Deleted on another device';
  return describeQueued({ kind: 'update', input: { id: '', ...theirs } }, currencies);
}

/**
 * Changes made offline that the server would not apply, each with the user's side and the server's, and
 * a choice: a conflict (the row was deleted elsewhere meanwhile) can be kept (the row is added again) or
 * discarded; a refusal shows the server's reason and waits to be fixed from its row, or discarded.
 * Nothing is dropped without the user saying so.
 */
export function QueuedProblems() {
  const queryClient = useQueryClient();
  const problems = useQueuedChanges().filter((change) => change.problem);
  const displayCurrency = useQuery(meQuery()).data?.defaultCurrency ?? 'USD';
  // Each amount in its account's currency (a yen row's ¥1,500, not $1,500.00).
  const accounts = useQuery(trpc.accounts.list.queryOptions()).data?.accounts;
  const currencies = { currencies: accountCurrencies(accounts ?? []), displayCurrency };
  if (problems.length === 0) return null;

  async function keepMine(change: QueuedChange) {
    // The row is gone on the server: the only way to keep the edit is to add it again, as a new request.
    if (change.kind === 'update' && change.problem?.theirs === null) {
      const { id: _gone, ...fields } = change.input;
      await replaceQueued(change.seq, { kind: 'create', input: fields }, { newKey: true });
    } else {
      await replaceQueued(change.seq, change);
    }
    await sendQueuedNow(queryClient);
  }

  return (
    <section aria-label="Changes not saved" className="mx-auto max-w-7xl space-y-3 px-4 pt-4">
      {problems.map((change) => {
        const theirs = describeTheirs(change, currencies);
        const conflict = change.problem?.type === 'conflict';
        return (
          <div
            key={change.seq}
            role="alert"
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
          >
            <p className="flex items-start gap-2 font-medium">
              <TriangleAlert size={16} className="mt-0.5 shrink-0" aria-hidden />
              <span>This change could not be applied: {change.problem?.message}</span>
            </p>
            <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
              <dt className="font-medium">Yours</dt>
              <dd>{describeQueued(change, currencies)}</dd>
              {theirs ? (
                <>
                  <dt className="font-medium">On the server</dt>
                  <dd>{theirs}</dd>
                </>
              ) : null}
            </dl>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              {conflict ? (
                <Button size="sm" onClick={() => void keepMine(change)}>
                  Keep mine
                </Button>
              ) : change.kind === 'create' ? (
                <Link to="/transactions" className="font-medium underline underline-offset-2">
                  Fix it in Transactions
                </Link>
              ) : null}
              <Button size="sm" variant="secondary" onClick={() => void removeQueued(change.seq)}>
                Discard
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
