import { Badge } from '~/components/ui/badge';
import type { PendingMark } from '~/lib/offline/pending-rows';
import { CloudOff, TriangleAlert } from 'lucide-react';

import type { Transaction } from './transaction-form-dialog';

/** A row added offline before the server gives it its fields: the queued values fill it in. */
export const BLANK_ROW: Transaction = {
  id: '',
  name: '',
  category: '',
  amount: 0,
  amountCents: 0,
  // Unknown until the server answers: shown in the display currency meanwhile.
  currency: '',
  originalAmountCents: null,
  originalCurrency: null,
  isIncome: false,
  date: '',
  note: '',
  accountId: '',
  transferId: null,
  transferAccountId: null,
  cleared: false,
  bankPayee: null,
  payee: null,
  splits: [],
  createdAt: '',
  updatedAt: '',
  tags: [],
};

const WORDS: Record<PendingMark['change'], string> = {
  added: 'Pending',
  edited: 'Pending edit',
  deleted: 'Pending delete',
};

/**
 * Says a row waits on this device: made with no network, sent when it returns. One the server would not
 * take says so (the reason is in its title and in the notice that asks what to do).
 */
export function PendingBadge({ mark }: { mark: PendingMark | undefined }) {
  if (!mark) return null;
  if (mark.problem)
    return (
      <Badge tone="warning" title={mark.problem}>
        <TriangleAlert size={12} aria-hidden />
        Not saved
      </Badge>
    );
  return (
    <Badge tone="info" title="Saved on this device; sent when you are back online">
      <CloudOff size={12} aria-hidden />
      {WORDS[mark.change]}
    </Badge>
  );
}
