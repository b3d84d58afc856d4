import { Link } from '@tanstack/react-router';
import { cn } from '~/lib/cn';

/** The product name, linking home. */
export function Brand({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 text-xl font-bold tracking-tight text-slate-900 dark:text-white',
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="h-7 w-7" aria-hidden>
        <rect width="32" height="32" rx="8" className="fill-brand-700 dark:fill-brand-400" />
        <path
          d="M11 24V8h6.5a5 5 0 0 1 0 10H11"
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="stroke-white dark:stroke-slate-950"
        />
      </svg>
      Paisable
    </Link>
  );
}
