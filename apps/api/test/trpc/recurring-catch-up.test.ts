import { describe, expect, it } from 'vitest';

import { RECURRING_CATCH_UP_MAX, RECURRING_MESSAGES } from '@paisable/contracts';

import { createTestApp, createTestDeps } from '../helpers';
import { seedUserWithCaller, type Caller } from '../transaction-fixtures';

// Today is 2026-11-24 for every user of this file (UTC).
const NOW = new Date('2026-11-24T12:00:00Z');
const deps = createTestDeps(() => NOW);
const { app } = await createTestApp(deps);

const gym = { name: 'Gym', category: 'Health', amount: 15, frequency: 'daily' as const };

async function transactionDates(caller: Caller) {
  const { items: transactions } = await caller.transactions.list({ limit: 100 });
  return transactions.map((transaction) => transaction.date).sort();
}

async function totalCount(caller: Caller) {
  return (await caller.transactions.list({ limit: 1 })).total;
}

describe('recurring catch-up: what a rule started in the past records', () => {
  it('previews the past occurrences, with their first and last day', async () => {
    const { caller } = await seedUserWithCaller(deps);
    expect(await caller.recurring.previewCatchUp({ ...gym, startDate: '2026-11-20' })).toEqual({
      count: 5,
      first: '2026-11-20',
      last: '2026-11-24',
      tooMany: false,
    });
    expect(
      await caller.recurring.previewCatchUp({ frequency: 'monthly', startDate: '2026-04-12' }),
    ).toMatchObject({ count: 8, first: '2026-04-12', last: '2026-11-12' });
    // A rule starting later records nothing at once.
    expect(await caller.recurring.previewCatchUp({ frequency: 'monthly', startDate: '2026-12-01' })).toEqual({
      count: 0,
      first: null,
      last: null,
      tooMany: false,
    });
    expect(
      await caller.recurring.previewCatchUp({ frequency: 'daily', startDate: '1990-01-01' }),
    ).toMatchObject({ count: RECURRING_CATCH_UP_MAX + 1, tooMany: true });
    // Nothing was saved by asking.
    expect(await caller.recurring.list()).toEqual([]);
  });

  it('records the past when asked to, and only from today on when not', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await caller.recurring.create({ ...gym, startDate: '2026-11-20' });
    expect(await transactionDates(caller)).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);

    const other = await seedUserWithCaller(deps);
    const rent = await other.caller.recurring.create({
      ...gym,
      name: 'Rent',
      frequency: 'monthly',
      startDate: '2026-04-12',
      catchUp: false,
    });
    // The start stays the schedule's anchor (the 12th); nothing before today is recorded.
    expect(rent).toMatchObject({ startDate: '2026-04-12', nextDueDate: '2026-12-12' });
    expect(await transactionDates(other.caller)).toEqual([]);
  });

  it('refuses more past occurrences than the cap, saving nothing, and allows exactly the cap', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await expect(caller.recurring.create({ ...gym, startDate: '1990-01-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: RECURRING_MESSAGES.tooManyPast,
    });
    expect(await caller.recurring.list()).toEqual([]);
    expect(await totalCount(caller)).toBe(0);

    // 1,000 days ending today: the most one save records.
    const capStart = '2024-02-29';
    expect(await caller.recurring.previewCatchUp({ ...gym, startDate: capStart })).toMatchObject({
      count: RECURRING_CATCH_UP_MAX,
      tooMany: false,
    });
    await caller.recurring.create({ ...gym, startDate: capStart });
    expect(await totalCount(caller)).toBe(RECURRING_CATCH_UP_MAX);

    // Started from today instead, an old start is fine: one occurrence, today's.
    const fresh = await seedUserWithCaller(deps);
    await fresh.caller.recurring.create({ ...gym, startDate: '1990-01-01', catchUp: false });
    expect(await transactionDates(fresh.caller)).toEqual(['2026-11-24']);
  });

  it('applies the same choice and cap when an edit moves a rule not yet recorded into the past', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const later = { ...gym, startDate: '2026-12-01' };
    const first = await caller.recurring.create(later);
    const second = await caller.recurring.create({ ...later, name: 'Pool' });
    expect(await totalCount(caller)).toBe(0);

    await expect(
      caller.recurring.update({ ...gym, id: first.id, endDate: null, startDate: '1990-01-02' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: RECURRING_MESSAGES.tooManyPast });
    expect(await caller.recurring.list()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: first.id, startDate: '2026-12-01' })]),
    );

    expect(
      await caller.recurring.previewCatchUp({ id: first.id, frequency: 'daily', startDate: '2026-11-20' }),
    ).toMatchObject({ count: 5, first: '2026-11-20' });
    // Not caught up: only today's; caught up: the five days.
    await caller.recurring.update({
      ...gym,
      id: first.id,
      endDate: null,
      startDate: '2026-11-20',
      catchUp: false,
    });
    expect(await totalCount(caller)).toBe(1);
    await caller.recurring.update({
      ...gym,
      name: 'Pool',
      id: second.id,
      endDate: null,
      startDate: '2026-11-20',
    });
    expect(await totalCount(caller)).toBe(6);
    // Already recorded: asking again adds nothing.
    expect(
      await caller.recurring.previewCatchUp({ id: second.id, frequency: 'daily', startDate: '2026-11-20' }),
    ).toMatchObject({ count: 0 });
  });
});

