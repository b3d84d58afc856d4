import { describe, expect, it } from 'vitest';

import { createTestApp, createTestDeps } from '../helpers';
import { LEGACY_BUDGET_FIELDS, seedUserWithCaller, type Caller } from '../transaction-fixtures';

// Budgets and reports in the display currency (rates/month-sums.ts): each row in another currency converts
// at its own day's rate (the nearest earlier one when the day has none, at most 14 days old), as the
// dashboard does; an amount without a rate is left out and said so, never taken at 1. Days in 2090, which
// no other test file uses: Sunday 30 April, Saturday 22nd and 29th take the Monday's or Friday's typed
// rate before them; today is Thursday 15 June.
// Other files store shared euro rates of earlier years (older than these typed ones, so these win), and no
// file quotes Kenyan shillings: their amounts have no rate.
const { app, deps } = await createTestApp(createTestDeps(() => new Date('2090-06-15T12:00:00Z')));

async function account(caller: Caller, currency: string) {
  return caller.accounts.create({
    name: `${currency} card`,
    kind: 'checking',
    currency,
    openingBalance: 0,
    openingDate: '2090-01-01',
  });
}

async function add(
  caller: Caller,
  accountId: string | undefined,
  fields: { amount: string; date: string; category?: string; isIncome?: boolean },
) {
  await caller.transactions.create({
    name: `Row ${fields.date}`,
    category: fields.category ?? 'Groceries',
    amount: fields.amount,
    date: fields.date,
    ...(fields.isIncome ? { isIncome: true } : {}),
    ...(accountId ? { accountId } : {}),
  });
}

/**
 * A dollar user with a euro account and a shilling one. April: 3 USD and 10 + 20 EUR of groceries, 7 EUR of
 * dining, 100 EUR of salary, 5 KES of groceries. June: 10 EUR of groceries on the 12th, 40 EUR on the 20th
 * (scheduled). Typed rates: 1 EUR = 1.00 USD on 1 April, 1.25 on Thursday 27th, 1.20 on Friday 28th and
 * 1.30 on Monday 12 June.
 */
async function mixedUser() {
  const seeded = await seedUserWithCaller(deps);
  const { caller } = seeded;
  const euros = await account(caller, 'EUR');
  const shillings = await account(caller, 'KES');
  await add(caller, undefined, { amount: '3', date: '2090-04-05' });
  await add(caller, euros.id, { amount: '10', date: '2090-04-05' });
  await add(caller, euros.id, { amount: '20', date: '2090-04-20' });
  await add(caller, euros.id, { amount: '7', date: '2090-04-21', category: 'Dining' });
  await add(caller, euros.id, { amount: '100', date: '2090-04-03', category: 'Salary', isIncome: true });
  await add(caller, shillings.id, { amount: '5', date: '2090-04-10' });
  await add(caller, euros.id, { amount: '10', date: '2090-06-12' });
  await add(caller, euros.id, { amount: '40', date: '2090-06-20' });
  for (const [date, rate] of [
    ['2090-04-01', '1'],
    ['2090-04-27', '1.25'],
    ['2090-04-28', '1.2'],
    ['2090-06-12', '1.3'],
  ] as const) {
    await caller.rates.add({ date, base: 'EUR', quote: 'USD', rate });
  }
  return { ...seeded, euros };
}

const APRIL_RATE = { currency: 'EUR', rate: '1.2', date: '2090-04-28', source: 'user' };

/**
 * A dollar user whose April spending in euros falls on days with different rates. A euro account and a
 * shilling one. April: 3 USD and 10 EUR of groceries on Wednesday 5th, 20 EUR of groceries on Saturday
 * 22nd, 7 EUR of dining on Saturday 29th, 100 EUR of salary on Monday 3rd, 5 KES of groceries on the 10th.
 * May: 5 EUR of groceries on the 20th, 22 days after the last rate. June: 10 EUR of groceries on the 12th,
 * 40 EUR on the 20th (scheduled). Typed rates: 1 EUR = 1.00 USD on Monday 3 April, 1.10 on Monday 17th,
 * 1.20 on Friday 28th and 1.30 on Monday 12 June.
 */
