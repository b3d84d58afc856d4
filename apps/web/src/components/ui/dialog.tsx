import { cn } from '~/lib/cn';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** alertdialog for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
};

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/** Where typing goes: text boxes, number and date boxes, lists and file pickers, not ticks or radios. */
const ENTRY_FIELDS =
  'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';
const CONTROLS =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), a[href]';

function firstShown(root: ParentNode, selector: string): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>(selector)].find(
    (element) => element.getClientRects().length > 0,
  );
}

/**
 * The control that gets the focus when a dialog opens (the WAI-ARIA dialog pattern): one marked
 * data-autofocus, else the first field to type in, else the first control of the body. Never the Close
 * button, on which typing a name did nothing and the first space closed the dialog.
 */
function initialFocus(body: HTMLElement): HTMLElement | undefined {
  return firstShown(body, '[data-autofocus]') ?? firstShown(body, ENTRY_FIELDS) ?? firstShown(body, CONTROLS);
}

/**
 * A modal on the native <dialog>: the browser traps focus, Escape closes it and the page behind is inert.
 * Children mount only while open, so forms inside start fresh every time. On open the focus goes to the
 * first field; on close (or when the dialog leaves the page with its parent) it returns to the control
 * that opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  size = 'md',
  role = 'dialog',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // showModal focuses the first control, the Close button. React's autoFocus runs before the dialog is
    // shown (and does nothing then), so the focus is placed here, once the dialog can take it.
    const body = bodyRef.current;
    if (body) initialFocus(body)?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // A form dialog is unmounted rather than closed, and the browser then drops the focus on the body.
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // React passes close/cancel of a nested dialog up to its parents: only react to our own.
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        widths[size],
      )}
    >
      {open ? (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="-m-1 rounded-lg p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <X size={18} aria-hidden />
            </button>
          </div>
          {description ? (
            <div id={descriptionId} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {description}
            </div>
          ) : null}
          <div ref={bodyRef} className="mt-5">
            {children}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
