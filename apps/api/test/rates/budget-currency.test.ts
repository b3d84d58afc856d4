import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { users } from '../../src/db/schema';
import { forgetUserRow } from '../../src/lib/authenticate';
import { createTestApp, createTestDeps } from '../helpers';
import { LEGACY_BUDGET_FIELDS, seedUserWithCaller, type Caller } from '../transaction-fixtures';

// A budget keeps the currency it was set in (migration 0042, budgets/amounts.ts): read in another display
// currency it is converted at the rate of its month's last day (today for the current and future months),
// marked, and missing without a rate; switching back gives exactly what was set. Days in 2091, which no
// other test file uses; today is Friday 15 June 2091. Every rate here is typed by its user (no other
// user's rate applies), and no file stores rates of 2091: pounds have none.
const { app, deps } = await createTestApp(createTestDeps(() => new Date('2091-06-15T12:00:00Z')));

/**
 * The nav's picker offers seven display currencies; budgets read and write in any ISO one (a dinar display
 * currency is set here directly, as a later picker or a restored download would).
 */
async function displayIn(userId: string, currency: string) {
  await deps.db.update(users).set({ defaultCurrency: currency }).where(eq(users.id, userId));
  forgetUserRow(deps.db, userId);
}

/** 1 USD = 0.50 EUR on 1 March, 0.80 on 29 March (March's last day takes it), 0.90 on 10 June. */
async function dollarUserWithRates() {
  const seeded = await seedUserWithCaller(deps);
  for (const [date, rate] of [
    ['2091-03-01', '0.5'],
    ['2091-03-29', '0.8'],
    ['2091-06-10', '0.9'],
  ] as const) {
    await seeded.caller.rates.add({ date, base: 'USD', quote: 'EUR', rate });
  }
  return seeded;
}

const MARCH_RATE = { currency: 'USD', rate: '0.8', date: '2091-03-29', source: 'user' };

async function restBudgets(authorization: string) {
  const response = await app.inject({ method: 'GET', url: '/api/budgets', headers: { authorization } });
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>[]>();
}

