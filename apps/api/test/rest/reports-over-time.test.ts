import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES, LIABILITY_KINDS, PERIOD_MESSAGES } from '@paisable/contracts';

import { createTestApp, createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';

// 15 March 2025 at noon in UTC: already 16 March in Auckland (UTC+13), where the second user lives.
const { app, deps } = await createTestApp(createTestDeps(() => new Date('2025-03-15T12:00:00Z')));

function get(url: string, authorization: string) {
  return app.inject({ method: 'GET', url, headers: { authorization } });
}

/**
 * The slow way: each account's balance at the end of `day` straight from its rows (opening balance plus
 * every live row up to the day, transfers included), split into assets and what cards and loans owe.
 */
async function netWorthOverRows(userId: string, day: string, account?: string) {
  const rows = await deps.db.execute<{ kind: string; balance: string }>(sql`
    select a.kind, (a.opening_balance_cents + coalesce((
      select sum(case when t.is_income then t.amount_cents else -t.amount_cents end) from transactions t
      where t.account_id = a.id and t.deleted_at is null and t.occurred_on <= ${day}::date), 0))::text as balance
    from accounts a where a.user_id = ${userId} ${account ? sql`and a.id = ${account}` : sql``}`);
  let assets = 0;
  let owed = 0;
  for (const { kind, balance } of rows) {
    if ((LIABILITY_KINDS as readonly string[]).includes(kind)) owed -= Number(balance);
    else assets += Number(balance);
  }
  return { assets: assets / 100, liabilities: owed / 100, net: (assets - owed) / 100 };
}

async function seed(timeZone?: string) {
  const seeded = await seedUserWithCaller(deps, timeZone ? { timeZone } : {});
  const { caller, accountId } = seeded;
  await addTransaction(caller, {
    name: 'Payroll',
    category: 'Salary',
    isIncome: true,
    amount: 2000,
    date: '2024-12-31',
  });
  await addTransaction(caller, { name: 'Corner Shop', category: 'Food', amount: 12.5, date: '2025-01-03' });
  await addTransaction(caller, { name: 'corner shop', category: 'Food', amount: 7.5, date: '2025-02-10' });
  await addTransaction(caller, { name: 'Landlord', category: 'Bills', amount: 900, date: '2025-02-01' });
  await addTransaction(caller, { name: 'Late Night', category: 'Food', amount: 33, date: '2025-03-16' }); // Auckland's today
  await addTransaction(caller, { name: 'Landlord', category: 'Bills', amount: 900, date: '2025-04-01' }); // scheduled
  const savings = await caller.accounts.create({
    name: 'Savings',
    kind: 'savings',
    openingBalance: 100,
    openingDate: '2024-01-01',
  });
  await caller.transfers.create({
    fromAccountId: accountId,
    toAccountId: savings.id,
    amount: 300,
    date: '2025-01-20',
  });
  const card = await caller.accounts.create({
    name: 'Card',
    kind: 'credit_card',
    openingBalance: -250,
    openingDate: '2024-01-01',
  });
  await addTransaction(caller, {
    accountId: card.id,
    name: 'Airline',
    category: 'Travel',
    amount: 640,
    date: '2025-02-14',
  });
  return { ...seeded, savingsId: savings.id, cardId: card.id };
}

type Point = { date: string; assets: number; liabilities: number; net: number };

describe('GET /api/reports/net-worth', () => {
  for (const timeZone of ['UTC', 'Pacific/Auckland']) {
    it(`gives every month end and the last day, as the balances over the rows say (${timeZone})`, async () => {
      const { authorization, user } = await seed(timeZone);
      const today = timeZone === 'UTC' ? '2025-03-15' : '2025-03-16';
      const response = await get('/api/reports/net-worth?from=2024-12-10&to=2025-04-20', authorization);
      expect(response.statusCode).toBe(200);
      const { points } = response.json<{ points: Point[] }>();
      expect(points.map((point) => point.date)).toEqual([
        '2024-12-31',
        '2025-01-31',
        '2025-02-28',
        '2025-03-31',
        '2025-04-20',
      ]);
      for (const point of points) {
        // A day after today takes today's balances: the scheduled rent is not yet paid.
        const counted = point.date < today ? point.date : today;
        expect(point, point.date).toEqual({
          date: point.date,
          ...(await netWorthOverRows(user.id, counted)),
        });
      }
      // The card owes its opening debt and the flight: a liability, not negative assets.
      expect(points[2]).toMatchObject({ liabilities: 890 });
      const lateNight = timeZone === 'UTC' ? 0 : 33;
      expect(points[4]?.net).toBe((points[2]?.net ?? 0) - lateNight);
    });
  }

  it('reports one account of the user’s, and refuses another user’s account with a 404', async () => {
    const { authorization, user, cardId } = await seed();
    const response = await get(
      `/api/reports/net-worth?from=2025-02-01&to=2025-02-28&account=${cardId}`,
      authorization,
    );
    expect(response.json()).toEqual({
      points: [{ date: '2025-02-28', ...(await netWorthOverRows(user.id, '2025-02-28', cardId)) }],
    });
    expect(response.json<{ points: Point[] }>().points[0]).toMatchObject({
      assets: 0,
      liabilities: 890,
      net: -890,
    });
    const stranger = await seedUserWithCaller(deps);
    const refused = await get(
      `/api/reports/net-worth?from=2025-02-01&to=2025-02-28&account=${cardId}`,
      stranger.authorization,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: ACCOUNT_MESSAGES.notFound });
  });

  it('refuses a start after the end and more than 50 years with a 400', async () => {
    const { authorization } = await seedUserWithCaller(deps);
    const backwards = await get('/api/reports/net-worth?from=2025-03-01&to=2025-02-01', authorization);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ message: PERIOD_MESSAGES.fromAfterTo });
    const tooLong = await get('/api/reports/net-worth?from=1970-01-01&to=2025-01-01', authorization);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: PERIOD_MESSAGES.tooLong });
  });
});

