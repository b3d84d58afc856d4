import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Field, Input } from '~/components/ui/field';
import { todayIn } from '~/lib/format';
import { uploadFile } from '~/lib/rest';
import { useCurrentUser } from '~/lib/session';
import { FileUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { RECEIPT_FILE_ACCEPT, RECEIPT_MESSAGES } from '@paisable/contracts/rules';

import {
  AccountPicker,
  LAST_RECEIPT_ACCOUNT_KEY,
  rememberLastAccount,
  useAccountChoice,
} from '../accounts/account-picker';
import { announceRecordedReceipt } from './receipt-toasts';
import { UploadSteps, type UploadStep } from './upload-steps';

type State =
  { step: 'idle' } | { step: UploadStep; sent: number } | { step: 'failed'; reason: string | null };

/**
 * Upload a receipt: idle, then "Processing..." while it is sent and read, then success or failure (the
 * spec's flow). Success depends on how sure the reading is, and the server already decided that: it
 * answers 201 once it recorded the expense on its own, which it does only when it found both the total
 * and the date and read each with at least RECEIPT_CONFIDENT confidence (receipts/service.ts). That
 * reading is confident: the spec's message, with an Undo, and the dashboard. Any other reading (202,
 * needs_review) is in doubt: its review page opens with the doubts, and nothing is recorded until the
 * user saves it there.
 */
export function ReceiptUploadForm() {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const [missingFile, setMissingFile] = useState(false);
  // Empty until the user picks one: the account the last receipt was paid from, else the first open one.
  const [accountId, setAccountId] = useState('');
  const accounts = useAccountChoice(accountId, LAST_RECEIPT_ACCOUNT_KEY);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const busy = state.step === 'uploading' || state.step === 'reading';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setMissingFile(true);
      return;
    }
    setMissingFile(false);
    setState({ step: 'uploading', sent: 0 });
    try {
      const { status, body } = await uploadFile(
        '/api/receipts/upload',
        'receipt',
        file,
        // Once every byte is sent, the server reads the receipt and checks its total.
        (sent) => setState({ step: sent < 1 ? 'uploading' : 'reading', sent }),
        accounts.chosen ? { accountId: accounts.chosen } : {},
      );
      const id = status === 201 || status === 202 ? receiptIdOf(body) : null;
      if (!id) {
        setState({ step: 'failed', reason: serverMessage(body) });
        return;
      }
      if (accounts.chosen) rememberLastAccount(accounts.chosen, LAST_RECEIPT_ACCOUNT_KEY);
      await queryClient.invalidateQueries();
      if (status === 202) {
        void navigate({ to: '/receipts/$receiptId', params: { receiptId: id } });
        return;
      }
      announceRecordedReceipt({
        receiptId: id,
        date: dayOf(body),
        today: user ? todayIn(user.timeZone) : undefined,
        openReceipt: () => void navigate({ to: '/receipts/$receiptId', params: { receiptId: id } }),
      });
      void navigate({ to: '/dashboard' });
    } catch (error) {
      setState({ step: 'failed', reason: error instanceof Error ? error.message : null });
    }
  }

  return (
    <Card className="max-w-xl p-6">
      <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Receipt file"
          hint="A photo or scan (JPEG, PNG, WEBP or HEIC) or a PDF, up to 10 MB. Paisable reads the merchant, total, date and category and adds the expense for you."
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

        {/* One account needs no choosing; with more, the receipt says which paid (its expense goes there). */}
        {accounts.options.length > 1 ? (
          <AccountPicker
            label="Paid from"
            hint="The expense is recorded in this account."
            options={accounts.options}
            value={accounts.chosen}
            onChange={setAccountId}
          />
        ) : null}

        {missingFile ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {RECEIPT_MESSAGES.noFileSelected}
          </p>
        ) : null}

        {state.step === 'uploading' || state.step === 'reading' ? (
          <UploadSteps step={state.step} sent={state.sent} />
        ) : null}

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

function receiptIdOf(body: unknown): string | null {
  return body && typeof body === 'object' && '_id' in body && typeof body._id === 'string' ? body._id : null;
}

/** The receipt's day from the upload's answer (`extractedData.date`, a UTC midnight), if one was read. */
function dayOf(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('extractedData' in body)) return null;
  const data = body.extractedData;
  if (!data || typeof data !== 'object' || !('date' in data) || typeof data.date !== 'string') return null;
  return data.date.slice(0, 10);
}

function serverMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return null;
}
