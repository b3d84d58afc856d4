import { cn } from '~/lib/cn';
import { Check, X } from 'lucide-react';

import { passwordCriteria } from '@paisable/contracts/rules';

const CHECKLIST = [
  { key: 'length', label: '8-16 characters' },
  { key: 'letter', label: 'At least one letter' },
  { key: 'number', label: 'At least one number' },
  { key: 'symbol', label: 'At least one symbol' },
] as const;

/** Red for 1–2 criteria met, yellow for 3, green for all 4; grey segments stay unfilled. */
function segmentColour(met: number): string {
  if (met >= 4) return 'bg-green-600 dark:bg-green-500';
  if (met === 3) return 'bg-yellow-500 dark:bg-yellow-400';
  return 'bg-red-600 dark:bg-red-500';
}

export function PasswordStrength({ password }: { password: string }) {
  const criteria = passwordCriteria(password);
  const met = Object.values(criteria).filter(Boolean).length;
  return (
    <div className="space-y-2">
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs" aria-label="Password requirements">
        {CHECKLIST.map(({ key, label }) => (
          <li
            key={key}
            data-met={criteria[key]}
            className={cn(
              'flex items-center gap-1.5',
              criteria[key] ? 'text-green-700 dark:text-green-400' : 'text-slate-600 dark:text-slate-400',
            )}
          >
            {criteria[key] ? <Check size={14} aria-hidden /> : <X size={14} aria-hidden />}
            {label}
            <span className="sr-only">{criteria[key] ? '(met)' : '(not met)'}</span>
          </li>
        ))}
      </ul>
      <div
        className="flex gap-1"
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={met}
      >
        {[0, 1, 2, 3].map((index) => (
          <span
            key={index}
            data-filled={index < met}
            className={cn(
              'h-1.5 flex-1 rounded-full',
              index < met ? segmentColour(met) : 'bg-slate-200 dark:bg-slate-700',
            )}
          />
        ))}
      </div>
    </div>
  );
}
