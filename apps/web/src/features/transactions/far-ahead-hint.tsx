import { MESSAGES } from '@paisable/contracts/rules';

/** Under a date more than a year ahead: a nudge to check it, never a refusal (plans may be that far). */
export function FarAheadHint() {
  return (
    <span role="status" className="font-medium text-amber-800 dark:text-amber-300">
      {MESSAGES.dateFarAhead}
    </span>
  );
}
