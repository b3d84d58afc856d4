import type { ReactNode } from 'react';

import { Button } from './button';
import { Dialog } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  isBusy?: boolean;
  tone?: 'danger' | 'primary';
  /** Controls the user fills or ticks before confirming; mark the one to focus with data-autofocus. */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before an action the user may regret; the action button names what will happen. The focus opens
 * on the first field when there are any; otherwise on Cancel before a destructive action (an Enter or a
 * space by habit must not delete) and on the action itself when it is harmless.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busyLabel,
  isBusy = false,
  tone = 'danger',
  children,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={message} size="sm" role="alertdialog">
      {/* A form, so Enter in a field confirms as the button does. */}
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isBusy) onConfirm();
        }}
      >
        {children}
        <div className="flex justify-end gap-2">
          <Button
            type="button"
            variant="secondary"
            onClick={onCancel}
            disabled={isBusy}
            data-autofocus={!children && tone === 'danger' ? '' : undefined}
          >
            Cancel
          </Button>
          <Button
            type="submit"
            variant={tone}
            disabled={isBusy}
            data-autofocus={!children && tone === 'primary' ? '' : undefined}
          >
            {isBusy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
