import { useQueryClient } from '@tanstack/react-query';
import { ErrorBox, NoticeBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { browserTimeZone, todayIn } from '~/lib/format';
import { downloadFile, uploadFile } from '~/lib/rest';
import { Download, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';

/**
 * "Download all my data" (one zip: every row as JSON, the transactions as CSV, the receipts' files) and
 * "Restore from a download" into this account, which must be empty (a new sign-up): the server says so if
 * not, and changes nothing.
 */
export function AccountDataSection() {
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'download' | 'restore' | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function download() {
    setBusy('download');
    try {
      await downloadFile('/api/users/export', `paisable-${todayIn(browserTimeZone())}.zip`);
    } catch {
      toast.error('Could not download your data. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  async function restore(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy('restore');
    setResult(null);
    try {
      const { status, body } = await uploadFile('/api/users/import', 'file', file, setProgress);
      const message =
        typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
          ? body.message
          : 'Could not restore this file. Please try again.';
      setResult({ ok: status === 200, message });
      // Every list of the app shows the restored rows from now on.
      if (status === 200) await queryClient.invalidateQueries();
    } catch (error) {
      setResult({ ok: false, message: error instanceof Error ? error.message : 'Could not restore.' });
    } finally {
      setBusy(null);
      setProgress(0);
    }
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        One zip with everything: accounts, categories, transactions (also as a spreadsheet), budgets,
        recurring and import rules, and your receipts. Restore it into a new, empty account, here or on
        another server.
      </p>
      {result ? (
        result.ok ? (
          <NoticeBox onDismiss={() => setResult(null)}>{result.message}</NoticeBox>
        ) : (
          <ErrorBox>{result.message}</ErrorBox>
        )
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void download()} disabled={busy !== null}>
          <Download size={16} aria-hidden />
          {busy === 'download' ? 'Preparing...' : 'Download all my data'}
        </Button>
        <Button variant="secondary" onClick={() => picker.current?.click()} disabled={busy !== null}>
          <Upload size={16} aria-hidden />
          {busy === 'restore' ? `Restoring... ${Math.round(progress * 100)}%` : 'Restore from a download'}
        </Button>
        <input
          ref={picker}
          type="file"
          accept=".zip,application/zip"
          className="sr-only"
          aria-label="Download to restore"
          tabIndex={-1}
          onChange={(event) => void restore(event)}
        />
      </div>
    </div>
  );
}
