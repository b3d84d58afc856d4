import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';

import { duplicateBudgetMessage, MESSAGES } from '@paisable/contracts';

import { createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller, type Caller } from '../transaction-fixtures';

const NOW = new Date('2025-06-15T12:00:00Z');
const deps = createTestDeps(() => NOW);

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const { code, message } = error as TRPCError;
  return { code, message };
}

const rent = {
  name: 'Rent',
  category: 'Bills',
  amount: 900,
  frequency: 'monthly' as const,
  startDate: '2025-07-01',
};

function addRule(caller: Caller, fields: Partial<typeof rent> & { isIncome?: boolean } = {}) {
  return caller.recurring.create({ ...rent, ...fields });
}

describe('the limits and messages are the same as on transactions and REST', () => {
  const budget = { category: 'Food', amount: 50, month: 6, year: 2025 };
  it.each([
    [{ amount: 1e15 }, MESSAGES.amountTooLarge],
    // Read in the display currency (dollars), as a rule's amount is in its account's.
    [{ amount: '12.345' }, 'Amounts in United States Dollar (USD) can have at most 2 decimal places.'],
    [{ amount: -1 }, MESSAGES.budgetAmountNegative],
    [{ category: 'c'.repeat(51) }, MESSAGES.categoryNameTooLong],
    // Today is 2025-06-16 somewhere on Earth: the last month allowed starts 2035-06-01.
    [{ month: 7, year: 2035 }, MESSAGES.dateOutOfRange],
  ])('budgets.create refuses %j with BAD_REQUEST', async (fields, message) => {
    const { caller } = await seedUserWithCaller(deps);
    expect(await rejection(caller.budgets.create({ ...budget, ...fields }))).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(message),
    });
    expect(await caller.budgets.list()).toEqual([]);
  });

  it.each([
    [{ amount: 1e15 }, MESSAGES.amountTooLarge],
    // Read in the currency of the rule's account (the user's first, in dollars), as a transaction's is.
    [{ amount: '12.345' }, 'Amounts in United States Dollar (USD) can have at most 2 decimal places.'],
    [{ amount: 0 }, MESSAGES.amountNotPositive],
    [{ name: 'n'.repeat(201) }, MESSAGES.transactionNameTooLong],
    [{ startDate: '1900-01-01' }, MESSAGES.dateOutOfRange],
    [{ startDate: '2035-06-17' }, MESSAGES.dateOutOfRange],
    [{ endDate: '2999-12-31' }, MESSAGES.dateOutOfRange],
  ])('recurring.create refuses %j with BAD_REQUEST', async (fields, message) => {
    const { caller } = await seedUserWithCaller(deps);
    expect(await rejection(caller.recurring.create({ ...rent, ...fields }))).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(message),
    });
    expect(await caller.recurring.list()).toEqual([]);
  });

  it('accepts the last day allowed: a rule starting in 10 years', async () => {
    const { caller } = await seedUserWithCaller(deps);
    expect((await addRule(caller, { startDate: '2035-06-16' })).nextDueDate).toBe('2035-06-16');
  });
});

