import { cn } from '~/lib/cn';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const inputClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

type FieldProps = {
  label: string;
  hint?: ReactNode;
  /** A problem with the value, shown under the control; point the control at it with fieldErrorId(id). */
  error?: string;
  children: (id: string) => ReactNode;
  className?: string;
};

/** A label tied to its control, with an optional hint below. */
export function Field({ label, hint, error, children, className }: FieldProps) {
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children(id)}
      {hint ? <div className="text-xs text-slate-600 dark:text-slate-400">{hint}</div> : null}
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The id of a Field's error text, for the control's aria-describedby. */
export function fieldErrorId(id: string) {
  return `${id}-error`;
}

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}

/** From this share of a text limit on, the field shows how many characters are left to use. */
const COUNT_FROM = 0.8;

/**
 * "185 / 200 characters" for a field's hint once its text is near the limit, else null. The field's
 * maxLength stops typing at the limit, so nothing is ever cut without the user seeing it.
 */
export function characterCount(value: string, max: number): ReactNode {
  if (value.length < max * COUNT_FROM) return null;
  return (
    <span
      aria-live="polite"
      data-testid="character-count"
      className={cn('tabular-nums', value.length >= max && 'font-medium text-amber-800 dark:text-amber-300')}
    >
      {value.length} / {max} characters
    </span>
  );
}
