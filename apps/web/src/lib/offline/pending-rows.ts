import { centsToNumber, parseAmountToCents } from '@paisable/contracts/rules';

import type { QueuedChange } from './outbox';

/** How a row shown in a list waits on the device: added, changed or deleted with no network. */
export type PendingMark = {
  change: 'added' | 'edited' | 'deleted';
  /** The server would not take it: the reason, until the user decides. */
  problem?: string;
};

/** The fields of a row the lists show (a list item, or the dashboard's recent transactions). */
type RowLike = {
  id: string;
  name: string;
  category: string;
  amount: number;
  amountCents: number;
  isIncome: boolean;
  date: string;
  note: string;
  accountId: string;
  tags?: string[];
};

/** The id a queued new row has until the server gives it one. */
export function queuedRowId(seq: number): string {
  return `queued-${seq}`;
}

/** The queue entry behind a row added offline, or undefined for a row the server has. */
export function queuedSeqOf(id: string): number | undefined {
  const match = /^queued-(\d+)$/.exec(id);
  return match ? Number(match[1]) : undefined;
}

function asRow<T extends RowLike>(template: T, input: Record<string, unknown>, today: string): T {
  const parsed = parseAmountToCents(input.amount);
  const amountCents = parsed.ok ? parsed.cents : template.amountCents;
  return {
    ...template,
    name: typeof input.name === 'string' ? input.name : template.name,
    category: typeof input.category === 'string' ? input.category : template.category,
    amountCents,
    amount: centsToNumber(amountCents),
    isIncome: input.isIncome === true,
    date: typeof input.date === 'string' && input.date ? input.date : template.date || today,
    note: typeof input.note === 'string' ? input.note : template.note,
    accountId: typeof input.accountId === 'string' ? input.accountId : template.accountId,
    ...(Array.isArray(input.tags) ? { tags: input.tags as string[] } : {}),
  };
}

/**
 * The rows to show with what waits on the device laid over them: rows added offline first (newest
 * first, as the lists sort by default), edits shown with the new values, deletes still shown until sent;
 * each such row gets a pending mark. `blank` is a row with every field empty, for the added ones.
 * Edits and deletes apply wherever their row is shown (any page); `keepAdded` says which added rows belong
 * in this view (the first page of a list, and only those its filters would keep).
 */
export function withPendingChanges<T extends RowLike>(
  rows: readonly T[],
  queued: readonly QueuedChange[],
  blank: T,
  today: string,
  keepAdded: (row: T) => boolean = () => true,
): { rows: T[]; marks: Map<string, PendingMark> } {
  const marks = new Map<string, PendingMark>();
  const mark = (id: string, change: PendingMark['change'], entry: QueuedChange) =>
    marks.set(id, { change, ...(entry.problem ? { problem: entry.problem.message } : {}) });
  const edits = new Map<string, QueuedChange>();
  const added: T[] = [];
  for (const entry of queued) {
    if (entry.kind === 'create') {
      const id = queuedRowId(entry.seq);
      const row = asRow({ ...blank, id }, entry.input, today);
      if (!keepAdded(row)) continue;
      added.unshift(row);
      mark(id, 'added', entry);
    } else {
      edits.set(entry.input.id, entry);
    }
  }
  const shown = rows.map((row) => {
    const edit = edits.get(row.id);
    if (!edit) return row;
    mark(row.id, edit.kind === 'delete' ? 'deleted' : 'edited', edit);
    return edit.kind === 'update' ? asRow(row, edit.input, today) : row;
  });
  return { rows: [...added, ...shown], marks };
}
