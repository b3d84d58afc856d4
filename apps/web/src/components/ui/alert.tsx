import type { ReactNode } from 'react';

/** The error box above a form: announced to screen readers when it appears. */
export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-200"
    >
      {children}
    </div>
  );
}
