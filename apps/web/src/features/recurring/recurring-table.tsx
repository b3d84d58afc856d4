import { Button } from '~/components/ui/button';
import { DataTable, type Column } from '~/components/ui/data-table';
import { RowActions } from '~/components/ui/table';
import { AmountText } from '~/features/transactions/amount-text';
import { formatDate } from '~/lib/format';
import type { RouterOutputs } from '~/lib/trpc';
import { CalendarCheck, SkipForward } from 'lucide-react';
import type { ReactNode } from 'react';

import { FREQUENCY_LABELS } from '@paisable/contracts/rules';

export type RecurringRule = RouterOutputs['recurring']['list'][number];

type TableProps = {
  items: RecurringRule[];
  currency: string;
  onEdit: (rule: RecurringRule) => void;
  onDelete: (rule: RecurringRule) => void;
  /** Skipping or recording now a rule's next occurrence (asked to confirm first). */
  onSkip: (rule: RecurringRule) => void;
  onRecordNow: (rule: RecurringRule) => void;
};

const muted = 'text-slate-700 dark:text-slate-300';

/** A table from tablet width up; on a phone, one card per rule. */
export function RecurringTable({ items, currency, onEdit, onDelete, onSkip, onRecordNow }: TableProps) {
  const actions = (rule: RecurringRule) => (
    <RowActions label={rule.name} onEdit={() => onEdit(rule)} onDelete={() => onDelete(rule)} />
  );
  // In the table, icons with the rule's name and date for a screen reader; on a card, words.
  const tableActions = (rule: RecurringRule) => (
    <div className="flex justify-end gap-1">
      {rule.nextDueDate ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Skip next ${rule.name} (${formatDate(rule.nextDueDate)})`}
            title={`Skip next (${formatDate(rule.nextDueDate)})`}
            onClick={() => onSkip(rule)}
          >
            <SkipForward size={16} aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Record ${rule.name} now (due ${formatDate(rule.nextDueDate)})`}
            title={`Record now (due ${formatDate(rule.nextDueDate)})`}
            onClick={() => onRecordNow(rule)}
          >
            <CalendarCheck size={16} aria-hidden />
          </Button>
        </>
      ) : null}
      {actions(rule)}
    </div>
  );
  const cardActions = (rule: RecurringRule) =>
    rule.nextDueDate ? (
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Skip next ${rule.name} (${formatDate(rule.nextDueDate)})`}
          onClick={() => onSkip(rule)}
        >
          <SkipForward size={14} aria-hidden />
          Skip next
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Record ${rule.name} now (due ${formatDate(rule.nextDueDate)})`}
          onClick={() => onRecordNow(rule)}
        >
          <CalendarCheck size={14} aria-hidden />
          Record now
        </Button>
      </div>
    ) : null;
  const amount = (rule: RecurringRule) => (
    <AmountText amount={rule.amount} isIncome={rule.isIncome} currency={rule.currency || currency} />
  );
  const columns: Column<RecurringRule>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (rule) => <span title={rule.name}>{rule.name}</span>,
      cellClassName: 'max-w-[16rem] truncate font-medium',
    },
    { key: 'category', header: 'Category', cell: (rule) => <CategoryPill category={rule.category} /> },
    { key: 'amount', header: 'Amount', align: 'right', cell: amount },
    { key: 'type', header: 'Type', cell: typeOf, cellClassName: muted },
    {
      key: 'frequency',
      header: 'Frequency',
      cell: (rule) => FREQUENCY_LABELS[rule.frequency],
      cellClassName: muted,
    },
    {
      key: 'start',
      header: 'Start',
      cell: (rule) => formatDate(rule.startDate),
      className: 'max-xl:hidden',
      cellClassName: `whitespace-nowrap ${muted}`,
    },
    {
      key: 'end',
      header: 'End',
      cell: (rule) => (rule.endDate ? formatDate(rule.endDate) : 'No end'),
      className: 'max-xl:hidden',
      cellClassName: `whitespace-nowrap ${muted}`,
    },
    {
      key: 'last',
      header: 'Last Recorded',
      cell: (rule) => (rule.lastRecordedOn ? formatDate(rule.lastRecordedOn) : 'Not yet'),
      cellClassName: `whitespace-nowrap ${muted}`,
    },
    {
      key: 'next',
      header: 'Next Due',
      cell: (rule) => <NextDue rule={rule} />,
      cellClassName: `whitespace-nowrap ${muted}`,
    },
    { key: 'actions', header: 'Actions', align: 'right', cell: tableActions },
  ];
  return (
    <DataTable
      label="Recurring transactions"
      rows={items}
      rowKey={(rule) => rule.id}
      columns={columns}
      minWidth="min-w-[56rem]"
      card={(rule) => (
        <RecurringCard
          rule={rule}
          amount={amount(rule)}
          actions={actions(rule)}
          occurrenceActions={cardActions(rule)}
        />
      )}
    />
  );
}

function typeOf(rule: RecurringRule) {
  return rule.isIncome ? 'Income' : 'Expense';
}

function CategoryPill({ category }: { category: string }) {
  return (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      {category}
    </span>
  );
}

function RecurringCard({
  rule,
  amount,
  actions,
  occurrenceActions,
}: {
  rule: RecurringRule;
  amount: ReactNode;
  actions: ReactNode;
  occurrenceActions: ReactNode;
}) {
  return (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="truncate font-medium" title={rule.name}>
            {rule.name}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {rule.category} · {FREQUENCY_LABELS[rule.frequency]} · {typeOf(rule)}
          </p>
          <p className={`text-sm ${muted}`}>
            {formatDate(rule.startDate)} – {rule.endDate ? formatDate(rule.endDate) : 'no end'}
          </p>
          <p className={`text-sm ${muted}`}>
            Last recorded: {rule.lastRecordedOn ? formatDate(rule.lastRecordedOn) : 'not yet'}
          </p>
          <p className={`text-sm ${muted}`}>
            Next due: <NextDue rule={rule} />
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          {amount}
          {actions}
        </div>
      </div>
      {occurrenceActions}
    </div>
  );
}

function NextDue({ rule }: { rule: RecurringRule }) {
  if (rule.nextDueDate) return <>{formatDate(rule.nextDueDate)}</>;
  return <span title={rule.endDate ? `Ended on ${formatDate(rule.endDate)}` : undefined}>Ended</span>;
}
