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

  // The tax summary table at the foot repeats "Total" for the taxable base and the tax: not the bill.
  const summary = lines.findIndex((line) => /su[mn]+a?r?y\b|tax\s*code/i.test(line));
  const beforeSummary = candidates.filter((candidate) => summary < 0 || candidate.index < summary);
  if (beforeSummary.length > 0) candidates.splice(0, candidates.length, ...beforeSummary);

  const paid = cashMinusChange(lines);
  if (paid !== undefined && printedWithoutPoint(lines, paid)) return paid;
  if (candidates.length === 0) return paid ?? cashAlone(lines);
  // A printed total that equals cash minus change is certainly the amount paid.
  if (candidates.some((candidate) => candidate.cents === paid)) return paid;
  // Heaviest label wins; among equals the last printed (after rounding, after tax).
  const best = candidates.reduce((a, b) => (b.weight >= a.weight ? b : a)).cents;
  // Cash tendered minus change is what the customer paid, after any rounding; two printed numbers
  // agreeing with each other beat one label read by the OCR — unless they are far apart, when one of
  // the cash or change lines was misread.
  if (paid !== undefined && paid <= best * 2 && paid >= best / 2) return paid;
  return applyRounding(lines, best);
}

/** A total line whose digits are the amount paid, its decimal point lost by the OCR ("Total =9280"). */
function printedWithoutPoint(lines: string[], cents: number): boolean {
  const digits = String(cents);
  return lines.some(
    (line) =>
      /total/i.test(line) &&
      !/sub/i.test(line) &&
      amountsIn(line).length === 0 &&
      new RegExp(`(?<!\\d)${digits}(?!\\d)`).test(line.replace(/[\s.,]/g, '')),
  );
}

/**
 * Where cash is rounded (to 5 cents in Malaysia, Canada, …) the receipt prints a rounding adjustment;
 * when the label read was the total before rounding, the adjustment that lands on a multiple of
 * 5 cents gives the amount paid.
 */
function applyRounding(lines: string[], total: number): number {
  if (total % 5 === 0) return total;
  // Printed with a minus sign or without; only its size matters here.
  const adjustment = lastAmountOn(
    lines.map((line) => line.replace(/-/g, ' ')),
    /round/i,
  );
  if (adjustment === undefined || adjustment === 0 || adjustment > 4) return total;
  return [total - adjustment, total + adjustment].find((value) => value % 5 === 0) ?? total;
}

/** The amount on the last line matching `pattern` that has one. */
function lastAmountOn(lines: string[], pattern: RegExp): number | undefined {
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] ?? '';
    if (!pattern.test(line)) continue;
    const amount = amountsIn(line).at(-1);
    if (amount !== undefined) return amount;
  }
  return undefined;
}

/** Cash tendered minus change given: what was paid, when both are printed. */
function cashMinusChange(lines: string[]): number | undefined {
  const cash = lastAmountOn(lines, /\bcash\b|tender/i);
  const change = lastAmountOn(lines, /change|\bbaki\b/i);
  if (cash === undefined || change === undefined || change >= cash) return undefined;
  return cash - change;
}

/** Exact cash with no change line: the cash is the total. */
function cashAlone(lines: string[]): number | undefined {
  if (lines.some((line) => /change|\bbaki\b/i.test(line))) return undefined;
  const cash = lastAmountOn(lines, /\bcash\b/i);
  return cash && cash > 0 ? cash : undefined;
}
