import { cn } from '~/lib/cn';
import { Check, Circle, LoaderCircle } from 'lucide-react';

/** Where an upload is: sending the file, or the server reading it (then checking its total). */
export type UploadStep = 'uploading' | 'reading';

const STEPS = [
  { key: 'upload', label: 'Uploading the file' },
  { key: 'read', label: 'Reading the receipt' },
  { key: 'check', label: 'Checking the total' },
] as const;

/**
 * What the upload is doing, step by step, instead of a bar that never says how far it is: the file's
 * bytes sent (a percentage), then the server reading the text, then checking the total against the
 * other figures on the receipt (subtotal and tax, payment). The server answers once both are done,
 * and checking takes milliseconds after reading, so reading is the step shown as under way until then.
 */
export function UploadSteps({ step, sent }: { step: UploadStep; sent: number }) {
  const current = step === 'uploading' ? 0 : 1;
  const percent = Math.round(sent * 100);
  return (
    <div role="status" aria-live="polite" className="space-y-2">
      <ol className="space-y-2 text-sm">
        {STEPS.map(({ key, label }, index) => {
          const state = index < current ? 'done' : index === current ? 'active' : 'pending';
          return (
            <li
              key={key}
              aria-current={state === 'active' ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2',
                state === 'pending'
                  ? 'text-slate-500 dark:text-slate-400'
                  : 'text-slate-900 dark:text-slate-100',
                state === 'active' && 'font-medium',
              )}
            >
              {state === 'done' ? (
                <Check size={16} aria-hidden className="shrink-0 text-emerald-600 dark:text-emerald-400" />
              ) : state === 'active' ? (
                <LoaderCircle
                  size={16}
                  aria-hidden
                  className="shrink-0 animate-spin text-brand-700 motion-reduce:animate-none dark:text-brand-300"
                />
              ) : (
                <Circle size={16} aria-hidden className="shrink-0" />
              )}
              <span>
                {label}
                {index === 0 && state === 'active' ? ` – ${percent}%` : null}
                {state === 'done' ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
      {step === 'uploading' ? (
        <progress
          className="h-2 w-full overflow-hidden rounded-full accent-brand-700 dark:accent-brand-400"
          aria-label={`Uploading the file – ${percent}%`}
          value={sent}
          max={1}
        />
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Usually a few seconds; longer when other receipts are being read first.
        </p>
      )}
    </div>
  );
}
