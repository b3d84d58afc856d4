import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { MESSAGES, RECURRING_MESSAGES } from '@paisable/contracts';

import { createTestApp, createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller, UNKNOWN_ID } from '../transaction-fixtures';

// 10 March 2025 in UTC; rows dated later are scheduled.
const { app, deps } = await createTestApp(createTestDeps(() => new Date('2025-03-10T12:00:00Z')));

type UpcomingAnswer = { balance: number; items: { name: string }[] };

function call(method: 'GET' | 'POST', url: string, authorization: string, payload?: object) {
  return app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
}

/** The slow way: the on-budget accounts' balance at the end of today, in units, straight from the rows. */
async function balanceOverRows(userId: string) {
  const [row] = await deps.db.execute<{ balance: string }>(sql`
    select ((coalesce(sum(a.opening_balance_cents), 0) + coalesce((
      select sum(case when t.is_income then t.amount_cents else -t.amount_cents end) from transactions t
      where t.user_id = ${userId} and t.deleted_at is null and t.on_budget and t.occurred_on <= '2025-03-10'), 0)
    ) / 100.0)::text as balance
    from accounts a where a.user_id = ${userId} and a.on_budget`);
  return Number(row?.balance);
}

async function recordedRent(userId: string) {
  return deps.db.execute<{ occurred_on: string }>(sql`
    select occurred_on::text from transactions
    where user_id = ${userId} and name = 'Rent' and deleted_at is null order by occurred_on`);
}

async function seed() {
  const seeded = await seedUserWithCaller(deps);
  const { caller } = seeded;
  await addTransaction(caller, {
    name: 'Pay',
    category: 'Salary',
    isIncome: true,
    amount: 3000,
    date: '2025-03-01',
  });
  await addTransaction(caller, { name: 'Dentist', category: 'Health', amount: 80.5, date: '2025-03-20' });
  const rent = await caller.recurring.create({
    name: 'Rent',
    category: 'Bills',
    amount: 1200,
    frequency: 'monthly',
    startDate: '2025-02-01',
  });
  return { ...seeded, rent };
}

