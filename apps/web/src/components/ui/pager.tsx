import { ChevronLeft, ChevronRight } from 'lucide-react';

import { Button } from './button';

/** Previous / "Page x of y" / Next; shown only when there is more than one page. */
export function Pager({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        <ChevronLeft size={16} aria-hidden />
        Previous
      </Button>
      <span className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <Button variant="secondary" size="sm" onClick={() => onChange(page + 1)} disabled={page >= totalPages}>
        Next
        <ChevronRight size={16} aria-hidden />
      </Button>
    </nav>
  );
}
