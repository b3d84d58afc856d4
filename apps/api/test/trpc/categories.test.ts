import { describe, expect, it } from 'vitest';

import { EXPENSE_CATEGORIES, INCOME_CATEGORIES, MESSAGES } from '@paisable/contracts';

import { createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';

const deps = createTestDeps();

describe('categories procedures', () => {
  it('lists built-ins for a new user', async () => {
    const { caller } = await seedUserWithCaller(deps);
    expect(await caller.categories.list()).toEqual({
      expense: [...EXPENSE_CATEGORIES].sort(),
      income: [...INCOME_CATEGORIES].sort(),
    });
  });

  it('creates a custom category that persists without any transaction, once in any letter case', async () => {
    const { caller } = await seedUserWithCaller(deps);
    expect(await caller.categories.create({ kind: 'expense', name: ' Pets ' })).toEqual({
      kind: 'expense',
      name: 'Pets',
    });
    expect(await caller.categories.create({ kind: 'expense', name: 'PETS' })).toEqual({
      kind: 'expense',
      name: 'Pets',
    });
    expect(await caller.categories.create({ kind: 'expense', name: 'food' })).toEqual({
      kind: 'expense',
      name: 'Food',
    });
    const { expense, income } = await caller.categories.list();
    expect(expense.filter((name) => name.toLowerCase() === 'pets')).toEqual(['Pets']);
    expect(expense.filter((name) => name.toLowerCase() === 'food')).toEqual(['Food']);
    expect(income).not.toContain('Pets');
    // A transaction typed with another spelling joins the existing category.
    expect((await addTransaction(caller, { category: 'pets' })).category).toBe('Pets');
  });

  it('deletes a custom category of one kind and moves its transactions', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const row = await addTransaction(caller, { category: 'Bonus', isIncome: true });
    expect(await caller.categories.delete({ kind: 'income', name: 'bonus' })).toEqual({ movedCount: 1 });
    expect((await caller.transactions.get({ id: row.id })).category).toBe('Miscellaneous');
    expect((await caller.categories.list()).income).not.toContain('Bonus');
  });

  it('refuses to delete a built-in or the fallback', async () => {
    const { caller } = await seedUserWithCaller(deps);
    for (const [kind, name] of [
      ['expense', 'Groceries'],
      ['income', 'Gifts'],
      ['income', 'Miscellaneous'],
    ] as const) {
      await expect(caller.categories.delete({ kind, name })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: MESSAGES.categoryProtected,
      });
    }
  });

  it('validates kind and name', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await expect(caller.categories.create({ kind: 'expense', name: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller.categories.create({ kind: 'expense', name: 'x'.repeat(51) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      caller.categories.create({ kind: 'savings' as 'expense', name: 'Jar' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
