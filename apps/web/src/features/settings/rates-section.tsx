import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBox, NoticeBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { DataTable, type Column } from '~/components/ui/data-table';
import { Field, Input } from '~/components/ui/field';
import { Spinner } from '~/components/ui/spinner';
import { firstProblem } from '~/lib/form-check';
import { browserTimeZone, formatDate, todayIn } from '~/lib/format';
import { uploadFile } from '~/lib/rest';
import { trpc, type RouterOutputs } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';

import { RATE_MESSAGES, type RateSource } from '@paisable/contracts/rules';

type Rate = RouterOutputs['rates']['list']['rates'][number];

const SOURCE_LABELS: Record<RateSource, string> = {
  ecb: 'ECB (fetched daily)',
  file: 'ECB file you uploaded',
  user: 'Typed by you',
};

/**
 * Exchange rates: the ECB's reference rates (fetched daily when the server can reach it), an ECB file
 * uploaded here (the full history, for a server without internet), and rates typed for one day, which win
 * over the ECB's for that day. Only the user sees what they upload or type.
 */
export function RatesSection() {
  const rates = useQuery(trpc.rates.list.queryOptions());
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Amounts in other currencies are converted at the rate of their own day (on a weekend or holiday, the
        last rate before it). The European Central Bank&apos;s reference rates are fetched every working day
        when this server can reach it; without internet, upload the ECB&apos;s history file. A rate you type
        for a day wins over the ECB&apos;s for that day, for you only.
      </p>
      <AddRateForm />
      <RateFileUpload />
      {rates.isPending ? (
        <Spinner label="Loading exchange rates" />
      ) : rates.isError ? (
        <ErrorBox>Could not load the exchange rates. Please reload the page.</ErrorBox>
      ) : rates.data.rates.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No rates yet: amounts in other currencies show as not converted until there is one.
        </p>
      ) : (
        <RecentRates rates={rates.data.rates} />
      )}
    </div>
  );
}

function RecentRates({ rates }: { rates: Rate[] }) {
  const pair = (rate: Rate) => `1 ${rate.base} = ${rate.rate} ${rate.quote}`;
  const columns: Column<Rate>[] = [
    { key: 'date', header: 'Day', cell: (rate) => formatDate(rate.date) },
    { key: 'rate', header: 'Rate', cell: pair, cellClassName: 'font-medium tabular-nums' },
    { key: 'source', header: 'Source', cell: (rate) => SOURCE_LABELS[rate.source] },
  ];
  return (
    <DataTable
      label="Recent exchange rates"
      rows={rates}
      rowKey={(rate) => `${rate.date}|${rate.base}|${rate.quote}|${rate.source}`}
      columns={columns}
      card={(rate) => (
        <div className="text-sm">
          <p className="font-medium tabular-nums">{pair(rate)}</p>
          <p className="text-slate-600 dark:text-slate-400">
            {formatDate(rate.date)} · {SOURCE_LABELS[rate.source]}
          </p>
        </div>
      )}
    />
  );
}

type RateDraft = { date: string; base: string; quote: string; rate: string };

function AddRateForm() {
  const queryClient = useQueryClient();
  const add = useMutation(trpc.rates.add.mutationOptions());
  const form = useContractForm<RateDraft>({
    initial: () => ({ date: todayIn(browserTimeZone()), base: '', quote: '', rate: '' }),
    check: (schemas, draft) => firstProblem(schemas.addRateInput, draft, ['date', 'base', 'quote', 'rate']),
    failed: 'Could not save the rate. Please try again.',
    save: async (draft) => {
      const saved = await add.mutateAsync(draft);
      toast.success(`Saved: 1 ${saved.base} = ${saved.rate} ${saved.quote} on ${formatDate(saved.date)}`);
      form.set('rate', '');
      await queryClient.invalidateQueries(trpc.rates.pathFilter());
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    void form.submit();
  }
  const code = (field: 'base' | 'quote') => ({
    ...form.text(field),
    maxLength: 3,
    autoComplete: 'off',
    autoCapitalize: 'characters',
    spellCheck: false,
    className: 'uppercase',
  });
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Type a rate">
      {form.problem ? <ErrorBox>{form.problem}</ErrorBox> : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Field label="Day">{(id) => <Input id={id} type="date" {...form.text('date')} />}</Field>
        <Field label="One of">{(id) => <Input id={id} placeholder="USD" {...code('base')} />}</Field>
        <Field label="Buys">
          {(id) => (
            <Input id={id} inputMode="decimal" placeholder="0.92" autoComplete="off" {...form.text('rate')} />
          )}
        </Field>
        <Field label="Of">{(id) => <Input id={id} placeholder="EUR" {...code('quote')} />}</Field>
      </div>
      <Button type="submit" variant="secondary" disabled={form.isSaving}>
        {form.isSaving ? 'Saving...' : 'Save rate'}
      </Button>
    </form>
  );
}

function RateFileUpload() {
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setResult(null);
    try {
      const { status, body } = await uploadFile('/api/rates/import', 'file', file, setProgress);
      setResult(
        status === 200 ? { ok: true, message: imported(body) } : { ok: false, message: refusal(body) },
      );
      if (status === 200) await queryClient.invalidateQueries(trpc.rates.pathFilter());
    } catch (error) {
      setResult({ ok: false, message: error instanceof Error ? error.message : RATE_MESSAGES.fileNotRates });
    } finally {
      setBusy(false);
      setProgress(0);
    }
  }

  return (
    <div className="space-y-3">
      {result ? (
        result.ok ? (
          <NoticeBox onDismiss={() => setResult(null)}>{result.message}</NoticeBox>
        ) : (
          <ErrorBox>{result.message}</ErrorBox>
        )
      ) : null}
      <Button variant="secondary" onClick={() => picker.current?.click()} disabled={busy}>
        <Upload size={16} aria-hidden />
        {busy ? `Reading... ${Math.round(progress * 100)}%` : 'Upload an ECB rates file'}
      </Button>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        eurofxref-hist.csv (unzipped), eurofxref-hist.xml or eurofxref-daily.xml from the ECB&apos;s website.
      </p>
      <input
        ref={picker}
        type="file"
        accept=".csv,.xml,text/csv,text/xml,application/xml"
        className="sr-only"
        aria-label="ECB rates file"
        tabIndex={-1}
        onChange={(event) => void upload(event)}
      />
    </div>
  );
}

function imported(body: unknown): string {
  const summary = body as {
    imported: number;
    days: number;
    firstDay: string;
    lastDay: string;
    skipped: number;
  };
  const left = summary.skipped ? ` (${summary.skipped} of currencies that no longer exist left out)` : '';
  return `Imported ${summary.imported.toLocaleString()} rates over ${summary.days.toLocaleString()} days, ${formatDate(summary.firstDay)} to ${formatDate(summary.lastDay)}${left}.`;
}

function refusal(body: unknown): string {
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
    ? body.message
    : RATE_MESSAGES.fileNotRates;
}
