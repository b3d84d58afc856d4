import { amountsIn, amountWithoutPoint, oneMisreadApart } from './parse-amount';

/**
 * Labels of the amount paid, strongest first; "total" also with one letter misread ("Totsl", "T0tai"),
 * "amount" with its m read as n or rn. A receipt often prints several totals (before rounding, after
 * rounding, incl. tax); the later, more final ones rank higher.
 */
export const TOTAL_LABELS: Array<[RegExp, number]> = [
  [
    /grand\s*tota[l1i]|total\s*(amount\s*)?(payable|due|to\s*pay|charged)|a(m|rn|n)ount\s*(payable|due)|(amount|amt)?\s*to\s*be\s*paid|balance\s*due|nett?\s*(total|amount|amt)|jumlah\s*(bersih|besar)?|\bpayable\b/i,
    5,
  ],
  // The same families in the languages of Europe and Asia: Summe / Gesamtbetrag / zu zahlen, TOTAL TTC /
  // net à payer, total a pagar / importe total, totale (complessivo), totaal / te betalen, total belanja.
  [
    /\bsumme\b|gesamtbetrag|zu\s*zahlen|total\s*ttc|net\s*[àa]\s*payer|\b[àa]\s*payer\b|total\s*a\s*pagar|importe\s*total|total\s*compra|\btotale\b|te\s*betalen|\btotaal\b|total\s*(belanja|bayar)|合計|お会計/i,
    5,
  ],
  [
    /(total|amt|amount)\s*(\(?incl?\.?|inclusive)|round(ed|ing)?\s*(d\s*)?total|total\s*(after\s*)?round(ed|ing)?|(total|amt|amount)\s*(\w+\s*)?\(?[il1]n[ce]\w*\.?\s*(of\s*)?(gst|tax|sst|vat)/i,
    5,
  ],
  [
    /total\s*(rm|usd|eur|gbp|sgd|inr|chf|\$|€|£)|total\s*(amount|amt|sales|payment)|total\s*:|\ba(m|rn|n)ount\b|\btotals?\b|\btota[l1i]\b|\bt[o0]tal\b|\b(t[o0]t[a-z][l1i]|t[o0][a-z]a[l1i]|t[a-z]ta[l1i])\b/i,
    3,
  ],
];

/** Whether a line carries one of the total's labels (it may still be a part of it: see NOT_TOTAL). */
export function hasTotalLabel(line: string): boolean {
  return TOTAL_LABELS.some(([pattern]) => pattern.test(line));
}

/**
 * Lines whose amounts are never the total: parts of it, the savings or discounts totalled ("TOTAL
 * ECONOMIES", "Totale sconti"), money moving the other way, the card hold a fuel pump takes before the
 * fill ("PRE-AUTH AMOUNT $125.00"), or the column headings of the item table ("Qty Price Amount").
 */
export const NOT_TOTAL =
  /excl|\bsub\s*-?\s*t[o0]tal|\bsubt|total\s*(qty|quantity|items?|disc|discount|saving|tax|gst|vat|excl)|(total[e]?|totaal)\s*(remises?|[ée]conomies?|ersparnis|rabatt|ahorro|descuentos?|scont[oi]|risparmi[oi]?|korting|voordeel|besparing|descontos?|poupan[çc]a)|\b(tax|gst|vat|sst|service\s*charge|svc)\b|\bcash\b|tender|change|\bpaid\b|\bbalance\b(?!\s*due)|refund|item\(?s\)?\s*:|points?|rounding\s*adj|\badj|\b(price|qty|descr\w*|u\/p)\s+(a(m|rn|n)ount|amt)\b|zwischensumme|sous-?\s*total|\bht\b|hors\s*tax|\b(mwst|ust|tva|iva|btw|ppn|cgst|sgst|igst)\b|\btip\b|gratuity|optional\s*service|\bnetto\b|base\s*imponible|taxable|\bgeg(\.|eben)|r[üu]ckgeld|zur[üu]ck|esp[èe]ces|\brendu\b|efectivo|\bentregado\b|numer[áa]rio|cambio|\btroco\b|\bterug\b|contant[ie]?\b|\bresto\b|wisselgeld|\btunai\b|kembali|pre-?\s?auth/i;

/**
 * Labels that say the amount is the final one even on a line NOT_TOTAL would refuse ("Amount to be paid",
 * "Total incl. GST"); "Inclusive" also as the OCR misreads it ("Inchusive", "lnclusive") when tax follows.
 */
export const FINAL_TOTAL =
  /grand\s*tota[l1i]|to\s*be\s*paid|round(ed)?\s*total|total\s*round|incl|\b[il1]n[ce]\w*\.?\s*(of\s*)?(gst|tax|sst|vat)\b/i;

/** `borrowed`: the amount was read on the line below its label (the OCR split the row). */
type Candidate = { cents: number; weight: number; index: number; borrowed: boolean };

/** The grand total in cents, or undefined when the receipt has no readable total. */
export function findTotal(lines: string[]): number | undefined {
  const candidates: Candidate[] = [];
  lines.forEach((line, index) => {
    const label = TOTAL_LABELS.find(([pattern]) => pattern.test(line));
    if (!label) return;
    if (NOT_TOTAL.test(line) && !FINAL_TOTAL.test(line)) return;
    const own = amountsIn(line).at(-1) ?? amountWithoutPoint(line);
    if (own !== undefined && own > 0)
      candidates.push({ cents: own, weight: label[1], index, borrowed: false });
    // The amount may sit on the next line when the OCR splits a row: it ranks below a total printed
    // on its own label's line.
    const below = own === undefined ? nextLineAmount(lines, index) : undefined;
    if (below !== undefined && below > 0)
      candidates.push({ cents: below, weight: label[1] - 0.5, index, borrowed: true });
  });

  // The tax summary table at the foot repeats "Total" for the taxable base and the tax: not the bill.
  // When every labelled total sits in it, the bill's own total line was unreadable.
  const summary = lines.findIndex((line) => /su[mn]+a?r?y\b|tax\s*code/i.test(line));
  if (summary >= 0) {
    const beforeSummary = candidates.filter((candidate) => candidate.index < summary);
    candidates.splice(0, candidates.length, ...beforeSummary);
  }

  const paid = cashMinusChange(lines);
  if (paid !== undefined && printedWithoutPoint(lines, paid)) return paid;
  if (candidates.length === 0) {
    return paid ?? cashAlone(lines) ?? repeatedAmount(lines, summary) ?? lastAmountOn(lines, SUBTOTAL);
  }
  // A printed total that equals cash minus change, or the amount charged to a card, is certainly
  // the amount paid.
  if (candidates.some((candidate) => candidate.cents === paid)) return paid;
  // An amount borrowed from the card line below a blank "Total: ____" (a tip slip) confirms nothing.
  const card = lastAmountOn(lines, CARD);
  if (candidates.some((candidate) => candidate.cents === card && !candidate.borrowed)) return card;
  const exact = exactCash(lines);
  if (candidates.some((candidate) => candidate.cents === exact)) return exact;
  // Heaviest label wins; among equals the last printed (after rounding, after tax).
  const best =
    agreedWithoutRounding(lines, candidates, summary) ??
    candidates.reduce((a, b) => (b.weight >= a.weight ? b : a)).cents;
  // Cash tendered minus change is what the customer paid, after any rounding; two printed numbers
  // agreeing with each other beat one label read by the OCR — unless they are far apart, when one of
  // the cash or change lines was misread.
  const rounded = applyRounding(lines, best);
  if (paid !== undefined && !cashMisread(lines, rounded) && paid <= best * 2 && paid >= best / 2) return paid;
  return rounded;
}

/**
 * The cash tendered read with one wrong digit ("59.00" for 50.00): the total plus the change is a cash
 * amount one digit away from the one read, and far enough from it (10 cents or more) that it is no cent
 * of rounding. Then the total line is right and cash minus change is not what was paid.
 */
function cashMisread(lines: string[], total: number): boolean {
  const { cash, change } = cashAndChange(lines);
  if (cash === undefined || change === undefined) return false;
  const expected = total + change;
  return Math.abs(expected - cash) >= 10 && oneMisreadApart(expected, cash);
}

/**
 * The amount on the line after a total label that has none (the OCR split the row) — unless that line
 * is a part of the total or money handed over (tax, tip, cash, change), or its amount is well above the
 * subtotal: then the total's own amount was unreadable and the next line is the cash tendered.
 */
function nextLineAmount(lines: string[], index: number): number | undefined {
  const next = lines[index + 1] ?? '';
  if (NOT_TOTAL.test(next) && !FINAL_TOTAL.test(next)) return undefined;
  const amount = amountsIn(next).at(-1);
  const subtotal = lastAmountOn(lines, SUBTOTAL);
  // Tax and service charge on top of the subtotal stay well within a third of it.
  if (amount !== undefined && subtotal !== undefined && amount > subtotal * 1.35) return undefined;
  return amount;
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
  // Printed with a minus sign or without; only its size matters here. A "Rounding" line may also
  // print the rounded total itself: the adjustment is the last one of a few cents.
  const adjustment = lastAmountOn(
    lines.map((line) => line.replace(/-/g, ' ')).filter((line) => (amountsIn(line).at(-1) ?? 0) <= 4),
    /round/i,
  );
  if (adjustment === undefined || adjustment === 0) return total;
  return [total - adjustment, total + adjustment].find((value) => value % 5 === 0) ?? total;
}

/** The amount on the last line matching `pattern` that has one. */
export function lastAmountOn(lines: string[], pattern: RegExp): number | undefined {
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] ?? '';
    if (!pattern.test(line)) continue;
    const amount = amountsIn(line).at(-1);
    if (amount !== undefined) return amount;
  }
  return undefined;
}

