import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createTransactionInput, transactionChangesInput } from '@paisable/contracts';

import { transactions } from '../../src/db/schema';
import { createAccount, updateAccount } from '../../src/modules/accounts/service';
import { createTransfer } from '../../src/modules/accounts/transfers';
import { deleteCategory } from '../../src/modules/categories/service';
import { bulkEditTransactions, undoBulkEdit } from '../../src/modules/transactions/bulk-edit';
import { getCharts } from '../../src/modules/transactions/charts';
import { DEEP_PAGE_OFFSET, listTransactions, NEWEST_FIRST } from '../../src/modules/transactions/list';
import { purgeDeletedTransactions } from '../../src/modules/transactions/purge';
import {
  createTransaction,
  deleteTransaction,
  deleteTransactions,
  restoreTransactions,
  updateTransaction,
} from '../../src/modules/transactions/service';
import { getSummary } from '../../src/modules/transactions/summary';
import { createTestDeps, seedUser } from '../helpers';

const NOW = new Date('2026-03-15T12:00:00Z');
const deps = createTestDeps(() => NOW);
const DAY = 24 * 60 * 60 * 1000;

type Totals = {
  days: string[];
  categories: string[];
  categoryDays: string[];
  accountMonths: string[];
  accountDays: string[];
};

/** The pre-aggregated totals of one user (rows at zero left out), as comparable strings. */
async function storedTotals(userId: string): Promise<Totals> {
  const keys = async (query: ReturnType<typeof sql>) =>
    (await deps.db.execute<{ key: string }>(query)).map((row) => row.key);
  return {
    days: await keys(sql`
      select occurred_on || ' ' || is_income || ' ' || counted || ' ' || currency || ' ' || count || ' ' || amount_cents as key
      from transaction_day_totals where user_id = ${userId} and count <> 0 order by 1`),
    categories: await keys(sql`
      select category || ' ' || is_income || ' ' || month || ' ' || counted || ' ' || currency || ' ' || count || ' '
        || amount_cents as key
      from transaction_category_month_totals where user_id = ${userId} and count <> 0 order by 1`),
    categoryDays: await keys(sql`
      select category || ' ' || is_income || ' ' || occurred_on || ' ' || currency || ' ' || count || ' '
        || amount_cents as key
      from transaction_category_day_totals where user_id = ${userId} and count <> 0 order by 1`),
    accountMonths: await keys(sql`
      select account_id || ' ' || month || ' ' || count || ' ' || net_cents as key
      from account_month_totals where user_id = ${userId} and count <> 0 order by 1`),
    accountDays: await keys(sql`
      select account_id || ' ' || occurred_on || ' ' || count || ' ' || net_cents as key
      from account_day_totals where user_id = ${userId} and count <> 0 order by 1`),
  };
}

/** The same totals computed from scratch over the user's live transactions. */
async function recomputedTotals(userId: string): Promise<Totals> {
  const keys = async (query: ReturnType<typeof sql>) =>
    (await deps.db.execute<{ key: string }>(query)).map((row) => row.key);
  const live = sql`(select *, (transfer_id is null and on_budget) as counted,
      case when is_income then amount_cents else -amount_cents end as net
    from transactions where user_id = ${userId} and deleted_at is null) t`;
  return {
    days: await keys(sql`
      select occurred_on || ' ' || is_income || ' ' || counted || ' ' || currency || ' ' || count(*) || ' '
        || sum(amount_cents) as key
      from ${live} group by occurred_on, is_income, counted, currency order by 1`),
    // By category, a split row counts once in each of its lines' categories, with their amounts.
    categories: await keys(sql`
      select category || ' ' || is_income || ' ' || date_trunc('month', occurred_on)::date || ' ' || counted
        || ' ' || currency || ' ' || count(*) || ' ' || sum(amount_cents) as key
      from (select *, (transfer_id is null and on_budget) as counted from transaction_category_rows
        where user_id = ${userId} and deleted_at is null) c
      group by category, is_income, date_trunc('month', occurred_on), counted, currency order by 1`),
    // Per day, the counted rows alone (what budgets and reports convert), split rows by their lines.
    categoryDays: await keys(sql`
      select category || ' ' || is_income || ' ' || occurred_on || ' ' || currency || ' ' || count(*) || ' '
        || sum(amount_cents) as key
      from transaction_category_rows
      where user_id = ${userId} and deleted_at is null and transfer_id is null and on_budget
      group by category, is_income, occurred_on, currency order by 1`),
    accountMonths: await keys(sql`
      select account_id || ' ' || date_trunc('month', occurred_on)::date || ' ' || count(*) || ' ' || sum(net) as key
      from ${live} group by account_id, date_trunc('month', occurred_on) order by 1`),
    accountDays: await keys(sql`
      select account_id || ' ' || occurred_on || ' ' || count(*) || ' ' || sum(net) as key
      from ${live} group by account_id, occurred_on order by 1`),
  };
}

