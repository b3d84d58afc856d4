import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { addCentsTotals, PERIOD_MESSAGES, type CentsTotal, type DayTotal } from '@paisable/contracts';

import { createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller, type Caller } from '../transaction-fixtures';

// Today is 2025-03-10 in UTC, but already 2025-03-11 in Tokyo.
let clock = new Date('2025-03-10T20:00:00Z');
const deps = createTestDeps(() => clock);

const sum = (series: DayTotal[]) =>
  series.reduce<CentsTotal>((total, day) => addCentsTotals(total, day.totalCents), '0');

/**
 * The slow way: every counted row (not deleted, not a transfer, in an on-budget account) dated in the
 * period and not after today, summed straight from the transactions.
 */
async function rowSums(userId: string, from: string, to: string) {
  const rows = await deps.db.execute<{
    category: string;
    is_income: boolean;
    date: string;
    cents: CentsTotal;
  }>(sql`
    select category, is_income, occurred_on::text as date, sum(amount_cents)::text as cents
    from transactions
    where user_id = ${userId} and deleted_at is null and transfer_id is null and on_budget
      and occurred_on between ${from} and ${to}
    group by category, is_income, occurred_on`);
  const income = rows.filter((row) => row.is_income);
  const expenses = rows.filter((row) => !row.is_income);
  const total = (list: readonly { cents: CentsTotal }[]) =>
    list.reduce<CentsTotal>((t, row) => addCentsTotals(t, row.cents), '0');
  const byCategory = new Map<string, CentsTotal>();
  for (const row of expenses)
    byCategory.set(row.category, addCentsTotals(byCategory.get(row.category) ?? '0', row.cents));
  return { income: total(income), expenses: total(expenses), byCategory };
}

/** Fourteen months of income and spending, a transfer, an off-budget loan, scheduled rows, a deleted row. */
async function seedHistory(caller: Caller, accountId: string) {
  const categories = ['Food', 'Transportation', 'Shopping', 'Bills'];
  let n = 0;
  for (let month = 0; month < 15; month++) {
    const year = 2024 + Math.floor((month + 1) / 12);
    const mm = String(((month + 1) % 12) + 1).padStart(2, '0');
    for (const day of ['01', '14', '28']) {
      n++;
      await addTransaction(caller, {
        category: categories[n % categories.length],
        amount: 10 + n,
        date: `${year}-${mm}-${day}`,
      });
    }
    await addTransaction(caller, {
      category: 'Salary',
      isIncome: true,
      amount: 1000 + month,
      date: `${year}-${mm}-05`,
    });
  }
  const loan = await caller.accounts.create({
    name: 'Car loan',
    kind: 'loan',
    openingBalance: -5000,
    openingDate: '2024-01-01',
  });
  await addTransaction(caller, { accountId: loan.id, amount: 300, date: '2025-03-03', category: 'Bills' });
  const savings = await caller.accounts.create({
    name: 'Savings',
    kind: 'savings',
    openingBalance: 0,
    openingDate: '2024-01-01',
  });
  await caller.transfers.create({
    fromAccountId: accountId,
    toAccountId: savings.id,
    amount: 250,
    date: '2025-03-04',
  });
  // Scheduled: tomorrow and next month; dated after today, they count in nothing yet.
  await addTransaction(caller, { amount: 77, date: '2025-03-12', category: 'Food' });
  await addTransaction(caller, { amount: 88, date: '2025-04-02', category: 'Food', isIncome: false });
  await addTransaction(caller, { amount: 99, date: '2025-03-12', category: 'Salary', isIncome: true });
  const gone = await addTransaction(caller, { amount: 55, date: '2025-02-20', category: 'Shopping' });
  await caller.transactions.delete({ id: gone.id });
}

