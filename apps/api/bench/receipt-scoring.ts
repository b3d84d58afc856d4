import crypto from 'node:crypto';

import { RECEIPT_CONFIDENT } from '@paisable/contracts';

import type { ExtractedReceipt } from '../src/modules/receipts/extract';

/** A labelled receipt of the set (../shared/receipts-dev/README.md). */
export type Label = { file: string; merchant: string; total: string; date: string; date_alt?: string | null };

export type Outcome = { total: boolean; date: boolean; merchant: boolean; autoSaved: boolean };

/** The README's rules: total to the cent, date (or its day/month swap when ambiguous), merchant ≥ 0.8 similar. */
export function score(label: Label, extracted: ExtractedReceipt | undefined): Outcome {
  if (!extracted) return { total: false, date: false, merchant: false, autoSaved: false };
  const total = extracted.amountCents === undefined ? '' : (extracted.amountCents / 100).toFixed(2);
  const { confidence } = extracted;
  return {
    total: total === label.total,
    date: extracted.date === label.date || (!!label.date_alt && extracted.date === label.date_alt),
    merchant: similarity(extracted.merchant, label.merchant) >= 0.8,
    // What processReceipt does: an expense is recorded only for a total and a date read with confidence.
    autoSaved:
      extracted.amountCents !== undefined &&
      extracted.date !== undefined &&
      confidence.total >= RECEIPT_CONFIDENT &&
      confidence.date >= RECEIPT_CONFIDENT,
  };
}

/** The README's merchant score: letters and digits only, lower case, 1 − Levenshtein / longer length. */
export function similarity(a: string, b: string): number {
  const clean = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
  const [x, y] = [clean(a), clean(b)];
  if (!x.length && !y.length) return 1;
  let previous = Array.from({ length: y.length + 1 }, (_, index) => index);
  for (let i = 1; i <= x.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return 1 - (previous[y.length] ?? 0) / Math.max(x.length, y.length);
}

/** Fold 0–4 of a file, from a hash of its name: stable, and unrelated to merchant or order. */
export function foldOf(file: string, folds = 5): number {
  return crypto.createHash('sha256').update(file).digest().readUInt32BE(0) % folds;
}

/** The held-out split: one fold, chosen by name hash, whose misses are never printed while tuning. */
export const HELD_OUT_FOLD = 0;

export type Figures = { count: number; total: number; date: number; merchant: number; autoSaved: number };

export function figuresOf(outcomes: Outcome[]): Figures {
  const share = (pick: (outcome: Outcome) => boolean) =>
    outcomes.length ? outcomes.filter(pick).length / outcomes.length : 0;
  return {
    count: outcomes.length,
    total: share((outcome) => outcome.total),
    date: share((outcome) => outcome.date),
    merchant: share((outcome) => outcome.merchant),
    autoSaved: share((outcome) => outcome.autoSaved),
  };
}

export function percentile(values: number[], rank: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(rank * sorted.length) - 1)] ?? 0;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const middle = sorted.length / 2;
  return sorted.length % 2
    ? (sorted[Math.floor(middle)] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
