import { ConfirmDialog } from '~/components/ui/confirm-dialog';

import type { Transaction } from './transaction-form-dialog';

/**
 * Not in the contracts yet (ACCOUNT_MESSAGES is its place): said before a cleared row is edited or
 * deleted, since the account would then disagree with the statement it was reconciled with.
 */
export const CLEARED_WARNING =
  'This transaction was reconciled with your bank: changing it will make the account disagree with the statement it matched.';

/** What the delete confirmation adds when some of the rows were reconciled: nothing when none were. */
export function clearedDeleteWarning(clearedCount: number, total: number): string {
  if (clearedCount === 0) return '';
  if (total === 1) return CLEARED_WARNING;
  const were = clearedCount === 1 ? '1 of them was' : `${clearedCount} of them were`;
  return `${were} reconciled with your bank: deleting them will make their accounts disagree with the statements they matched.`;
}

/** Asks before a reconciled row opens for editing. */
export function ConfirmClearedEdit({
  transaction,
  onConfirm,
  onCancel,
}: {
  transaction: Transaction | null;
  onConfirm: (transaction: Transaction) => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={transaction !== null}
      title="Edit a reconciled transaction?"
      message={CLEARED_WARNING}
      confirmLabel="Edit anyway"
      tone="primary"
      onConfirm={() => transaction && onConfirm(transaction)}
      onCancel={onCancel}
    />
  );
}
