import { Button } from '~/components/ui/button';
import { Select } from '~/components/ui/select';
import { cn } from '~/lib/cn';
import { PHONE_QUERY, useMediaQuery } from '~/lib/use-media-query';
import { Fragment } from 'react';

import type { ImportPreviewRow, ImportRowChange } from '@paisable/contracts';
import { describeCategoryReason, DUPLICATE_LABELS, TRANSFER_CATEGORY } from '@paisable/contracts/rules';

import { importAmountText } from './import-amounts';

/**
 * The user's changes to the preview, by row index: a category picked by hand, a transfer declined or marked
 * by hand, or left out.
 */
export type RowChanges = ReadonlyMap<number, Omit<ImportRowChange, 'row'>>;

type RowsProps = {
  rows: readonly ImportPreviewRow[];
  /** The currency of the account the rows go into: their amounts are in its minor unit. */
  currency: string;
  categories: { expense: string[]; income: string[] };
  changes: RowChanges;
  onChange: (index: number, change: Omit<ImportRowChange, 'row'>) => void;
  /** The user's other open accounts, which a row can be marked as a transfer with. */
  transferAccounts: readonly { id: string; name: string }[];
  /** "Make a rule from this row": the row and the category it now has. */
  onMakeRule: (row: ImportPreviewRow, category: string) => void;
};

/**
 * The preview's rows, each new one with its category to change and a box to leave it out; a table from
 * 640 px up, a card per row on a phone (where a five-column table broke payees letter by letter).
 */
