import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Field, Input } from '~/components/ui/field';
import { uploadFile } from '~/lib/rest';
import { FileUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { RECEIPT_FILE_ACCEPT, RECEIPT_MESSAGES } from '@paisable/contracts/rules';

type State =
  { step: 'idle' } | { step: 'processing'; sent: number } | { step: 'failed'; reason: string | null };

/** Upload a receipt; the server reads it, then its review page shows what was read. */
export function ReceiptUploadForm() {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const [missingFile, setMissingFile] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const busy = state.step === 'processing';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setMissingFile(true);
      return;
    }
    setMissingFile(false);
    setState({ step: 'processing', sent: 0 });
    try {
      const { status, body } = await uploadFile('/api/receipts/upload', 'receipt', file, (sent) =>
        setState({ step: 'processing', sent }),
      );
      // 201: read and recorded; 202: kept for review. Either way the user checks it on its own page.
      const id = status === 201 || status === 202 ? receiptIdOf(body) : null;
      if (!id) {
        setState({ step: 'failed', reason: serverMessage(body) });
        return;
      }
      await queryClient.invalidateQueries();
      void navigate({ to: '/receipts/$receiptId', params: { receiptId: id } });
    } catch (error) {
      setState({ step: 'failed', reason: error instanceof Error ? error.message : null });
    }
  }

  return (
    <Card className="max-w-xl p-6">
      <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Receipt file"
          hint="A photo or scan (JPEG or PNG) or a PDF, up to 10 MB. Paisable reads the merchant, total, date and category and adds the expense for you."
        >
          {(id) => (
            <Input
              id={id}
              type="file"
              accept={RECEIPT_FILE_ACCEPT}
              disabled={busy}
              className="file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-800 dark:file:text-slate-100"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setMissingFile(false);
                if (state.step === 'failed') setState({ step: 'idle' });
              }}
            />
          )}
        </Field>

        {missingFile ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {RECEIPT_MESSAGES.noFileSelected}
          </p>
        ) : null}

        {state.step === 'processing' ? <UploadProgress sent={state.sent} /> : null}

        {state.step === 'failed' ? (
          <ErrorBox>
            <p className="font-medium">{RECEIPT_MESSAGES.uploadFailed}</p>
            {state.reason ? <p className="mt-1">{state.reason}</p> : null}
          </ErrorBox>
        ) : null}

        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          <FileUp size={16} aria-hidden />
          {busy ? RECEIPT_MESSAGES.processing : 'Upload & Create Transaction'}
        </Button>
      </form>
    </Card>
  );
}

/** Sending the file shows a percentage; reading it on the server has no measurable progress. */
function UploadProgress({ sent }: { sent: number }) {
  const uploading = sent < 1;
  const label = uploading ? `Uploading… ${Math.round(sent * 100)}%` : 'Reading the receipt…';
  return (
    <div className="space-y-1.5" role="status" aria-live="polite">
      <div className="flex justify-between text-sm text-slate-700 dark:text-slate-300">
        <span>{label}</span>
      </div>
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-brand-700 dark:accent-brand-400"
        aria-label={label}
        {...(uploading ? { value: sent, max: 1 } : {})}
      />
    </div>
  );
}

function receiptIdOf(body: unknown): string | null {
  return body && typeof body === 'object' && '_id' in body && typeof body._id === 'string' ? body._id : null;
}

function serverMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return null;
}
