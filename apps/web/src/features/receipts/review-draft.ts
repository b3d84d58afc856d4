import type { RouterOutputs } from '~/lib/trpc';

import {
  findIsoCurrency,
  formatMinor,
  parseAmountToCents,
  RECEIPT_CONFIDENT,
} from '@paisable/contracts/rules';

import type { Account } from '../accounts/accounts-query';
import { totalText } from './split-proposal';

type Receipt = RouterOutputs['receipts']['get'];

/**
 * The review's fields. `currency`: the one the receipt is printed in (as read, or as the user corrects it);
 * `printedAmount`: the total in it, when that is not the currency of the account (`accountId`) the expense
 * goes to; `amount` is then what that account was charged.
 */
export type Draft = {
  name: string;
  amount: string;
  printedAmount: string;
  currency: string;
  accountId: string;
  date: string;
  category: string;
};
export type DraftField = keyof Draft;
/** What the reader may be unsure of: the total is the printed one, in whichever field holds it. */
export type Doubt = 'name' | 'total' | 'date';

/**
 * The account the expense goes to when the review opens: the one the server says (the saved expense's; else
 * the one named at upload, or an open account kept in the receipt's currency, or the first open account),
 * else the first open account.
 */
export function defaultAccountId({ reading }: Receipt, open: readonly Account[]): string {
  return reading?.accountId ?? open[0]?.id ?? '';
}

/** The fields as read (or as saved), for the expense going to `account`. */
export function draftOf(receipt: Receipt, account: Pick<Account, 'id' | 'currency'>): Draft {
  const { reading } = receipt;
  const currency = reading?.currency ?? account.currency;
  const foreign = currency !== account.currency;
  // Once saved, what the expense recorded in its account is the amount (what was charged).
  const charged =
    reading?.chargedMinor !== null && reading?.chargedMinor !== undefined && reading.accountId === account.id
      ? formatMinor(reading.chargedMinor, account.currency)
      : undefined;
  return {
    name: reading?.merchant ?? '',
    // A total read in another currency is no amount of the account's: the user gives what was charged.
    amount: !reading ? '' : (charged ?? (foreign ? '' : totalText(reading.amountCents, account.currency))),
    printedAmount: reading && foreign ? totalText(reading.amountCents, currency) : '',
    currency,
    accountId: account.id,
    date: reading?.date ?? '',
    category: reading?.category ?? '',
  };
}

/**
 * The draft after the receipt's currency or the account changed. The printed total follows: into its own
 * field when the receipt turns out to be in another currency than the account's (what was charged is then
 * the user's to give), back into the total when it is in the account's, written with the decimals of its
 * new currency. An amount charged to an account in one currency is no amount of an account in another: it
 * is asked for again.
 */
export function rebased(
  draft: Draft,
  change: Partial<Pick<Draft, 'currency' | 'accountId'>>,
  currencyOfAccount: (accountId: string) => string,
): Draft {
  const next = { ...draft, ...change };
  const wasForeign = draft.currency !== currencyOfAccount(draft.accountId);
  const isForeign = next.currency !== currencyOfAccount(next.accountId);
  const printed = wasForeign ? draft.printedAmount : draft.amount;
  if (isForeign) {
    const sameAccountCurrency = currencyOfAccount(next.accountId) === currencyOfAccount(draft.accountId);
    return {
      ...next,
      printedAmount: retyped(printed, next.currency),
      amount: wasForeign && sameAccountCurrency ? draft.amount : '',
    };
  }
  return { ...next, amount: retyped(printed, next.currency) };
}

/**
 * A total written for the decimals of `currency`: "1280.00" typed in a euro field is "1280" in yen, "12"
 * is "12.00" in euros. Text that is no amount, or has decimals the currency lacks, stays as typed: saving
 * says why it is refused.
 */
function retyped(text: string, currency: string): string {
  const read = parseAmountToCents(text);
  return read.ok ? totalText(read.cents, currency) : text;
}

/** What is missing, or read with less confidence than RECEIPT_CONFIDENT, asks to be checked. */
export function doubtsOf({ status, reading }: Receipt): Set<Doubt> {
  const doubts = new Set<Doubt>();
  if (status !== 'needs_review' || !reading) return doubts;
  const confidence = reading.confidence;
  if (!reading.merchant || (confidence && confidence.merchant < RECEIPT_CONFIDENT)) doubts.add('name');
  if (reading.amountCents === null || (confidence && confidence.total < RECEIPT_CONFIDENT))
    doubts.add('total');
  if (reading.date === null || (confidence && confidence.date < RECEIPT_CONFIDENT)) doubts.add('date');
  return doubts;
}

/**
 * What was read of the receipt's currency, beside the one chosen: "Printed in Malaysian Ringgit (MYR, RM)",
 * "Read as EUR" once the user picked another, or that none was read.
 */
export function currencyHint(read: string | null, chosen: string): string | undefined {
  if (read === null) return 'No currency was read on the receipt';
  if (read !== chosen) return `Read as ${read}`;
  const currency = findIsoCurrency(read);
  if (!currency) return undefined;
  const symbol = currency.symbol === currency.code ? '' : `, ${currency.symbol}`;
  return `Printed in ${currency.name} (${currency.code}${symbol})`;
}