describe('deleting a recurring rule', () => {
  it('keeps its transactions unless asked, and the asked delete can be undone', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const kept = await caller.recurring.create({ ...gym, startDate: '2026-11-22' });
    await caller.recurring.delete({ id: kept.id });
    expect(await totalCount(caller)).toBe(3);

    const rule = await caller.recurring.create({ ...gym, name: 'Pool', startDate: '2026-11-21' });
    expect(await caller.recurring.recordedCount({ id: rule.id })).toEqual({ count: 4 });
    const { deletedTransactionIds } = await caller.recurring.delete({
      id: rule.id,
      deleteTransactions: true,
    });
    expect(deletedTransactionIds).toHaveLength(4);
    // Only the Pool rule's transactions went; the Gym ones (its rule already gone) stay.
    const { items: transactions } = await caller.transactions.list({ limit: 100 });
    expect(transactions.map((transaction) => transaction.name)).toEqual(['Gym', 'Gym', 'Gym']);
    expect(await caller.recurring.list()).toEqual([]);

    expect(await caller.transactions.restore({ ids: deletedTransactionIds })).toEqual({ restoredCount: 4 });
    expect(await totalCount(caller)).toBe(7);
  });

  it('never touches another user: their rule is not found and nothing of theirs changes', async () => {
    const alice = await seedUserWithCaller(deps);
    const bob = await seedUserWithCaller(deps);
    const rule = await alice.caller.recurring.create({ ...gym, startDate: '2026-11-23' });
    await expect(
      bob.caller.recurring.delete({ id: rule.id, deleteTransactions: true }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(bob.caller.recurring.recordedCount({ id: rule.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      bob.caller.recurring.previewCatchUp({ id: rule.id, frequency: 'daily', startDate: '2026-11-01' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await totalCount(alice.caller)).toBe(2);
    expect(await alice.caller.recurring.list()).toHaveLength(1);
  });
});

describe('POST /api/recurring/create (the original client)', () => {
  it('refuses too many past occurrences with the message, and takes catchUp=false', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    const create = (body: object) =>
      app.inject({ method: 'POST', url: '/api/recurring/create', headers: { authorization }, payload: body });
    const tooMany = await create({ ...gym, startDate: '1990-01-01T00:00:00.000Z' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: RECURRING_MESSAGES.tooManyPast });
    expect(await totalCount(caller)).toBe(0);

    const fromToday = await create({ ...gym, startDate: '1990-01-01T00:00:00.000Z', catchUp: 'false' });
    expect(fromToday.statusCode).toBe(201);
    expect(await transactionDates(caller)).toEqual(['2026-11-24']);
  });
});
