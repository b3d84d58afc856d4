import { stepOf } from '~/components/money-fields';
import { Input } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { amountFromInput } from '~/lib/form-check';
import { formatMoney } from '~/lib/format';

import {
  leftToAssignCents,
  minorToNumber,
  minorUnitOf,
  parseAmountInCurrency,
  SPLIT_LINES_MAX,
  SPLIT_LINES_MIN,
} from '@paisable/contracts/rules';

/** One line of a split as typed: the amount stays text until it is saved. */
export type SplitDraftLine = { category: string; amount: string; note: string };

export const NO_SPLIT: SplitDraftLine[] = [];

/** The lines a split starts with: the whole amount on the first (in the row's category), nothing on the second. */
export function startSplit(amount: string, category: string): SplitDraftLine[] {
  return [
    { category, amount, note: '' },
    { category: '', amount: '', note: '' },
  ];
}

/** The lines as the API takes them. */
export function splitInput(lines: readonly SplitDraftLine[]) {
  return lines.map((line) => ({
    category: line.category.trim(),
    amount: amountFromInput(line.amount),
    note: line.note.trim(),
  }));
}

/**
 * What the lines leave to assign of `amount`, in the minor unit of the row's currency (undefined while
 * the amount is not a valid amount of it); a line not typed yet (or not valid in it) counts as nothing.
 */
export function leftToAssign(
  amount: string,
  lines: readonly SplitDraftLine[],
  currency: string,
): number | undefined {
  const total = parseAmountInCurrency(amountFromInput(amount), currency);
  if (!total.ok) return undefined;
  return leftToAssignCents(
    total.minor,
    lines.map((line) => {
      const read = parseAmountInCurrency(amountFromInput(line.amount), currency);
      return read.ok ? read.minor : 0;
    }),
  );
}

type SplitLinesProps = {
  lines: SplitDraftLine[];
  amount: string;
  categories: string[];
  currency: string;
  onChange: (lines: SplitDraftLine[]) => void;
};

/** The lines editor of a split transaction: category, amount and note per line, and what is left to assign. */
export function SplitLines({ lines, amount, categories, currency, onChange }: SplitLinesProps) {
  const left = leftToAssign(amount, lines, currency);
  const decimals = minorUnitOf(currency);
  const step = stepOf(decimals);
  const change = (index: number, patch: Partial<SplitDraftLine>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">Split lines</legend>
      {lines.map((line, index) => {
        const options =
          line.category && !categories.includes(line.category) ? [...categories, line.category] : categories;
        return (
          <div key={index} className="grid grid-cols-[1fr_7rem_auto] gap-2 sm:grid-cols-[1fr_7rem_1fr_auto]">
            <Select
              aria-label={`Line ${index + 1} category`}
              value={line.category}
              onChange={(event) => change(index, { category: event.target.value })}
            >
              <option value="">Category</option>
              {options.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
            <Input
              aria-label={`Line ${index + 1} amount`}
              type="number"
              inputMode="decimal"
              step={step}
              min={step}
              placeholder={(0).toFixed(decimals)}
              value={line.amount}
              onChange={(event) => change(index, { amount: event.target.value })}
            />
            <Input
              aria-label={`Line ${index + 1} note`}
              className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto"
              placeholder="Note"
              value={line.note}
              onChange={(event) => change(index, { note: event.target.value })}
            />
            <button
              type="button"
              aria-label={`Remove line ${index + 1}`}
              className="px-2 text-sm text-slate-500 hover:text-red-600 disabled:opacity-40"
              disabled={lines.length <= SPLIT_LINES_MIN}
              onClick={() => onChange(lines.filter((_, at) => at !== index))}
            >
              ✕
            </button>
          </div>
        );
      })}
      <div className="flex items-center justify-between gap-2 pt-1 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline disabled:opacity-40 dark:text-brand-300"
          disabled={lines.length >= SPLIT_LINES_MAX}
          onClick={() => onChange([...lines, { category: '', amount: '', note: '' }])}
        >
          Add line
        </button>
        <span
          role="status"
          className={
            left === 0
              ? 'text-emerald-700 dark:text-emerald-400'
              : 'font-medium text-amber-700 dark:text-amber-400'
          }
        >
          Left to assign: {left === undefined ? '—' : formatMoney(minorToNumber(left, currency), currency)}
        </span>
      </div>
    </fieldset>
  );
}

type SplitRow = { category: string; splits: { category: string; amount: number; note: string }[] };

/** A row's category as the list shows it: "Split (3)" for a split row. */
export function categoryLabel(row: SplitRow): string {
  return row.splits.length > 0 ? `Split (${row.splits.length})` : row.category;
}

/** The list's category cell: the category, or "Split (n)" that opens to the row's lines. */
export function CategoryCell({ row, currency }: { row: SplitRow; currency: string }) {
  const chip =
    'rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300';
  if (row.splits.length === 0) return <span className={chip}>{row.category}</span>;
  return (
    <details className="group">
      <summary className={`${chip} cursor-pointer list-inside`}>{categoryLabel(row)}</summary>
      <ul className="mt-1.5 space-y-0.5 text-xs text-slate-700 dark:text-slate-300">
        {row.splits.map((line, index) => (
          <li key={index} className="flex justify-between gap-3">
            <span className="truncate" title={line.note || undefined}>
              {line.category}
              {line.note ? <span className="text-slate-500 dark:text-slate-400"> · {line.note}</span> : null}
            </span>
            <span className="tabular-nums">{formatMoney(line.amount, currency)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
