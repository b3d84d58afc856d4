import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { formatDate, formatMoney } from '~/lib/format';
import { toast } from 'sonner';

import type { RecurringRule } from './recurring-table';
import { useRecurringMutations } from './use-recurring-mutations';

/** What the user asked to do with a rule's next occurrence, before they confirm it. */
export type OccurrenceAction = { kind: 'skip' | 'record'; rule: RecurringRule };

type NextOccurrenceDialogProps = {
  action: OccurrenceAction | null;
  today: string;
  currency: string;
  onDone: () => void;
};

/**
 * Confirms skipping or recording now a rule's next occurrence, naming its date: neither can be undone from
 * here, and the date is what the server checks, so a second tab that already acted on it is refused.
 */
export function NextOccurrenceDialog({ action, today, currency, onDone }: NextOccurrenceDialogProps) {
  const { skip, recordNow } = useRecurringMutations();
  const rule = action?.rule;
  const due = rule?.nextDueDate ?? null;
  const mutation = action?.kind === 'record' ? recordNow : skip;

  const confirm = () => {
    if (!action || !rule || !due) return;
    const what = `${rule.name} of ${formatDate(due)}`;
    mutation.mutate(
      { id: rule.id, date: due },
      {
        onSuccess: (updated) => {
          onDone();
          const next = updated.nextDueDate
            ? `Next due: ${formatDate(updated.nextDueDate)}.`
            : 'It has ended.';
          toast.success(`${what} ${action.kind === 'skip' ? 'skipped' : 'recorded today'}. ${next}`);
        },
        onError: (error) => {
          onDone();
          toast.error(error.message);
        },
      },
    );
  };

  const name = rule?.name ?? '';
  const dueText = due ? formatDate(due) : '';
  const amount = rule ? formatMoney(rule.amount, rule.currency || currency) : '';
  const texts =
    action?.kind === 'record'
      ? {
          title: 'Record now',
          message: `Record ${name} (${amount}), due on ${dueText}, today (${formatDate(today)})? It will not be recorded again on ${dueText}.`,
          confirmLabel: 'Record now',
          busyLabel: 'Recording...',
        }
      : {
          title: 'Skip next occurrence',
          message: `Skip ${name} due on ${dueText}? Nothing is recorded for that date, and the rule moves on to the one after.`,
          confirmLabel: `Skip ${dueText}`,
          busyLabel: 'Skipping...',
        };

  return (
    <ConfirmDialog
      open={action !== null && due !== null}
      tone="primary"
      isBusy={mutation.isPending}
      onConfirm={confirm}
      onCancel={onDone}
      {...texts}
    />
  );
}