describe('the dashboard over a period', () => {
  it('matches the sums over the rows for every kind of period', async () => {
    clock = new Date('2025-03-10T20:00:00Z');
    const { caller, accountId, user } = await seedUserWithCaller(deps, { timeZone: 'Asia/Tokyo' });
    await seedHistory(caller, accountId);
    const today = '2025-03-11'; // in Tokyo
    const periods = [
      { from: '2025-02-10', to: '2025-03-11' }, // last 30 days
      { from: '2025-03-01', to: '2025-03-31' }, // this month, its end still to come
      { from: '2025-02-01', to: '2025-02-28' }, // a whole month
      { from: '2024-04-01', to: '2025-03-11' }, // last 12 months: whole months and an edge
      { from: '2024-02-15', to: '2025-01-13' }, // both edges partial
      { from: '2024-06-05', to: '2024-06-20' }, // inside one month
      { from: '2020-01-01', to: '2030-12-31' }, // everything, and years still to come
    ];
    for (const period of periods) {
      const [summary, charts] = await Promise.all([
        caller.transactions.summary(period),
        caller.transactions.charts(period),
      ]);
      const end = period.to < today ? period.to : today;
      const expected = await rowSums(user.id, period.from, end);
      expect(summary.totalIncomeCents, JSON.stringify(period)).toBe(expected.income);
      expect(summary.totalExpensesCents, JSON.stringify(period)).toBe(expected.expenses);
      expect(sum(charts.incomeOverTime), JSON.stringify(period)).toBe(expected.income);
      expect(sum(charts.expensesOverTime), JSON.stringify(period)).toBe(expected.expenses);
      expect(new Map(charts.expensesByCategory.map((c) => [c.name, c.totalCents]))).toEqual(
        expected.byCategory,
      );
      expect([charts.from, charts.to]).toEqual([period.from, period.to]);
    }
  });

  it('draws a short period per day up to today and a long one per month', async () => {
    clock = new Date('2025-03-10T12:00:00Z');
    const { caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { amount: 5, date: '2025-03-02' });
    await addTransaction(caller, { amount: 7, date: '2025-01-20' });
    const month = await caller.transactions.charts({ from: '2025-03-01', to: '2025-03-31' });
    expect(month.bucket).toBe('day');
    // The days after today are not drawn as zeros: nothing is known about them yet.
    expect(month.expensesOverTime.map((day) => day.date)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`),
    );
    const year = await caller.transactions.charts({ from: '2024-04-01', to: '2025-03-10' });
    expect(year.bucket).toBe('month');
    expect(year.expensesOverTime).toHaveLength(12);
    expect(year.expensesOverTime.at(-3)).toEqual({ date: '2025-01-01', totalCents: '700' });
    expect(year.expensesOverTime.at(-1)).toEqual({ date: '2025-03-01', totalCents: '500' });
    const future = await caller.transactions.charts({ from: '2025-04-01', to: '2025-04-30' });
    expect(future).toMatchObject({ expensesByCategory: [], expensesOverTime: [], incomeOverTime: [] });
  });

  it('resolves a preset on the user’s today', async () => {
    clock = new Date('2025-03-31T20:00:00Z'); // 1 April in Tokyo
    const { caller } = await seedUserWithCaller(deps, { timeZone: 'Asia/Tokyo' });
    await addTransaction(caller, { amount: 3, date: '2025-03-31' });
    await addTransaction(caller, { amount: 4, date: '2025-04-01' });
    const thisMonth = await caller.transactions.charts({ preset: 'this-month' });
    expect([thisMonth.from, thisMonth.to]).toEqual(['2025-04-01', '2025-04-01']);
    expect(thisMonth.expensesByCategory).toEqual([{ name: 'Food', totalCents: '400' }]);
    const lastMonth = await caller.transactions.summary({ preset: 'last-month' });
    expect(lastMonth.totalExpensesCents).toBe('300');
  });

  it('keeps the original answers without a period: all-time categories, the last 30 days', async () => {
    clock = new Date('2025-03-10T12:00:00Z');
    const { caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { amount: 5, date: '2024-01-02' });
    const [charts, summary] = await Promise.all([
      caller.transactions.charts(),
      caller.transactions.summary(),
    ]);
    expect(charts).toMatchObject({ from: '2025-02-09', to: '2025-03-10', bucket: 'day' });
    expect(charts.expensesByCategory).toEqual([{ name: 'Food', totalCents: '500' }]);
    expect(summary.totalExpensesCents).toBe('500');
    const month = await caller.transactions.summary({ from: '2025-03-01', to: '2025-03-10' });
    expect(month.totalExpensesCents).toBe('0');
  });

  it('refuses a start after the end, more than 50 years and malformed days', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const refusal = (period: { from: string; to: string }) =>
      caller.transactions.charts(period).then(
        () => 'answered',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
    expect(await refusal({ from: '2025-03-02', to: '2025-03-01' })).toContain(PERIOD_MESSAGES.fromAfterTo);
    expect(await refusal({ from: '1970-01-01', to: '2025-03-01' })).toContain(PERIOD_MESSAGES.tooLong);
    expect(await refusal({ from: '2025-02-30', to: '2025-03-01' })).toContain('real calendar day');
  });
});
