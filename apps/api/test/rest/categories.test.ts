import { describe, expect, it } from 'vitest';

import { EXPENSE_CATEGORIES, INCOME_CATEGORIES, MESSAGES } from '@paisable/contracts';

import { createTestApp, seedUser } from '../helpers';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';

const { app, deps } = await createTestApp();

function get(url: string, authorization: string) {
  return app.inject({ method: 'GET', url, headers: { authorization } });
}

function deleteCategory(authorization: string, payload?: object) {
  return app.inject({
    method: 'DELETE',
    url: '/api/transactions/category',
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });
}

describe('GET /api/transactions/categories/expense and /income', () => {
  it('lists the built-ins, sorted, for a new user', async () => {
    const { authorization } = await seedUser(deps);
    expect((await get('/api/transactions/categories/expense', authorization)).json()).toEqual([
      'Bills',
      'Entertainment',
      'Food',
      'Groceries',
      'Miscellaneous',
      'Shopping',
      'Subscriptions',
      'Transportation',
    ]);
    expect((await get('/api/transactions/categories/income', authorization)).json()).toEqual([
      'Freelance / Side Gig',
      'Gifts',
      'Investment Returns',
      'Refunds',
      'Salary',
    ]);
  });

  it('adds the categories the user used, per kind, sorted case-insensitively, once in any letter case', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { category: 'pets' });
    await addTransaction(caller, { category: 'Pets' });
    await addTransaction(caller, { category: 'food' });
    await addTransaction(caller, { category: 'Bonus', isIncome: true });
    const expense = (await get('/api/transactions/categories/expense', authorization)).json();
    expect(expense).toEqual([...EXPENSE_CATEGORIES, 'pets'].sort((a, b) => a.localeCompare(b)));
    expect((await get('/api/transactions/categories/income', authorization)).json()).toEqual([
      'Bonus',
      'Freelance / Side Gig',
      'Gifts',
      'Investment Returns',
      'Refunds',
      'Salary',
    ]);
    // The second spelling joined the first category instead of making a near-duplicate.
    const listed = (await caller.transactions.list({})).items.map((row) => row.category);
    expect(listed.sort()).toEqual(['Bonus', 'Food', 'pets', 'pets']);
  });

  it('keeps a custom category after its only transaction is deleted', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    const row = await addTransaction(caller, { category: 'Hobbies' });
    await caller.transactions.delete({ id: row.id });
    expect((await get('/api/transactions/categories/expense', authorization)).json()).toContain('Hobbies');
  });

  it("never lists another user's categories", async () => {
    const owner = await seedUserWithCaller(deps);
    await addTransaction(owner.caller, { category: 'Secret stuff' });
    const { authorization } = await seedUser(deps);
    expect((await get('/api/transactions/categories/expense', authorization)).json()).toEqual(
      [...EXPENSE_CATEGORIES].sort(),
    );
  });
});

describe('GET /api/transactions/categories', () => {
  it('answers the union of both lists', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { category: 'Pets' });
    await addTransaction(caller, { category: 'Pets', isIncome: true });
    const union = (await get('/api/transactions/categories', authorization)).json();
    expect(union).toEqual(
      [...EXPENSE_CATEGORIES, ...INCOME_CATEGORIES, 'Pets'].sort((a, b) => a.localeCompare(b)),
    );
  });
});

describe('DELETE /api/transactions/category', () => {
  it('moves the transactions of that kind to Miscellaneous and removes the category', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    const expense = await addTransaction(caller, { category: 'Pets' });
    const income = await addTransaction(caller, { category: 'Pets', isIncome: true });
    const response = await deleteCategory(authorization, { categoryToDelete: 'pets', isIncome: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: "Category 'pets' deleted successfully. Associated transactions moved to 'Miscellaneous'.",
      movedCount: 1,
    });
    expect(await caller.transactions.get({ id: expense.id })).toMatchObject({ category: 'Miscellaneous' });
    expect(await caller.transactions.get({ id: income.id })).toMatchObject({ category: 'Pets' });
    expect((await get('/api/transactions/categories/expense', authorization)).json()).not.toContain('Pets');
    expect((await get('/api/transactions/categories/income', authorization)).json()).toContain('Pets');
  });

  it('without isIncome deletes the name from both lists, as the original client expects', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    const expense = await addTransaction(caller, { category: 'Side' });
    const income = await addTransaction(caller, { category: 'Side', isIncome: true });
    const response = await deleteCategory(authorization, { categoryToDelete: 'Side' });
    expect(response.json().movedCount).toBe(2);
    expect(await caller.transactions.get({ id: expense.id })).toMatchObject({ category: 'Miscellaneous' });
    expect(await caller.transactions.get({ id: income.id })).toMatchObject({ category: 'Miscellaneous' });
    // Income moved to Miscellaneous must be selectable again when the income is edited.
    expect((await get('/api/transactions/categories/income', authorization)).json()).toContain(
      'Miscellaneous',
    );
    expect((await get('/api/transactions/categories', authorization)).json()).not.toContain('Side');
  });

  it('also relabels soft-deleted transactions, so an undo cannot bring the category back', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    const row = await addTransaction(caller, { category: 'Gadgets' });
    await caller.transactions.delete({ id: row.id });
    await deleteCategory(authorization, { categoryToDelete: 'Gadgets' });
    await caller.transactions.restore({ ids: [row.id] });
    expect(await caller.transactions.get({ id: row.id })).toMatchObject({ category: 'Miscellaneous' });
  });

  it.each([
    [undefined, MESSAGES.categoryNameRequired],
    [{}, MESSAGES.categoryNameRequired],
    [{ categoryToDelete: '' }, MESSAGES.categoryNameRequired],
    [{ categoryToDelete: '  ' }, MESSAGES.categoryNameRequired],
    [{ categoryToDelete: { $ne: '' } }, MESSAGES.categoryNameRequired],
    [{ categoryToDelete: 'Food' }, MESSAGES.categoryProtected],
    [{ categoryToDelete: 'food', isIncome: false }, MESSAGES.categoryProtected],
    [{ categoryToDelete: 'Salary', isIncome: true }, MESSAGES.categoryProtected],
    [{ categoryToDelete: 'Miscellaneous', isIncome: true }, MESSAGES.categoryProtected],
    [{ categoryToDelete: 'Pets', isIncome: 'maybe' }, MESSAGES.isIncomeInvalid],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    const food = await addTransaction(caller, { category: 'Food' });
    const response = await deleteCategory(authorization, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await caller.transactions.get({ id: food.id })).toMatchObject({ category: 'Food' });
  });

  it("leaves another user's transactions and categories alone", async () => {
    const owner = await seedUserWithCaller(deps);
    const row = await addTransaction(owner.caller, { category: 'Pets' });
    const { authorization } = await seedUser(deps);
    const response = await deleteCategory(authorization, { categoryToDelete: 'Pets' });
    expect(response.json().movedCount).toBe(0);
    expect(await owner.caller.transactions.get({ id: row.id })).toMatchObject({ category: 'Pets' });
    expect((await owner.caller.categories.list()).expense).toContain('Pets');
  });

  it('needs a token', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/transactions/category',
      payload: { categoryToDelete: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});