async function perDayUser() {
  const seeded = await seedUserWithCaller(deps);
  const { caller } = seeded;
  const euros = await account(caller, 'EUR');
  const shillings = await account(caller, 'KES');
  await add(caller, undefined, { amount: '3', date: '2090-04-05' });
  await add(caller, euros.id, { amount: '10', date: '2090-04-05' });
  await add(caller, euros.id, { amount: '20', date: '2090-04-22' });
  await add(caller, euros.id, { amount: '7', date: '2090-04-29', category: 'Dining' });
  await add(caller, euros.id, { amount: '100', date: '2090-04-03', category: 'Salary', isIncome: true });
  await add(caller, shillings.id, { amount: '5', date: '2090-04-10' });
  await add(caller, euros.id, { amount: '5', date: '2090-05-20' });
  await add(caller, euros.id, { amount: '10', date: '2090-06-12' });
  await add(caller, euros.id, { amount: '40', date: '2090-06-20' });
  for (const [date, rate] of [
    ['2090-04-03', '1'],
    ['2090-04-17', '1.1'],
    ['2090-04-28', '1.2'],
    ['2090-06-12', '1.3'],
  ] as const) {
    await caller.rates.add({ date, base: 'EUR', quote: 'USD', rate });
  }
  return { ...seeded, euros };
}

/** The newest euro rate used in April (each day's own was used; the hover names the latest). */
const APRIL_LATEST = { currency: 'EUR', rate: '1.2', date: '2090-04-28', source: 'user' };
const APRIL_GROCERIES_LATEST = { currency: 'EUR', rate: '1.1', date: '2090-04-17', source: 'user' };
const APRIL_KES_MISSING = { currency: 'KES', from: '2090-04-10', to: '2090-04-10' };
const MAY_EUR_MISSING = { currency: 'EUR', from: '2090-05-20', to: '2090-05-20' };

