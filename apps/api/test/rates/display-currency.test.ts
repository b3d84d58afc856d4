import { describe, expect, it } from 'vitest';

import { createTestApp, createTestDeps } from '../helpers';
import { seedUserWithCaller, type Caller } from '../transaction-fixtures';

// Figures in the display currency from rows in several: each day's sum at that day's rate (the nearest
// earlier one over a weekend, up to RATE_MAX_AGE_DAYS old), an amount without any rate left out and said
// so, never taken at 1. Days in May 1983, which no other test file uses; today is Monday 16th. Wednesday 4th
// and Friday 6th have typed rates, Saturday 7th has none. Other files store shared euro rates of earlier years, so the amount without a rate is in Kenyan
// shillings, which no reference file quotes and no test types a rate for.
const { app, deps } = await createTestApp(createTestDeps(() => new Date('1983-05-16T12:00:00Z')));
const MAY = { from: '1983-05-01', to: '1983-05-31' };

async function account(caller: Caller, currency: string) {
  return caller.accounts.create({
    name: `${currency} card`,
    kind: 'checking',
    currency,
    openingBalance: 0,
    openingDate: '1983-01-01',
  });
}
const euroAccount = (caller: Caller) => account(caller, 'EUR');

async function spend(caller: Caller, accountId: string | undefined, amount: string, date: string) {
  await caller.transactions.create({
    name: `Spent ${date}`,
    category: 'Groceries',
    amount,
    date,
    ...(accountId ? { accountId } : {}),
  });
}

async function restGet(authorization: string, url: string) {
  const response = await app.inject({ method: 'GET', url, headers: { authorization } });
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>>();
}

/** A dollar user with a euro card: 3 USD and 10 EUR on Thursday, 20 EUR on Saturday. */
async function mixedUser() {
  const seeded = await seedUserWithCaller(deps);
  const { caller } = seeded;
  const euros = await euroAccount(caller);
  await spend(caller, undefined, '3', '1983-05-05');
  await spend(caller, euros.id, '10', '1983-05-05');
  await spend(caller, euros.id, '20', '1983-05-07');
  await caller.rates.add({ date: '1983-05-04', base: 'EUR', quote: 'USD', rate: '1.2' });
  await caller.rates.add({ date: '1983-05-06', base: 'EUR', quote: 'USD', rate: '1.1' });
  return { ...seeded, euros };
}

