import { AmountField, DateField } from '~/components/money-fields';
import { ErrorBox } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import type { Schemas } from '~/lib/contract-schemas';
import { amountFromInput, firstProblem } from '~/lib/form-check';
import { formatDate, formatMoneyTotal } from '~/lib/format';
import { errorMessage, type RouterOutputs } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { compareCentsTotals, dateRangeProblem, minorUnitOf } from '@paisable/contracts/rules';

import type { Account } from './accounts-query';
import { useReconcile } from './use-account-mutations';

type Reconciliation = RouterOutputs['accounts']['reconcile'];

type DialogProps = {
  /** The account to reconcile, or null when the dialog is closed. */
  account: Account | null;
  today: string;
  currency: string;
  onClose: () => void;
};

type Draft = { date: string; balance: string };

/**
 * Holds the balance on the bank's statement against the account's balance in the app on that day. A
 * match can be confirmed: the rows up to that day are marked cleared, and the app asks before they change.
 */
export function ReconcileDialog({ account, ...props }: DialogProps) {
  return (
    <Dialog
      open={account !== null}
      onClose={props.onClose}
      title={account ? `Reconcile ${account.name}` : 'Reconcile'}
      description="Enter the balance your bank's statement shows at the end of a day."
    >
      {account ? <ReconcileForm account={account} {...props} /> : null}
    </Dialog>
  );
}

function toInput(account: Account, draft: Draft, confirm: boolean) {
  return { id: account.id, date: draft.date, balance: amountFromInput(draft.balance), confirm };
}

function draftProblem(schemas: Schemas, account: Account, draft: Draft, today: string) {
  return (
    firstProblem(schemas.reconcileInput, toInput(account, draft, false), ['date', 'balance']) ??
    dateRangeProblem([draft.date], today)
  );
}

function ReconcileForm({ account, today, currency, onClose }: DialogProps & { account: Account }) {
  const reconcile = useReconcile();
  const [result, setResult] = useState<Reconciliation | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [confirmProblem, setConfirmProblem] = useState<string | null>(null);
  const form = useContractForm<Draft>({
    initial: { date: today, balance: '' },
    check: (schemas, draft) => draftProblem(schemas, account, draft, today),
    failed: 'Could not compare the balances. Please try again.',
    save: async (draft) => setResult(await reconcile.mutateAsync(toInput(account, draft, false))),
  });

  function check(event: FormEvent) {
    event.preventDefault();
    void form.submit();
  }

  function markCleared() {
    setConfirmProblem(null);
    reconcile.mutate(toInput(account, form.draft, true), {
      onSuccess: (done) => {
        setResult(done);
        setConfirmed(true);
        toast.success(`${account.name}: ${clearedText(done.clearedCount)}.`);
      },
      onError: (error) =>
        setConfirmProblem(errorMessage(error, 'Could not mark the transactions. Please try again.')),
    });
  }

  // A changed date or balance makes the shown comparison stale: compare again before confirming.
  const edit = (field: keyof Draft) => {
    const control = form.text(field);
    return {
      ...control,
      onChange: (event: Parameters<typeof control.onChange>[0]) => {
        setResult(null);
        setConfirmed(false);
        control.onChange(event);
      },
    };
  };

  return (
    <form onSubmit={check} className="space-y-4" noValidate>
      {form.problem ? <ErrorBox>{form.problem}</ErrorBox> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField binding={edit('date')} label="Statement date" />
        <AmountField
          binding={edit('balance')}
          label="Statement balance"
          signed
          required
          autoFocus
          decimals={minorUnitOf(currency)}
          hint="What the bank says; below zero if the account is overdrawn or owed."
        />
      </div>
      <div aria-live="polite">
        {result ? (
          <ReconcileResult
            result={result}
            confirmed={confirmed}
            currency={currency}
            problem={confirmProblem}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onClose}>
          {confirmed ? 'Done' : 'Cancel'}
        </Button>
        {result?.matches && !confirmed ? (
          <Button onClick={markCleared} disabled={reconcile.isPending}>
            {reconcile.isPending ? 'Marking...' : 'Confirm and mark cleared'}
          </Button>
        ) : null}
        {result?.matches ? null : (
          <Button type="submit" disabled={form.isSaving}>
            {form.isSaving ? 'Comparing...' : 'Compare'}
          </Button>
        )}
      </div>
    </form>
  );
}

function ReconcileResult({
  result,
  confirmed,
  currency,
  problem,
}: {
  result: Reconciliation;
  confirmed: boolean;
  currency: string;
  problem: string | null;
}) {
  const day = formatDate(result.date);
  if (result.matches) {
    return (
      <div className="space-y-2 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm dark:border-green-800 dark:bg-green-950/50">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <Badge tone="success">Matches</Badge>
          Both say {formatMoneyTotal(result.balanceCents, currency)} on {day}.
        </p>
        <p>
          {confirmed
            ? `${clearedText(result.clearedCount)}.`
            : 'Confirm to mark the transactions up to that day as cleared.'}
        </p>
        {problem ? <ErrorBox>{problem}</ErrorBox> : null}
      </div>
    );
  }
  const missing = compareCentsTotals(result.differenceCents, '0') > 0;
  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm dark:border-amber-800 dark:bg-amber-950/50">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        <Badge tone="warning">Does not match</Badge>
        Difference: {formatMoneyTotal(result.differenceCents, currency)}
      </p>
      <p>
        On {day} the app shows {formatMoneyTotal(result.balanceCents, currency)}; the statement{' '}
        {formatMoneyTotal(result.statementCents, currency)}.{' '}
        {missing
          ? 'Look for transactions on the statement that are missing here.'
          : 'Look for a transaction recorded twice, or in the wrong account.'}
      </p>
    </div>
  );
}

function clearedText(count: number) {
  if (count === 0) return 'No transactions left to mark: all were cleared already';
  return count === 1 ? '1 transaction marked cleared' : `${count} transactions marked cleared`;
}