async function restMonth(authorization: string, month: number) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/budgets/month?month=${month}&year=2091`,
    headers: { authorization },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ budgets: Record<string, unknown>[]; totals: Record<string, unknown> }>();
}

function refusal(caller: Caller, amount: string) {
  return caller.budgets.create({ category: 'Groceries', amount, month: 3, year: 2091 });
}

describe('a budget keeps the currency it was set in', () => {
  it('reads a $100 budget in euros converted at its month’s last day’s rate, marked, and back as exactly $100.00', async () => {
    const { caller, authorization } = await dollarUserWithRates();
    const other = await seedUserWithCaller(deps);
    await other.caller.budgets.create({ category: 'Groceries', amount: '100', month: 3, year: 2091 });
    await caller.budgets.create({ category: 'Groceries', amount: '100', month: 3, year: 2091 });
    await caller.budgets.create({ category: 'Groceries', amount: '100', month: 6, year: 2091 });
    await caller.budgets.create({ category: 'Groceries', amount: '100', month: 8, year: 2091 });
    // Asked first in dollars, so that a remembered answer would be there to reuse wrongly.
    expect((await caller.budgets.list()).map((budget) => budget.amountCents)).toEqual([10000, 10000, 10000]);

    await caller.auth.updatePreferences({ defaultCurrency: 'EUR' });
    const [august, june, march] = await caller.budgets.list();
    // March at the 29th's 0.80 (not the 1st's 0.50): €80.00, not €100.00 read from 10,000 cents.
    expect(march).toMatchObject({
      amount: 80,
      amountCents: 8000,
      remainingCents: '8000',
      amountConversion: { rates: [MARCH_RATE], missing: [] },
      // What the edit form names: the budget was typed in dollars.
      setIn: 'USD',
    });
    // June has not ended and August has not begun: today's rate, the 10th's 0.90.
    const today = { rates: [{ ...MARCH_RATE, rate: '0.9', date: '2091-06-10' }], missing: [] };
    expect(june).toMatchObject({ amountCents: 9000, amountConversion: today });
    expect(august).toMatchObject({ amountCents: 9000, amountConversion: today });
    const rest = await restBudgets(authorization);
    expect(rest.find((budget) => budget.month === 3)).toMatchObject({
      amount: 80,
      remaining: 80,
      currency: 'EUR',
    });
    expect(Object.keys(rest[0] ?? {}).sort()).toEqual(LEGACY_BUDGET_FIELDS);

    const month = await caller.budgets.month({ month: 3, year: 2091 });
    expect(month.budgets).toMatchObject([
      { budgetedCents: '8000', leftCents: '8000', budgetedConversion: { rates: [MARCH_RATE] } },
    ]);
    expect(month.totals).toMatchObject({ budgetedCents: '8000', leftCents: '8000' });
    expect(month.conversions?.budgeted?.rates).toEqual([MARCH_RATE]);
    expect(month.conversions?.available?.rates).toEqual([MARCH_RATE]);
    expect(month.conversions?.left?.rates).toEqual([MARCH_RATE]);
    expect((await restMonth(authorization, 3)).totals).toMatchObject({ budgeted: 80, left: 80 });
    // The category's trend draws the budget beside the spending in euros too.
    const trend = await caller.reports.categoryTrend({
      from: '2091-03',
      to: '2091-03',
      category: 'Groceries',
    });
    expect(trend.months[0]?.budgetCents).toBe('8000');
    expect(trend.conversion?.rates).toEqual([MARCH_RATE]);

    // Another user's budget is theirs, in their currency, whatever this one's display currency.
    expect(await other.caller.budgets.list()).toMatchObject([{ amountCents: 10000, amount: 100 }]);
    expect((await other.caller.budgets.list())[0]?.amountConversion).toBeUndefined();

    await caller.auth.updatePreferences({ defaultCurrency: 'USD' });
    const back = await caller.budgets.list();
    expect(back.map((budget) => [budget.amount, budget.amountCents])).toEqual([
      [100, 10000],
      [100, 10000],
      [100, 10000],
    ]);
    expect(back.map((budget) => budget.amountConversion)).toEqual([undefined, undefined, undefined]);
    expect((await restBudgets(authorization))[0]).toMatchObject({ amount: 100, currency: 'USD' });
  });

  it('shows a budget without a rate as missing, never as its number in the wrong currency', async () => {
    const { caller, authorization } = await dollarUserWithRates();
    await caller.budgets.create({ category: 'Groceries', amount: '100', month: 4, year: 2091 });
    await caller.auth.updatePreferences({ defaultCurrency: 'GBP' });
    const [april] = await caller.budgets.list();
    const missing = { rates: [], missing: [{ currency: 'USD', from: '2091-04-30', to: '2091-04-30' }] };
    expect(april).toMatchObject({ amountCents: 0, amount: 0, amountConversion: missing });
    expect((await restBudgets(authorization))[0]).toMatchObject({
      amount: null,
      remaining: null,
      currency: 'GBP',
    });
    const month = await caller.budgets.month({ month: 4, year: 2091 });
    expect(month.budgets[0]).toMatchObject({ budgetedCents: '0', budgetedConversion: missing });
    expect(month.conversions?.budgeted).toEqual(missing);
    expect((await restMonth(authorization, 4)).budgets[0]).toMatchObject({ budgeted: null, left: null });
    const trend = await caller.reports.categoryTrend({
      from: '2091-04',
      to: '2091-04',
      category: 'Groceries',
    });
    expect(trend.months[0]?.budgetCents).toBeNull();
    expect(trend.conversion?.missing).toEqual(missing.missing);
  });

  it('carries a left-over across a switch of display currency, each month’s budget in its own currency', async () => {
    const { caller, authorization } = await dollarUserWithRates();
    // 1 USD = 0.50 EUR on 28 April: April's €50 budget is $100 in dollars.
    await caller.rates.add({ date: '2091-04-28', base: 'USD', quote: 'EUR', rate: '0.5' });
    await caller.transactions.create({
      name: 'Shop',
      category: 'Groceries',
      amount: '30',
      date: '2091-03-30',
    });
    await caller.budgets.create({
      category: 'Groceries',
      amount: '100',
      month: 3,
      year: 2091,
      rollover: true,
    });
    await caller.auth.updatePreferences({ defaultCurrency: 'EUR' });
    await caller.budgets.create({ category: 'Groceries', amount: '50', month: 4, year: 2091 });

    // In euros: March's $100 is €80 and its $30 spent €24 (the 30th takes the 29th's 0.80): €56 carried.
    const inEuros = await caller.budgets.month({ month: 4, year: 2091 });
    expect(inEuros.budgets).toMatchObject([
      { budgetedCents: '5000', carriedCents: '5600', leftCents: '10600' },
    ]);
    expect(inEuros.budgets[0]?.budgetedConversion).toBeUndefined();
    expect(inEuros.budgets[0]?.carriedConversion?.rates).toEqual([MARCH_RATE]);
    expect(inEuros.totals).toMatchObject({ budgetedCents: '5000', carriedCents: '5600', leftCents: '10600' });

    // In dollars: April's €50 is $100 at the 28th's rate; March's $70 left carried as it is.
    await caller.auth.updatePreferences({ defaultCurrency: 'USD' });
    const inDollars = await caller.budgets.month({ month: 4, year: 2091 });
    const aprilRate = { currency: 'EUR', rate: '2', date: '2091-04-28', source: 'user' };
    expect(inDollars.budgets).toMatchObject([
      {
        budgetedCents: '10000',
        carriedCents: '7000',
        leftCents: '17000',
        budgetedConversion: { rates: [aprilRate] },
      },
    ]);
    expect(inDollars.budgets[0]?.carriedConversion).toBeUndefined();
    expect(inDollars.totals).toMatchObject({
      budgetedCents: '10000',
      carriedCents: '7000',
      leftCents: '17000',
    });
    expect((await restMonth(authorization, 4)).totals).toMatchObject({
      budgeted: 100,
      carried: 70,
      left: 170,
    });
  });

  it('stores an edit of a converted budget as typed, in the display currency', async () => {
    const { caller } = await dollarUserWithRates();
    const budget = await caller.budgets.create({
      category: 'Groceries',
      amount: '100',
      month: 3,
      year: 2091,
    });
    await caller.auth.updatePreferences({ defaultCurrency: 'EUR' });
    const edited = await caller.budgets.update({
      id: budget.id,
      category: 'Groceries',
      amount: '80',
      month: 3,
      year: 2091,
    });
    expect(edited).toMatchObject({ amountCents: 8000, amount: 80, setIn: 'EUR' });
    expect(edited.amountConversion).toBeUndefined();
    // Now a euro budget: in dollars it is €80 at 1 / 0.80.
    await caller.auth.updatePreferences({ defaultCurrency: 'USD' });
    expect((await caller.budgets.list())[0]).toMatchObject({
      amountCents: 10000,
      amountConversion: { rates: [{ currency: 'EUR', rate: '1.25', date: '2091-03-29', source: 'user' }] },
    });
  });

  it('copies last month’s budget in its own currency: the same money, shown at this month’s rate', async () => {
    const { caller } = await dollarUserWithRates();
    await caller.auth.updatePreferences({ defaultCurrency: 'JPY' });
    await caller.budgets.create({ category: 'Groceries', amount: '10000', month: 5, year: 2091 });
    await caller.auth.updatePreferences({ defaultCurrency: 'USD' });
    await caller.rates.add({ date: '2091-06-10', base: 'USD', quote: 'JPY', rate: '150' });
    expect(await caller.budgets.copyPreviousMonth({ month: 6, year: 2091 })).toEqual({ copied: 1 });
    // Viewed in dollars, June's copy is ¥10,000 at today's rate: $66.67, marked.
    expect((await caller.budgets.month({ month: 6, year: 2091 })).budgets[0]).toMatchObject({
      budgetedCents: '6667',
      budgetedConversion: { rates: [{ currency: 'JPY', date: '2091-06-10' }] },
    });
    await caller.auth.updatePreferences({ defaultCurrency: 'JPY' });
    const [june] = await caller.budgets.list();
    expect(june).toMatchObject({ month: 6, amount: 10000, amountCents: 10000 });
    expect(june?.amountConversion).toBeUndefined();
  });
});

describe('a budget’s amount has its display currency’s decimals', () => {
  it('takes three decimals in dinars and reads them back', async () => {
    const { caller, authorization, user } = await seedUserWithCaller(deps);
    await displayIn(user.id, 'BHD');
    const budget = await caller.budgets.create({
      category: 'Groceries',
      amount: '1.234',
      month: 3,
      year: 2091,
    });
    expect(budget).toMatchObject({ amount: 1.234, amountCents: 1234 });
    expect((await caller.budgets.list())[0]).toMatchObject({ amount: 1.234, amountCents: 1234 });
    const rest = await app.inject({
      method: 'POST',
      url: '/api/budgets',
      headers: { authorization },
      payload: { category: 'Dining', amount: '2.345', month: '3', year: '2091' },
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json()).toMatchObject({ amount: 2.345, currency: 'BHD' });
    expect((await restMonth(authorization, 3)).totals).toMatchObject({ budgeted: 3.579 });
  });

  it('refuses decimals the currency lacks with its own message, and takes zero', async () => {
    const { caller, authorization } = await seedUserWithCaller(deps);
    await expect(refusal(caller, '12.345')).rejects.toThrow(
      'Amounts in United States Dollar (USD) can have at most 2 decimal places.',
    );
    expect(await refusal(caller, '0')).toMatchObject({ amountCents: 0, amount: 0 });
    await caller.auth.updatePreferences({ defaultCurrency: 'JPY' });
    const yen = 'Amounts in Japanese Yen (JPY) are whole numbers, with no decimals.';
    await expect(
      caller.budgets.create({ category: 'Dining', amount: '12.5', month: 3, year: 2091 }),
    ).rejects.toThrow(yen);
    const rest = await app.inject({
      method: 'POST',
      url: '/api/budgets',
      headers: { authorization },
      payload: { category: 'Dining', amount: 12.5, month: 3, year: 2091 },
    });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({ message: yen });
    expect(await caller.budgets.list()).toHaveLength(1);
  });
});