/**
 * Cash handed over, in the languages of the receipts read: "Geg. BAR", "Espèces", "Efectivo", "Entregado", "Numerário", "Tunai",
 * "Received" …
 */
export const CASH =
  /\bcash\b|tender|payment|\breceived\b|\bbar\b(?!\s*(restau|&|und))|\bgeg(\.|eben)|esp[èe]ces|efectivo|\bentregado\b|numer[áa]rio|contant[ie]?\b|\btunai\b|お預/i;
/** Change given back: "Rückgeld", Austria's "Retour", "Rendu", "Cambio", "Troco", "Resto", "Wisselgeld", "Terug", "Kembali", "Balance returned" … */
export const CHANGE =
  /(?<!ex)change|\bbaki\b|r[üu]ckgeld|zur[üu]ck|\bretour\b|\brendu\b|monnaie|cambio|\btroco\b|\bresto\b|wisselgeld|\bterug\b|kembali|returned|お釣/i;

/** Cash tendered minus change given: what was paid, when both are printed. */
export function cashMinusChange(lines: string[]): number | undefined {
  const { cash, change } = cashAndChange(lines);
  if (cash === undefined || change === undefined || change >= cash) return undefined;
  return cash - change;
}

/**
 * Cash tendered minus a change printed without its decimal point ("Change: 005" for 0.05): the OCR lost
 * the point. Only a check of a total read elsewhere, never a pick of its own: a change line's lone figure
 * may be a count.
 */
