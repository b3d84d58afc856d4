import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { RECURRING_MESSAGES } from '@paisable/contracts';

import { createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';

// 10 March 2025 in UTC; rows dated later are scheduled.
const deps = createTestDeps(() => new Date('2025-03-10T12:00:00Z'));

/** The slow way: the on-budget accounts' balances at the end of today, straight from the rows. */
async function balanceOverRows(userId: string) {
  const [row] = await deps.db.execute<{ balance: string }>(sql`
    select (coalesce(sum(a.opening_balance_cents), 0) + coalesce((
      select sum(case when t.is_income then t.amount_cents else -t.amount_cents end) from transactions t
      where t.user_id = ${userId} and t.deleted_at is null and t.on_budget and t.occurred_on <= '2025-03-10'), 0)
    )::text as balance
    from accounts a where a.user_id = ${userId} and a.on_budget`);
  return row?.balance;
}

async function seed() {
  const seeded = await seedUserWithCaller(deps);
  const { caller } = seeded;
  await addTransaction(caller, {
    name: 'Payroll',
    category: 'Salary',
    isIncome: true,
    amount: 3000,
    date: '2025-03-01',
  });
  await addTransaction(caller, { name: 'Dentist', category: 'Health', amount: 80, date: '2025-03-20' });
  await addTransaction(caller, { name: 'Far away', category: 'Food', amount: 5, date: '2025-05-01' });
  const rent = await caller.recurring.create({
    name: 'Rent',
    category: 'Bills',
    amount: 1200,
    frequency: 'monthly',
    startDate: '2025-02-01',
  });
  return { ...seeded, rent };
}

describe('recurring.upcoming', () => {
  it('lists the next 30 days of occurrences and scheduled rows with the balance after each', async () => {
    const { caller, user } = await seed();
    const upcoming = await caller.recurring.upcoming();
    const balance = await balanceOverRows(user.id);
    // Payroll less the two rents already recorded (February and March).
    expect(balance).toBe(`${300000 - 2 * 120000}`);
    expect(upcoming.balanceCents).toBe(balance);
    expect(upcoming.items.map(({ date, name, source }) => [date, name, source])).toEqual([
      ['2025-03-20', 'Dentist', 'scheduled'],
      ['2025-04-01', 'Rent', 'recurring'],
    ]);
    expect(upcoming.items.map((item) => item.balanceAfterCents)).toEqual([
      `${Number(balance) - 8000}`,
      `${Number(balance) - 8000 - 120000}`,
    ]);
    expect(upcoming.projectedBalanceCents).toBe(`${Number(balance) - 128000}`);
  });

  it('skips the next occurrence: nothing recorded, the rule moves on, a second skip of it is refused', async () => {
    const { caller, rent } = await seed();
    expect(rent.nextDueDate).toBe('2025-04-01');
    expect(rent.lastRecordedOn).toBe('2025-03-01');
    const skipped = await caller.recurring.skipOccurrence({ id: rent.id, date: '2025-04-01' });
    expect(skipped.nextDueDate).toBe('2025-05-01');
    expect(skipped.lastRecordedOn).toBe('2025-03-01');
    const upcoming = await caller.recurring.upcoming();
    expect(upcoming.items.map((item) => item.name)).toEqual(['Dentist']);
    await expect(caller.recurring.skipOccurrence({ id: rent.id, date: '2025-04-01' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: RECURRING_MESSAGES.occurrenceGone,
    });
    const [list] = await caller.recurring.list();
    expect(list).toMatchObject({
      nextDueDate: '2025-05-01',
      lastRecordedOn: '2025-03-01',
      startDate: '2025-02-01',
    });
  });

  it('records the next occurrence today, lowering today’s balance, and never records its date again', async () => {
    const { caller, rent, user } = await seed();
    const before = await balanceOverRows(user.id);
    const recorded = await caller.recurring.recordNow({ id: rent.id, date: '2025-04-01' });
    expect(recorded).toMatchObject({ nextDueDate: '2025-05-01', lastRecordedOn: '2025-03-10' });
    expect(await balanceOverRows(user.id)).toBe(`${Number(before) - 120000}`);
    const upcoming = await caller.recurring.upcoming();
    expect(upcoming.balanceCents).toBe(`${Number(before) - 120000}`);
    expect(upcoming.items.some((item) => item.name === 'Rent')).toBe(false);
    const { count } = await caller.recurring.recordedCount({ id: rent.id });
    expect(count).toBe(3);
  });

  it('refuses another user’s rule as not found', async () => {
    const { rent } = await seed();
    const stranger = await seedUserWithCaller(deps);
    await expect(
      stranger.caller.recurring.recordNow({ id: rent.id, date: '2025-04-01' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      stranger.caller.recurring.skipOccurrence({ id: rent.id, date: '2025-04-01' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
