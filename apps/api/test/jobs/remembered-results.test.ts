import { describe, expect, it } from 'vitest';

import {
  budgetFieldsInput,
  createTransactionInput,
  listTransactionsInput,
  transactionChangesInput,
} from '@paisable/contracts';

import { readDataVersion, versionedCache } from '../../src/db/data-version';
import { createBudget, deleteBudget, listBudgets, updateBudget } from '../../src/modules/budgets/service';
import { deleteCategory } from '../../src/modules/categories/service';
import { listTransactions } from '../../src/modules/transactions/list';
import { purgeDeletedTransactions } from '../../src/modules/transactions/purge';
import {
  createTransaction,
  deleteTransaction,
  restoreTransactions,
  updateTransaction,
} from '../../src/modules/transactions/service';
import { deleteAccount } from '../../src/modules/users/service';
import { createTestDeps, seedUser } from '../helpers';

/*
 * Budgets and search counts are remembered with the user's data version (db/data-version.ts). Two sets of
 * deps with their own connection pools stand for two server processes: one reads (and remembers), the
 * other writes. Every write must show in the reader's very next answer.
 */
const NOW = new Date('2026-03-15T12:00:00Z');
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
      userId,
      ...budgetFieldsInput.parse({ category: 'Food', amount: 100, month: 3, year: 2026 }),
    });

    // Read twice: the second answer comes from memory.
    expect(await searchTotal(userId, 'pizza')).toBe(2);
    expect(await searchTotal(userId, 'pizza')).toBe(2);
    expect(await spentOn(userId, 'Food')).toEqual([2500]);
    expect(await spentOn(userId, 'Food')).toEqual([2500]);

    const third = await add(userId, { name: 'PIZZA to go', amount: 7.5, date: '2026-03-04' });
    expect(await searchTotal(userId, 'pizza')).toBe(3);
    expect(await spentOn(userId, 'Food')).toEqual([3250]);

    // Only the words change: the totals do not, the search does.
    await updateTransaction(writer, {
      userId,
      id: third.id,
      changes: transactionChangesInput.parse({ name: 'Sushi to go' }),
    });
    expect(await searchTotal(userId, 'pizza')).toBe(2);
    expect(await spentOn(userId, 'Food')).toEqual([3250]);

    await deleteTransaction(writer, { userId, id: third.id });
    expect(await spentOn(userId, 'Food')).toEqual([2500]);
    await restoreTransactions(writer, { userId, ids: [third.id] });
    expect(await spentOn(userId, 'Food')).toEqual([3250]);
    expect(await searchTotal(userId, 'sushi')).toBe(1);

    // Budget writes: a new limit, a move to another month, a delete.
    await updateBudget(writer, {
      userId,
      id: budget.id,
      ...budgetFieldsInput.parse({ category: 'Food', amount: 40, month: 3, year: 2026 }),
    });
    expect((await listBudgets(reader, { userId }))[0]?.remainingCents).toBe(750);
    await updateBudget(writer, {
      userId,
      id: budget.id,
      ...budgetFieldsInput.parse({ category: 'Food', amount: 40, month: 4, year: 2026 }),
    });
    expect(await spentOn(userId, 'Food')).toEqual([0]);
    await deleteBudget(writer, { userId, id: budget.id });
    expect(await listBudgets(reader, { userId })).toEqual([]);
  });

  it('follow a removed category and the purge, and keep users apart', async () => {
    const { user } = await seedUser(reader);
    const { user: other } = await seedUser(reader);
    await add(user.id, { name: 'Vet', category: 'Pets', amount: 80, date: '2026-03-10' });
    await createBudget(writer, {
      userId: user.id,
      ...budgetFieldsInput.parse({ category: 'Pets', amount: 100, month: 3, year: 2026 }),
    });
    expect(await spentOn(user.id, 'Pets')).toEqual([8000]);
    expect(await spentOn(user.id, 'Miscellaneous')).toEqual([]);

    // The category goes; its expenses and its budget move to Miscellaneous.
    await deleteCategory(writer, { userId: user.id, kinds: ['expense'], name: 'Pets' });
    expect(await spentOn(user.id, 'Pets')).toEqual([]);
    expect(await spentOn(user.id, 'Miscellaneous')).toEqual([8000]);

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

  it('keep at most their size limit, dropping the least recently used first', async () => {
    const { user } = await seedUser(reader);
    let computed = 0;
    const remember = versionedCache<string[]>({ maxSize: 4, sizeOf: (value) => value.length });
    const get = (key: string, size: number) =>
      remember(reader.db, { userId: user.id, key }, () => {
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
  });
});
