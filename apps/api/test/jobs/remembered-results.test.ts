import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import {
  addCentsTotals,
  budgetFieldsInput,
  createTransactionInput,
  listTransactionsInput,
  transactionChangesInput,
} from '@paisable/contracts';

import { dataVersionOfUser, readDataVersion } from '../../src/db/data-version';
import { transactions, users } from '../../src/db/schema';
import { limitMemory, rememberedResults } from '../../src/lib/remembered';
import { createBudget, deleteBudget, listBudgets, updateBudget } from '../../src/modules/budgets/service';
import { deleteCategory } from '../../src/modules/categories/service';
import { getCharts } from '../../src/modules/transactions/charts';
import { DEEP_PAGE_OFFSET, listTransactions, NEWEST_FIRST } from '../../src/modules/transactions/list';
import { purgeDeletedTransactions } from '../../src/modules/transactions/purge';
import {
  createTransaction,
  deleteTransaction,
  restoreTransactions,
  updateTransaction,
} from '../../src/modules/transactions/service';
import { getSummary } from '../../src/modules/transactions/summary';
import { deleteAccount } from '../../src/modules/users/service';
import { createTestDeps, seedUser } from '../helpers';

/*
 * Budgets, list pages and their counts, deep pages' starts, the summary and the charts are remembered with the user's data version (db/data-version.ts). Two sets of
 * deps with their own connection pools stand for two server processes: one reads (and remembers), the
 * other writes. Every write must show in the reader's very next answer.
 */
