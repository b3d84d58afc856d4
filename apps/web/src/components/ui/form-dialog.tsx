import type { FormEvent, ReactNode } from 'react';

import { ErrorBox } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

type FormDialogProps = {
  title: string;
  /** The first problem with what was entered, shown above the fields. */
  problem: string | null;
  onSubmit: () => void;
  onCancel: () => void;
  isSaving: boolean;
  submitLabel: string;
  /** Why the form cannot be saved yet (shown beside the disabled submit button), or nothing. */
  blocked?: string | null;
  children: ReactNode;
};

/**
 * An add/edit form in a modal: the problem box, the fields, Cancel and the submit button ("Saving..."
 * while it runs). The browser's own checks are off: the form checks with the API's contract instead.
 */
export function FormDialog({
  title,
  problem,
  onSubmit,
  onCancel,
  isSaving,
  submitLabel,
  blocked = null,
  children,
}: FormDialogProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Dialog open onClose={onCancel} title={title}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {problem ? <ErrorBox>{problem}</ErrorBox> : null}
        {children}
        <div className="flex flex-wrap items-center justify-end gap-2 pt-2">
          {blocked ? <p className="mr-auto text-sm text-amber-700 dark:text-amber-400">{blocked}</p> : null}
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving || blocked !== null}>
            {isSaving ? 'Saving...' : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
