import type { CentsTotal, Conversion } from '@paisable/contracts';
import { compareCentsTotals, findIsoCurrency } from '@paisable/contracts/rules';

import { formatDate } from './format';

const SOURCE_WORDS = { ecb: 'ECB reference rate', file: 'from your ECB file', user: 'typed by you' } as const;

/** "US Dollar (USD)": how the dashboard names the currency its figures are in. */
export function currencyWords(code: string): string {
  const found = findIsoCurrency(code);
  return found ? `${found.name} (${code})` : code;
}

/**
 * What a converted figure's mark says on hover or tap: the newest rate used per currency with its day and
 * source, and the currencies left out for want of a rate (never counted at 1). Every figure (dashboard,
 * budgets, reports, net worth, top payees) converts each day's sum at that day's rate; a budget's amount
 * (`budgetAmount`) is one figure set in another currency, converted at one rate (its month's last day's).
 */
export function conversionText(conversion: Conversion, to: string, budgetAmount = false): string[] {
  const lines = conversion.rates.map(({ currency, rate, date, source }) =>
    budgetAmount
      ? `Budget set in ${currency}, converted at 1 ${currency} = ${rate} ${to} (${formatDate(date)}, ${SOURCE_WORDS[source]}).`
      : `${currency} converted at each day’s rate: latest 1 ${currency} = ${rate} ${to} (${formatDate(date)}, ${SOURCE_WORDS[source]}).`,
  );
  for (const { currency, from, to: last } of conversion.missing) {
    const days = from === last ? formatDate(from) : `${formatDate(from)} – ${formatDate(last)}`;
    lines.push(
      `No ${currency} to ${to} rate for ${days}: those amounts are left out. Add one in Settings → Exchange rates.`,
    );
  }
  return lines;
}

/**
 * A figure of zero with amounts left out for want of a rate is not known: every part of it lacked a rate (or
 * the few it could count net to nothing), so it is shown as missing, never as a zero that looks real. A
 * figure that is not zero keeps its number: the part counted, with the "rate missing" mark.
 */
export function isUnknownFigure(cents: CentsTotal, conversion: Conversion | undefined): boolean {
  return conversion !== undefined && conversion.missing.length > 0 && compareCentsTotals(cents, '0') === 0;
}

/**
 * What is left of a budget (and how full its bar is) is not known when its spending or its amount is not: an
 * amount with no rate into the display currency reads as zero, and against zero any spending looks "over budget".
 */
export function isUnknownBudget({
  spentCents,
  spentConversion,
  amountCents,
  amountConversion,
}: {
  spentCents: CentsTotal;
  spentConversion: Conversion | undefined;
  amountCents: CentsTotal;
  amountConversion: Conversion | undefined;
}): boolean {
  return isUnknownFigure(spentCents, spentConversion) || isUnknownFigure(amountCents, amountConversion);
}

/** "EUR and JPY": the currencies a figure left out for want of a rate. */
export function missingCurrencies(conversion: Conversion): string {
  const codes = conversion.missing.map((gap) => gap.currency);
  return codes.length > 1 ? `${codes.slice(0, -1).join(', ')} and ${codes.at(-1)}` : (codes[0] ?? '');
}

/**
 * Whether the figures of a row under one conversion (a report's month: income and expense) are not known: only
 * when every one of them is, since a zero beside a figure that counted something may well be a real zero.
 */
export function isUnknownRow(figures: readonly CentsTotal[], conversion: Conversion | undefined): boolean {
  return figures.every((cents) => isUnknownFigure(cents, conversion));
}
