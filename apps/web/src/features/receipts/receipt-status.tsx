import { cn } from '~/lib/cn';

import type { ReceiptStatus } from '@paisable/contracts';
import { RECEIPT_STATUS_LABELS } from '@paisable/contracts/rules';

const TONES: Record<ReceiptStatus, string> = {
  processing: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  needs_review: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  done: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
};

/** A receipt's status in words, coloured so a list can be scanned for what needs the user. */
export function ReceiptStatusBadge({ status }: { status: ReceiptStatus }) {
  return (
    <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-medium', TONES[status])}>
      {RECEIPT_STATUS_LABELS[status]}
    </span>
  );
}