describe('budgets procedures', () => {
  it('create, list with spent, update, delete; a duplicate is CONFLICT', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { category: 'Food', amount: 45.5, date: '2025-06-03' });
    const created = await caller.budgets.create({ category: 'Food', amount: 50, month: 6, year: 2025 });
    expect(created).toMatchObject({ amountCents: 5000, spentCents: '4550', remainingCents: '450' });
    expect(
      await rejection(caller.budgets.create({ category: 'Food', amount: 10, month: 6, year: 2025 })),
    ).toEqual({ code: 'CONFLICT', message: duplicateBudgetMessage('Food', 6, 2025) });
    const updated = await caller.budgets.update({
      id: created.id,
      category: 'Food',
      amount: 40,
      month: 6,
      year: 2025,
    });
    expect(updated).toMatchObject({ remainingCents: '-550' });
    expect(await caller.budgets.list()).toEqual([updated]);
    await caller.budgets.delete({ id: created.id });
    expect(await caller.budgets.list()).toEqual([]);
  });

  it('lists exact amounts, the newest month first, with times as ISO strings', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { category: 'Food', amount: 0.07, date: '2025-06-10' });
    await addTransaction(caller, { category: 'Food', amount: 1234567.89, date: '2025-05-01' });
    const june = await caller.budgets.create({ category: 'Food', amount: 0.1, month: 6, year: 2025 });
    const may = await caller.budgets.create({ category: 'Food', amount: 0.01, month: 5, year: 2025 });
    const bills = await caller.budgets.create({ category: 'Bills', amount: 0, month: 6, year: 2025 });
    const list = await caller.budgets.list();
    expect(list.map((budget) => budget.id)).toEqual([bills.id, june.id, may.id]);
    expect(list[1]).toMatchObject({ amount: 0.1, spentCents: '7', remainingCents: '3' });
    expect(list[2]).toMatchObject({ amount: 0.01, spentCents: '123456789', remainingCents: '-123456788' });
    expect(list[0]).toMatchObject({ amount: 0, spentCents: '0', remainingCents: '0' });
    for (const budget of list) {
      expect(new Date(budget.createdAt).toISOString()).toBe(budget.createdAt);
      expect(new Date(budget.updatedAt).toISOString()).toBe(budget.updatedAt);
    }
  });

  it("cannot touch another user's budget", async () => {
    const owner = await seedUserWithCaller(deps);
    const intruder = await seedUserWithCaller(deps);
    const budget = await owner.caller.budgets.create({ category: 'Food', amount: 50, month: 6, year: 2025 });
    expect(await intruder.caller.budgets.list()).toEqual([]);
    expect(await rejection(intruder.caller.budgets.update({ ...budget, amount: 1 }))).toEqual({
      code: 'NOT_FOUND',
      message: MESSAGES.budgetNotFound,
    });
    expect(await rejection(intruder.caller.budgets.delete({ id: budget.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await owner.caller.budgets.list()).toEqual([budget]);
  });
});

describe('recurring procedures', () => {
  it('update replaces every field; a missing end date clears it', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const rule = await addRule(caller);
    await caller.recurring.update({ id: rule.id, ...rent, endDate: '2025-12-31' });
    const updated = await caller.recurring.update({
      id: rule.id,
      ...rent,
      name: 'Flat rent',
      isIncome: false,
    });
    expect(updated).toMatchObject({
      name: 'Flat rent',
      endDate: null,
      nextDueDate: '2025-07-01',
      frequency: 'monthly',
    });
    expect(await caller.recurring.list()).toEqual([updated]);
  });

  it("cannot touch another user's rule", async () => {
    const owner = await seedUserWithCaller(deps);
    const intruder = await seedUserWithCaller(deps);
    const rule = await addRule(owner.caller);
    expect(await intruder.caller.recurring.list()).toEqual([]);
    expect(await rejection(intruder.caller.recurring.update({ id: rule.id, ...rent }))).toEqual({
      code: 'NOT_FOUND',
      message: MESSAGES.recurringNotFound,
    });
    expect(await rejection(intruder.caller.recurring.delete({ id: rule.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await owner.caller.recurring.list()).toEqual([rule]);
  });
});

describe('deleting a custom category', () => {
  it('moves its recurring rules to Miscellaneous, and future occurrences with them', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const gym = await addRule(caller, { name: 'Gym', category: 'Fitness' });
    const bonus = await addRule(caller, { name: 'Bonus', category: 'Fitness', isIncome: true });
    const other = await addRule(caller, { name: 'Phone', category: 'Bills' });
    await caller.categories.delete({ kind: 'expense', name: 'fitness' });
    const byName = Object.fromEntries(
      (await caller.recurring.list()).map((rule) => [rule.name, rule.category]),
    );
    // Only the expense list lost "Fitness": the income rule keeps its income category.
    expect(byName).toEqual({ [gym.name]: 'Miscellaneous', [bonus.name]: 'Fitness', [other.name]: 'Bills' });
    expect((await caller.categories.list()).expense).not.toContain('Fitness');
  });

  it('moves income rules too when the income category goes, keeping Miscellaneous in the income list', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await addRule(caller, {
      name: 'Tutoring',
      category: 'Tutoring',
      isIncome: true,
      startDate: '2025-06-01',
    });
    await caller.categories.delete({ kind: 'income', name: 'Tutoring' });
    const [rule] = await caller.recurring.list();
    expect(rule).toMatchObject({ category: 'Miscellaneous', isIncome: true });
    expect((await caller.categories.list()).income).toContain('Miscellaneous');
    // The rule still works: an edit with its new category is accepted.
    if (!rule) throw new Error('rule missing');
    await caller.recurring.update({ ...rule, isIncome: true, endDate: null });
  });

  it('moves its budgets to Miscellaneous, adding to a Miscellaneous budget of the same month', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { category: 'Pets', amount: 30, date: '2025-06-02' });
    await caller.budgets.create({ category: 'Pets', amount: 100, month: 6, year: 2025 });
    await caller.budgets.create({ category: 'Pets', amount: 80, month: 7, year: 2025 });
    await caller.budgets.create({ category: 'Miscellaneous', amount: 20, month: 6, year: 2025 });
    await caller.categories.delete({ kind: 'expense', name: 'Pets' });
    const budgets = await caller.budgets.list();
    expect(budgets.map((b) => [b.category, b.month, b.amount, b.spentCents])).toEqual([
      ['Miscellaneous', 7, 80, '0'],
      ['Miscellaneous', 6, 120, '3000'],
    ]);
  });

  it("leaves another user's rules and budgets alone", async () => {
    const owner = await seedUserWithCaller(deps);
    const other = await seedUserWithCaller(deps);
    await addRule(other.caller, { category: 'Fitness' });
    await other.caller.budgets.create({ category: 'Fitness', amount: 10, month: 6, year: 2025 });
    await addRule(owner.caller, { category: 'Fitness' });
    await owner.caller.categories.delete({ kind: 'expense', name: 'Fitness' });
    expect((await other.caller.recurring.list())[0]?.category).toBe('Fitness');
    expect((await other.caller.budgets.list())[0]?.category).toBe('Fitness');
  });
});
