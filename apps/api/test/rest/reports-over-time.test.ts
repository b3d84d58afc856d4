import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES, LIABILITY_KINDS, MESSAGES, PERIOD_MESSAGES } from '@paisable/contracts';

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
      currency: 'USD',
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
    expect(card.json()).toEqual({ currency: 'USD', payees: [{ name: 'Airline', count: 1, total: 640 }] });
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
      currency: 'USD',
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

/**
 * The slow way for one account: its expenses in the category per month up to today, straight from the rows
 * and their split lines (a split row counts by its lines), transfers and deleted rows left out.
 */
async function accountCategoryMonthsOverRows(
  userId: string,
  account: string,
  category: string,
  today: string,
) {
  const rows = await deps.db.execute<{ month: string; cents: string }>(sql`
    select to_char(t.occurred_on, 'YYYY-MM') as month, sum(coalesce(s.amount_cents, t.amount_cents))::text as cents
    from transactions t left join transaction_splits s on s.transaction_id = t.id
    where t.user_id = ${userId} and t.account_id = ${account} and t.deleted_at is null
      and t.transfer_id is null and not t.is_income and t.occurred_on <= ${today}::date
      and lower(coalesce(s.category, t.category)) = lower(${category})
    group by 1`);
  return new Map(rows.map((row) => [row.month, row.cents]));
}

describe('the category trend of one account', () => {
  it('sums that account’s rows per month (split lines, off budget; transfers, deleted and scheduled rows left out) on both transports', async () => {
    const { caller, user, authorization, accountId, savingsId, cardId } = await seed();
    await caller.budgets.create({ category: 'Food', amount: 50, month: 2, year: 2025 });
    const cash = await caller.accounts.create({
      name: 'Cash box',
      kind: 'cash',
      openingBalance: 50,
      openingDate: '2024-01-01',
      onBudget: false,
    });
    await addTransaction(caller, {
      accountId: cash.id,
      name: 'Market',
      category: 'Food',
      amount: 8.2,
      date: '2025-01-09',
    });
    await addTransaction(caller, {
      accountId: cash.id,
      name: 'Market',
      category: 'food',
      amount: 4.05,
      date: '2025-03-01',
    });
    await addTransaction(caller, {
      accountId: cash.id,
      name: 'Later',
      category: 'Food',
      amount: 70,
      date: '2025-04-02',
    }); // scheduled
    await caller.transactions.create({
      accountId,
      name: 'Supermarket',
      amount: 100,
      date: '2025-02-20',
      splits: [
        { category: 'Food', amount: 60.1, note: '' },
        { category: 'Household', amount: 39.9, note: '' },
      ],
    });
    const gone = await addTransaction(caller, {
      accountId,
      category: 'Food',
      amount: 999,
      date: '2025-02-21',
    });
    await caller.transactions.delete({ id: gone.id });

    const months = ['2024-12', '2025-01', '2025-02', '2025-03', '2025-04'];
    for (const account of [accountId, cash.id, cardId, savingsId]) {
      for (const category of ['Food', 'household', 'Travel', 'Transfer']) {
        const trend = await caller.reports.categoryTrend({
          from: '2024-12',
          to: '2025-04',
          category,
          account,
        });
        const slow = await accountCategoryMonthsOverRows(user.id, account, category, '2025-03-15');
        const label = `${account} ${category}`;
        expect(trend.months, label).toEqual(
          months.map((month) => ({
            month,
            spentCents: slow.get(month) ?? '0',
            // The budget is the category's own, whichever account is shown.
            budgetCents: category === 'Food' && month === '2025-02' ? '5000' : null,
          })),
        );
        const total = [...slow.values()].reduce((sum, cents) => sum + BigInt(cents), 0n);
        expect(trend.averageCents, label).toBe(String(total / 5n));
      }
    }

    // What the rows say, written out: the main account's Food is the two shop rows and the split's line.
    const main = await caller.reports.categoryTrend({
      from: '2025-01',
      to: '2025-03',
      category: 'food',
      account: accountId,
    });
    expect(main.months.map((row) => row.spentCents)).toEqual(['1250', '6760', '0']);
    // The off-budget cash box counts when named, and nowhere in the budget's trend.
    const cashFood = await get(
      `/api/reports/category-trend?from=2025-01&to=2025-04&category=Food&account=${cash.id}`,
      authorization,
    );
    expect(cashFood.statusCode).toBe(200);
    expect(cashFood.json()).toEqual({
      currency: 'USD',
      months: [
        { month: '2025-01', spent: 8.2, budget: null },
        { month: '2025-02', spent: 0, budget: 50 },
        { month: '2025-03', spent: 4.05, budget: null },
        { month: '2025-04', spent: 0, budget: null },
      ],
      average: 3.06,
    });
    const budgetView = await get(
      '/api/reports/category-trend?from=2025-01&to=2025-04&category=Food',
      authorization,
    );
    expect(budgetView.json<{ months: { spent: number }[] }>().months.map((row) => row.spent)).toEqual([
      12.5, 67.6, 0, 0,
    ]);

    // The category report of one account counts the split by its lines too: no "Split" category.
    expect(
      (await caller.reports.categories({ from: '2025-02-01', to: '2025-02-28', account: accountId }))
        .categories,
    ).toEqual([
      { name: 'Bills', totalCents: '90000' },
      { name: 'Food', totalCents: '6760' },
      { name: 'Household', totalCents: '3990' },
    ]);

    // A new row shows in the very next answer (the trend is remembered until the user's next write).
    await addTransaction(caller, { accountId: cash.id, category: 'Food', amount: 1, date: '2025-02-02' });
    const after = await caller.reports.categoryTrend({
      from: '2025-02',
      to: '2025-02',
      category: 'Food',
      account: cash.id,
    });
    expect(after.months).toEqual([{ month: '2025-02', spentCents: '100', budgetCents: '5000' }]);

    // Another user's account: 404 on both transports, nothing computed; a bad range: 400.
    const stranger = await seedUserWithCaller(deps);
    const refused = await get(
      `/api/reports/category-trend?from=2025-01&to=2025-04&category=Food&account=${cash.id}`,
      stranger.authorization,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: ACCOUNT_MESSAGES.notFound });
    await expect(
      stranger.caller.reports.categoryTrend({
        from: '2025-01',
        to: '2025-04',
        category: 'Food',
        account: cash.id,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const backwards = await get(
      `/api/reports/category-trend?from=2025-04&to=2025-01&category=Food&account=${cash.id}`,
      authorization,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ message: PERIOD_MESSAGES.fromAfterTo });
    const noCategory = await get(
      '/api/reports/category-trend?from=2025-01&to=2025-04&category=%20',
      authorization,
    );
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json()).toEqual({ message: MESSAGES.categoryRequired });
  });
});
