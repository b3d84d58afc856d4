import { useQuery } from '@tanstack/react-query';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Field, Input } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { uploadFile } from '~/lib/rest';
import { meQuery } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { useState } from 'react';
import { toast } from 'sonner';

import type { ImportPreview, ImportResult } from '@paisable/contracts';
import {
  IMPORT_FILE_ACCEPT,
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMATS_SENTENCE,
  IMPORT_MESSAGES,
  skipProblemsLabel,
} from '@paisable/contracts/rules';

import { accountsQuery, openAccounts } from '../accounts/accounts-query';
import { RuleForm, type RuleDraft } from '../rules/rule-form';
import { BalanceCheckLine } from './balance-check-line';
import { importNetText } from './import-amounts';
import { ImportDestination, NEW_ACCOUNT } from './import-destination';
import { ImportPreviewRows, type RowChanges } from './import-preview-rows';
import { importSummary, notSavedWarning } from './import-result';
import { useInvalidateMoney } from './use-transaction-mutations';

type DateOrder = '' | 'ymd' | 'dmy' | 'mdy';
/** Rows drawn in the preview table; the counts above it always cover the whole file. */
const ROWS_SHOWN = 300;

type Step = { label: string; sent?: number } | null;

function messageOf(body: unknown, fallback: string): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : fallback;
}

