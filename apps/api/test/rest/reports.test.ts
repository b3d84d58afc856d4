import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES, PERIOD_MESSAGES } from '@paisable/contracts';

import { createTestApp, createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';

// 15 March 2025 in UTC; rows dated later are scheduled.
const { app, deps } = await createTestApp(createTestDeps(() => new Date('2025-03-15T12:00:00Z')));

function get(url: string, authorization: string) {
  return app.inject({ method: 'GET', url, headers: { authorization } });
}

/** The slow way: counted rows summed per month straight from the transactions, in units. */
async function monthsOverRows(userId: string) {
  const rows = await deps.db.execute<{ month: string; income: string; expense: string }>(sql`
    select to_char(occurred_on, 'YYYY-MM') as month,
      (coalesce(sum(amount_cents) filter (where is_income), 0) / 100.0)::text as income,
      (coalesce(sum(amount_cents) filter (where not is_income), 0) / 100.0)::text as expense
    from transactions
    where user_id = ${userId} and deleted_at is null and transfer_id is null and on_budget
      and occurred_on <= '2025-03-15'
    group by 1`);
  return new Map(
    rows.map((row) => [row.month, { income: Number(row.income), expense: Number(row.expense) }]),
  );
}

async function seed() {
  const seeded = await seedUserWithCaller(deps);
  const { caller, accountId } = seeded;
  await addTransaction(caller, { category: 'Salary', isIncome: true, amount: 1000, date: '2024-11-30' });
  await addTransaction(caller, { category: 'Food', amount: 12.34, date: '2024-11-01' });
  await addTransaction(caller, { category: 'Bills', amount: 80, date: '2025-01-31' });
  await addTransaction(caller, { category: 'Food', amount: 7.66, date: '2025-03-15' });
  await addTransaction(caller, { category: 'Food', amount: 500, date: '2025-03-16' }); // scheduled
  const savings = await caller.accounts.create({
    name: 'Savings',
    kind: 'savings',
    openingBalance: 0,
    openingDate: '2024-01-01',
  });
  await caller.transfers.create({
    fromAccountId: accountId,
    toAccountId: savings.id,
    amount: 300,
    date: '2025-01-05',
  });
  const loan = await caller.accounts.create({
    name: 'Loan',
    kind: 'loan',
    openingBalance: -900,
    openingDate: '2024-01-01',
  });
  await addTransaction(caller, { accountId: loan.id, category: 'Bills', amount: 45, date: '2025-02-02' });
  return { ...seeded, loanId: loan.id };
}

describe('GET /api/reports/monthly', () => {
  it('lists every month of the range with the sums over the rows: transfers, off-budget and scheduled left out', async () => {
    const { authorization, user } = await seed();
    const response = await get('/api/reports/monthly?from=2024-10&to=2025-04', authorization);
    expect(response.statusCode).toBe(200);
    const { months } = response.json<{
      months: { month: string; income: number; expense: number; net: number }[];
    }>();
    expect(months.map((row) => row.month)).toEqual([
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
    ]);
    const slow = await monthsOverRows(user.id);
    for (const row of months) {
      const expected = slow.get(row.month) ?? { income: 0, expense: 0 };
      expect(row, row.month).toEqual({
        month: row.month,
        ...expected,
        net: Number((expected.income - expected.expense).toFixed(2)),
      });
    }
    expect(months[1]).toEqual({ month: '2024-11', income: 1000, expense: 12.34, net: 987.66 });
    expect(months[5]).toEqual({ month: '2025-03', income: 0, expense: 7.66, net: -7.66 });
  });

  it('reports one account of the user’s, even off budget, and refuses another user’s with a 404', async () => {
    const { authorization, loanId } = await seed();
    const loan = await get(`/api/reports/monthly?from=2025-02&to=2025-02&account=${loanId}`, authorization);
    expect(loan.json()).toEqual({
      currency: 'USD',
      months: [{ month: '2025-02', income: 0, expense: 45, net: -45 }],
    });
    const stranger = await seedUserWithCaller(deps);
    const refused = await get(
      `/api/reports/monthly?from=2025-02&to=2025-02&account=${loanId}`,
      stranger.authorization,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: ACCOUNT_MESSAGES.notFound });
  });

  it('refuses a start after the end, more than 50 years and malformed months with a 400', async () => {
    const { authorization } = await seedUserWithCaller(deps);
    const cases: [string, string][] = [
      ['from=2025-03&to=2025-02', PERIOD_MESSAGES.fromAfterTo],
      ['from=1970-01&to=2020-01', PERIOD_MESSAGES.tooLong],
      ['from=2025-13&to=2025-14', PERIOD_MESSAGES.invalidMonth],
      ['from=2025-1&to=2025-02', PERIOD_MESSAGES.invalidMonth],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/reports/monthly?${query}`, authorization);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ message });
    }
  });
});

describe('GET /api/reports/categories', () => {
  it('sums the expenses per category over the days, up to today', async () => {
    const { authorization } = await seed();
    const response = await get('/api/reports/categories?from=2024-11-01&to=2025-03-31', authorization);
    expect(response.json()).toEqual({
      currency: 'USD',
      categories: [
        { name: 'Bills', total: 80 },
        { name: 'Food', total: 20 },
      ],
    });
    const refused = await get('/api/reports/categories?from=2025-03-31&to=2025-03-01', authorization);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: PERIOD_MESSAGES.fromAfterTo });
  });

  it('sums one account’s expenses per category (off budget too, transfers left out) as the rows do', async () => {
    const { authorization, user, caller, accountId, loanId } = await seed();
    await addTransaction(caller, { accountId: loanId, category: 'Food', amount: 5.5, date: '2025-03-10' });
    await addTransaction(caller, { accountId: loanId, category: 'Food', amount: 99, date: '2025-03-20' });
    const ranges: [string, string][] = [
      ['2024-11-01', '2025-03-31'],
      ['2025-01-15', '2025-03-12'],
      ['2025-03-11', '2025-03-31'],
    ];
    for (const account of [accountId, loanId]) {
      for (const [from, to] of ranges) {
        const url = `/api/reports/categories?from=${from}&to=${to}&account=${account}`;
        const response = await get(url, authorization);
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toEqual({
          currency: 'USD',
          categories: await categoriesOverRows(user.id, { from, to, account }),
        });
      }
    }
    const loan = await get(
      `/api/reports/categories?from=2025-01-01&to=2025-03-31&account=${loanId}`,
      authorization,
    );
    expect(loan.json()).toEqual({
      currency: 'USD',
      categories: [
        { name: 'Bills', total: 45 },
        { name: 'Food', total: 5.5 },
      ],
    });
    // The same through tRPC, and the budget view (no account) leaves the off-budget loan out.
    expect(
      await caller.reports.categories({ from: '2025-01-01', to: '2025-03-31', account: loanId }),
    ).toEqual({
      categories: [
        { name: 'Bills', totalCents: '4500' },
        { name: 'Food', totalCents: '550' },
      ],
    });
    expect((await caller.reports.categories({ from: '2025-01-01', to: '2025-03-31' })).categories).toEqual(
      await categoriesOverRows(user.id, { from: '2025-01-01', to: '2025-03-31' }).then((rows) =>
        rows.map(({ name, total }) => ({ name, totalCents: String(Math.round(total * 100)) })),
      ),
    );

    // A new row shows in the very next answer (the report is remembered until the user's next write).
    await addTransaction(caller, { accountId: loanId, category: 'Fuel', amount: 60, date: '2025-03-01' });
    const after = await get(
      `/api/reports/categories?from=2025-01-01&to=2025-03-31&account=${loanId}`,
      authorization,
    );
    expect(after.json<{ categories: unknown[] }>().categories).toEqual([
      { name: 'Fuel', total: 60 },
      { name: 'Bills', total: 45 },
      { name: 'Food', total: 5.5 },
    ]);

    const stranger = await seedUserWithCaller(deps);
    const refused = await get(
      `/api/reports/categories?from=2025-01-01&to=2025-03-31&account=${loanId}`,
      stranger.authorization,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: ACCOUNT_MESSAGES.notFound });
    await expect(
      stranger.caller.reports.categories({ from: '2025-01-01', to: '2025-03-31', account: loanId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

/** The slow way: expenses per category straight from the rows (up to today), in units, largest first. */
async function categoriesOverRows(
  userId: string,
  { from, to, account }: { from: string; to: string; account?: string },
) {
  const scope = account === undefined ? sql`on_budget` : sql`account_id = ${account}`;
  const rows = await deps.db.execute<{ name: string; total: string }>(sql`
    select category as name, (sum(amount_cents) / 100.0)::text as total from transactions
    where user_id = ${userId} and deleted_at is null and transfer_id is null and not is_income and ${scope}
      and occurred_on between ${from} and least(${to}::date, '2025-03-15')
    group by category order by sum(amount_cents) desc, category`);
  return rows.map((row) => ({ name: row.name, total: Number(row.total) }));
}

describe('the report routes asked again', () => {
  it('answer the same text while nothing changes, and a new row in the very next answer', async () => {
    const { authorization, caller } = await seed();
    const urls = {
      monthly: '/api/reports/monthly?from=2025-02&to=2025-03',
      yearOverYear: '/api/reports/year-over-year?from=2025-02&to=2025-03',
      categories: '/api/reports/categories?from=2025-03-01&to=2025-03-15',
      netWorth: '/api/reports/net-worth?from=2025-02-01&to=2025-03-15',
      budgetMonth: '/api/budgets/month?month=3&year=2025',
    };
    const ask = async () => {
      const answers = await Promise.all(Object.values(urls).map((url) => get(url, authorization)));
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      return answers.map((answer) => answer.body);
    };
    const first = await ask();
    expect(await ask()).toEqual(first);

    await addTransaction(caller, { category: 'Food', amount: 2.5, date: '2025-03-10' });
    const [monthly, yearOverYear, categories, netWorth, budgetMonth] = (await ask()).map(
      (body) => JSON.parse(body) as Record<string, Record<string, unknown>[]>,
    );
    expect(monthly?.months?.[1]).toMatchObject({ month: '2025-03', expense: 10.16 });
    expect(yearOverYear?.months?.[1]).toMatchObject({ month: '2025-03', expense: 10.16 });
    expect(categories?.categories).toEqual([{ name: 'Food', total: 10.16 }]);
    const lastNet = (report: unknown) => (report as { points: { net: number }[] }).points.at(-1)?.net ?? NaN;
    expect(lastNet(netWorth)).toBeCloseTo(lastNet(JSON.parse(first[3] ?? '{}')) - 2.5, 2);
    expect(budgetMonth).toMatchObject({ unbudgeted: [{ category: 'Food', spent: 10.16 }] });
  });
});