/** The slow way: on-budget expenses per name (case aside) up to `today`, transfers left out. */
async function payeesOverRows(userId: string, from: string, to: string) {
  const rows = await deps.db.execute<{ name: string; total: string; count: number }>(sql`
    select lower(name) as name, (sum(amount_cents) / 100.0)::text as total, count(*)::int as count
    from transactions where user_id = ${userId} and deleted_at is null and transfer_id is null
      and not is_income and on_budget and occurred_on between ${from}::date and ${to}::date
    group by lower(name) order by sum(amount_cents) desc`);
  return rows.map((row) => ({ name: row.name, total: Number(row.total), count: row.count }));
}

describe('GET /api/reports/payees', () => {
  it('ranks the payees by what was spent with them, the same sums as over the rows', async () => {
    const { authorization, user } = await seed('Pacific/Auckland');
    const response = await get('/api/reports/payees?from=2024-12-01&to=2025-12-31', authorization);
    expect(response.statusCode).toBe(200);
    const { payees } = response.json<{ payees: { name: string; count: number; total: number }[] }>();
    const slow = await payeesOverRows(user.id, '2024-12-01', '2025-03-16');
    expect(payees.map((payee) => ({ ...payee, name: payee.name.toLowerCase() }))).toEqual(slow);
    // The scheduled rent is not spent yet; the two spellings of the shop are one payee.
    expect(payees[0]).toEqual({ name: 'Landlord', count: 1, total: 900 });
    expect(payees.find((payee) => payee.name.toLowerCase() === 'corner shop')).toMatchObject({
      count: 2,
      total: 20,
    });
    const limited = await get('/api/reports/payees?from=2024-12-01&to=2025-12-31&limit=1', authorization);
    expect(limited.json<{ payees: unknown[] }>().payees).toHaveLength(1);
  });

  it('reports one account, even off budget, and refuses another user’s account with a 404', async () => {
    const { authorization, cardId } = await seed();
    const card = await get(
      `/api/reports/payees?from=2025-01-01&to=2025-03-31&account=${cardId}`,
      authorization,
    );
    expect(card.json()).toEqual({ payees: [{ name: 'Airline', count: 1, total: 640 }] });
    const stranger = await seedUserWithCaller(deps);
    const refused = await get(
      `/api/reports/payees?from=2025-01-01&to=2025-03-31&account=${cardId}`,
      stranger.authorization,
    );
    expect(refused.statusCode).toBe(404);
  });
});

describe('GET /api/reports/year-over-year', () => {
  it('puts each month beside the same month a year before, as the monthly report gives them', async () => {
    const { authorization, caller } = await seed();
    await addTransaction(caller, { name: 'Corner Shop', category: 'Food', amount: 41, date: '2024-02-05' });
    const response = await get('/api/reports/year-over-year?from=2025-01&to=2025-03', authorization);
    expect(response.statusCode).toBe(200);
    const monthly = async (from: string, to: string) =>
      (await get(`/api/reports/monthly?from=${from}&to=${to}`, authorization)).json<{
        months: { month: string; income: number; expense: number }[];
      }>().months;
    const [current, previous] = [await monthly('2025-01', '2025-03'), await monthly('2024-01', '2024-03')];
    expect(response.json()).toEqual({
      months: current.map((row, index) => ({
        month: row.month,
        previousMonth: previous[index]?.month,
        income: row.income,
        expense: row.expense,
        previousIncome: previous[index]?.income,
        previousExpense: previous[index]?.expense,
      })),
    });
    expect(response.json<{ months: { previousExpense: number }[] }>().months[1]?.previousExpense).toBe(41);
    const refused = await get('/api/reports/year-over-year?from=2025-03&to=2025-01', authorization);
    expect(refused.statusCode).toBe(400);
  });
});

/** The slow way: one category's counted expenses per month up to today, straight from the rows. */
async function categoryMonthsOverRows(userId: string, category: string, today: string) {
  const rows = await deps.db.execute<{ month: string; cents: string }>(sql`
    select to_char(occurred_on, 'YYYY-MM') as month, sum(amount_cents)::text as cents from transactions
    where user_id = ${userId} and deleted_at is null and transfer_id is null and on_budget and not is_income
      and lower(category) = lower(${category}) and occurred_on <= ${today}::date
    group by 1`);
  return new Map(rows.map((row) => [row.month, row.cents]));
}

describe('reports.categoryTrend', () => {
  it('gives the category’s spending per month beside its budget and the average', async () => {
    const { caller, user } = await seed();
    await caller.budgets.create({ category: 'Food', amount: 50, month: 2, year: 2025 });
    const trend = await caller.reports.categoryTrend({ from: '2025-01', to: '2025-04', category: 'food' });
    const slow = await categoryMonthsOverRows(user.id, 'Food', '2025-03-15');
    expect(trend.months).toEqual(
      ['2025-01', '2025-02', '2025-03', '2025-04'].map((month) => ({
        month,
        spentCents: slow.get(month) ?? '0',
        budgetCents: month === '2025-02' ? '5000' : null,
      })),
    );
    // 12.50 and 7.50; the 33 of 16 March is scheduled in UTC.
    expect(trend.averageCents).toBe('500');
  });
});
