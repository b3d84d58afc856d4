import { describe, expect, it } from 'vitest';

import { addCentsTotals, type CentsTotal, type DayTotal } from '@paisable/contracts';

import { createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller, type Caller } from '../transaction-fixtures';

let clock = new Date('2025-03-10T12:00:00Z');
const deps = createTestDeps(() => clock);

function dayOf(series: DayTotal[], date: string) {
  return series.find((day) => day.date === date)?.totalCents;
}

function centsIn(series: DayTotal[]) {
  return series.reduce<CentsTotal>((sum, day) => addCentsTotals(sum, day.totalCents), '0');
}

async function expense(caller: Caller, date: string, amount: number, category = 'Food') {
  return addTransaction(caller, { name: 'Spent', category, amount, date, isIncome: false });
}

describe('transactions.charts', () => {
  it('gives a new user 30 zero days ending today and no categories', async () => {
    clock = new Date('2025-03-10T12:00:00Z');
    const { caller } = await seedUserWithCaller(deps);
    const charts = await caller.transactions.charts();
    expect(charts.from).toBe('2025-02-09');
    expect(charts.to).toBe('2025-03-10');
    expect(charts.expensesByCategory).toEqual([]);
    for (const series of [charts.expensesOverTime, charts.incomeOverTime]) {
      expect(series).toHaveLength(30);
      expect(series[0]).toEqual({ date: '2025-02-09', totalCents: '0' });
      expect(series.at(-1)?.date).toBe('2025-03-10');
      expect(centsIn(series)).toBe('0');
    }
  });

  it('counts the first and last day of the window, not the day before nor a future day', async () => {
    clock = new Date('2025-03-10T12:00:00Z');
    const { caller } = await seedUserWithCaller(deps);
    await expense(caller, '2025-02-08', 1);
    await expense(caller, '2025-02-09', 2);
    await expense(caller, '2025-03-10', 4);
    await expense(caller, '2025-03-11', 8);
    const charts = await caller.transactions.charts();
    expect(dayOf(charts.expensesOverTime, '2025-02-09')).toBe('200');
    expect(dayOf(charts.expensesOverTime, '2025-03-10')).toBe('400');
    expect(centsIn(charts.expensesOverTime)).toBe('600');
    // The category doughnut holds every expense up to today: tomorrow's is scheduled, counted from its day.
    expect(charts.expensesByCategory).toEqual([{ name: 'Food', totalCents: '700' }]);
  });

  it('ends the window on the next day for a user east of UTC', async () => {
    clock = new Date('2025-03-10T20:00:00Z'); // already 05:00 on 11 March in Tokyo
    const { caller } = await seedUserWithCaller(deps, { timeZone: 'Asia/Tokyo' });
    await expense(caller, '2025-02-09', 1);
    await expense(caller, '2025-03-11', 3);
    const charts = await caller.transactions.charts();
    expect([charts.from, charts.to]).toEqual(['2025-02-10', '2025-03-11']);
    expect(dayOf(charts.expensesOverTime, '2025-03-11')).toBe('300');
    expect(centsIn(charts.expensesOverTime)).toBe('300');
  });

  it('ends the window on the previous day for a user west of UTC', async () => {
    clock = new Date('2025-03-10T02:00:00Z'); // still 19:00 on 9 March in Los Angeles
    const { caller } = await seedUserWithCaller(deps, { timeZone: 'America/Los_Angeles' });
    await addTransaction(caller, {
      name: 'Pay',
      category: 'Salary',
      amount: 5,
      date: '2025-02-08',
      isIncome: true,
    });
    await addTransaction(caller, {
      name: 'Pay',
      category: 'Salary',
      amount: 7,
      date: '2025-03-10',
      isIncome: true,
    });
    const charts = await caller.transactions.charts();
    expect([charts.from, charts.to]).toEqual(['2025-02-08', '2025-03-09']);
    expect(dayOf(charts.incomeOverTime, '2025-02-08')).toBe('500');
    expect(centsIn(charts.incomeOverTime)).toBe('500');
  });

  it('sums exactly, keeps income and expenses apart and ranks categories by total', async () => {
    clock = new Date('2025-03-10T12:00:00Z');
    const { caller } = await seedUserWithCaller(deps);
    await expense(caller, '2025-03-01', 0.1, 'Food');
    await expense(caller, '2025-03-01', 0.2, 'Food');
    await expense(caller, '2025-03-02', 12.5, 'Bills');
    await addTransaction(caller, {
      name: 'Pay',
      category: 'Salary',
      amount: 100.05,
      date: '2025-03-01',
      isIncome: true,
    });
    const charts = await caller.transactions.charts();
    expect(charts.expensesOverTime.find((day) => day.date === '2025-03-01')).toEqual({
      date: '2025-03-01',
      totalCents: '30',
    });
    expect(dayOf(charts.incomeOverTime, '2025-03-01')).toBe('10005');
    expect(dayOf(charts.incomeOverTime, '2025-03-02')).toBe('0');
    expect(charts.expensesByCategory).toEqual([
      { name: 'Bills', totalCents: '1250' },
      { name: 'Food', totalCents: '30' },
    ]);
  });

  it('leaves out deleted transactions', async () => {
    clock = new Date('2025-03-10T12:00:00Z');
    const { caller } = await seedUserWithCaller(deps);
    await expense(caller, '2025-03-05', 3, 'Food');
    const mistake = await expense(caller, '2025-03-05', 999, 'Shopping');
    await caller.transactions.delete({ id: mistake.id });
    const charts = await caller.transactions.charts();
    expect(dayOf(charts.expensesOverTime, '2025-03-05')).toBe('300');
    expect(charts.expensesByCategory.map((category) => category.name)).toEqual(['Food']);
  });

  it("never shows another user's money", async () => {
    clock = new Date('2025-03-10T12:00:00Z');
    const alice = await seedUserWithCaller(deps);
    const bob = await seedUserWithCaller(deps);
    await expense(alice.caller, '2025-03-05', 42);
    const charts = await bob.caller.transactions.charts();
    expect(charts.expensesByCategory).toEqual([]);
    expect(centsIn(charts.expensesOverTime)).toBe('0');
  });
});