describe('budgets in the display currency', () => {
  it('converts each expense in another currency at its own day’s rate, and leaves out one without a rate', async () => {
    const { caller, authorization } = await perDayUser();
    const april = await caller.budgets.create({ category: 'Groceries', amount: '50', month: 4, year: 2090 });
    // 3 USD + 10 EUR × 1.00 (the 5th) + 20 EUR × 1.10 (Saturday 22nd takes Monday 17th's) = 35 USD, not 30
    // EUR at the month's last rate (39 USD); the 5 KES have no rate.
    expect(april).toMatchObject({
      spentCents: '3500',
      remainingCents: '1500',
      spentConversion: { rates: [APRIL_GROCERIES_LATEST], missing: [APRIL_KES_MISSING] },
    });
    // The 20th of May is 22 days after the last rate: left out and said so, never counted at 1.
    const may = await caller.budgets.create({ category: 'Groceries', amount: '20', month: 5, year: 2090 });
    expect(may).toMatchObject({
      spentCents: '0',
      spentConversion: { rates: [], missing: [MAY_EUR_MISSING] },
    });
    const june = await caller.budgets.create({ category: 'Groceries', amount: '20', month: 6, year: 2090 });
    // Monday 12th's 1.30; the 40 EUR of the 20th are not spent yet.
    expect(june).toMatchObject({ spentCents: '1300', remainingCents: '700' });
    expect(june.spentConversion?.rates).toEqual([
      { currency: 'EUR', rate: '1.3', date: '2090-06-12', source: 'user' },
    ]);

    const list = await caller.budgets.list();
    expect(list.map((budget) => [budget.month, budget.spentCents])).toEqual([
      [6, '1300'],
      [5, '0'],
      [4, '3500'],
    ]);

    // The budget month (and the dashboard's budget card, which reads it).
    const month = await caller.budgets.month({ month: 4, year: 2090 });
    expect(month.currency).toBe('USD');
    expect(month.budgets).toMatchObject([
      {
        category: 'Groceries',
        spentCents: '3500',
        leftCents: '1500',
        spentConversion: { rates: [APRIL_GROCERIES_LATEST] },
      },
    ]);
    // 7 EUR of dining on Saturday 29th × 1.20 (Friday 28th's); 100 EUR of salary on the 3rd × 1.00.
    expect(month.unbudgeted).toMatchObject([{ category: 'Dining', spentCents: '840' }]);
    expect(month.unbudgeted[0]?.conversion?.rates).toEqual([APRIL_LATEST]);
    expect(month.totals).toMatchObject({ spentCents: '3500', unbudgetedCents: '840', incomeCents: '10000' });
    expect(month.conversions?.spent?.missing).toEqual([APRIL_KES_MISSING]);
    expect(month.conversions?.income?.rates).toEqual([
      { currency: 'EUR', rate: '1', date: '2090-04-03', source: 'user' },
    ]);

    // The original REST routes keep their shapes, with the converted figures and the currency they are in.
    const rest = await app.inject({ method: 'GET', url: '/api/budgets', headers: { authorization } });
    const aprilRest = rest
      .json<{ month: number; spent: number; remaining: number }[]>()
      .find((b) => b.month === 4);
    expect(aprilRest).toMatchObject({ spent: 35, remaining: 15, currency: 'USD' });
    expect(Object.keys(aprilRest ?? {}).sort()).toEqual(LEGACY_BUDGET_FIELDS);
    const restMonth = await app.inject({
      method: 'GET',
      url: '/api/budgets/month?month=4&year=2090',
      headers: { authorization },
    });
    expect(restMonth.json()).toMatchObject({
      currency: 'USD',
      totals: { spent: 35, unbudgeted: 8.4, income: 100 },
    });
  });

  it('converts into another display currency when the user changes it, and back', async () => {
    const { caller, authorization } = await perDayUser();
    await caller.budgets.create({ category: 'Groceries', amount: '50', month: 4, year: 2090 });
    // Asked first in dollars, so that a remembered answer would be there to reuse wrongly.
    expect((await caller.budgets.month({ month: 4, year: 2090 })).totals.spentCents).toBe('3500');
    expect((await caller.budgets.list())[0]?.spentCents).toBe('3500');
    // In dollars, May's only spending (the 20th's 5 EUR) has no rate: a line marked missing, not hidden as nothing.
    const may = await caller.budgets.month({ month: 5, year: 2090 });
    expect(may.unbudgeted).toEqual([
      { category: 'Groceries', spentCents: '0', conversion: { rates: [], missing: [MAY_EUR_MISSING] } },
    ]);

    await caller.auth.updatePreferences({ defaultCurrency: 'EUR' });
    const month = await caller.budgets.month({ month: 4, year: 2090 });
    // 30 EUR as they are, 3 USD of the 5th at the inverse of the 3rd's 1.00: 3.00 EUR (not 2.50 at the
    // inverse of the month's last rate).
    expect(month).toMatchObject({ currency: 'EUR', totals: { spentCents: '3300', incomeCents: '10000' } });
    expect(month.conversions?.spent?.rates).toEqual([
      { currency: 'USD', rate: '1', date: '2090-04-03', source: 'user' },
    ]);
    // The $50 budget is €41.67 at April's last rate (Friday 28th's 1.20): 41.67 − 33.00 left.
    expect((await caller.budgets.list())[0]).toMatchObject({
      amountCents: 4167,
      spentCents: '3300',
      remainingCents: '867',
    });
    const rest = await app.inject({ method: 'GET', url: '/api/budgets', headers: { authorization } });
    expect(rest.json<{ spent: number; currency: string }[]>()[0]).toMatchObject({
      spent: 33,
      currency: 'EUR',
    });

    // Back to dollars: the dollar figures again, not the euro ones remembered in between.
    await caller.auth.updatePreferences({ defaultCurrency: 'USD' });
    expect(await caller.budgets.month({ month: 4, year: 2090 })).toMatchObject({
      currency: 'USD',
      totals: { spentCents: '3500', incomeCents: '10000' },
    });
    expect((await caller.budgets.list())[0]).toMatchObject({ spentCents: '3500', remainingCents: '1500' });
  });

  it('carries a foreign-currency overspend into next month at the rate of the day it was spent', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const euros = await account(caller, 'EUR');
    // 10 EUR on Monday 6 March at that day's 1.50 is 15 USD against a 10 USD budget that rolls over: 5 USD
    // overspent, carried into April. (At March's last rate, 1.00 on the 31st, it would have been none.)
    await caller.rates.add({ date: '2090-03-03', base: 'EUR', quote: 'USD', rate: '1.5' });
    await caller.rates.add({ date: '2090-03-31', base: 'EUR', quote: 'USD', rate: '1' });
    await add(caller, euros.id, { amount: '10', date: '2090-03-06' });
    await caller.budgets.create({
      category: 'Groceries',
      amount: '10',
      month: 3,
      year: 2090,
      rollover: true,
    });
    await caller.budgets.create({ category: 'Groceries', amount: '20', month: 4, year: 2090 });
    const april = await caller.budgets.month({ month: 4, year: 2090 });
    expect(april.budgets).toMatchObject([
      { category: 'Groceries', budgetedCents: '2000', carriedCents: '-500', leftCents: '1500' },
    ]);
    expect(april.budgets[0]?.carriedConversion?.rates).toEqual([
      { currency: 'EUR', rate: '1.5', date: '2090-03-03', source: 'user' },
    ]);
    expect(april.totals).toMatchObject({ carriedCents: '-500', leftCents: '1500' });
  });

  it('a user with every account in one currency reads the figures as before, with no marks', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await add(caller, undefined, { amount: '12.34', date: '2090-04-05' });
    await add(caller, undefined, { amount: '5', date: '2090-04-06', category: 'Dining' });
    const budget = await caller.budgets.create({ category: 'Groceries', amount: '50', month: 4, year: 2090 });
    expect(budget.spentCents).toBe('1234');
    expect(budget.spentConversion).toBeUndefined();
    const month = await caller.budgets.month({ month: 4, year: 2090 });
    expect(month.totals).toMatchObject({ spentCents: '1234', unbudgetedCents: '500' });
    expect(month.conversions).toBeUndefined();
    expect(month.budgets[0]?.spentConversion).toBeUndefined();
    expect(month.unbudgeted[0]?.conversion).toBeUndefined();
  });
});