export function cashMinusChangeWithoutPoint(lines: string[]): number | undefined {
  const changeLine = lines.findLast((text) => CHANGE.test(text));
  if (changeLine === undefined || amountsIn(changeLine).length > 0) return undefined;
  const change = amountWithoutPoint(changeLine);
  const cash = lastAmountOn(lines, CASH);
  if (change === undefined || cash === undefined || change >= cash) return undefined;
  return cash - change;
}

/**
 * "Contante 21.50 50.00" over a change line that carries no amount: in a photo the row below ran into
 * the cash line, which now prints both. The larger less the smaller is what was paid. Only a check of a
 * total read elsewhere, never a pick of its own.
 */
export function cashLessSecondAmount(lines: string[]): number | undefined {
  if (lines.some((text) => CHANGE.test(text) && amountsIn(text).length > 0)) return undefined;
  const line = lines.findLast((text) => CASH.test(text) && amountsIn(text).length > 0);
  const amounts = line === undefined ? [] : amountsIn(line);
  if (amounts.length !== 2) return undefined;
  const [first = 0, second = 0] = amounts;
  return first === second ? undefined : Math.abs(first - second);
}

/** The cash tendered and the change given back, as printed (either may be missing). */
function cashAndChange(lines: string[]): { cash: number | undefined; change: number | undefined } {
  return (
    cashAndChangeOnOneLine(lines) ?? {
      cash: lastAmountOn(lines, CASH),
      change: lastAmountOn(lines, CHANGE) ?? balanceAfterCash(lines),
    }
  );
}

/**
 * "Cash Recd 1000.00 / Balance 130.00": right below the cash handed over, the balance is the change
 * given back (India's and Malaysia's tills). Anywhere else a balance may be a gift card's or a loyalty
 * account's.
 */
function balanceAfterCash(lines: string[]): number | undefined {
  const cash = lines.findLastIndex((line) => CASH.test(line) && amountsIn(line).length > 0);
  const next = lines[cash + 1];
  if (cash < 0 || next === undefined || !/\bbalance\b(?!\s*due)/i.test(next)) return undefined;
  return amountsIn(next).at(-1);
}

/**
 * "Change: CASH: 100.00 19.10": both on one line, whose labels need not stand in the order of its
 * amounts. The cash tendered is never less than the change, so of the line's last two amounts the larger
 * is the cash.
 */
