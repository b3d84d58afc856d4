import { useQuery } from '@tanstack/react-query';
import { formatDate } from '~/lib/format';
import { trpc } from '~/lib/trpc';
import { useEffect } from 'react';

import type { RecurringFrequency } from '@paisable/contracts';
import { isCalendarDate, RECURRING_MESSAGES } from '@paisable/contracts/rules';

type CatchUpChoiceProps = {
  /** The rule being edited; absent for a new one. */
  ruleId?: string;
  /** An edit that keeps the schedule records nothing new: nothing to ask. */
  scheduleKept?: boolean;
  frequency: RecurringFrequency;
  startDate: string;
  endDate: string;
  today: string;
  catchUp: boolean;
  onChange: (catchUp: boolean) => void;
};

/**
 * A start date in the past records every occurrence since then when the rule is saved. Before that
 * happens, say how many (from the server, which records them) and let the user start from today instead.
 * Past the server's cap only "from today" can be saved.
 */
export function CatchUpChoice({
  ruleId,
  scheduleKept = false,
  frequency,
  startDate,
  endDate,
  today,
  catchUp,
  onChange,
}: CatchUpChoiceProps) {
  const inPast =
    !scheduleKept && isCalendarDate(startDate) && startDate < today && !(endDate && endDate < startDate);
  const preview = useQuery(
    trpc.recurring.previewCatchUp.queryOptions(
      { id: ruleId, frequency, startDate, endDate: endDate || null },
      { enabled: inPast, staleTime: 30_000 },
    ),
  );
  const found = inPast ? preview.data : undefined;
  const tooMany = found?.tooMany === true;
  // Past the cap, only "from today" can be saved: make it the choice the form sends.
  useEffect(() => {
    if (tooMany) onChange(false);
  }, [tooMany, onChange]);
  // Nothing before today to record: no choice to make.
  if (!found || found.first === null || found.first >= today) return null;
  const count = tooMany ? null : found.count;

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
          checked={catchUp}
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
          checked={!catchUp}
          onChange={() => onChange(false)}
          className="mt-0.5 h-4 w-4 accent-brand-700"
        />
        <span>Start from today instead (nothing before today is added)</span>
      </label>
    </fieldset>
  );
}
