import type { Conversion } from '@paisable/contracts';

import type { ConvertedGroup } from './convert';

/*
 * Figures in the display currency from sums kept per day and currency (never from rows): each sum converted at
 * its own day's rate, added up, and a note of the rates used and the ones missing for the figure's hover.
 */

export type ConvertedSum = { minor: bigint; conversion?: Conversion };

/**
 * The groups added up in the target currency: those already in it as they are, the others at their rate; a
 * group without a rate is left out and named in `missing` (never taken at 1). No note when nothing needed a
 * rate. Per currency the note keeps the newest rate used (the figure's hover: "1 EUR = 1.08 USD on …").
 */
export function addConverted(groups: readonly ConvertedGroup[]): ConvertedSum {
  let minor = 0n;
  const rates = new Map<string, Conversion['rates'][number]>();
  const missing = new Map<string, Conversion['missing'][number]>();
  for (const group of groups) {
    if ('missing' in group) {
      const known = missing.get(group.currency);
      missing.set(group.currency, {
        currency: group.currency,
        from: known && known.from < group.day ? known.from : group.day,
        to: known && known.to > group.day ? known.to : group.day,
      });
      continue;
    }
    minor += group.convertedMinor;
    if (!group.converted) continue;
    const known = rates.get(group.currency);
    if (!known || known.date < group.rateDate) {
      rates.set(group.currency, {
        currency: group.currency,
        rate: group.rate,
        date: group.rateDate,
        source: group.source,
      });
    }
  }
  if (rates.size === 0 && missing.size === 0) return { minor };
  const byCode = (a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency);
  return {
    minor,
    conversion: { rates: [...rates.values()].sort(byCode), missing: [...missing.values()].sort(byCode) },
  };
}

/**
 * A total kept mixed (its sums of every currency added as they are) made right in the target currency: the
 * other currencies' sums (`foreign`, per day and currency, a part of `mixed`, converted by `convertTotals`)
 * are taken out and added back converted. Without any, it is a single-currency user's total, untouched.
 */
export function inCurrency(mixed: bigint, foreign: readonly ConvertedGroup[]): ConvertedSum {
  if (foreign.length === 0) return { minor: mixed };
  const raw = foreign.reduce((sum, group) => sum + group.amountMinor, 0n);
  const added = addConverted(foreign);
  return { ...added, minor: mixed - raw + added.minor };
}

/**
 * One note for a figure made of figures that each have theirs (a total of budget lines, a carry over
 * months): per currency the newest rate and the widest gap; absent when none of them was converted.
 */
export function mergeConversions(notes: readonly (Conversion | undefined)[]): Conversion | undefined {
  const rates = new Map<string, Conversion['rates'][number]>();
  const missing = new Map<string, Conversion['missing'][number]>();
  for (const note of notes) {
    for (const rate of note?.rates ?? []) {
      const known = rates.get(rate.currency);
      if (!known || known.date < rate.date) rates.set(rate.currency, rate);
    }
    for (const gap of note?.missing ?? []) {
      const known = missing.get(gap.currency);
      missing.set(gap.currency, {
        currency: gap.currency,
        from: known && known.from < gap.from ? known.from : gap.from,
        to: known && known.to > gap.to ? known.to : gap.to,
      });
    }
  }
  if (rates.size === 0 && missing.size === 0) return undefined;
  const byCode = (a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency);
  return { rates: [...rates.values()].sort(byCode), missing: [...missing.values()].sort(byCode) };
}