function cashAndChangeOnOneLine(lines: string[]): { cash: number; change: number } | undefined {
  const line = lines.findLast((text) => CASH.test(text) && amountsIn(text).length > 0);
  if (line === undefined || !CHANGE.test(line)) return undefined;
  const [first, second] = amountsIn(line).slice(-2);
  if (first === undefined || second === undefined) return undefined;
  return { cash: Math.max(first, second), change: Math.min(first, second) };
}

/**
 * The cash handed over when no change was given (no change line, or one of 0.00): it is the amount
 * paid. A change line whose amount is unreadable says the cash was tendered, not exact.
 */
export function exactCash(lines: string[]): number | undefined {
  const changeLines = lines.filter((line) => CHANGE.test(line));
  if (changeLines.length > 0 && lastAmountOn(changeLines, /./) !== 0) return undefined;
  const cash = lastAmountOn(lines, EXACT_CASH);
  return cash !== undefined && cash > 0 ? cash : undefined;
}

/**
 * Exact cash with no change line: the cash is the total — unless it is well above the subtotal, when
 * the change line was only unreadable.
 */
function cashAlone(lines: string[]): number | undefined {
  if (lines.some((line) => CHANGE.test(line))) return undefined;
  const cash = lastAmountOn(lines, EXACT_CASH);
  const subtotal = lastAmountOn(lines, SUBTOTAL);
  // Tax and service charge on top of the subtotal stay well within a third of it.
  if (subtotal !== undefined && cash !== undefined && cash > subtotal * 1.35) return undefined;
  return cash && cash > 0 ? cash : undefined;
}

export const SUBTOTAL = /\bsub\s*-?\s*t[o0]tal|\bsubt|zwischensumme|sous-?\s*total|小計/i;

/** Cash lines that are surely the money handed over ("payment" may be a card's). */
const EXACT_CASH =
  /\bcash\b|\bbar\b(?!\s*(restau|&|und))|esp[èe]ces|efectivo|numer[áa]rio|contant[ie]?\b|\btunai\b/i;

/** Card payment lines: the amount charged is the total ("EDC MASTER": the card terminal's slip). */
export const CARD =
  /\b(visa|master\s*card|mastercard|amex|debit|credit\s*card|card|credit|cb|carte|tarjeta|bancomat|pin|eftpos|edc|nets|kartenzahlung|girocard|upi)\b/i;

/**
 * When no total line could be read: the grand total is printed at least twice (the total, then the
 * payment), so the largest amount printed more than once above the tax summary is taken. Failing that,
 * the subtotal is the nearest figure left.
 */
function repeatedAmount(lines: string[], summary: number): number | undefined {
  const bill = summary >= 0 ? lines.slice(0, summary) : lines;
  const counts = new Map<number, number>();
  for (const line of bill) {
    // An item row prints its price and its amount: one line counts once.
    for (const cents of new Set(amountsIn(line))) counts.set(cents, (counts.get(cents) ?? 0) + 1);
  }
  const repeated = [...counts].filter(([cents, count]) => count >= 2 && cents > 0).map(([cents]) => cents);
  return repeated.length > 0 ? Math.max(...repeated) : undefined;
}

/**
 * With a rounding adjustment of 0.00 the totals before and after rounding are the same number; when
 * they were read differently, one is misread, and the one that is also printed elsewhere on the bill
 * (an item amount, the payment) is the right one.
 */
function agreedWithoutRounding(
  lines: string[],
  candidates: Candidate[],
  summary: number,
): number | undefined {
  // "Rounding Adj", "RND ADJ", and as OCR splits it, "Rour ding Adustment".
  const adjustment = lines.find(
    (line) => /round|\brnd\b|\br[o0]u\w*\s?d\w*\s+ad/i.test(line) && !/total|\bttl\b/i.test(line),
  );
  if (adjustment === undefined || amountsIn(adjustment.replace(/-/g, ' ')).at(-1) !== 0) return undefined;
  const amounts = new Set(candidates.map((candidate) => candidate.cents));
  if (amounts.size < 2) return undefined;
  const bill = summary >= 0 ? lines.slice(0, summary) : lines;
  const printed = (cents: number) => bill.filter((line) => amountsIn(line).includes(cents)).length;
  const ranked = [...amounts].sort((a, b) => printed(b) - printed(a));
  const [first, second] = ranked;
  return first !== undefined && second !== undefined && printed(first) > printed(second) ? first : undefined;
}
