import { useQuery } from '@tanstack/react-query';
import { ErrorBox } from '~/components/ui/alert';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { errorMessage, trpc } from '~/lib/trpc';
import { useState } from 'react';
import { toast } from 'sonner';

import { ACCOUNT_MESSAGES } from '@paisable/contracts/rules';

import { openAccounts, type Account } from './accounts-query';
import { useAccountMutations } from './use-account-mutations';

type DialogProps = {
  /** The account to delete, or null when the dialog is closed. */
  account: Account | null;
  accounts: Account[];
  onDone: () => void;
};

/** Asks before deleting an account and, when it holds transactions, where they go. */
export function DeleteAccountDialog({ account, ...props }: DialogProps) {
  return account ? <DeleteAccount key={account.id} account={account} {...props} /> : null;
}

function DeleteAccount({ account, accounts, onDone }: DialogProps & { account: Account }) {
  // One row is enough to know; the total says how many will move.
  const rows = useQuery(
    trpc.transactions.list.queryOptions({ accountId: account.id, page: 1, limit: 1 }, { staleTime: 0 }),
  );
  const others = accounts.filter((other) => other.id !== account.id);
  // Open accounts first: moving rows into a closed one is allowed but rarely meant.
  const targets = [...openAccounts(others), ...others.filter((other) => other.closed)];
  const [moveTo, setMoveTo] = useState(targets[0]?.id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  // The list counts live rows; the server also counts deleted ones it keeps for Undo, and says so.
  const [serverFoundRows, setServerFoundRows] = useState(false);
  const { remove } = useAccountMutations();
  const count = rows.data?.total ?? 0;
  const mustMove = (count > 0 || serverFoundRows) && targets.length > 0;
  const target = targets.find((other) => other.id === moveTo);

  function confirm() {
    setProblem(null);
    remove.mutate(
      { id: account.id, moveTo: mustMove ? moveTo : undefined },
      {
        onSuccess: ({ movedCount }) => {
          toast.success(
            ACCOUNT_MESSAGES.deleted,
            movedCount > 0 && target
              ? { description: `${transactionCount(movedCount)} moved to ${target.name}.` }
              : undefined,
          );
          onDone();
        },
        onError: (error) => {
          const message = errorMessage(error, 'Could not delete the account. Please try again.');
          if (message === ACCOUNT_MESSAGES.hasTransactions) setServerFoundRows(true);
          setProblem(message);
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open
      title={`Delete ${account.name}?`}
      message={
        rows.isPending
          ? 'Checking whether it holds transactions…'
          : count > 0
            ? `It holds ${transactionCount(count)}. Choose the account ${count === 1 ? 'it moves' : 'they move'} to; then ${account.name} is deleted.`
            : 'It holds no transactions. Deleting it cannot be undone.'
      }
      confirmLabel={mustMove ? 'Move and delete' : 'Delete'}
      busyLabel={remove.isPending ? 'Deleting...' : 'Checking...'}
      isBusy={remove.isPending || rows.isPending}
      onConfirm={confirm}
      onCancel={onDone}
    >
      {mustMove || problem ? (
        <>
          {problem ? <ErrorBox>{problem}</ErrorBox> : null}
          {mustMove ? (
            <Field label="Move its transactions to">
              {(id) => (
                <Select
                  id={id}
                  value={moveTo}
                  onChange={(event) => setMoveTo(event.target.value)}
                  data-autofocus
                >
                  {targets.map((other) => (
                    <option key={other.id} value={other.id}>
                      {other.closed ? `${other.name} (closed)` : other.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : null}
        </>
      ) : null}
    </ConfirmDialog>
  );
}

function transactionCount(count: number) {
  return count === 1 ? '1 transaction' : `${count} transactions`;
}
