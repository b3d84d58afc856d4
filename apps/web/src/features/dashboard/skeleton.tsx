import { cn } from '~/lib/cn';

/** A grey pulsing block that holds a place while data loads, so nothing moves when it arrives. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div className={cn('animate-pulse rounded-md bg-slate-200 dark:bg-slate-800', className)} aria-hidden />
  );
}
