import { MAX_AMOUNT_CENTS } from '@paisable/contracts';

import { transactions } from '../src/db/schema';
import type { AppDeps } from '../src/deps';
import { updatePreferences } from '../src/modules/auth/service';
import { defaultAccountId } from '../src/modules/transactions/ledger';
import { appRouter } from '../src/router';
import { createCallerFactory } from '../src/trpc/init';
import { randomClientIp, seedUser } from './helpers';

const createCaller = createCallerFactory(appRouter);

/** A fresh user (optionally in a given IANA zone) with a tRPC caller acting as them. */
export async function seedUserWithCaller(deps: AppDeps, options: { timeZone?: string } = {}) {
  const seeded = await seedUser(deps);
  if (options.timeZone) await updatePreferences(deps, { userId: seeded.user.id, timeZone: options.timeZone });
  const caller = createCaller({
    ...deps,
    authorization: seeded.authorization,
    client: { ip: randomClientIp() },
  });
  return { ...seeded, caller };
}

export type Caller = Awaited<ReturnType<typeof seedUserWithCaller>>['caller'];

type NewTransaction = Parameters<Caller['transactions']['create']>[0];

/** Creates a transaction through the real procedure, with defaults for what a test does not care about. */
export function addTransaction(caller: Caller, fields: Partial<NewTransaction> = {}) {
  return caller.transactions.create({
    name: 'Coffee',
    category: 'Food',
    amount: 4.5,
    date: '2025-01-15',
    ...fields,
  });
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * 100 expenses of the largest amount and one of a cent: 9,999,999,999,999,901 cents of Food on one day,
 * past 2^53, where a double holds only even numbers. Plus 2 cents of income, so the balance is odd too.
 * Plain inserts, as the write path makes them: the totals triggers do the rest.
 */
export async function insertTotalsPast2To53(deps: AppDeps, userId: string) {
  const accountId = await defaultAccountId(deps.db, userId);
  const row = { userId, accountId, name: 'Large', category: 'Food', occurredOn: '2026-03-10' };
  await deps.db
    .insert(transactions)
    .values([
      ...Array.from({ length: 100 }, () => ({ ...row, amountCents: MAX_AMOUNT_CENTS })),
      { ...row, amountCents: 1 },
      { ...row, name: 'Pay', category: 'Salary', isIncome: true, amountCents: 2 },
    ]);
}

/** The fields of a budget on the original REST routes, and the currency its figures are in (an addition). */
export const LEGACY_BUDGET_FIELDS = [
  '_id',
  'amount',
  'category',
  'createdAt',
  'currency',
  'month',
  'remaining',
  'spent',
  'updatedAt',
  'year',
].sort();
