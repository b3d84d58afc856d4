import { useId, type ReactNode } from 'react';

type CheckboxFieldProps = {
  label: string;
  /** What ticking it means, under the label. */
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** A yes/no choice: the box and its label are one click target, the hint is read with it. */
export function CheckboxField({ label, hint, checked, onChange }: CheckboxFieldProps) {
  const hintId = useId();
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
      />
      <span>
        <span className="block font-medium text-slate-700 dark:text-slate-200">{label}</span>
        {hint ? (
          <span id={hintId} className="block text-xs text-slate-600 dark:text-slate-400">
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}
