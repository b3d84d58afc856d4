import { cn } from '~/lib/cn';
import { useId } from 'react';

const options = [
  { isIncome: false, label: 'Expense' },
  { isIncome: true, label: 'Income' },
] as const;

/** Expense or income as two radio buttons side by side: a saved row can change its type. */
export function TypeChoice({
  isIncome,
  onChange,
}: {
  isIncome: boolean;
  onChange: (isIncome: boolean) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Type</legend>
      <div className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600">
        {options.map((option) => (
          <label
            key={option.label}
            className={cn(
              'cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:has-[:focus-visible]:outline-brand-400',
              option.isIncome === isIncome
                ? 'bg-brand-700 text-white dark:bg-brand-400 dark:text-slate-950'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={option.isIncome === isIncome}
              onChange={() => onChange(option.isIncome)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
