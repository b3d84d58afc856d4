import type { Conversion } from '@paisable/contracts';

import type { ConvertedGroup } from './convert';

/*
 * Figures in the display currency from sums per day and currency: each sum converted at its own day's rate,
 * added up, and a note of the rates used and the ones missing for the figure's hover.
 */

export type ConvertedSum = { minor: bigint; conversion?: Conversion };

/**
 * The groups added up in the target currency: those already in it as they are, the others at their rate; a
 * group without a rate is left out and named in `missing` (never taken at 1). No note when nothing needed a
 * rate. Per currency the note keeps the newest rate used (the figure's hover: "1 EUR = 1.08 USD on …").
 */
export function addConverted(groups: readonly ConvertedGroup[]): ConvertedSum {
  let minor = 0n;
  const note = new NoteBuilder();
  for (const group of groups) {
    if ('missing' in group) {
      note.addGap({ currency: group.currency, from: group.day, to: group.day });
      continue;
    }
    minor += group.convertedMinor;
    if (group.converted) {
      note.addRate({
        currency: group.currency,
        rate: group.rate,
        date: group.rateDate,
        source: group.source,
      });
    }
  }
  const conversion = note.build();
  return conversion ? { minor, conversion } : { minor };
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
  const merged = new NoteBuilder();
  for (const note of notes) {
    for (const rate of note?.rates ?? []) merged.addRate(rate);
    for (const gap of note?.missing ?? []) merged.addGap(gap);
  }
  return merged.build();
}

type Rate = Conversion['rates'][number];
type Gap = Conversion['missing'][number];

/** A note being gathered: per currency the newest rate used and the widest span of days without one. */
class NoteBuilder {
  private readonly rates = new Map<string, Rate>();
  private readonly missing = new Map<string, Gap>();

  addRate(rate: Rate): void {
    const known = this.rates.get(rate.currency);
    if (!known || known.date < rate.date) this.rates.set(rate.currency, rate);
  }

  addGap(gap: Gap): void {
    const known = this.missing.get(gap.currency);
    this.missing.set(gap.currency, {
      currency: gap.currency,
      from: known && known.from < gap.from ? known.from : gap.from,
      to: known && known.to > gap.to ? known.to : gap.to,
    });
  }

  /** The note, currencies in code order; undefined when nothing was converted or missing. */
  build(): Conversion | undefined {
    if (this.rates.size === 0 && this.missing.size === 0) return undefined;
    const byCode = (a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency);
    return { rates: [...this.rates.values()].sort(byCode), missing: [...this.missing.values()].sort(byCode) };
  }
}
