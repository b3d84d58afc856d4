import { Pencil, Trash2 } from 'lucide-react';

import { Button } from './button';

/** The class of a table header cell: small capitals, muted. */
export const headerCell =
  'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';

/** Edit and delete icon buttons of a table row; `label` names the row for screen readers. */
export function RowActions({
  label,
  onEdit,
  onDelete,
}: {
  label: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${label}`} onClick={onEdit}>
        <Pencil size={16} aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${label}`}
        onClick={onDelete}
        className="text-red-700 dark:text-red-400"
      >
        <Trash2 size={16} aria-hidden />
      </Button>
    </div>
  );
}
