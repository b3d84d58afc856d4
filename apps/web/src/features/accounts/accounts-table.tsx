import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DataTable, type Column } from '~/components/ui/data-table';
import { RowActions } from '~/components/ui/table';
import { ChevronDown, ChevronUp, Scale } from 'lucide-react';
import type { ReactNode } from 'react';

import { ACCOUNT_KIND_LABELS } from '@paisable/contracts/rules';

import type { Account } from './accounts-query';
import { BalanceText } from './balance-text';

type TableProps = {
  accounts: Account[];
  /** The user's display currency: an account in another one names its code beside its balance. */
  displayCurrency: string;
  onMove: (account: Account, direction: 'up' | 'down') => void;
  onReconcile: (account: Account) => void;
  onEdit: (account: Account) => void;
  onDelete: (account: Account) => void;
};

/** The accounts in the user's order: a table from tablet width up, one card each on a phone. */
export function AccountsTable({
  accounts,
  displayCurrency,
  onMove,
  onReconcile,
  onEdit,
  onDelete,
}: TableProps) {
  const order = (account: Account) => (
    <MoveButtons
      account={account}
      isFirst={account.id === accounts[0]?.id}
      isLast={account.id === accounts.at(-1)?.id}
      onMove={onMove}
    />
  );
  const actions = (account: Account) => (
    <div className="flex items-center justify-end gap-1">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onReconcile(account)}
        aria-label={`Reconcile ${account.name}`}
      >
        <Scale size={14} aria-hidden />
        Reconcile
      </Button>
      <RowActions label={account.name} onEdit={() => onEdit(account)} onDelete={() => onDelete(account)} />
    </div>
  );
  const balance = (account: Account) => (
    <span className="inline-flex items-baseline gap-1.5">
      <BalanceText cents={account.balanceCents} currency={account.currency} className="font-medium" />
      {account.currency === displayCurrency ? null : (
        <Badge tone="neutral" title="The account's currency">
          {account.currency}
        </Badge>
      )}
    </span>
  );
  const columns: Column<Account>[] = [
    { key: 'name', header: 'Account', cell: (account) => <AccountName account={account} /> },
    {
      key: 'kind',
      header: 'Kind',
      cell: (account) => ACCOUNT_KIND_LABELS[account.kind],
      cellClassName: 'text-slate-700 dark:text-slate-300',
    },
    { key: 'balance', header: 'Balance', align: 'right', cell: balance },
    { key: 'order', header: 'Order', cell: order },
    { key: 'actions', header: 'Actions', align: 'right', cell: actions },
  ];
  return (
    <DataTable
      label="Accounts"
      rows={accounts}
      rowKey={(account) => account.id}
      columns={columns}
      minWidth="min-w-[44rem]"
      card={(account) => (
        <AccountCard
          account={account}
          balance={balance(account)}
          order={order(account)}
          actions={actions(account)}
        />
      )}
    />
  );
}

/** The name with what sets the account apart: closed, or left out of the budget. */
function AccountName({ account }: { account: Account }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-medium break-words">{account.name}</span>
      {account.closed ? <Badge tone="warning">Closed</Badge> : null}
      {account.onBudget ? null : (
        <Badge title="Not counted in the budget, income or expense">Off budget</Badge>
      )}
    </span>
  );
}

function AccountCard({
  account,
  balance,
  order,
  actions,
}: {
  account: Account;
  balance: ReactNode;
  order: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <AccountName account={account} />
          <p className="text-sm text-slate-600 dark:text-slate-400">{ACCOUNT_KIND_LABELS[account.kind]}</p>
        </div>
        {balance}
      </div>
      <div className="flex items-center justify-between gap-2">
        {order}
        {actions}
      </div>
    </div>
  );
}

/**
 * Up and down by one place. Each button names its account and direction; at either end the button that
 * cannot move is disabled, and the page moves the focus to the other one (use-move-account.ts).
 */
function MoveButtons({
  account,
  isFirst,
  isLast,
  onMove,
}: {
  account: Account;
  isFirst: boolean;
  isLast: boolean;
  onMove: TableProps['onMove'];
}) {
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move ${account.name} up`}
        data-move={`${account.id}:up`}
        disabled={isFirst}
        onClick={() => onMove(account, 'up')}
      >
        <ChevronUp size={16} aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move ${account.name} down`}
        data-move={`${account.id}:down`}
        disabled={isLast}
        onClick={() => onMove(account, 'down')}
      >
        <ChevronDown size={16} aria-hidden />
      </Button>
    </div>
  );
}
