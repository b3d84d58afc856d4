import { Link } from '@tanstack/react-router';
import { addDays, formatDate } from '~/lib/format';
import { errorMessage, queryClient, trpcClient } from '~/lib/trpc';
import { toast } from 'sonner';

import { CHART_WINDOW_DAYS, RECEIPT_MESSAGES } from '@paisable/contracts/rules';

/** Long enough to read the message and reach Undo after the page changed to the dashboard. */
const UNDO_TOAST_MS = 10_000;

/**
 * The spec's success message after a confident reading recorded its expense, with an Undo that deletes
 * that expense (the toast says so). It outlives the upload form: the app goes to the dashboard at once.
 */
export function announceRecordedReceipt({
  receiptId,
  date,
  today,
  openReceipt,
}: {
  receiptId: string;
  date: string | null;
  today: string | undefined;
  /** After Undo: opens the receipt's review page. */
  openReceipt: () => void;
}) {
  toast.success(RECEIPT_MESSAGES.success, {
    duration: UNDO_TOAST_MS,
    description: (
      <span className="block space-y-1">
        <span className="block">{RECEIPT_MESSAGES.undoHint}</span>
        {date && today && !inChartWindow(date, today) ? <WhereItWent date={date} /> : null}
      </span>
    ),
    action: { label: 'Undo', onClick: () => void undoReceiptExpense(receiptId, openReceipt) },
  });
}

/** The review's Save, saying whether it recorded the expense or corrected the one already there. */
export function announceSavedReceipt({
  outcome,
  date,
  today,
}: {
  outcome: 'created' | 'updated';
  date: string;
  today: string | undefined;
}) {
  toast.success(outcome === 'created' ? RECEIPT_MESSAGES.saved : RECEIPT_MESSAGES.updated, {
    description: today && !inChartWindow(date, today) ? <WhereItWent date={date} /> : undefined,
  });
}

async function undoReceiptExpense(receiptId: string, openReceipt: () => void) {
  try {
    await trpcClient.receipts.undo.mutate({ id: receiptId });
  } catch (error) {
    toast.error(errorMessage(error, 'The expense could not be deleted. Please try again.'));
    return;
  }
  // The expense leaves every list and total; the receipt waits for review again.
  await queryClient.invalidateQueries();
  toast.info(RECEIPT_MESSAGES.undone, {
    action: { label: 'Open receipt', onClick: openReceipt },
  });
}

/** Whether a day is among the dashboard's daily charts: the last CHART_WINDOW_DAYS days up to today. */
function inChartWindow(date: string, today: string): boolean {
  return date >= addDays(today, 1 - CHART_WINDOW_DAYS) && date <= today;
}

/**
 * An expense dated outside the dashboard's 30 days shows in its totals but in none of its daily charts:
 * the toast says so and links to the expense in Transactions, filtered to its date.
 */
function WhereItWent({ date }: { date: string }) {
  return (
    <span className="block">
      Dated {formatDate(date)}, outside the dashboard&apos;s last {CHART_WINDOW_DAYS} days.{' '}
      <Link to="/transactions" search={{ from: date, to: date }} className="font-medium underline">
        See it in Transactions
      </Link>
    </span>
  );
}
