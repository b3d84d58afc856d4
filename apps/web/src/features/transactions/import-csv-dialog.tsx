import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Field, Input } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { trpcClient } from '~/lib/trpc';
import { useState } from 'react';
import { toast } from 'sonner';

import {
  describeRow,
  ImportFileError,
  previewImport,
  saveImport,
  type DateFormat,
  type ImportPreview,
} from '@paisable/client';
import { formatCents } from '@paisable/contracts';

import { useInvalidateMoney } from './use-transaction-mutations';

type Row = { line: number; status: 'New' | 'Already present' | 'Rejected'; text: string };

/** Every row of the file in order, with what the import would do to it. */
function previewRows(preview: ImportPreview): Row[] {
  const rows: Row[] = [
    ...preview.toCreate.map((row) => ({
      line: row.line,
      status: 'New' as const,
      text: `${describeRow(row)} · ${row.category}`,
    })),
    ...preview.duplicates.map((row) => ({
      line: row.line,
      status: 'Already present' as const,
      text: describeRow(row),
    })),
    ...preview.rejected.map(({ line, reason }) => ({ line, status: 'Rejected' as const, text: reason })),
  ];
  return rows.sort((a, b) => a.line - b.line);
}

const statusColours: Record<Row['status'], string> = {
  New: 'text-green-700 dark:text-green-400',
  'Already present': 'text-slate-600 dark:text-slate-400',
  Rejected: 'text-red-700 dark:text-red-400',
};

/**
 * Transactions → Import CSV: the CLI's import (Paisable's export or a bank's CSV), with a preview of every
 * row before anything is saved. Duplicates are skipped by date + amount + type + name + occurrence.
 */
export function ImportCsvDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [dateFormat, setDateFormat] = useState<DateFormat | ''>('');
  const [decimalComma, setDecimalComma] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const invalidate = useInvalidateMoney();

  function close() {
    setFile(null);
    setPreview(null);
    setProblem(null);
    setProgress(null);
    onClose();
  }

  async function showPreview() {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const options = { dateFormat: dateFormat || undefined, decimalComma };
      setPreview(await previewImport(trpcClient, await file.text(), options));
    } catch (error) {
      setProblem(
        error instanceof ImportFileError ? error.message : 'Could not read the file. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    if (!preview) return;
    setBusy(true);
    try {
      const summary = await saveImport(trpcClient, preview, (done, total) => setProgress({ done, total }));
      await invalidate();
      const rejected = summary.rejected.length;
      toast.success(
        `Imported ${summary.imported.length}, skipped ${summary.skipped.length} already present` +
          (rejected > 0 ? `, rejected ${rejected}` : ''),
      );
      close();
    } catch {
      setProblem('The import stopped. Run it again: rows already saved will be skipped.');
    } finally {
      setBusy(false);
    }
  }

  const rows = preview ? previewRows(preview) : [];
  const newTotal = preview?.toCreate.reduce(
    (sum, row) => sum + (row.isIncome ? row.amountCents : -row.amountCents),
    0,
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Import CSV"
      description="Paisable's own export or your bank's CSV (date, description and amount, or debit and credit columns). Nothing is saved until you confirm."
    >
      <div className="space-y-4">
        {problem ? <ErrorBox>{problem}</ErrorBox> : null}
        <Field label="CSV file">
          {(id) => (
            <Input
              id={id}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setPreview(null);
              }}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Date format" hint="Only needed when the dates could be read two ways.">
            {(id) => (
              <Select
                id={id}
                value={dateFormat}
                onChange={(event) => setDateFormat(event.target.value as DateFormat | '')}
              >
                <option value="">Detect</option>
                <option value="ymd">YYYY-MM-DD</option>
                <option value="dmy">DD/MM/YYYY</option>
                <option value="mdy">MM/DD/YYYY</option>
              </Select>
            )}
          </Field>
          <label className="flex items-center gap-2 self-center text-sm">
            <input
              type="checkbox"
              checked={decimalComma}
              onChange={(event) => setDecimalComma(event.target.checked)}
            />
            Amounts use a decimal comma (1.234,56)
          </label>
        </div>

        {preview ? (
          <div className="space-y-2">
            <p className="text-sm font-medium" aria-live="polite">
              {preview.toCreate.length} new, {preview.duplicates.length} already present,{' '}
              {preview.rejected.length} rejected
              {newTotal !== undefined && preview.toCreate.length > 0 ? ` · net ${formatCents(newTotal)}` : ''}
            </p>
            <div className="max-h-72 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700">
              <table className="w-full text-left text-sm">
                <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
                  <tr>
                    <th className="px-3 py-2 font-medium">Line</th>
                    <th className="px-3 py-2 font-medium">Status</th>
                    <th className="px-3 py-2 font-medium">Row</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.line} className="border-t border-slate-100 dark:border-slate-800">
                      <td className="px-3 py-1.5 tabular-nums">{row.line}</td>
                      <td className={`px-3 py-1.5 ${statusColours[row.status]}`}>{row.status}</td>
                      <td className="px-3 py-1.5 [overflow-wrap:anywhere]">{row.text}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ) : null}

        {progress ? (
          <progress
            className="w-full"
            value={progress.done}
            max={Math.max(progress.total, 1)}
            aria-label="Import progress"
          />
        ) : null}

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          {preview && preview.toCreate.length > 0 ? (
            <Button onClick={() => void save()} disabled={busy}>
              Import {preview.toCreate.length} transaction{preview.toCreate.length === 1 ? '' : 's'}
            </Button>
          ) : (
            <Button onClick={() => void showPreview()} disabled={!file || busy}>
              Preview
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