const NOW = new Date('2026-03-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const reader = createTestDeps(() => NOW);
const writer = createTestDeps(() => NOW);

async function add(userId: string, fields: Record<string, unknown>) {
  const input = createTransactionInput.parse({ name: 'Item', category: 'Food', amount: 10, ...fields });
  return createTransaction(writer, { userId, timeZone: 'UTC', ...input });
}

async function searchTotal(userId: string, search: string) {
  const input = listTransactionsInput.parse({ page: 1, limit: 2, search });
  return (await listTransactions(reader, { userId, ...input })).total;
}

async function spentOn(userId: string, category: string) {
  const budgets = await listBudgets(reader, { userId });
  return budgets.filter((budget) => budget.category === category).map((budget) => budget.spentCents);
}

describe('remembered budgets and search counts', () => {
  it('show every write at once, made by another server process', async () => {
    const { user } = await seedUser(reader);
    const userId = user.id;
    await add(userId, { name: 'Pizza night', amount: 20, date: '2026-03-02' });
    await add(userId, { name: 'Lunch', note: 'pizza slice', amount: 5, date: '2026-03-03' });
    const budget = await createBudget(writer, {
      currency: 'USD',
      userId,
      ...budgetFieldsInput.parse({ category: 'Food', amount: 100, month: 3, year: 2026 }),
    });

    // Read twice: the second answer comes from memory.
    expect(await searchTotal(userId, 'pizza')).toBe(2);
    expect(await searchTotal(userId, 'pizza')).toBe(2);
    expect(await spentOn(userId, 'Food')).toEqual(['2500']);
    expect(await spentOn(userId, 'Food')).toEqual(['2500']);

    const third = await add(userId, { name: 'PIZZA to go', amount: 7.5, date: '2026-03-04' });
    expect(await searchTotal(userId, 'pizza')).toBe(3);
    expect(await spentOn(userId, 'Food')).toEqual(['3250']);

    // Only the words change: the totals do not, the search does.
    await updateTransaction(writer, {
      userId,
      id: third.id,
      changes: transactionChangesInput.parse({ name: 'Sushi to go' }),
    });
    expect(await searchTotal(userId, 'pizza')).toBe(2);
    expect(await spentOn(userId, 'Food')).toEqual(['3250']);

    await deleteTransaction(writer, { userId, id: third.id });
    expect(await spentOn(userId, 'Food')).toEqual(['2500']);
    await restoreTransactions(writer, { userId, ids: [third.id] });
    expect(await spentOn(userId, 'Food')).toEqual(['3250']);
    expect(await searchTotal(userId, 'sushi')).toBe(1);

    // Budget writes: a new limit, a move to another month, a delete.
    await updateBudget(writer, {
      currency: 'USD',
      userId,
      id: budget.id,
      ...budgetFieldsInput.parse({ category: 'Food', amount: 40, month: 3, year: 2026 }),
    });
    expect((await listBudgets(reader, { userId }))[0]?.remainingCents).toBe('750');
    await updateBudget(writer, {
      currency: 'USD',
      userId,
      id: budget.id,
      ...budgetFieldsInput.parse({ category: 'Food', amount: 40, month: 4, year: 2026 }),
    });
    expect(await spentOn(userId, 'Food')).toEqual(['0']);
    await deleteBudget(writer, { userId, id: budget.id });
    expect(await listBudgets(reader, { userId })).toEqual([]);
  });

  it('follow a removed category and the purge, and keep users apart', async () => {
    const { user } = await seedUser(reader);
    const { user: other } = await seedUser(reader);
    await add(user.id, { name: 'Vet', category: 'Pets', amount: 80, date: '2026-03-10' });
    await createBudget(writer, {
      currency: 'USD',
      userId: user.id,
      ...budgetFieldsInput.parse({ category: 'Pets', amount: 100, month: 3, year: 2026 }),
    });
    expect(await spentOn(user.id, 'Pets')).toEqual(['8000']);
    expect(await spentOn(user.id, 'Miscellaneous')).toEqual([]);

    // The category goes; its expenses and its budget move to Miscellaneous.
    await deleteCategory(writer, { userId: user.id, kinds: ['expense'], name: 'Pets' });
    expect(await spentOn(user.id, 'Pets')).toEqual([]);
    expect(await spentOn(user.id, 'Miscellaneous')).toEqual(['8000']);

    // Another user's writes leave this user's version alone.
    const before = await readDataVersion(reader.db, user.id);
    await add(other.id, { name: 'Vet', amount: 1 });
    expect(await readDataVersion(reader.db, user.id)).toBe(before);

    // Deleted 40 days ago, then purged: gone from the search count too.
    const old = await add(user.id, { name: 'Old vet bill', amount: 3, date: '2026-01-01' });
    expect(await searchTotal(user.id, 'vet')).toBe(2);
    await deleteTransaction(
      { db: writer.db, now: () => new Date(NOW.getTime() - 40 * 24 * 60 * 60 * 1000) },
      { userId: user.id, id: old.id },
    );
    expect(await searchTotal(user.id, 'vet')).toBe(1);
    await purgeDeletedTransactions({ db: writer.db, now: () => NOW });
    expect(await searchTotal(user.id, 'vet')).toBe(1);
    await restoreTransactions(writer, { userId: user.id, ids: [old.id] });
    expect(await searchTotal(user.id, 'vet')).toBe(1);

    // An account with transactions, budgets and a version row can still be deleted.
    await deleteAccount(writer, { userId: user.id });
    expect(await readDataVersion(reader.db, user.id)).toBe(0);
  });

  it('summary, charts and list pages (first, filtered, deep, searched) show a write of another process at once', async () => {
    const { user, accountId } = await seedUser(reader);
    const userId = user.id;
    // 600 rows over the 30 days before NOW (20 a day, one pizza a day), so page 60 is a deep page.
    const rows = Array.from({ length: 600 }, (_, index) => ({
      userId,
      accountId,
      name: index % 20 === 0 ? `Pizza ${index}` : `Item ${index}`,
      category: 'Food',
      amountCents: 100 + index,
      occurredOn: new Date(Date.UTC(2026, 2, 14) - Math.floor(index / 20) * DAY).toISOString().slice(0, 10),
    }));
    await writer.db.insert(transactions).values(rows);
    const newestIds = async () =>
      (
        await writer.db
          .select({ id: transactions.id })
          .from(transactions)
          .where(eq(transactions.userId, userId))
          .orderBy(...NEWEST_FIRST)
      ).map((row) => row.id);
    const page = async (page: number, filters: Record<string, string> = {}) => {
      const input = listTransactionsInput.parse({ page, limit: 10, ...filters });
      const result = await listTransactions(reader, { userId, ...input });
      return { ids: result.items.map((item) => item.id), total: result.total, first: result.items[0]?.name };
    };
    const read = async () => ({
      summary: await getSummary(reader, { userId, timeZone: 'UTC', currency: 'USD' }),
      charts: await getCharts(reader, { userId, timeZone: 'UTC', currency: 'USD' }),
      first: await page(1),
      thisMonth: await page(1, { category: 'Food', startDate: '2026-03-01', endDate: '2026-03-31' }),
      deep: await page(DEEP_PAGE_OFFSET / 10 + 10),
      search: await page(1, { search: 'pizza' }),
    });
    // Read twice: the second answers come from memory.
    await read();
    const before = await read();
    let ordered = await newestIds();
    expect(before.first).toMatchObject({ ids: ordered.slice(0, 10), total: 600 });
    expect(before.thisMonth).toMatchObject({ ids: ordered.slice(0, 10), total: 280 });
    expect(before.deep).toMatchObject({ ids: ordered.slice(590, 600), total: 600 });
    expect(before.search.total).toBe(30);

    const added = await add(userId, { name: 'Pizza today', amount: 12.34, date: '2026-03-15' });
    const after = await read();
    ordered = await newestIds();
    expect(after.summary.totalExpensesCents).toBe(addCentsTotals(before.summary.totalExpensesCents, '1234'));
    expect(after.summary.recentTransactions[0]?.id).toBe(added.id);
    expect(after.charts.expensesOverTime.at(-1)).toMatchObject({ date: '2026-03-15', totalCents: '1234' });
    expect(after.first).toMatchObject({ ids: ordered.slice(0, 10), total: 601, first: 'Pizza today' });
    expect(after.thisMonth).toMatchObject({ ids: ordered.slice(0, 10), total: 281, first: 'Pizza today' });
    expect(after.deep).toMatchObject({ ids: ordered.slice(590, 600), total: 601 });
    expect(after.deep.ids[0]).not.toBe(before.deep.ids[0]);
    expect(after.search).toMatchObject({ total: 31 });
    expect(after.search.ids[0]).toBe(added.id);

    // Renamed: the search page follows, the totals do not move.
    await updateTransaction(writer, {
      userId,
      id: added.id,
      changes: transactionChangesInput.parse({ name: 'Sushi today' }),
    });
    const renamed = await read();
    expect(renamed.search.total).toBe(30);
    expect(renamed.search.ids).not.toContain(added.id);
    expect(renamed.first).toMatchObject({ total: 601, first: 'Sushi today' });
    expect(renamed.thisMonth).toMatchObject({ total: 281, first: 'Sushi today' });
    expect(renamed.summary.recentTransactions[0]?.name).toBe('Sushi today');
  });

  it('keep at most their size limit, dropping the least recently used first', async () => {
    // A process of its own, with a memory of 4 shared by two kinds of results.
    const deps = createTestDeps(() => NOW);
    limitMemory(deps.db, 4);
    const { user } = await seedUser(deps);
    let computed = 0;
    const remember = rememberedResults<string[]>({ name: 'test words', sizeOf: (value) => value.length });
    const other = rememberedResults<string[]>({ name: 'test others', sizeOf: (value) => value.length });
    const get = (key: string, size: number) =>
      remember(deps.db, { userId: user.id, key }, () => {
        computed += 1;
        return Promise.resolve(Array.from({ length: size }, () => key));
      });
    await get('a', 2);
    await get('b', 2);
    expect(await get('a', 2)).toEqual(['a', 'a']);
    expect(computed).toBe(2);
    await get('c', 2); // full: b, used least recently, goes
    await get('a', 2);
    expect(computed).toBe(3);
    await get('b', 2);
    expect(computed).toBe(4);
    // Larger than the whole limit: answered, never kept, and nothing else is pushed out for it.
    await get('huge', 5);
    await get('huge', 5);
    await get('a', 2);
    expect(computed).toBe(6);
    // Another kind with the same key is another result, in the same memory: it pushes out the oldest (b).
    expect(await other(deps.db, { userId: user.id, key: 'a' }, () => Promise.resolve(['x', 'y']))).toEqual([
      'x',
      'y',
    ]);
    await get('a', 2);
    expect(computed).toBe(6);
    await get('b', 2);
    expect(computed).toBe(7);
  });

  it('hand out frozen values: a reader cannot change what the next one gets', async () => {
    const { user } = await seedUser(reader);
    await createBudget(writer, {
      currency: 'USD',
      userId: user.id,
      ...budgetFieldsInput.parse({ category: 'Food', amount: 100, month: 3, year: 2026 }),
    });
    const budgets = await listBudgets(reader, { userId: user.id });
    expect(() => budgets.pop()).toThrow(TypeError);
    expect(() => {
      (budgets[0] as { category: string }).category = 'Other';
    }).toThrow(TypeError);
    expect((await listBudgets(reader, { userId: user.id }))[0]?.category).toBe('Food');

    // Frozen all the way down, also where the service froze only the top (the summary, the charts).
    await add(user.id, { name: 'Bread', amount: 3, date: '2026-03-10' });
    const summary = await getSummary(reader, { userId: user.id, timeZone: 'UTC', currency: 'USD' });
    expect(() => summary.recentTransactions.pop()).toThrow(TypeError);
    expect(() => {
      (summary.recentTransactions[0] as { name: string }).name = 'Cake';
    }).toThrow(TypeError);
    const charts = await getCharts(reader, { userId: user.id, timeZone: 'UTC', currency: 'USD' });
    expect(() => charts.expensesByCategory.pop()).toThrow(TypeError);
    expect(
      (await getSummary(reader, { userId: user.id, timeZone: 'UTC', currency: 'USD' })).recentTransactions,
    ).toEqual([expect.objectContaining({ name: 'Bread' })]);
  });
  it('find a result remembered under the version read beside a page as under the version read alone', async () => {
    const { user } = await seedUser(reader);
    await add(user.id, { name: 'Bread', amount: 3, date: '2026-03-10' });
    const [beside] = await reader.db
      .select({ version: dataVersionOfUser })
      .from(users)
      .where(eq(users.id, user.id))
      .execute({ userId: user.id });
    const alone = await readDataVersion(reader.db, user.id);
    expect(alone).toBeGreaterThan(0);
    // A kind of result remembered under the page's version, then asked for without one (an empty page reads
    // it alone): the same version, so it is not computed again.
    const counted = rememberedResults<number>({ name: 'version-test' });
    let computed = 0;
    const compute = () => Promise.resolve((computed += 1));
    await counted(reader.db, { userId: user.id, key: 'k', version: beside?.version ?? null }, compute);
    await counted(reader.db, { userId: user.id, key: 'k' }, compute);
    expect(beside?.version).toBe(alone);
    expect(computed).toBe(1);
  });
});
