import { isCalendarDate } from '@paisable/contracts';

import { readAmount, type SignedCents } from '../amounts';
import { identifyingBankId } from '../bank-ids';
import type { StatementBalance } from '../model';

/**
 * `:61:` subfields: value date, entry date, mark, funds code, amount, transaction type, references.
 * - The entry date may be four spaces (Citi, ASN Bank write `240312    DD212,39…`).
 * - The funds code is the third letter of the currency (`DR`, `CR` of German Sparkassen, `DK` of Danske
 *   Bank, `DD` of Citi); `RC`/`RD` are reversals and are matched first.
 * - Commerzbank writes a space between the amount and the type (`D12,35 NRTI…`).
 * - The type is a letter and three characters, which may be spaces (ING `NOV `, Sberbank `S   `).
 */
const STATEMENT_LINE =
  /^(\d{2})(\d{2})(\d{2})(\d{4}| {4})?(RC|RD|C|D)([A-Z])?(\d[\d,]*)\s*([A-Z][A-Z0-9 ]{3})(.*)$/;

/** `:60F:`/`:62M:` etc.: mark, date, currency, amount (Rabobank pads it with zeros: `000000000473,17`). */
const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d[\d,]*)$/;

/** `0121470966      W.P. Jansen`: a reference, a run of spaces, a name (Rabobank before 2014). */
const PADDED_NAME = /^\S{1,16}\s{2,}(\S.*)$/;

export type StatementLine = {
  date: string;
  amount: SignedCents;
  isIncome: boolean;
  type: string;
  /** The bank's own reference (after `//`) when it can identify the transaction; see `bankReference`. */
  bankId?: string;
  /** A name after the reference: Rabobank's older files put the counterparty's name there. */
  counterparty?: string;
  /** The field's further lines (34x supplementary details: original amount, charges, a name). */
  supplementary: string[];
};

export type LineProblem = { message: string };

/**
 * One `:61:` field. A line that does not match is retried joined with its next line, because some
 * Sparkasse exports wrap the field after the mark (`:61:1811261126CR` / `30,00N062NONREF`).
 */
export function readStatementLine(lines: readonly string[]): StatementLine | LineProblem {
  const [first = '', second = '', ...rest] = lines;
  let match = STATEMENT_LINE.exec(first.trim());
  let supplementary = lines.slice(1);
  if (!match && second !== '') {
    match = STATEMENT_LINE.exec(`${first.trim()}${second.trim()}`);
    supplementary = rest;
  }
  if (!match) return { message: `":61:${first}" is not an MT940 statement line.` };
  const [, yy = '', mm = '', dd = '', entry, mark = '', , amountText = '', type = '', references = ''] =
    match;
  const date = bookingDate(yy, mm, dd, entry?.trim() || undefined);
  if (!date) return { message: `Date "${yy}${mm}${dd}${entry ?? ''}" is not a date.` };
  const amount = readAmount(amountText, 'comma');
  const [ownReference = '', bankReference] = splitReferences(references);
  const line: StatementLine = {
    date,
    amount,
    isIncome: mark === 'C' || mark === 'RD',
    type: type.trim(),
    supplementary: supplementary.map((text) => text.trim()).filter(Boolean),
  };
  const bankId = trustedBankReference(bankReference);
  if (bankId) line.bankId = bankId;
  // Rabobank's older files: the counterparty's account padded with spaces, then its name.
  const counterparty = bankReference === undefined ? PADDED_NAME.exec(ownReference)?.[1]?.trim() : undefined;
  if (counterparty) line.counterparty = counterparty;
  return line;
}

/** The customer's reference and, after `//`, the bank's. */
function splitReferences(references: string): [string, string | undefined] {
  const at = references.indexOf('//');
  return at === -1 ? [references, undefined] : [references.slice(0, at), references.slice(at + 2)];
}

/**
 * Only the bank's own reference (after `//`) can identify a transaction: the customer's reference
 * before it is what the payer wrote (an end-to-end id, `NONREF`, or, at ASN Bank and Rabobank, the
 * counterparty's account number), so many different payments share it. A placeholder or an IBAN there
 * identifies nothing either.
 */
export function trustedBankReference(reference: string | undefined): string | undefined {
  return identifyingBankId(reference);
}

/** YYMMDD (years 00–69 are 20xx, as SWIFT files of this century are) and the optional entry MMDD. */
export function bookingDate(yy: string, mm: string, dd: string, entry: string | undefined): string | null {
  let year = (Number(yy) < 70 ? 2000 : 1900) + Number(yy);
  let [month, day] = [mm, dd];
  if (entry) {
    const entryMonth = Number(entry.slice(0, 2));
    // Booked in January for a December value date, or the other way round.
    if (entryMonth === 1 && Number(mm) === 12) year += 1;
    if (entryMonth === 12 && Number(mm) === 1) year -= 1;
    [month, day] = [entry.slice(0, 2), entry.slice(2)];
  }
  const iso = `${year}-${month}-${day}`;
  return isCalendarDate(iso) ? iso : null;
}

/** A `:60F:`, `:60M:`, `:62F:` or `:62M:` balance, signed; undefined when it cannot be read. */
export function readBalance(text: string): (StatementBalance & { currency: string }) | undefined {
  const match = BALANCE.exec(text.trim());
  if (!match) return undefined;
  const [, mark = '', date = '', currency = '', amountText = ''] = match;
  const day = bookingDate(date.slice(0, 2), date.slice(2, 4), date.slice(4, 6), undefined);
  const amount = readAmount(amountText, 'comma');
  const cents = amount.ok ? amount.cents : amount.zero ? 0 : undefined;
  if (!day || cents === undefined) return undefined;
  return { date: day, cents: mark === 'D' ? -cents : cents, currency };
}
