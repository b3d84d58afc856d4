import { Dialog } from '~/components/ui/dialog';
import { ReceiptImage } from '~/features/receipts/receipt-image';
import { formatDate } from '~/lib/format';
import { queuedSeqOf } from '~/lib/offline/pending-rows';

import { AmountText, PaidAbroad } from './amount-text';
import type { Transaction } from './transaction-form-dialog';
import {
  AccountLabel,
  ClearedMark,
  isScheduled,
  ScheduledBadge,
  type AccountNames,
} from './transaction-marks';

export function TransactionDetailsDialog({
  transaction,
  currency,
  accountNames,
  today,
  onClose,
}: {
  transaction: Transaction | null;
  currency: string;
  accountNames: AccountNames;
  today: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={transaction !== null} onClose={onClose} title="Transaction details">
      {transaction ? (
        <div className="space-y-4">
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">Type</dt>
            <dd>{transaction.isIncome ? 'Income' : 'Expense'}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Name/Description</dt>
            <dd className="break-words">{transaction.name}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Category</dt>
            <dd>{transaction.category}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Amount</dt>
            <dd>
              <AmountText
                amount={transaction.amount}
                isIncome={transaction.isIncome}
                isTransfer={transaction.transferId !== null}
                currency={transaction.currency || currency}
              />
              <PaidAbroad transaction={transaction} />
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">Account</dt>
            <dd>
              <AccountLabel transaction={transaction} accountNames={accountNames} />
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">Date</dt>
            <dd className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
              {formatDate(transaction.date, { dateStyle: 'full' })}
              {transaction.cleared ? <ClearedMark /> : null}
              {isScheduled(transaction, today) ? <ScheduledBadge /> : null}
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">Note</dt>
            <dd className="break-words whitespace-pre-wrap">{transaction.note || 'No note provided.'}</dd>
          </dl>
          {/* A row added offline is not on the server yet: it has no receipt to show. */}
          {queuedSeqOf(transaction.id) === undefined ? <ReceiptImage transactionId={transaction.id} /> : null}
        </div>
      ) : null}
    </Dialog>
  );
}
