import { cn } from '~/lib/cn';

type PayeeLineProps = {
  transaction: { name: string; payee?: string | null; bankPayee: string | null };
  className?: string;
};

/**
 * A row's payee under its name (when it differs), and the bank's own text when the row's name no longer shows it (a rule
 * renamed the row): merging "AMZN Mktp US*2K4" into "Amazon" never hides what the bank wrote.
 */
export function PayeeLine({ transaction, className }: PayeeLineProps) {
  const { name, payee, bankPayee } = transaction;
  const bankText = bankPayee && bankPayee !== name ? bankPayee : null;
  // A payee that is the row's name already shows.
  const shown = payee && payee !== name ? payee : null;
  if (!shown && !bankText) return null;
  return (
    <span className={cn('block truncate text-xs text-slate-600 dark:text-slate-400', className)}>
      {shown ? (
        <span>
          <span className="sr-only">Payee: </span>
          {shown}
        </span>
      ) : null}
      {shown && bankText ? <span aria-hidden> · </span> : null}
      {bankText ? <span title="As the bank wrote it">Bank: {bankText}</span> : null}
    </span>
  );
}
