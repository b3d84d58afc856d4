import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBox } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Field, Input } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { PasswordInput } from '~/components/ui/password-input';
import { Spinner } from '~/components/ui/spinner';
import { SecondFactorField } from '~/features/auth/second-factor-field';
import { firstProblem } from '~/lib/form-check';
import { errorMessage, trpc } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { KeySquare, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';

import { RegenerateCodesDialog } from './regenerate-codes-dialog';

/**
 * Two-factor sign-in in Settings: off, it offers to turn it on (QR code, a confirming code, then the
 * recovery codes, shown once); on, it says how many recovery codes are left and turns it off with the
 * password and a code; new recovery codes ask the same.
 */
export function TwoFactorSection() {
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  const [dialog, setDialog] = useState<'enable' | 'disable' | 'regenerate' | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (status.isPending) return <Spinner label="Loading two-factor sign-in" />;
  if (status.isError)
    return <ErrorBox>{errorMessage(status.error, 'Could not load this section.')}</ErrorBox>;
  const { enabled, recoveryCodesLeft } = status.data;
  return (
    <div className="space-y-3">
      {enabled ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <Badge tone="success">On</Badge> Signing in asks for a code from your authenticator app.{' '}
          {recoveryCodesLeft} of 10 recovery codes left.
        </p>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Add a code from an authenticator app (such as Aegis, Google Authenticator or 1Password) to your
          password, so a stolen password alone cannot open your account.
        </p>
      )}
      {enabled ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog('regenerate')}>
            <KeySquare size={16} aria-hidden />
            New recovery codes
          </Button>
          <Button variant="secondary" onClick={() => setDialog('disable')}>
            <ShieldOff size={16} aria-hidden />
            Turn off two-factor sign-in
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setDialog('enable')}>
          <ShieldCheck size={16} aria-hidden />
          Turn on two-factor sign-in
        </Button>
      )}
      {dialog === 'enable' ? (
        <EnableDialog
          onCancel={() => setDialog(null)}
          onEnabled={(codes) => {
            setDialog(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : null}
      {dialog === 'disable' ? <DisableDialog onDone={() => setDialog(null)} /> : null}
      {dialog === 'regenerate' ? (
        <RegenerateCodesDialog
          onCancel={() => setDialog(null)}
          onRegenerated={(codes) => {
            setDialog(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : null}
      {recoveryCodes ? (
        <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
      ) : null}
    </div>
  );
}

/** The QR code of the otpauth URI, drawn here (the qrcode library loads with this dialog; nothing is fetched). */
function QrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(async (QRCode) => {
      const drawn = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      if (current) setSvg(drawn);
    });
    return () => {
      current = false;
    };
  }, [uri]);
  if (!svg) return <div className="size-48 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />;
  return (
    // White behind the code in both themes: scanners read dark modules on a light ground.
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt="QR code to scan with your authenticator app"
      className="size-48 rounded-lg bg-white p-1"
      data-testid="two-factor-qr"
    />
  );
}

function EnableDialog({
  onCancel,
  onEnabled,
}: {
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const setup = useMutation(trpc.twoFactor.setup.mutationOptions());
  const enable = useMutation(trpc.twoFactor.enable.mutationOptions());
  const { mutate: startSetup } = setup;
  // A new secret each time the dialog opens: one shown earlier and never confirmed is replaced.
  useEffect(() => startSetup(), [startSetup]);
  const form = useContractForm({
    initial: { code: '' },
    check: (schemas, draft) => firstProblem(schemas.twoFactorEnableInput, draft, ['code']),
    failed: 'Could not turn on two-factor sign-in. Please try again.',
    save: async (draft) => {
      const { message, recoveryCodes } = await enable.mutateAsync(draft);
      toast.success(message);
      void queryClient.invalidateQueries(trpc.twoFactor.status.queryFilter());
      onEnabled(recoveryCodes);
    },
  });
  const secret = setup.data?.secret;
  return (
    <FormDialog
      title="Turn on two-factor sign-in"
      problem={
        form.problem ?? (setup.isError ? errorMessage(setup.error, 'Could not start the setup.') : null)
      }
      onSubmit={() => void form.submit()}
      onCancel={onCancel}
      isSaving={form.isSaving}
      submitLabel="Turn on"
    >
      <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Scan this QR code with your authenticator app.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-2">
        {setup.data ? <QrCode uri={setup.data.uri} /> : <Spinner label="Making your QR code" />}
        {secret ? (
          <p className="text-center text-xs text-slate-600 dark:text-slate-400">
            Cannot scan it? Enter this key in the app:
            <br />
            <code
              className="font-mono text-sm break-all text-slate-900 dark:text-slate-100"
              data-testid="two-factor-secret"
            >
              {secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
        ) : null}
      </div>
      <Field label="6-digit code from the app">
        {(id) => (
          <Input
            id={id}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123 456"
            maxLength={7}
            data-autofocus
            {...form.text('code')}
          />
        )}
      </Field>
    </FormDialog>
  );
}

/** The recovery codes, this once: copy or download them before closing (only their hashes are kept). */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const text = `Paisable recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = () =>
    void navigator.clipboard.writeText(text).then(
      () => toast.success('Recovery codes copied.'),
      () => toast.error('Could not copy; download them or write them down.'),
    );
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'paisable-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Dialog open onClose={onClose} title="Save your recovery codes" role="alertdialog">
      <div className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          If you lose your phone, each of these codes signs you in once instead of a code from the app. They
          are shown only now: keep them somewhere safe, away from your password.
        </p>
        <ul
          className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm dark:bg-slate-800"
          aria-label="Recovery codes"
          data-testid="recovery-codes"
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={copy}>
            Copy
          </Button>
          <Button variant="secondary" onClick={download}>
            Download
          </Button>
          <Button onClick={onClose}>I have saved them</Button>
        </div>
      </div>
    </Dialog>
  );
}

function DisableDialog({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const disable = useMutation(trpc.twoFactor.disable.mutationOptions());
  const form = useContractForm({
    initial: { password: '', code: '' },
    check: (schemas, draft) => firstProblem(schemas.twoFactorDisableInput, draft, ['password', 'code']),
    failed: 'Could not turn off two-factor sign-in. Please try again.',
    save: async (draft) => {
      const { message } = await disable.mutateAsync(draft);
      toast.success(message);
      void queryClient.invalidateQueries(trpc.twoFactor.status.queryFilter());
      onDone();
    },
  });
  return (
    <FormDialog
      title="Turn off two-factor sign-in"
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel="Turn off"
    >
      <Field label="Your password">
        {(id) => (
          <PasswordInput id={id} autoComplete="current-password" data-autofocus {...form.text('password')} />
        )}
      </Field>
      <SecondFactorField {...form.text('code')} />
    </FormDialog>
  );
}
