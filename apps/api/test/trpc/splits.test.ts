import { describe, expect, it } from 'vitest';

import { SPLIT_MESSAGES } from '@paisable/contracts';

import { commitImport } from '../../src/modules/imports/service';
import { createTestApp, createTestDeps, seedUser } from '../helpers';
import { seedUserWithCaller, type Caller } from '../transaction-fixtures';

// 15 March 2025 in UTC; the 20th is still to come (scheduled).
const { app, deps } = await createTestApp(createTestDeps(() => new Date('2025-03-15T12:00:00Z')));

const line = (category: string, amount: number | string, note = '') => ({ category, amount, note });

async function spentByBudget(caller: Caller) {
  const month = await caller.budgets.month({ month: 3, year: 2025 });
  return Object.fromEntries(month.budgets.map((budget) => [budget.category, budget.spentCents]));
}

describe('split transactions', () => {
  it('count each line in its own category: budgets, charts, reports, trend and the category filter', async () => {
    const { caller } = await seedUserWithCaller(deps);
    for (const category of ['Groceries', 'Household', 'Pets'])
      await caller.budgets.create({ category, amount: 200, month: 3, year: 2025 });
    await caller.transactions.create({ name: 'Bread', category: 'Groceries', amount: 3, date: '2025-03-02' });
    expect(await spentByBudget(caller)).toEqual({ Groceries: '300', Household: '0', Pets: '0' });

    const shop = await caller.transactions.create({
      name: 'Supermarket',
      amount: 100,
      date: '2025-03-10',
      splits: [line('Groceries', 60.1, 'food'), line('household', '25.40'), line('Pets', 14.5)],
    });
    expect(shop).toMatchObject({ category: 'Split', amountCents: 10000 });
    // Line categories are spelled like the user's (a built-in's capital letters).
    expect(shop.splits).toEqual([
      { category: 'Groceries', amount: 60.1, amountCents: 6010, note: 'food' },
      { category: 'Household', amount: 25.4, amountCents: 2540, note: '' },
      { category: 'Pets', amount: 14.5, amountCents: 1450, note: '' },
    ]);
    // Three budgets move by their lines, to the cent; "Split" is no category of its own.
    expect(await spentByBudget(caller)).toEqual({ Groceries: '6310', Household: '2540', Pets: '1450' });
    const month = await caller.budgets.month({ month: 3, year: 2025 });
    expect(month.unbudgeted).toEqual([]);
    expect(month.totals.spentCents).toBe('10300');

    // A scheduled split (after today) counts nowhere yet, then its lines' budgets when its day comes.
    await caller.transactions.create({
      name: 'Pet shop',
      amount: 10,
      date: '2025-03-20',
      splits: [line('Pets', 7), line('Groceries', 3)],
    });
    expect(await spentByBudget(caller)).toEqual({ Groceries: '6310', Household: '2540', Pets: '1450' });

    // Editing the lines moves the three budgets again; the row's amount and balance stay.
    const edited = await caller.transactions.update({
      id: shop.id,
      name: 'Supermarket',
      category: 'Split',
      amount: 100,
      isIncome: false,
      date: '2025-03-10',
      splits: [line('Groceries', 50), line('Household', 50)],
    });
    expect(edited.splits.map((l) => l.amountCents)).toEqual([5000, 5000]);
    expect(await spentByBudget(caller)).toEqual({ Groceries: '5300', Household: '5000', Pets: '0' });

    // The dashboard's chart, the category report (a partial month: read from the rows) and the trend.
    const charts = await caller.transactions.charts();
    expect(charts.expensesByCategory).toEqual([
      { name: 'Groceries', totalCents: '5300' },
      { name: 'Household', totalCents: '5000' },
    ]);
    const report = await caller.reports.categories({ from: '2025-03-05', to: '2025-03-15' });
    expect(report.categories).toEqual([
      { name: 'Groceries', totalCents: '5000' },
      { name: 'Household', totalCents: '5000' },
    ]);
    const trend = await caller.reports.categoryTrend({
      from: '2025-03',
      to: '2025-03',
      category: 'household',
    });
    expect(trend.months).toEqual([{ month: '2025-03', spentCents: '5000', budgetCents: '20000' }]);

    // The category filter finds the split row by its line, once, with its lines; counts agree.
    const household = await caller.transactions.list({ category: 'Household' });
    expect(household.total).toBe(1);
    expect(household.items.map((item) => [item.name, item.category, item.splits.length])).toEqual([
      ['Supermarket', 'Split', 2],
    ]);
    const groceries = await caller.transactions.list({ category: 'Groceries' });
    expect(groceries.items.map((item) => item.name)).toEqual(['Pet shop', 'Supermarket', 'Bread']);
    expect(groceries.total).toBe(3);
    const pets = await caller.transactions.list({ category: 'Pets', startDate: '2025-03-01' });
    expect(pets.items.map((item) => item.name)).toEqual(['Pet shop']);
    expect(pets.total).toBe(1);

    // Deleting the row gives every line's budget its money back; undo brings it again.
    await caller.transactions.delete({ id: shop.id });
    expect(await spentByBudget(caller)).toEqual({ Groceries: '300', Household: '0', Pets: '0' });
    await caller.transactions.restore({ ids: [shop.id] });
    expect(await spentByBudget(caller)).toEqual({ Groceries: '5300', Household: '5000', Pets: '0' });
    const summary = await caller.transactions.summary();
    expect(summary.totalExpensesCents).toBe('10300');
  });

  it('refuses lines that do not add up, a line of zero or less, one line or more than 50, and writes nothing', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const base = { name: 'Shop', amount: 10, date: '2025-03-10' };
    const refusals: [unknown[], string][] = [
      [[line('Food', 5), line('Bills', 4.99)], SPLIT_MESSAGES.notAddingUp],
      [[line('Food', 5), line('Bills', 5.01)], SPLIT_MESSAGES.notAddingUp],
      [[line('Food', 10), line('Bills', 0)], 'Amount must be greater than 0.'],
      [[line('Food', 11), line('Bills', -1)], 'Amount must be greater than 0.'],
      [[line('Food', 10)], SPLIT_MESSAGES.tooFewLines],
      [Array.from({ length: 51 }, () => line('Food', 0.01)), SPLIT_MESSAGES.tooManyLines],
    ];
    for (const [splits, message] of refusals) {
      const input = { ...base, amount: splits.length === 51 ? 0.51 : 10, splits } as never;
      await expect(caller.transactions.create(input)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining(message.slice(0, 20)),
      });
    }
    expect((await caller.transactions.list({})).total).toBe(0);

    // 50 lines of a cent split 0.50 exactly.
    const fifty = await caller.transactions.create({
      ...base,
      amount: 0.5,
      splits: Array.from({ length: 50 }, () => line('Food', 0.01)),
    });
    expect(fifty.splits).toHaveLength(50);

    // An edit whose amount no longer matches the lines it keeps is refused, and nothing changes.
    const shop = await caller.transactions.create({ ...base, splits: [line('Food', 6), line('Bills', 4)] });
    const update = { id: shop.id, name: 'Shop', category: 'Split', isIncome: false, date: '2025-03-10' };
    await expect(caller.transactions.update({ ...update, amount: 12 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: SPLIT_MESSAGES.notAddingUp,
    });
    await expect(
      caller.transactions.update({ ...update, amount: 10, splits: [line('Food', 6), line('Bills', 3)] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(SPLIT_MESSAGES.notAddingUp),
    });
    expect(await caller.transactions.get({ id: shop.id })).toMatchObject({
      amountCents: 1000,
      splits: [{ amountCents: 600 }, { amountCents: 400 }],
    });
    // A bulk change of category cannot reach into the lines.
    await expect(
      caller.transactions.bulkEdit({ ids: [shop.id], set: { category: 'Food' } }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: SPLIT_MESSAGES.bulkEditCategory });
  });

  it('REST: POST and PUT take `splits`, every row carries them, the legacy category is "Split"', async () => {
    const { authorization } = await seedUser(deps);
    const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

    const created = await send('POST', '/api/transactions', {
      name: 'Supermarket',
      cost: '42.50',
      addedOn: '2025-03-10',
      splits: [line('Groceries', 30), { category: 'Household', amount: 12.5 }],
    });
    expect(created.statusCode).toBe(201);
    const row = created.json<{ _id: string; category: string; cost: number; splits: unknown[] }>();
    expect(row).toMatchObject({
      category: 'Split',
      cost: 42.5,
      splits: [
        { category: 'Groceries', amount: 30, note: '' },
        { category: 'Household', amount: 12.5, note: '' },
      ],
    });

    const list = await send('GET', '/api/transactions?category=Household');
    expect(list.json<{ transactions: { _id: string; splits: unknown[] }[] }>().transactions).toEqual([
      expect.objectContaining({ _id: row._id, splits: row.splits }),
    ]);
    const plain = await send('POST', '/api/transactions', { name: 'Tea', category: 'Food', cost: 2 });
    expect(plain.json()).toMatchObject({ category: 'Food', splits: [] });

    // Refusals: 400 with the reason, nothing written.
    const bad = await send('POST', '/api/transactions', {
      name: 'Bad',
      cost: 10,
      splits: [line('Food', 5), line('Bills', 4)],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: SPLIT_MESSAGES.notAddingUp });
    const noCategory = await send('POST', '/api/transactions', { name: 'Bad', cost: 10 });
    expect(noCategory.statusCode).toBe(400);
    const tooMany = await send('POST', '/api/transactions', {
      name: 'Bad',
      cost: 0.51,
      splits: Array.from({ length: 51 }, () => line('Food', 0.01)),
    });
    expect(tooMany.json()).toEqual({ message: SPLIT_MESSAGES.tooManyLines });
    const badEdit = await send('PUT', `/api/transactions/${row._id}`, { cost: 50 });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json()).toEqual({ message: SPLIT_MESSAGES.notAddingUp });
    const all = await send('GET', '/api/transactions?limit=100');
    expect(all.json<{ transactions: unknown[] }>().transactions).toHaveLength(2);

    // The original client's edit: a name change keeps the lines; another category ends the split.
    const renamed = await send('PUT', `/api/transactions/${row._id}`, { name: 'Market', category: 'Split' });
    expect(renamed.json()).toMatchObject({ name: 'Market', category: 'Split', splits: row.splits });
    const resplit = await send('PUT', `/api/transactions/${row._id}`, {
      cost: 10,
      splits: [line('Food', 9.99), line('Bills', 0.01)],
    });
    expect(resplit.json()).toMatchObject({ cost: 10, splits: [{ amount: 9.99 }, { amount: 0.01 }] });
    const unsplit = await send('PUT', `/api/transactions/${row._id}`, { category: 'Groceries' });
    expect(unsplit.json()).toMatchObject({ category: 'Groceries', splits: [] });
  });

  it('imports a QIF split whose lines add up as a split row: each line reaches its budget', async () => {
    const { caller, user } = await seedUserWithCaller(deps);
    await caller.budgets.create({ category: 'Groceries', amount: 100, month: 3, year: 2025 });
    await caller.budgets.create({ category: 'Household', amount: 100, month: 3, year: 2025 });
    const qif = [
      '!Type:Bank',
      'D03/04/2025',
      'T-42.50',
      'PSupermarket',
      'L--Split--',
      'SGroceries',
      'Efruit',
      '$-30.01',
      'SHousehold',
      '$-12.49',
      '^',
      '',
    ].join('\n');
    const result = await commitImport(deps, { userId: user.id, bytes: Buffer.from(qif) });
    expect(result.importedCount).toBe(1);
    const [row] = (await caller.transactions.list({})).items;
    expect(row).toMatchObject({
      name: 'Supermarket',
      category: 'Split',
      amountCents: 4250,
      splits: [
        { category: 'Groceries', amountCents: 3001, note: 'fruit' },
        { category: 'Household', amountCents: 1249, note: '' },
      ],
    });
    expect(await spentByBudget(caller)).toEqual({ Groceries: '3001', Household: '1249' });
  });
});
