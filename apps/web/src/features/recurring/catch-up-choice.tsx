import { useQuery } from '@tanstack/react-query';
import { formatDate } from '~/lib/format';
import { trpc } from '~/lib/trpc';

import type { RecurringFrequency } from '@paisable/contracts';
import { isCalendarDate, RECURRING_MESSAGES } from '@paisable/contracts/rules';

type CatchUpPreviewParams = {
  /** The rule being edited; absent for a new one. */
  ruleId?: string;
  /** An edit that keeps the schedule records nothing new: nothing to ask. */
  scheduleKept?: boolean;
  frequency: RecurringFrequency;
  startDate: string;
  endDate: string;
  today: string;
};

export type CatchUpPreview = {
  /** The first past occurrence and how many there are, when the start date is before today. */
  found: { first: string | null; count: number; tooMany: boolean } | undefined;
  /** More past occurrences than the server records at once: only "from today" can be saved. */
  tooMany: boolean;
};

/** How many occurrences a past start date would record (from the server, which records them). */
export function useCatchUpPreview({
  ruleId,
  scheduleKept = false,
  frequency,
  startDate,
  endDate,
  today,
}: CatchUpPreviewParams): CatchUpPreview {
  const inPast =
    !scheduleKept && isCalendarDate(startDate) && startDate < today && !(endDate && endDate < startDate);
  const preview = useQuery(
    trpc.recurring.previewCatchUp.queryOptions(
      { id: ruleId, frequency, startDate, endDate: endDate || null },
      { enabled: inPast, staleTime: 30_000 },
    ),
  );
  const found = inPast ? preview.data : undefined;
  return { found, tooMany: found?.tooMany === true };
}

type CatchUpChoiceProps = {
  preview: CatchUpPreview;
  today: string;
  /** What the user chose. Past the cap the form saves "from today" whatever the choice, and says so. */
  catchUp: boolean;
  onChange: (catchUp: boolean) => void;
};

/**
 * A start date in the past records every occurrence since then when the rule is saved. Before that
 * happens, say how many and let the user start from today instead. Past the server's cap only
 * "from today" can be saved; the user's own choice comes back as soon as the cap allows it again.
 */
export function CatchUpChoice({ preview: { found, tooMany }, today, catchUp, onChange }: CatchUpChoiceProps) {
  // Nothing before today to record: no choice to make.
  if (!found || found.first === null || found.first >= today) return null;
  const count = tooMany ? null : found.count;
  const saved = catchUp && !tooMany;

  return (
    <fieldset className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40">
      <legend className="px-1 font-medium text-amber-900 dark:text-amber-200">Past occurrences</legend>
      {count === null ? (
        <p role="alert" className="text-amber-900 dark:text-amber-100">
          {RECURRING_MESSAGES.tooManyPast}
        </p>
      ) : null}
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name="catch-up"
          checked={saved}
          disabled={count === null}
          onChange={() => onChange(true)}
          className="mt-0.5 h-4 w-4 accent-brand-700"
        />
        <span>
          {count === null
            ? 'Add every past occurrence'
            : `This adds ${count.toLocaleString('en-US')} ${count === 1 ? 'transaction' : 'transactions'} from ${formatDate(found.first)} to today`}
        </span>
      </label>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name="catch-up"
          checked={!saved}
          onChange={() => onChange(false)}
          className="mt-0.5 h-4 w-4 accent-brand-700"
        />
        <span>Start from today instead (nothing before today is added)</span>
      </label>
    </fieldset>
  );
}
