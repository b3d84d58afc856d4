import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { PendingTotalsNote } from '~/components/pending-totals-note';
import { Button } from '~/components/ui/button';
import { ListPage } from '~/components/ui/list-page';
import { todayIn } from '~/lib/format';
import { meQuery } from '~/lib/session';
import { ArrowRightLeft } from 'lucide-react';
import { useState } from 'react';

import { AccountFormDialog } from './account-form-dialog';
import { accountsQuery, type Account } from './accounts-query';
import { AccountsTable } from './accounts-table';
import { DeleteAccountDialog } from './delete-account-dialog';
import { NetWorthCard } from './net-worth-card';
import { ReconcileDialog } from './reconcile-dialog';
import { TransferFormDialog } from './transfer-form-dialog';
import { useMoveAccount } from './use-move-account';

/** Every account with its balance today, the net worth over them, and what can be done to each. */
export function AccountsPage() {
  const { data: user } = useSuspenseQuery(meQuery());
  const list = useQuery(accountsQuery());
  const accounts = list.data?.accounts ?? [];
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const [reconciling, setReconciling] = useState<Account | null>(null);
  const [transferring, setTransferring] = useState(false);
  const move = useMoveAccount(accounts);
  const currency = user.defaultCurrency;
  const today = todayIn(user.timeZone);

  return (
    <>
      <ListPage
        title="Accounts"
        description="Where your money is: each account's balance today, and what you own minus what you owe."
        addLabel="Add Account"
        onAdd={() => setEditing('new')}
        actions={
          <Button variant="secondary" onClick={() => setTransferring(true)}>
            <ArrowRightLeft size={16} aria-hidden />
            Transfer
          </Button>
        }
        overview={
          <>
            <PendingTotalsNote what="Balances" />
            <NetWorthCard netWorth={list.data?.netWorth} currency={currency} />
          </>
        }
        list={list}
        isEmpty={accounts.length === 0}
        texts={{
          loading: 'Loading accounts…',
          failed: 'Could not load your accounts. Please reload the page.',
          emptyTitle: 'No accounts yet',
          emptyHint: 'Add one for each place you keep money: a bank account, a card, cash.',
        }}
      >
        <AccountsTable
          accounts={accounts}
          displayCurrency={currency}
          onMove={move}
          onReconcile={setReconciling}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </ListPage>
      <AccountFormDialog
        open={editing !== null}
        account={editing === 'new' || editing === null ? undefined : editing}
        today={today}
        displayCurrency={currency}
        onDone={() => setEditing(null)}
      />
      <DeleteAccountDialog account={deleting} accounts={accounts} onDone={() => setDeleting(null)} />
      <ReconcileDialog
        account={reconciling}
        today={today}
        currency={reconciling?.currency ?? currency}
        onClose={() => setReconciling(null)}
      />
      <TransferFormDialog open={transferring} today={today} onDone={() => setTransferring(false)} />
    </>
  );
}