describe('GET /api/recurring/upcoming', () => {
  it('lists the next 30 days with the balance after each, as the app shows them', async () => {
    const { authorization, user, caller, rent } = await seed();
    const response = await call('GET', '/api/recurring/upcoming', authorization);
    expect(response.statusCode).toBe(200);
    const balance = await balanceOverRows(user.id);
    // Pay less the two rents already recorded (February and March).
    expect(balance).toBe(3000 - 2 * 1200);
    expect(response.json()).toEqual({
      today: '2025-03-10',
      through: '2025-04-09',
      balance,
      projectedBalance: balance - 80.5 - 1200,
      items: [
        {
          date: '2025-03-20',
          name: 'Dentist',
          category: 'Health',
          amount: 80.5,
          isIncome: false,
          source: 'scheduled',
          recurringId: null,
          transactionId: expect.any(String),
          counted: true,
          balanceAfter: balance - 80.5,
        },
        {
          date: '2025-04-01',
          name: 'Rent',
          category: 'Bills',
          amount: 1200,
          isIncome: false,
          source: 'recurring',
          recurringId: rent.id,
          transactionId: null,
          counted: true,
          balanceAfter: balance - 80.5 - 1200,
        },
      ],
    });
    // The same figures as the web app's query.
    const upcoming = await caller.recurring.upcoming();
    expect(upcoming.projectedBalanceCents).toBe(String(Math.round((balance - 80.5 - 1200) * 100)));
  });

  it('needs a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/recurring/upcoming' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/recurring/:id/skip', () => {
  it('skips the next occurrence: nothing recorded, the rule moves on, a repeat is refused with 409', async () => {
    const { authorization, user, rent } = await seed();
    const response = await call('POST', `/api/recurring/${rent.id}/skip`, authorization, {
      date: '2025-04-01',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: rent.id,
      nextDueDate: '2025-05-01T00:00:00.000Z',
      lastRecordedOn: '2025-03-01T00:00:00.000Z',
    });
    expect((await recordedRent(user.id)).map((row) => row.occurred_on)).toEqual(['2025-02-01', '2025-03-01']);
    const upcoming = await call('GET', '/api/recurring/upcoming', authorization);
    expect(upcoming.json<UpcomingAnswer>().items.map((item) => item.name)).toEqual(['Dentist']);

    const again = await call('POST', `/api/recurring/${rent.id}/skip`, authorization, { date: '2025-04-01' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: RECURRING_MESSAGES.occurrenceGone });
    const [listed] = (await call('GET', '/api/recurring', authorization)).json();
    expect(listed.nextDueDate).toBe('2025-05-01T00:00:00.000Z');
  });

  it('takes the next due date as GET /api/recurring spells it', async () => {
    const { authorization, rent } = await seed();
    const [listed] = (await call('GET', '/api/recurring', authorization)).json();
    const response = await call('POST', `/api/recurring/${rent.id}/skip`, authorization, {
      date: listed.nextDueDate,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().nextDueDate).toBe('2025-05-01T00:00:00.000Z');
  });

  it('refuses a missing or malformed date with 400 and changes nothing', async () => {
    const { authorization, rent } = await seed();
    const missing = await call('POST', `/api/recurring/${rent.id}/skip`, authorization, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: MESSAGES.dateRequired });
    const malformed = await call('POST', `/api/recurring/${rent.id}/skip`, authorization, {
      date: '2025-02-30',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: MESSAGES.invalidDate });
    const [listed] = (await call('GET', '/api/recurring', authorization)).json();
    expect(listed.nextDueDate).toBe('2025-04-01T00:00:00.000Z');
  });

  it('answers 404 for another user’s rule or an unknown id, and her rule stays as it was', async () => {
    const { authorization, rent } = await seed();
    const stranger = await seedUserWithCaller(deps);
    for (const id of [rent.id, UNKNOWN_ID, 'not-an-id']) {
      const response = await call('POST', `/api/recurring/${id}/skip`, stranger.authorization, {
        date: '2025-04-01',
      });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message, id).toBe(MESSAGES.recurringNotFound);
    }
    const [listed] = (await call('GET', '/api/recurring', authorization)).json();
    expect(listed.nextDueDate).toBe('2025-04-01T00:00:00.000Z');
  });
});

describe('POST /api/recurring/:id/record-now', () => {
  it('records the next occurrence today, lowering today’s balance; a repeat is refused with 409', async () => {
    const { authorization, user, rent } = await seed();
    const before = await balanceOverRows(user.id);
    const response = await call('POST', `/api/recurring/${rent.id}/record-now`, authorization, {
      date: '2025-04-01',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: rent.id,
      nextDueDate: '2025-05-01T00:00:00.000Z',
      lastRecordedOn: '2025-03-10T00:00:00.000Z',
    });
    expect((await recordedRent(user.id)).map((row) => row.occurred_on)).toEqual([
      '2025-02-01',
      '2025-03-01',
      '2025-03-10',
    ]);
    const upcoming = (await call('GET', '/api/recurring/upcoming', authorization)).json<UpcomingAnswer>();
    expect(upcoming.balance).toBe(before - 1200);
    expect(upcoming.items.some((item) => item.name === 'Rent')).toBe(false);

    const again = await call('POST', `/api/recurring/${rent.id}/record-now`, authorization, {
      date: '2025-04-01',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: RECURRING_MESSAGES.occurrenceGone });
    expect(await recordedRent(user.id)).toHaveLength(3);
  });

  it('answers 404 for another user’s rule and records nothing for anyone', async () => {
    const { user, rent } = await seed();
    const stranger = await seedUserWithCaller(deps);
    const response = await call('POST', `/api/recurring/${rent.id}/record-now`, stranger.authorization, {
      date: '2025-04-01',
    });
    expect(response.statusCode).toBe(404);
    expect(await recordedRent(user.id)).toHaveLength(2);
    expect(await recordedRent(stranger.user.id)).toHaveLength(0);
  });
});
