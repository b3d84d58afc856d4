import { and, asc, eq, not } from 'drizzle-orm';

import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  parseAmountInCurrency,
  parseSignedAmountInCurrency,
  type TransactionChanges,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { LedgerSplitLine } from './splits';

/**
 * The account a write goes to, with its currency: the one named (the user's own), else the user's first
 * open account, as the ledger's insert path picks it. Closed accounts are refused by that path.
 */
export async function accountForWrite(
  db: Queryable,
  userId: string,
  accountId: string | undefined,
): Promise<{ id: string; currency: string }> {
  if (accountId !== undefined && !isUuid(accountId))
    throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  const [account] = await db
    .select({ id: accounts.id, currency: accounts.currency })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        accountId === undefined ? not(accounts.closed) : eq(accounts.id, accountId),
      ),
    )
    .orderBy(asc(accounts.position), asc(accounts.createdAt))
    .limit(1);
  if (!account) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  return account;
}

/** A decimal amount (checked by the contract) in the currency's minor unit, or the currency's refusal. */
export function minorIn(amount: string, currency: string): number {
  const read = parseAmountInCurrency(amount, currency);
  if (!read.ok) throw new AppError('BAD_REQUEST', read.message);
  return read.minor;
}

/** A balance (zero or negative allowed) in the currency's minor unit. */
export function signedMinorIn(amount: string, currency: string): number {
  const read = parseSignedAmountInCurrency(amount, currency);
  if (!read.ok) throw new AppError('BAD_REQUEST', read.message);
  return read.minor;
}

/** The amount as a writer gives it: decimal text from the wire, or minor units from an internal writer. */
export type GivenAmount = { amount?: string | undefined; amountCents?: number | undefined };

export function amountOf(given: GivenAmount, currency: string): number {
  if (given.amount !== undefined) return minorIn(given.amount, currency);
  if (given.amountCents !== undefined) return given.amountCents;
  throw new AppError('BAD_REQUEST', MESSAGES.amountRequired);
}

export type GivenOriginal = {
  originalAmount?: string | null | undefined;
  originalCurrency?: string | null | undefined;
};
export type StoredOriginal = { originalAmountMinor: number | null; originalCurrency: string | null };

/**
 * What was paid in another currency, checked against the account's: both or neither, another currency,
 * and an amount with that currency's decimals. Undefined when the writer says nothing (keep what it has);
 * nulls when it clears them.
 */
export function originalOf(given: GivenOriginal, accountCurrency: string): StoredOriginal | undefined {
  const { originalAmount, originalCurrency } = given;
  if (originalAmount === undefined && originalCurrency === undefined) return undefined;
  if (originalAmount == null && originalCurrency == null)
    return { originalAmountMinor: null, originalCurrency: null };
  if (originalAmount == null || originalCurrency == null)
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.originalIncomplete);
  if (originalCurrency === accountCurrency)
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.originalSameCurrency);
  return { originalAmountMinor: minorIn(originalAmount, originalCurrency), originalCurrency };
}

/** An edit with its amounts in minor units of the currency of the account the row ends up in. */
export type LedgerChanges = Omit<
  TransactionChanges,
  'amount' | 'originalAmount' | 'originalCurrency' | 'splits'
> & {
  amountCents?: number;
  splits?: readonly LedgerSplitLine[] | null;
} & Partial<StoredOriginal>;

/** A split's lines from the wire (decimal text) in the minor unit of the row's currency. */
export function splitLinesIn(
  lines: readonly { category: string; amount: string; note?: string | undefined }[],
  currency: string,
): LedgerSplitLine[] {
  return lines.map((line) => ({ ...line, amountCents: minorIn(line.amount, currency) }));
}