async function expectExact(userId: string) {
  expect(await storedTotals(userId)).toEqual(await recomputedTotals(userId));
}

async function add(userId: string, fields: Record<string, unknown>) {
  const input = createTransactionInput.parse({ name: 'Item', category: 'Food', amount: 10, ...fields });
  return createTransaction(deps, { userId, timeZone: 'UTC', ...input });
}

describe('pre-aggregated daily and category totals', () => {
  it('stay exact through create, edit, delete, bulk delete, restore, category removal and purge', async () => {
    const { user, accountId } = await seedUser(deps);
    const userId = user.id;
    const lunch = await add(userId, { name: 'Lunch', amount: 12.5, date: '2026-03-14' });
    const salary = await add(userId, {
      name: 'Salary',
      category: 'Salary',
      amount: 3000,
      isIncome: true,
      date: '2026-03-01',
    });
    const vet = await add(userId, { name: 'Vet', category: 'Pets', amount: 80.1, date: '2026-03-10' });
    const coffee = await add(userId, { name: 'Coffee', amount: 3.2, date: '2026-03-14' });
    await expectExact(userId);

    const change = (id: string, fields: Record<string, unknown>) =>
      updateTransaction(deps, { userId, id, changes: transactionChangesInput.parse(fields) });
    await change(lunch.id, { amount: 14, date: '2026-03-13' });
    await expectExact(userId);
    await change(coffee.id, { category: 'Pets' });
    await expectExact(userId);
    await change(coffee.id, { isIncome: true, category: 'Refunds' });
    await expectExact(userId);
    await change(vet.id, { name: 'Vet visit', note: 'only the words change' });
    await expectExact(userId);

    await deleteTransaction(deps, { userId, id: lunch.id });
    await expectExact(userId);
    await deleteTransactions(deps, { userId, ids: [salary.id, coffee.id] });
    await expectExact(userId);
    await restoreTransactions(deps, { userId, ids: [salary.id, lunch.id] });
    await expectExact(userId);

    // Removing a custom category moves its transactions to Miscellaneous.
    await deleteCategory(deps, { userId, kinds: ['expense'], name: 'Pets' });
    await expectExact(userId);

    // Deleted long enough ago, then purged for good: the totals must not count it twice or bring it back.
    await deleteTransactions(
      { db: deps.db, now: () => new Date(NOW.getTime() - 40 * DAY) },
      { userId, ids: [vet.id] },
    );
    await expectExact(userId);
    await purgeDeletedTransactions({ db: deps.db, now: () => NOW });
    await expectExact(userId);

    // Accounts: a row moved to another account, a transfer made, edited, turned back into a plain row,
    // an account taken off budget and back. Every totals table stays exact through each step.
    const card = await createAccount(deps, {
      userId,
      timeZone: 'UTC',
      currency: 'USD',
      name: 'Card',
      kind: 'credit_card',
      openingBalanceCents: 0,
      openingDate: '2026-01-01',
    });
    await change(lunch.id, { accountId: card.id });
    await expectExact(userId);
    const transfer = await createTransfer(deps, {
      userId,
      fromAccountId: accountId,
      toAccountId: card.id,
      amount: '5',
      date: '2026-03-12',
      note: '',
    });
    await expectExact(userId);
    await change(transfer.fromTransactionId, { amount: 6, date: '2026-03-11' });
    await expectExact(userId);
    const offBudget = { ...card, openingBalance: '0', onBudget: false, closed: false };
    await updateAccount(deps, { userId, timeZone: 'UTC', ...offBudget });
    await expectExact(userId);
    await updateAccount(deps, { userId, timeZone: 'UTC', ...offBudget, onBudget: true });
    await change(transfer.toTransactionId, { isIncome: false, category: 'Food' });
    await expectExact(userId);
    await deleteTransactions(deps, { userId, ids: [transfer.fromTransactionId, transfer.toTransactionId] });
    await change(lunch.id, { accountId });
    await expectExact(userId);

    // What the user sees agrees with the rows: Salary 3000 and Lunch 14 left; the refund was deleted.
    const summary = await getSummary(deps, { userId, timeZone: 'UTC', currency: 'USD' });
    expect(summary).toMatchObject({
      totalIncomeCents: '300000',
      totalExpensesCents: '1400',
      balanceCents: '298600',
    });
    const charts = await getCharts(deps, { userId, timeZone: 'UTC', currency: 'USD' });
    expect(charts.expensesByCategory).toEqual([{ name: 'Food', totalCents: '1400' }]);
    expect(charts.expensesOverTime.find((day) => day.date === '2026-03-13')?.totalCents).toBe('1400');
    expect(charts.incomeOverTime.find((day) => day.date === '2026-03-01')?.totalCents).toBe('300000');
  });

  it('stay exact with split rows: lines written, edited, moved, unsplit, deleted, restored, purged', async () => {
    const { user, accountId } = await seedUser(deps);
    const userId = user.id;
    const lines = (...parts: [string, number][]) =>
      parts.map(([category, amount]) => ({ category, amount, note: '' }));
    const change = (id: string, fields: Record<string, unknown>) =>
      updateTransaction(deps, { userId, id, changes: transactionChangesInput.parse(fields) });
    const categoryTotals = async () =>
      Object.fromEntries(
        (
          await deps.db.execute<{ category: string; count: number; cents: string }>(sql`
            select category, sum(count)::int as count, sum(amount_cents)::text as cents
            from transaction_category_month_totals where user_id = ${userId} and counted and count <> 0
            group by category`)
        ).map((row) => [row.category, `${row.count}×${row.cents}`]),
      );

    await add(userId, { name: 'Bread', category: 'Groceries', amount: 5, date: '2026-03-02' });
    const shop = await add(userId, {
      name: 'Supermarket',
      amount: 100,
      date: '2026-03-10',
      splits: lines(['Groceries', 60], ['Household', 25.5], ['Groceries', 10], ['Pets', 4.5]),
    });
    expect(shop.category).toBe('Split');
    expect(shop.splits.map((line) => [line.category, line.amountCents])).toEqual([
      ['Groceries', 6000],
      ['Household', 2550],
      ['Groceries', 1000],
      ['Pets', 450],
    ]);
    await expectExact(userId);
    // The row counts once in Groceries (two lines of it), never as "Split".
    expect(await categoryTotals()).toEqual({
      Groceries: '2×7500',
      Household: '1×2550',
      Pets: '1×450',
    });

    await change(shop.id, { date: '2026-02-27' });
    await expectExact(userId);
    await change(shop.id, { amount: 80, splits: lines(['Household', 50], ['Pets', 30]) });
    await expectExact(userId);
    expect(await categoryTotals()).toEqual({ Groceries: '1×500', Household: '1×5000', Pets: '1×3000' });
    // Its name changes, its lines stay; another kind spells the lines as income categories.
    await change(shop.id, { name: 'Corner shop', category: 'Split' });
    await expectExact(userId);
    await change(shop.id, { isIncome: true });
    await expectExact(userId);
    await change(shop.id, { isIncome: false });
    await deleteCategory(deps, { userId, kinds: ['expense'], name: 'Pets' });
    await expectExact(userId);
    expect(await categoryTotals()).toEqual({
      Groceries: '1×500',
      Household: '1×5000',
      Miscellaneous: '1×3000',
    });

    // Another category ends the split; lines again make it one.
    await change(shop.id, { category: 'Dining' });
    await expectExact(userId);
    expect(
      (await deps.db.execute(sql`select 1 from transaction_splits where transaction_id = ${shop.id}`)).length,
    ).toBe(0);
    await change(shop.id, { splits: lines(['Dining', 79.99], ['Groceries', 0.01]) });
    await expectExact(userId);
    const card = await createAccount(deps, {
      userId,
      timeZone: 'UTC',
      currency: 'USD',
      name: 'Card',
      kind: 'credit_card',
      openingBalanceCents: 0,
      openingDate: '2026-01-01',
    });
    await change(shop.id, { accountId: card.id });
    await updateAccount(deps, {
      userId,
      timeZone: 'UTC',
      ...card,
      openingBalance: '0',
      onBudget: false,
      closed: false,
    });
    await expectExact(userId);
    await change(shop.id, { accountId });
    await expectExact(userId);

    await deleteTransaction(deps, { userId, id: shop.id });
    await expectExact(userId);
    expect(await categoryTotals()).toEqual({ Groceries: '1×500' });
    await restoreTransactions(deps, { userId, ids: [shop.id] });
    await expectExact(userId);
    // A live split row removed for good (not through the purge) takes its lines out of the totals.
    await deps.db.delete(transactions).where(eq(transactions.id, shop.id));
    await expectExact(userId);
    expect(await categoryTotals()).toEqual({ Groceries: '1×500' });

    const again = await add(userId, {
      name: 'Market',
      amount: 20,
      date: '2026-03-03',
      splits: lines(['Groceries', 15], ['Household', 5]),
    });
    await deleteTransactions(
      { db: deps.db, now: () => new Date(NOW.getTime() - 40 * DAY) },
      { userId, ids: [again.id] },
    );
    await purgeDeletedTransactions({ db: deps.db, now: () => NOW });
    await expectExact(userId);
    expect(await categoryTotals()).toEqual({ Groceries: '1×500' });
  });

  it('keep each currency apart: rows, split lines and moves between accounts of two currencies', async () => {
    const { user, accountId } = await seedUser(deps);
    const userId = user.id;
    const euros = await createAccount(deps, {
      userId,
      timeZone: 'UTC',
      currency: 'EUR',
      name: 'Euro card',
      kind: 'credit_card',
      openingBalanceCents: 0,
      openingDate: '2026-01-01',
    });
    const change = (id: string, fields: Record<string, unknown>) =>
      updateTransaction(deps, { userId, id, changes: transactionChangesInput.parse(fields) });
    const groceries = async () =>
      (
        await deps.db.execute<{ key: string }>(sql`
          select currency || ' ' || count || ' ' || amount_cents as key from transaction_category_month_totals
          where user_id = ${userId} and category = 'Groceries' and count <> 0 order by 1`)
      ).map((row) => row.key);

    await add(userId, { name: 'Bread', category: 'Groceries', amount: 5, date: '2026-03-02' });
    await add(userId, {
      name: 'Brot',
      category: 'Groceries',
      amount: 7,
      date: '2026-03-03',
      accountId: euros.id,
    });
    const shop = await add(userId, {
      name: 'Supermarkt',
      amount: 30,
      date: '2026-03-04',
      accountId: euros.id,
      splits: [
        { category: 'Groceries', amount: 20, note: '' },
        { category: 'Household', amount: 10, note: '' },
      ],
    });
    await expectExact(userId);
    // Dollars and euros of one month and category are two sums, never one.
    expect(await groceries()).toEqual(['EUR 2 2700', 'USD 1 500']);

    // Moved into the dollar account with its amount and lines in dollars.
    const inDollars = [
      { category: 'Groceries', amount: 22, note: '' },
      { category: 'Household', amount: 11, note: '' },
    ];
    await change(shop.id, { accountId, amount: 33, splits: inDollars });
    await expectExact(userId);
    expect(await groceries()).toEqual(['EUR 1 700', 'USD 2 2700']);
    await change(shop.id, { name: 'Markt', date: '2026-03-05' });
    await expectExact(userId);
    await change(shop.id, {
      accountId: euros.id,
      amount: 30,
      splits: [
        { category: 'Groceries', amount: 20, note: '' },
        { category: 'Household', amount: 10, note: '' },
      ],
    });
    await expectExact(userId);
    expect(await groceries()).toEqual(['EUR 2 2700', 'USD 1 500']);
    await expectExact(userId);
    await deleteTransaction(deps, { userId, id: shop.id });
    await expectExact(userId);
    expect(await groceries()).toEqual(['EUR 1 700', 'USD 1 500']);
  });

  it('stay exact through a bulk edit of category, type, account, date and note, and its undo', async () => {
    const { user } = await seedUser(deps);
    const userId = user.id;
    const rows = await Promise.all([
      add(userId, { name: 'A', category: 'Food', amount: 10, date: '2026-02-27' }),
      add(userId, { name: 'B', category: 'Bills', amount: 20.5, date: '2026-03-01' }),
      add(userId, { name: 'C', category: 'Salary', amount: 1000, isIncome: true, date: '2026-03-02' }),
    ]);
    const ids = rows.map((row) => row.id);
    const savings = await createAccount(deps, {
      userId,
      timeZone: 'UTC',
      currency: 'USD',
      name: 'Savings',
      kind: 'savings',
      openingBalanceCents: 0,
      openingDate: '2026-01-01',
      onBudget: false,
    });
    await expectExact(userId);
    const before = await storedTotals(userId);
    const edits = [];
    for (const set of [
      { category: 'Shopping' },
      { isIncome: true },
      { accountId: savings.id },
      { date: '2026-01-31' },
      { note: { mode: 'append' as const, text: 'checked' } },
    ]) {
      const result = await bulkEditTransactions(deps, { userId, ids, set });
      edits.push(result.before);
      await expectExact(userId);
    }
    for (const previous of edits.reverse()) {
      await undoBulkEdit(deps, { userId, rows: previous });
      await expectExact(userId);
    }
    expect(await storedTotals(userId)).toEqual(before);
    const summary = await getSummary(deps, { userId, timeZone: 'UTC', currency: 'USD' });
    expect(summary).toMatchObject({ totalIncomeCents: '100000', totalExpensesCents: '3050' });
  });

  it('page counts and deep pages agree with a plain scan of the rows', async () => {
    const { user, accountId } = await seedUser(deps);
    const userId = user.id;
    // 1,500 rows on 50 days spread over five months (20 to 40 a day, every 4th one income), in one insert so
    // the trigger sees a bulk write too; pages past DEEP_PAGE_OFFSET then start from the month and day totals
    // and cross days and months at odd places.
    const rows = [];
    for (let day = 0; day < 50; day += 1) {
      for (let entry = 0; entry < 20 + ((day * 7) % 21); entry += 1) {
        rows.push({
          userId,
          accountId,
          name: `Day ${day} entry ${entry}`,
          category: entry % 4 === 1 ? 'Salary' : 'Food',
          isIncome: entry % 4 === 1,
          amountCents: 100 + entry,
          occurredOn: new Date(Date.UTC(2026, 0, 1) + day * 3 * DAY).toISOString().slice(0, 10),
        });
      }
    }
    await deps.db.insert(transactions).values(rows);
    await expectExact(userId);
    const ordered = await deps.db
      .select({ id: transactions.id, isIncome: transactions.isIncome, date: transactions.occurredOn })
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(...NEWEST_FIRST);
    const idsOf = (items: { id: string }[]) => items.map((item) => item.id);
    const check = async (filters: Record<string, unknown>, expected: typeof ordered) => {
      for (const [page, limit] of [
        [1, 10],
        [51, 10],
        [52, 10],
        [17, 37],
        [40, 37],
        [7, 100],
        [8, 100],
        [20, 100],
        [13, 99],
        [6, 250],
      ] as const) {
        const result = await listTransactions(deps, { userId, page, limit, ...filters });
        expect(idsOf(result.items)).toEqual(idsOf(expected.slice((page - 1) * limit, page * limit)));
        expect(result.total).toBe(expected.length);
      }
    };
    expect(ordered.length).toBeGreaterThan(DEEP_PAGE_OFFSET * 2);
    await check({}, ordered);
    await check(
      { isIncome: false },
      ordered.filter((row) => !row.isIncome),
    );
    await check(
      { isIncome: true },
      ordered.filter((row) => row.isIncome),
    );
    await check(
      { startDate: '2026-01-05', endDate: '2026-04-10' },
      ordered.filter((row) => row.date >= '2026-01-05' && row.date <= '2026-04-10'),
    );
    await check(
      { isIncome: false, startDate: '2026-02-01' },
      ordered.filter((row) => !row.isIncome && row.date >= '2026-02-01'),
    );
  });
  it('two bulk writes of one user at the same time both land, without a deadlock', async () => {
    const { user, accountId } = await seedUser(deps);
    const userId = user.id;
    // The same 40 days and categories, written in opposite orders (large enough to overlap): row by row, each write would lock the
    // first totals rows the other one needs. Per statement, both take them in key order and one waits.
    const batch = (order: 1 | -1) =>
      Array.from({ length: 3000 }, (_, index) => {
        const day = order === 1 ? index % 40 : 39 - (index % 40);
        return {
          userId,
          accountId,
          name: `Bulk ${order} ${index}`,
          category: ['Food', 'Transport', 'Bills'][index % 3] ?? 'Food',
          isIncome: false,
          amountCents: 100 + index,
          occurredOn: new Date(Date.UTC(2026, 0, 1) + day * 3 * DAY).toISOString().slice(0, 10),
        };
      });
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([
        deps.db.insert(transactions).values(batch(1)),
        deps.db.insert(transactions).values(batch(-1)),
        deps.db.update(transactions).set({ category: 'Bills' }).where(eq(transactions.userId, userId)),
      ]);
    }
    await expectExact(userId);
    const [{ count } = { count: 0 }] = await deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.userId, userId));
    expect(count).toBe(18_000);
  });
});
