import { amountsIn } from './parse-amount';

/**
 * Labels of the amount paid, strongest first. A receipt often prints several totals (before rounding,
 * after rounding, incl. tax); the later, more final ones rank higher.
 */
const TOTAL_LABELS: Array<[RegExp, number]> = [
  [
    /grand\s*total|total\s*(amount\s*)?(payable|due|to\s*pay)|amount\s*(payable|due)|balance\s*due|nett?\s*(total|amount|amt)|jumlah\s*(bersih|besar)?/i,
    5,
  ],
  [
    /(total|amt|amount)\s*(\(?incl?\.?|inclusive)|round(ed|ing)?\s*(d\s*)?total|total\s*(after\s*)?round(ed|ing)?/i,
    5,
  ],
  [
    /total\s*(rm|usd|eur|gbp|sgd|inr|\$|€|£)|total\s*(amount|amt|sales|payment)|total\s*:|\bamount\b|\btotal\b|\btota[l1i]\b|\bt[o0]tal\b/i,
    3,
  ],
];

/** Lines whose amounts are never the total: parts of it, or money moving the other way. */
const NOT_TOTAL =
  /excl|\bsub\s*-?\s*t[o0]tal|\bsubt|total\s*(qty|quantity|items?|disc|discount|saving|tax|gst|vat|excl)|\b(tax|gst|vat|sst|service\s*charge|svc)\b|\bcash\b|tender|change|\bpaid\b|\bbalance\b(?!\s*due)|refund|\bqty\b|item\(?s\)?\s*:|points?|rounding\s*adj|\badj/i;

type Candidate = { cents: number; weight: number; index: number };

/** The grand total in cents, or undefined when the receipt has no readable total. */
export function findTotal(lines: string[]): number | undefined {
  const candidates: Candidate[] = [];
  lines.forEach((line, index) => {
    const label = TOTAL_LABELS.find(([pattern]) => pattern.test(line));
    if (!label) return;
    const surelyFinal = /grand\s*total|round(ed)?\s*total|total\s*round|incl/i.test(line);
    if (NOT_TOTAL.test(line) && !surelyFinal) return;
    // The amount may sit on the next line when the OCR splits a row.
    const amounts = amountsIn(line);
    const cents = amounts.at(-1) ?? amountsIn(lines[index + 1] ?? '').at(-1);
    if (cents !== undefined && cents > 0) candidates.push({ cents, weight: label[1], index });
  });

  const paid = cashMinusChange(lines);
  const confirmed = candidates.find((candidate) => candidate.cents === paid);
  if (confirmed) return confirmed.cents;

  if (candidates.length > 0) {
    // Heaviest label wins; among equals the last printed (after rounding, after tax).
    const best = candidates.reduce((a, b) => (b.weight >= a.weight ? b : a));
    return best.cents;
  }
  return paid;
}

/** Cash tendered minus change given: what was paid, when both are printed. */
function cashMinusChange(lines: string[]): number | undefined {
  const valueOn = (pattern: RegExp) => {
    const index = lines.findIndex((line) => pattern.test(line));
    return index < 0 ? undefined : amountsIn(lines[index] ?? '').at(-1);
  };
  const cash = valueOn(/\bcash\b|tender/i);
  const change = valueOn(/change|\bbaki\b/i);
  if (cash === undefined || change === undefined || change >= cash) return undefined;
  return cash - change;
}