export function ImportPreviewRows({ rows, ...rest }: RowsProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const parts = rows.map((row, index) => rowParts(row, index, rest));
  if (isPhone) {
    return (
      <ul aria-label="Rows of the file" className="divide-y divide-slate-100 dark:divide-slate-800">
        {parts.map((part) => (
          <li key={part.key} className={cn('space-y-2 px-3 py-3', part.muted)}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 break-words">{part.payee}</div>
              {part.amount}
            </div>
            <div className="text-xs">{part.date}</div>
            {part.category}
            {part.status}
            {part.actions ? <div className="flex flex-wrap items-center gap-2">{part.actions}</div> : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <table className="w-full text-left text-sm">
      <thead className="sticky top-0 z-10 bg-slate-50 dark:bg-slate-800">
        <tr>
          <th className="px-3 py-2 font-medium">Date</th>
          <th className="px-3 py-2 font-medium">Payee</th>
          <th className="px-3 py-2 text-right font-medium">Amount</th>
          <th className="px-3 py-2 font-medium">Category</th>
          <th className="px-3 py-2 font-medium">Status</th>
        </tr>
      </thead>
      <tbody>
        {parts.map((part) => (
          <Fragment key={part.key}>
            <tr className={cn('border-t border-slate-100 align-top dark:border-slate-800', part.muted)}>
              <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{part.date}</td>
              <td className="min-w-[8rem] px-3 py-1.5 break-words">{part.payee}</td>
              <td className="px-3 py-1.5 text-right">{part.amount}</td>
              <td className="min-w-[9rem] px-3 py-1.5">{part.category}</td>
              <td className="px-3 py-1.5">{part.status}</td>
            </tr>
            {part.actions ? (
              <tr>
                <td />
                <td colSpan={4} className="px-3 pb-2">
                  <div className="flex flex-wrap items-center gap-2">{part.actions}</div>
                </td>
              </tr>
            ) : null}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

/** One row's cells, shared by the table and the cards. */
function rowParts(
  row: ImportPreviewRow,
  index: number,
  { categories, changes, onChange, transferAccounts, onMakeRule, currency }: Omit<RowsProps, 'rows'>,
) {
  const change = changes.get(index) ?? {};
  const skipped = change.skip === true;
  const category = change.category ?? row.category;
  // A transfer (matched, or marked by hand) moves money between the user's accounts: it is saved under
  // "Transfer", never counted as spending or income, so a category picker would only mislead.
  const transfer = !skipped && ((row.transferOf && change.transfer !== false) || !!change.transferAccount);
  const options = [...categories[row.isIncome ? 'income' : 'expense']];
  if (!options.includes(category)) options.unshift(category);
  return {
    key: `${row.line ?? ''}-${row.element ?? ''}-${index}`,
    muted: row.duplicate || skipped ? 'text-slate-500 dark:text-slate-400' : undefined,
    date: (
      <span className={cn('tabular-nums', (row.duplicate || skipped) && 'line-through')}>{row.date}</span>
    ),
    payee: (
      <>
        {row.name}
        {row.originalName ? (
          <span className="block text-xs text-slate-500 dark:text-slate-400">was {row.originalName}</span>
        ) : null}
        {row.note ? (
          <span className="block text-xs text-slate-500 dark:text-slate-400">{row.note}</span>
        ) : null}
      </>
    ),
    amount: (
      <span
        className={cn(
          'whitespace-nowrap tabular-nums',
          row.isIncome && !skipped && 'text-green-700 dark:text-green-400',
        )}
      >
        {row.isIncome ? '+' : '-'}
        {importAmountText(row.amountCents, currency)}
      </span>
    ),
    category: transfer ? (
      <span>
        {TRANSFER_CATEGORY}
        <span className="block text-xs text-slate-500 dark:text-slate-400">Not spending or income</span>
      </span>
    ) : row.duplicate ? (
      <span>
        {row.category}
        <span className="block text-xs">{describeCategoryReason(row.reason)}</span>
      </span>
    ) : (
      <span className="block space-y-0.5">
        <Select
          aria-label={`Category of ${row.name}`}
          value={category}
          disabled={skipped}
          className="py-1"
          onChange={(event) => onChange(index, { ...change, category: event.target.value })}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {change.category && change.category !== row.category
            ? `Chosen by you (was ${row.category})`
            : describeCategoryReason(row.reason)}
        </span>
      </span>
    ),
    status: row.duplicate ? (
      <span className="text-slate-600 dark:text-slate-400">
        {DUPLICATE_LABELS[row.duplicate]}
        {row.duplicateOf ? (
          <span className="block text-xs">
            {row.duplicateOf.deleted ? 'deleted: ' : ''}
            {row.duplicateOf.name}, {row.duplicateOf.date}
          </span>
        ) : null}
      </span>
    ) : (
      <span className="block space-y-1">
        <label className="inline-flex items-center gap-2 whitespace-nowrap">
          <input
            type="checkbox"
            checked={!skipped}
            aria-label={`Import ${row.name}`}
            onChange={(event) => onChange(index, { ...change, skip: !event.target.checked })}
            className="h-4 w-4 accent-brand-700"
          />
          <span className={skipped ? undefined : 'text-green-700 dark:text-green-400'}>
            {skipped ? 'Left out' : 'New'}
          </span>
        </label>
        {row.transferOf && !skipped ? (
          <label className="flex items-start gap-2 text-xs">
            <input
              type="checkbox"
              checked={change.transfer !== false}
              aria-label={`${row.name} is a transfer`}
              onChange={(event) => onChange(index, { ...change, transfer: event.target.checked })}
              className="mt-0.5 h-4 w-4 accent-brand-700"
            />
            <span>
              Transfer {row.isIncome ? 'from' : 'to'} {row.transferOf.accountName}
              <span className="block text-slate-500 dark:text-slate-400">
                matches {row.transferOf.name}, {row.transferOf.date}
              </span>
            </span>
          </label>
        ) : null}
      </span>
    ),
    /** Under the row: mark it as a transfer by hand, or make a rule from it (new rows only). */
    actions:
      row.duplicate || skipped ? null : (
        <>
          {!row.transferOf || change.transfer === false || change.transferAccount ? (
            // Beside "Make a rule" from 640 px up; the card's full width on a phone.
            <div className="w-full sm:w-64">
              <Select
                aria-label={`Transfer account of ${row.name}`}
                value={change.transferAccount ?? ''}
                className="py-1 text-xs"
                onChange={(event) => {
                  const { transferAccount: _previous, ...others } = change;
                  onChange(
                    index,
                    event.target.value ? { ...others, transferAccount: event.target.value } : others,
                  );
                }}
              >
                <option value="">Not a transfer</option>
                {transferAccounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    Transfer {row.isIncome ? 'from' : 'to'} {account.name}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          {change.transferAccount ? null : (
            <Button
              variant="ghost"
              size="sm"
              className="text-brand-700 dark:text-brand-300"
              aria-label={`Make a rule from ${row.name}`}
              onClick={() => onMakeRule(row, category)}
            >
              Make a rule
            </Button>
          )}
        </>
      ),
  };
}