describe('the summary and charts in the display currency', () => {
  it('converts each day at its own rate, the weekend at Friday’s, and leaves out a day without a rate', async () => {
    const { caller, authorization } = await mixedUser();
    const shillings = await account(caller, 'KES');
    await spend(caller, shillings.id, '5', '1983-05-02');
    const summary = await caller.transactions.summary(MAY);
    // 3 USD + 10 EUR × 1.2 (Wednesday's rate for Thursday) + 20 EUR × 1.1 (Friday's for Saturday) = 37 USD;
    // the 5 KES of Monday 2nd have no rate at all: left out, and said so.
    expect(summary).toMatchObject({
      currency: 'USD',
      totalExpensesCents: '3700',
      totalIncomeCents: '0',
      conversions: {
        totalExpenses: {
          rates: [{ currency: 'EUR', rate: '1.1', date: '1983-05-06', source: 'user' }],
          missing: [{ currency: 'KES', from: '1983-05-02', to: '1983-05-02' }],
        },
      },
    });
    expect(summary.conversions.totalIncome).toBeUndefined();
    // The balance today (16th): -30 EUR at the 16th's rate (Friday 6th's, the latest), and -3 USD; the
    // -5 KES have no rate: left out of the figure, and the figure says so.
    expect(summary.balanceCents).toBe(`${-300 - 3300}`);
    expect(summary.conversions.balance?.missing).toEqual([
      { currency: 'KES', from: '1983-05-16', to: '1983-05-16' },
    ]);

    const charts = await caller.transactions.charts(MAY);
    const day = (date: string) => charts.expensesOverTime.find((point) => point.date === date)?.totalCents;
    expect(charts.currency).toBe('USD');
    expect([day('1983-05-02'), day('1983-05-05'), day('1983-05-07')]).toEqual(['0', '1500', '2200']);
    expect(charts.expensesByCategory).toEqual([{ name: 'Groceries', totalCents: '3700' }]);
    expect(charts.conversions.expensesByCategory?.missing).toEqual([
      { currency: 'KES', from: '1983-05-02', to: '1983-05-02' },
    ]);
    const accounts = await caller.accounts.list();
    expect(accounts.netWorth).toMatchObject({ currency: 'USD', netCents: `${-300 - 3300}` });
    expect(accounts.netWorth.conversion?.missing.map((gap) => gap.currency)).toEqual(['KES']);

    // The same through REST (all time: the same rows), in the original shape plus the display currency's
    // code, so a program reading the totals knows they are dollars and not the euros some rows were in.
    const rest = await restGet(authorization, '/api/transactions/summary');
    expect(rest).toMatchObject({ totalExpenses: 37, balance: -36, currency: 'USD' });
    expect(Object.keys(rest).sort()).toEqual([
      'balance',
      'currency',
      'recentTransactions',
      'totalExpenses',
      'totalIncome',
    ]);
    expect(await restGet(authorization, '/api/transactions/charts')).toMatchObject({
      expensesByCategory: [{ name: 'Groceries', total: 37 }],
      currency: 'USD',
    });
  });

  it('REST names the display currency the user switched to', async () => {
    const { caller, authorization } = await mixedUser();
    await caller.auth.updatePreferences({ defaultCurrency: 'EUR' });
    expect(await restGet(authorization, '/api/transactions/summary')).toMatchObject({
      totalExpenses: 32.5,
      currency: 'EUR',
    });
    expect(await restGet(authorization, '/api/transactions/charts')).toMatchObject({
      expensesByCategory: [{ name: 'Groceries', total: 32.5 }],
      currency: 'EUR',
    });
  });

  it('leaves out a day whose nearest earlier rate is 30 days old, and converts one 3 days old', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const euros = await euroAccount(caller);
    await caller.rates.add({ date: '1983-04-08', base: 'EUR', quote: 'USD', rate: '1.5' });
    await caller.rates.add({ date: '1983-05-13', base: 'EUR', quote: 'USD', rate: '1.2' });
    // Sunday 8th: the nearest earlier rate is 8 April's, 30 days old. Monday 16th: Friday 13th's.
    await spend(caller, euros.id, '10', '1983-05-08');
    await spend(caller, euros.id, '20', '1983-05-16');
    const summary = await caller.transactions.summary(MAY);
    // 20 EUR × 1.2 = 24 USD; the 10 EUR of the 8th are left out and said so, not taken at April's 1.5.
    expect(summary.totalExpensesCents).toBe('2400');
    expect(summary.conversions.totalExpenses).toEqual({
      rates: [{ currency: 'EUR', rate: '1.2', date: '1983-05-13', source: 'user' }],
      missing: [{ currency: 'EUR', from: '1983-05-08', to: '1983-05-08' }],
    });
    const charts = await caller.transactions.charts(MAY);
    const day = (date: string) => charts.expensesOverTime.find((point) => point.date === date)?.totalCents;
    expect([day('1983-05-08'), day('1983-05-16')]).toEqual(['0', '2400']);
    // The balance today converts at Friday's rate: -30 EUR is -36 USD.
    expect(summary.balanceCents).toBe('-3600');
  });

  it('rounds a converted half cent to even, once per day and currency', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const euros = await euroAccount(caller);
    // 0.10 EUR × 1.25 = 12.5 cents: 12 (half to even), not 13.
    await spend(caller, euros.id, '0.10', '1983-05-10');
    await caller.rates.add({ date: '1983-05-10', base: 'EUR', quote: 'USD', rate: '1.25' });
    expect((await caller.transactions.summary(MAY)).totalExpensesCents).toBe('12');
  });

  it('changing the display currency converts everything into it instead of relabelling', async () => {
    const { caller } = await mixedUser();
    await caller.auth.updatePreferences({ defaultCurrency: 'EUR' });
    const summary = await caller.transactions.summary(MAY);
    // 10 + 20 EUR as they are, and 3 USD at the inverse of Wednesday's 1.2: 2.50 EUR.
    expect(summary).toMatchObject({ currency: 'EUR', totalExpensesCents: '3250' });
    expect(summary.conversions.totalExpenses?.rates).toEqual([
      { currency: 'USD', rate: '0.8333333333', date: '1983-05-04', source: 'user' },
    ]);
    expect(summary.conversions.totalExpenses?.missing).toEqual([]);
    const accounts = await caller.accounts.list();
    // Net worth: -30 EUR, and -3 USD at the latest rate (Friday's 1.1): -2.73 EUR (2.7272… rounded).
    expect(accounts.netWorth).toMatchObject({ currency: 'EUR', netCents: `${-3000 - 273}` });
  });

  it('leaves a user whose money is all in the display currency exactly as before', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await spend(caller, undefined, '12.34', '1983-05-03');
    const summary = await caller.transactions.summary(MAY);
    expect(summary).toMatchObject({ currency: 'USD', totalExpensesCents: '1234', conversions: {} });
    const charts = await caller.transactions.charts(MAY);
    expect(charts.conversions).toEqual({});
    expect((await caller.accounts.list()).netWorth.conversion).toBeUndefined();
  });
});