/**
 * Transactions → Import: a bank file in any format we read (CSV, OFX, QFX, QIF, CAMT.053, MT940, told
 * from the content). The server previews it: the file's accounts, each row with its category and why,
 * and the rows already saved, which are skipped. Nothing is saved until the user confirms.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [dateFormat, setDateFormat] = useState<DateOrder>('');
  const [decimalComma, setDecimalComma] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<Step>(null);
  /**
   * The user's account the rows go into (the file's own accounts are chosen apart, above): empty until the
   * user picks one, so the server finds the account the statement's number is known by; NEW_ACCOUNT opens
   * the account the statement proposes.
   */
  const [intoChoice, setIntoChoice] = useState('');
  const accounts = useQuery(accountsQuery());
  const openOnes = openAccounts(accounts.data?.accounts ?? []);
  const currency = useQuery(meQuery()).data?.defaultCurrency ?? 'USD';
  /** A file with rows that cannot be read is refused whole unless the user says to leave them out. */
  const [skipProblems, setSkipProblems] = useState(false);
  /** Rows the user re-categorised or left out in the preview, sent with the import. */
  const [changes, setChanges] = useState<RowChanges>(new Map());
  const categories = useQuery({ ...trpc.categories.list.queryOptions(), enabled: open });
  /** "Make a rule from this row": the rule form, prefilled, in place of the rows until saved or cancelled. */
  const [ruleDraft, setRuleDraft] = useState<RuleDraft | null>(null);
  const invalidate = useInvalidateMoney();

  function close() {
    setFile(null);
    setPreview(null);
    setSkipProblems(false);
    setIntoChoice('');
    setRuleDraft(null);
    setProblem(null);
    setStep(null);
    onClose();
  }

  function fields(account?: string, into = intoChoice): Record<string, string> {
    return {
      ...(account ? { account } : {}),
      ...(dateFormat ? { dateFormat } : {}),
      decimalComma: String(decimalComma),
      ...(into === NEW_ACCOUNT ? { newAccount: 'true' } : into ? { accountId: into } : {}),
      ...(skipProblems ? { skipProblems: 'true' } : {}),
    };
  }

  /**
   * @param keepChanges after a new rule: the rows the user left out or marked stay so; the categories
   *   they picked give way to what the rules now say.
   */
  async function showPreview(account?: string, into?: string, keepChanges = false) {
    if (!file) return;
    setProblem(null);
    setStep({ label: 'Uploading', sent: 0 });
    try {
      const { status, body } = await uploadFile(
        '/api/imports/preview',
        'file',
        file,
        (sent) => setStep(sent < 1 ? { label: 'Uploading', sent } : { label: 'Reading the file…' }),
        fields(account, into),
      );
      if (status === 200) {
        setPreview(body as ImportPreview);
        setSkipProblems(false);
        setChanges((previous) =>
          keepChanges
            ? new Map([...previous].map(([row, { category: _picked, ...kept }]) => [row, kept] as const))
            : new Map(),
        );
      } else setProblem(messageOf(body, 'Could not read the file. Please try again.'));
    } catch {
      setProblem('The server could not be reached. Please try again.');
    } finally {
      setStep(null);
    }
  }

  async function save() {
    if (!file || !preview) return;
    setProblem(null);
    setStep({ label: 'Uploading', sent: 0 });
    try {
      const { status, body } = await uploadFile(
        '/api/imports',
        'file',
        file,
        (sent) => setStep(sent < 1 ? { label: 'Uploading', sent } : { label: 'Saving the transactions…' }),
        // The account the user saw is sent as chosen, so the statement's number is remembered on it.
        { ...fields(preview.account, destinationValue(preview)), ...rowChangesField(changes) },
      );
      if (status !== 201) {
        setProblem(messageOf(body, IMPORT_MESSAGES.importFailed));
        return;
      }
      const result = body as ImportResult;
      await invalidate();
      toast.success(importSummary(result));
      const warning = notSavedWarning(result);
      // Stays until dismissed: the user has something to finish by hand.
      if (warning) toast.warning(warning.title, { description: warning.description, duration: Infinity });
      close();
    } catch {
      setProblem(IMPORT_MESSAGES.importFailed);
    } finally {
      setStep(null);
    }
  }

  const busy = step !== null;
  const leftOut =
    preview?.rows.filter((row, index) => !row.duplicate && changes.get(index)?.skip).length ?? 0;
  const toImport = (preview?.newCount ?? 0) - leftOut;
  const kept = preview?.rows.filter((row, index) => !row.duplicate && !changes.get(index)?.skip);
  // The preview's amounts are in the minor unit of the account the rows go into: shown in its currency.
  const previewCurrency = preview?.destination.currency ?? currency;

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Import transactions"
      description={`A file from your bank or budgeting app: ${IMPORT_FORMATS_SENTENCE}. Nothing is saved until you confirm.`}
    >
      <div className="space-y-4">
        {problem ? <ErrorBox>{problem}</ErrorBox> : null}
        <Field label="Bank file">
          {(id) => (
            <Input
              id={id}
              type="file"
              accept={IMPORT_FILE_ACCEPT}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setPreview(null);
              }}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Date format" hint="CSV and QIF only, when the dates could be read two ways.">
            {(id) => (
              <Select
                id={id}
                value={dateFormat}
                onChange={(event) => setDateFormat(event.target.value as DateOrder)}
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
          <div className="space-y-3">
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {IMPORT_FORMAT_LABELS[preview.format]} file
              {preview.accounts.length > 1 ? ` with ${preview.accounts.length} accounts` : ''}
            </p>
            {preview.accounts.length > 1 ? (
              <Field label="Account">
                {(id) => (
                  <Select
                    id={id}
                    value={preview.account}
                    disabled={busy}
                    onChange={(event) => void showPreview(event.target.value)}
                  >
                    {preview.accounts.map((account) => (
                      <option key={account.key} value={account.key}>
                        {account.label} ({account.rowCount} rows)
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : null}
            <ImportDestination
              preview={preview}
              accounts={openOnes}
              currency={previewCurrency}
              value={destinationValue(preview)}
              disabled={busy}
              onChange={(value) => {
                setIntoChoice(value);
                // The balance check and the duplicates are of the account: asked again for the new one.
                void showPreview(preview.account, value);
              }}
            />
            <p className="text-sm font-medium" aria-live="polite">
              {preview.newCount} new, {preview.duplicateCount} already present, {preview.problems.length}{' '}
              rejected
              {leftOut > 0 ? `, ${leftOut} left out by you` : ''}
              {kept !== undefined && toImport > 0 ? ` · net ${importNetText(kept, previewCurrency)}` : ''}
            </p>
            {preview.balanceCheck ? (
              <BalanceCheckLine
                check={preview.balanceCheck}
                name={preview.destination.name}
                currency={previewCurrency}
              />
            ) : null}
            {[...preview.notices, ...preview.problems.map(placeOf)].map((text) => (
              <p key={text} className="text-sm text-amber-800 dark:text-amber-300">
                {text}
              </p>
            ))}
            {ruleDraft ? (
              <section
                aria-labelledby="rule-from-row"
                className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
                <h3 id="rule-from-row" className="text-sm font-semibold">
                  New rule, applied to this file once saved
                </h3>
                <RuleForm
                  draft={ruleDraft}
                  onCancel={() => setRuleDraft(null)}
                  onDone={async () => {
                    setRuleDraft(null);
                    toast.success('Rule saved');
                    await showPreview(preview.account, destinationValue(preview), true);
                  }}
                />
              </section>
            ) : null}
            <div className="max-h-80 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700">
              <ImportPreviewRows
                rows={preview.rows.slice(0, ROWS_SHOWN)}
                currency={previewCurrency}
                categories={categories.data ?? { expense: [], income: [] }}
                changes={changes}
                onChange={(index, change) => setChanges((previous) => new Map(previous).set(index, change))}
                transferAccounts={openOnes
                  .filter((account) => account.id !== preview.destination.accountId)
                  .map((account) => ({ id: account.id, name: account.name }))}
                onMakeRule={(row, category) =>
                  setRuleDraft({
                    pattern: row.originalName ?? row.name,
                    setCategory: category,
                    type: row.isIncome ? 'income' : 'expense',
                  })
                }
              />
              {preview.rows.length > ROWS_SHOWN ? (
                <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">
                  …and {preview.rows.length - ROWS_SHOWN} more rows.
                </p>
              ) : null}
            </div>
          </div>
        ) : null}

        {step ? (
          <div className="space-y-1" role="status">
            <p className="text-sm">
              {step.sent !== undefined ? `${step.label}… ${Math.round(step.sent * 100)}%` : step.label}
            </p>
            <progress
              className="w-full"
              {...(step.sent !== undefined ? { value: step.sent, max: 1 } : {})}
              aria-label="Import progress"
            />
          </div>
        ) : null}

        {preview && preview.problems.length > 0 && preview.newCount > 0 ? (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={skipProblems}
              onChange={(event) => setSkipProblems(event.target.checked)}
            />
            {skipProblemsLabel(preview.problems.length)}
          </label>
        ) : null}

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          {preview && toImport > 0 ? (
            <Button
              onClick={() => void save()}
              // The server refuses a file with unreadable rows unless they are left out on purpose.
              disabled={busy || (preview.problems.length > 0 && !skipProblems)}
            >
              Import {toImport} transaction{toImport === 1 ? '' : 's'}
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

function placeOf(problem: ImportPreview['problems'][number]): string {
  const where = [problem.line ? `line ${problem.line}` : '', problem.element ?? '']
    .filter(Boolean)
    .join(', ');
  return where ? `Left out (${where}): ${problem.message}` : `Left out: ${problem.message}`;
}

/** The preview's changes as the import's `rowChanges` field (JSON), only when there are any. */
function rowChangesField(changes: RowChanges): Record<string, string> {
  if (changes.size === 0) return {};
  return { rowChanges: JSON.stringify([...changes].map(([row, change]) => ({ row, ...change }))) };
}

/** The picker's value for where the preview's rows go: the account, or the new one it would open. */
function destinationValue(preview: ImportPreview): string {
  return preview.destination.accountId ?? NEW_ACCOUNT;
}