describe('reports in the display currency', () => {
  it('converts each row in another currency at its own day’s rate, marks them, and leaves out a sum without one', async () => {
    const { caller, authorization, euros } = await perDayUser();
    const monthly = await caller.reports.monthly({ from: '2090-04', to: '2090-06' });
    expect(monthly.currency).toBe('USD');
    // April: 100 EUR of salary × 1.00 (the 3rd); expenses 3 USD + 10 EUR × 1.00 + 20 EUR × 1.10 + 7 EUR ×
    // 1.20 = 43.40 USD (at the month's last rate, 120 and 47.40); the 5 KES left out. May: the 20th's 5 EUR
    // have no rate in the 14 days before it. June (today the 15th): 10 EUR × 1.30, the 20th not yet spent.
    expect(monthly.months.map((month) => [month.month, month.incomeCents, month.expenseCents])).toEqual([
      ['2090-04', '10000', '4340'],
      ['2090-05', '0', '0'],
      ['2090-06', '0', '1300'],
    ]);
    expect(monthly.months[0]?.conversion).toEqual({ rates: [APRIL_LATEST], missing: [APRIL_KES_MISSING] });
    expect(monthly.months[1]?.conversion).toEqual({ rates: [], missing: [MAY_EUR_MISSING] });
    expect(monthly.conversion?.missing).toEqual([
      { currency: 'EUR', from: '2090-05-20', to: '2090-05-20' },
      APRIL_KES_MISSING,
    ]);

    const categories = await caller.reports.categories({ from: '2090-04-01', to: '2090-06-30' });
    expect(categories.categories).toMatchObject([
      { name: 'Groceries', totalCents: `${300 + 1000 + 2200 + 1300}` },
      { name: 'Dining', totalCents: '840' },
    ]);
    expect(categories.categories[0]?.conversion?.missing).toEqual([MAY_EUR_MISSING, APRIL_KES_MISSING]);

    // One category per month, and each month beside a year before: the same conversion.
    const trend = await caller.reports.categoryTrend({
      from: '2090-04',
      to: '2090-06',
      category: 'groceries',
    });
    expect(trend.months.map((month) => month.spentCents)).toEqual(['3500', '0', '1300']);
    expect(trend.averageCents).toBe('1600');
    expect(trend.months[0]?.conversion?.rates).toEqual([APRIL_GROCERIES_LATEST]);
    expect(trend.conversion?.missing).toEqual([MAY_EUR_MISSING, APRIL_KES_MISSING]);
    const years = await caller.reports.yearOverYear({ from: '2090-04', to: '2090-04' });
    expect(years.months).toMatchObject([
      { month: '2090-04', incomeCents: '10000', expenseCents: '4340', previousExpenseCents: '0' },
    ]);
    expect(years.months[0]?.conversion?.rates).toEqual([APRIL_LATEST]);
    expect(years.currency).toBe('USD');

    // One account's report is in that account's own currency, as its rows are: nothing to convert.
    const ofEuros = await caller.reports.monthly({ from: '2090-04', to: '2090-04', account: euros.id });
    expect(ofEuros).toMatchObject({
      currency: 'EUR',
      months: [{ incomeCents: '10000', expenseCents: '3700' }],
    });
    expect(ofEuros.conversion).toBeUndefined();

    // REST keeps its shape, with the converted figures and the currency they are in.
    const rest = await app.inject({
      method: 'GET',
      url: '/api/reports/monthly?from=2090-04&to=2090-04',
      headers: { authorization },
    });
    expect(rest.json()).toEqual({
      months: [{ month: '2090-04', income: 100, expense: 43.4, net: 56.6 }],
      currency: 'USD',
    });
    for (const url of [
      '/api/reports/categories?from=2090-04-01&to=2090-04-30',
      '/api/reports/category-trend?from=2090-04&to=2090-04&category=Groceries',
      '/api/reports/year-over-year?from=2090-04&to=2090-04',
      '/api/reports/net-worth?from=2090-04-01&to=2090-04-30',
      '/api/reports/payees?from=2090-04-01&to=2090-04-30',
    ]) {
      const answer = await app.inject({ method: 'GET', url, headers: { authorization } });
      expect(answer.json(), url).toMatchObject({ currency: 'USD' });
    }
    const restCategories = await app.inject({
      method: 'GET',
      url: '/api/reports/categories?from=2090-04-01&to=2090-04-30',
      headers: { authorization },
    });
    expect(restCategories.json()).toEqual({
      categories: [
        { name: 'Groceries', total: 35 },
        { name: 'Dining', total: 8.4 },
      ],
      currency: 'USD',
    });
  });

  it('ranks categories by their converted totals, each day at its own rate', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const yen = await account(caller, 'JPY');
    // ¥3,000 of dining on Wednesday 5 April at that week's 0.005 is 15 USD: more units than the 20 USD
    // (2,000 cents) of groceries, yet less money, so it ranks second. (At April's last rate, 0.01 on the
    // 28th, it would have been 30 USD and first.)
    await caller.rates.add({ date: '2090-04-03', base: 'JPY', quote: 'USD', rate: '0.005' });
    await caller.rates.add({ date: '2090-04-28', base: 'JPY', quote: 'USD', rate: '0.01' });
    await add(caller, yen.id, { amount: '3000', date: '2090-04-05', category: 'Dining' });
    await add(caller, undefined, { amount: '20', date: '2090-04-06' });
    const report = await caller.reports.categories({ from: '2090-04-01', to: '2090-04-30' });
    expect(report.categories.map((row) => [row.name, row.totalCents])).toEqual([
      ['Groceries', '2000'],
      ['Dining', '1500'],
    ]);
    expect(report.categories[1]?.conversion?.rates).toEqual([
      { currency: 'JPY', rate: '0.005', date: '2090-04-03', source: 'user' },
    ]);
    const month = await caller.budgets.month({ month: 4, year: 2090 });
    expect(month.unbudgeted.map((line) => [line.category, line.spentCents])).toEqual([
      ['Groceries', '2000'],
      ['Dining', '1500'],
    ]);
  });

  it('the dashboard’s category doughnut converts each day at its own rate, as the cards beside it do', async () => {
    const { caller } = await mixedUser();
    // Its slices add up to the Total Expense card: the 5th takes 1 April's 1.00; the 20th and 21st have no
    // rate in the 14 days before them (left out, and said so), nor has the KES of the 10th.
    const charts = await caller.transactions.charts({ from: '2090-04-01', to: '2090-04-30' });
    expect(charts.expensesByCategory).toEqual([
      { name: 'Groceries', totalCents: '1300' },
      { name: 'Dining', totalCents: '0' },
    ]);
    expect(charts.conversions.expensesByCategory).toEqual({
      rates: [{ currency: 'EUR', rate: '1', date: '2090-04-01', source: 'user' }],
      missing: [
        { currency: 'EUR', from: '2090-04-20', to: '2090-04-21' },
        { currency: 'KES', from: '2090-04-10', to: '2090-04-10' },
      ],
    });
    const summary = await caller.transactions.summary({ from: '2090-04-01', to: '2090-04-30' });
    expect(summary.totalExpensesCents).toBe('1300');
  });

  it('net worth converts each balance at the rate of its date, in one account’s own currency alone', async () => {
    const { caller, euros } = await mixedUser();
    // 30 April (a Sunday) takes Friday 28th's 1.20: 63 EUR (100 − 10 − 20 − 7) = 75.60 USD; the dollar
    // account owes 3 USD; the 5 KES have no rate: left out and named. 31 May has no rate in the 14 days
    // before it (the last is 28 April's): every euro balance is left out too.
    const report = await caller.reports.netWorth({ from: '2090-04-01', to: '2090-05-31' });
    expect(report.currency).toBe('USD');
    expect(report.points.map((point) => [point.date, point.assetsCents, point.netCents])).toEqual([
      ['2090-04-30', '7260', '7260'],
      ['2090-05-31', '-300', '-300'],
    ]);
    expect(report.points[0]?.conversion).toEqual({
      rates: [APRIL_RATE],
      missing: [{ currency: 'KES', from: '2090-04-30', to: '2090-04-30' }],
    });
    expect(report.points[1]?.conversion?.missing.map((gap) => gap.currency).sort()).toEqual(['EUR', 'KES']);

    // One account alone is in its own currency, nothing converted.
    const ofEuros = await caller.reports.netWorth({
      from: '2090-04-01',
      to: '2090-04-30',
      account: euros.id,
    });
    expect(ofEuros).toMatchObject({ currency: 'EUR', points: [{ netCents: '6300' }] });
    expect(ofEuros.conversion).toBeUndefined();

    // Switching the display currency to euros converts the dollars instead.
    await caller.auth.updatePreferences({ defaultCurrency: 'EUR' });
    const inEuros = await caller.reports.netWorth({ from: '2090-04-01', to: '2090-04-30' });
    expect(inEuros.currency).toBe('EUR');
    expect(inEuros.points[0]?.netCents).toBe(`${6300 - 250}`);
  });

  it('REST reports and budgets write amounts in their currency’s units: yen whole', async () => {
    const { caller, authorization } = await mixedUser();
    const yen = await account(caller, 'JPY');
    await add(caller, yen.id, { amount: '150000', date: '2090-04-07' });
    const get = async (url: string) =>
      (await app.inject({ method: 'GET', url, headers: { authorization } })).json<Record<string, unknown>>();
    // One yen account's report is in yen: ¥150,000 is 150000, not 1500.
    expect(await get(`/api/reports/monthly?from=2090-04&to=2090-04&account=${yen.id}`)).toMatchObject({
      currency: 'JPY',
      months: [{ month: '2090-04', income: 0, expense: 150000, net: -150000 }],
    });
    expect(
      await get(`/api/reports/categories?from=2090-04-01&to=2090-04-30&account=${yen.id}`),
    ).toMatchObject({
      currency: 'JPY',
      categories: [{ name: 'Groceries', total: 150000 }],
    });
    // Shown in yen, what a budget month spent is in whole yen too: 3 USD × 150 and ¥150,000.
    await caller.rates.add({ date: '2090-04-01', base: 'USD', quote: 'JPY', rate: '150' });
    await caller.auth.updatePreferences({ defaultCurrency: 'JPY' });
    // A budget is in the display currency: ¥200,000 is kept as whole yen, and ¥12.5 is refused as yen.
    await expect(
      caller.budgets.create({ category: 'Groceries', amount: '12.5', month: 4, year: 2090 }),
    ).rejects.toThrow('Amounts in Japanese Yen (JPY) are whole numbers, with no decimals.');
    const budget = await caller.budgets.create({
      category: 'Groceries',
      amount: '200000',
      month: 4,
      year: 2090,
    });
    expect(budget).toMatchObject({
      amount: 200_000,
      amountCents: 200_000,
      remainingCents: `${200_000 - 150_450}`,
    });
    const month = await get('/api/budgets/month?month=4&year=2090');
    expect(month).toMatchObject({ currency: 'JPY' });
    expect((month.budgets as { budgeted: number; spent: number; left: number }[])[0]).toMatchObject({
      budgeted: 200_000,
      spent: 150_000 + 450,
      left: 200_000 - 150_450,
    });
  });

  it('net worth needs no rate for an account whose balance is zero on the day', async () => {
    const { caller } = await mixedUser();
    // On 31 March the euro and shilling accounts hold nothing yet, and no rate is known before 1 April:
    // zero is zero in any currency, so the point is a plain $0.00, not "rate missing".
    const report = await caller.reports.netWorth({ from: '2090-03-01', to: '2090-03-31' });
    expect(report.points.map((point) => [point.date, point.netCents, point.conversion])).toEqual([
      ['2090-03-31', '0', undefined],
    ]);
  });

  it('top payees rank by converted totals, each day at its own rate, and leave out a sum without one', async () => {
    const { caller, euros } = await mixedUser();
    // A payee paid in two currencies: 5 USD and 4 EUR on Friday 28th (× 1.20 = 4.80 USD) → 9.80 USD, more
    // than the 9 EUR on 5 April of another (× 1.00, 1 April's rate) → 9.00 USD, though 9 > 5 and 4 apart.
    await caller.transactions.create({
      name: 'Café Uno',
      category: 'Dining',
      amount: '5',
      date: '2090-04-28',
    });
    await caller.transactions.create({
      name: 'café uno',
      category: 'Dining',
      amount: '4',
      date: '2090-04-28',
      accountId: euros.id,
    });
    await caller.transactions.create({
      name: 'Bistro',
      category: 'Dining',
      amount: '9',
      date: '2090-04-05',
      accountId: euros.id,
    });
    const report = await caller.reports.topPayees({ from: '2090-04-01', to: '2090-04-30', limit: 100 });
    expect(report.currency).toBe('USD');
    const byName = new Map(report.payees.map((payee) => [payee.name, payee]));
    expect(byName.get('Café Uno')).toMatchObject({ count: 2, totalCents: '980' });
    expect(byName.get('Bistro')).toMatchObject({ count: 1, totalCents: '900' });
    const names = report.payees.map((payee) => payee.name);
    expect(names.indexOf('Café Uno')).toBeLessThan(names.indexOf('Bistro'));
    // The 20 and 7 EUR of the 20th and 21st have no rate in the 14 days before them; the KES none at all.
    expect(report.conversion?.missing.map((gap) => gap.currency).sort()).toEqual(['EUR', 'KES']);
    expect(byName.get('Café Uno')?.conversion?.rates).toEqual([APRIL_RATE]);
  });

  it('a row converts at the nearest earlier rate, and one account’s trend shows no dollar budget', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const euros = await account(caller, 'EUR');
    // The only rate, typed on 2 March: the spending of the 5th takes it (29 days before the month's end
    // does not matter: the row's own day does).
    await caller.rates.add({ date: '2090-03-02', base: 'EUR', quote: 'USD', rate: '1.5' });
    await add(caller, euros.id, { amount: '10', date: '2090-03-05' });
    const monthly = await caller.reports.monthly({ from: '2090-03', to: '2090-03' });
    expect(monthly.months[0]).toMatchObject({ expenseCents: '1500' });
    expect(monthly.conversion?.missing ?? []).toEqual([]);
    await caller.budgets.create({ category: 'Groceries', amount: '50', month: 3, year: 2090 });
    const month = await caller.budgets.month({ month: 3, year: 2090 });
    expect(month.budgets[0]?.spentCents).toBe('1500');

    // The euro card's own trend is in euros: the $50 budget is not drawn beside it as €50.
    const trend = await caller.reports.categoryTrend({
      from: '2090-03',
      to: '2090-03',
      category: 'groceries',
      account: euros.id,
    });
    expect(trend).toMatchObject({ currency: 'EUR', months: [{ spentCents: '1000', budgetCents: null }] });
    const all = await caller.reports.categoryTrend({ from: '2090-03', to: '2090-03', category: 'groceries' });
    expect(all.months[0]).toMatchObject({ spentCents: '1500', budgetCents: '5000' });
  });

  it('a user with every account in one currency reads the reports as before, with no marks', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await add(caller, undefined, { amount: '12.34', date: '2090-04-05' });
    const monthly = await caller.reports.monthly({ from: '2090-04', to: '2090-04' });
    expect(monthly.months).toEqual([
      { month: '2090-04', incomeCents: '0', expenseCents: '1234', netCents: '-1234' },
    ]);
    expect(monthly.conversion).toBeUndefined();
    const categories = await caller.reports.categories({ from: '2090-04-01', to: '2090-04-30' });
    expect(categories.categories).toEqual([{ name: 'Groceries', totalCents: '1234' }]);
    expect(categories.conversion).toBeUndefined();
  });
});
