import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { recurringRules, transactions, users } from '../../src/db/schema';
import { generateDueOccurrences, generateForRule } from '../../src/modules/recurring/generate';
import { generateRecurringJob } from '../../src/modules/recurring/job';
import { createRecurring } from '../../src/modules/recurring/service';
import { createTestDeps, seedUser } from '../helpers';
import { seedUserWithCaller } from '../transaction-fixtures';

/**
 * The job works on every user's rules, and other test files create rules in parallel (dated 2025 or
 * later, with clocks from 2025 on): every clock here lies before 2011, so a run can only reach rules
 * these tests made. Each test has its own years, so a later test's run never changes an earlier one's.
 */
const deps = createTestDeps();
const at = (iso: string) => new Date(iso);

async function newRule(
  fields: {
    startDate: string;
    frequency?: 'daily' | 'weekly' | 'monthly' | 'annually';
    endDate?: string | null;
  },
  options: { timeZone?: string; now?: Date } = {},
) {
  const { user } = options.timeZone
    ? await seedUserWithCaller(deps, { timeZone: options.timeZone })
    : await seedUser(deps);
  // Created on a day before its start, so nothing is recorded at creation.
  const createdAt = options.now ?? at(`${fields.startDate}T00:00:00Z`);
  const rule = await createRecurring(
    { db: deps.db, now: () => new Date(createdAt.getTime() - 2 * 86_400_000) },
    {
      userId: user.id,
      timeZone: options.timeZone ?? 'UTC',
      name: 'Rent',
      category: 'Bills',
      amount: '500',
      isIncome: false,
      frequency: fields.frequency ?? 'monthly',
      startDate: fields.startDate,
      endDate: fields.endDate ?? null,
      catchUp: true,
    },
  );
  return { user, rule };
}

async function datesOf(userId: string) {
  const rows = await deps.db
    .select({ date: transactions.occurredOn })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(transactions.occurredOn);
  return rows.map((row) => row.date);
}

async function nextDueOf(ruleId: string) {
  const [row] = await deps.db
    .select({ next: recurringRules.nextDueDate })
    .from(recurringRules)
    .where(eq(recurringRules.id, ruleId));
  return row?.next;
}

describe('the recurring generator job', () => {
  it('is registered hourly, so each time zone gets its day, and runs at start to catch up', () => {
    expect(generateRecurringJob.cron).toBe('4 * * * *');
    expect(generateRecurringJob.runAtStart).toBe(true);
  });

  it('records each due occurrence once, on its due date; a second run records nothing', async () => {
    const { user, rule } = await newRule({ startDate: '2001-01-31' });
    const now = at('2001-04-30T12:00:00Z');
    await generateDueOccurrences({ db: deps.db, now: () => now });
    expect(await datesOf(user.id)).toEqual(['2001-01-31', '2001-02-28', '2001-03-31', '2001-04-30']);
    expect(await nextDueOf(rule.id)).toBe('2001-05-31');
    await generateDueOccurrences({ db: deps.db, now: () => now });
    await generateRecurringJob.handle({ ...deps, now: () => now }, {});
    expect(await datesOf(user.id)).toEqual(['2001-01-31', '2001-02-28', '2001-03-31', '2001-04-30']);
  });

  it('catches up every occurrence missed while the server was down', async () => {
    const { user, rule } = await newRule({ startDate: '2002-02-25', frequency: 'weekly' });
    await generateDueOccurrences({ db: deps.db, now: () => at('2002-02-26T00:00:00Z') });
    expect(await datesOf(user.id)).toEqual(['2002-02-25']);
    // Down for five weeks.
    await generateDueOccurrences({ db: deps.db, now: () => at('2002-04-01T09:00:00Z') });
    expect(await datesOf(user.id)).toEqual([
      '2002-02-25',
      '2002-03-04',
      '2002-03-11',
      '2002-03-18',
      '2002-03-25',
      '2002-04-01',
    ]);
    expect(await nextDueOf(rule.id)).toBe('2002-04-08');
  });

  it('keeps Feb 29 of an annual rule on Feb 28 in common years', async () => {
    const { user } = await newRule({ startDate: '2004-02-29', frequency: 'annually' });
    await generateDueOccurrences({ db: deps.db, now: () => at('2008-03-01T00:00:00Z') });
    expect(await datesOf(user.id)).toEqual([
      '2004-02-29',
      '2005-02-28',
      '2006-02-28',
      '2007-02-28',
      '2008-02-29',
    ]);
  });

  it("uses the user's own today: due on Kiritimati while it is still the day before in UTC", async () => {
    const east = await newRule(
      { startDate: '2003-06-10', frequency: 'daily' },
      { timeZone: 'Pacific/Kiritimati' },
    );
    const west = await newRule({ startDate: '2003-06-10', frequency: 'daily' }, { timeZone: 'America/Adak' });
    // 11:00 UTC on Jun 9: Jun 10 01:00 on Kiritimati (UTC+14), Jun 9 01:00 on Adak (UTC-9 in summer).
    await generateDueOccurrences({ db: deps.db, now: () => at('2003-06-09T11:00:00Z') });
    expect(await datesOf(east.user.id)).toEqual(['2003-06-10']);
    expect(await datesOf(west.user.id)).toEqual([]);
    await generateDueOccurrences({ db: deps.db, now: () => at('2003-06-10T10:00:00Z') });
    expect(await datesOf(west.user.id)).toEqual(['2003-06-10']);
  });

  it('catches up a backlog longer than one step in a single run', async () => {
    const { user, rule } = await newRule({ startDate: '2008-01-01', frequency: 'daily' });
    await generateDueOccurrences({ db: deps.db, now: () => at('2010-12-31T12:00:00Z') });
    const dates = await datesOf(user.id);
    expect(dates).toHaveLength(1096);
    expect(new Set(dates).size).toBe(1096);
    expect(dates.at(-1)).toBe('2010-12-31');
    expect(await nextDueOf(rule.id)).toBe('2011-01-01');
  });

  it('stops after the end date', async () => {
    const { user, rule } = await newRule({
      startDate: '2005-01-10',
      frequency: 'weekly',
      endDate: '2005-01-24',
    });
    await generateDueOccurrences({ db: deps.db, now: () => at('2005-03-01T00:00:00Z') });
    expect(await datesOf(user.id)).toEqual(['2005-01-10', '2005-01-17', '2005-01-24']);
    expect(await nextDueOf(rule.id)).toBeNull();
  });

  it('records nothing twice when two workers run at the same time', async () => {
    const rules = await Promise.all(
      Array.from({ length: 5 }, () => newRule({ startDate: '2006-01-01', frequency: 'daily' })),
    );
    const now = at('2006-01-20T12:00:00Z');
    await Promise.all([
      generateDueOccurrences({ db: deps.db, now: () => now }),
      generateDueOccurrences({ db: deps.db, now: () => now }),
    ]);
    for (const { user } of rules) expect(await datesOf(user.id)).toHaveLength(20);
  });

  it('the (rule, date) key alone prevents a duplicate, even without the row lock', async () => {
    const { user, rule } = await newRule({ startDate: '2007-03-01', frequency: 'daily' });
    // Two generators that both read the rule before either wrote.
    const [row] = await deps.db.select().from(recurringRules).where(eq(recurringRules.id, rule.id));
    if (!row) throw new Error('rule missing');
    const run = () =>
      deps.db.transaction((tx) =>
        generateForRule({ db: tx, now: deps.now }, { rule: row, today: '2007-03-05' }),
      );
    const results = await Promise.all([run(), run()]);
    expect(results.map((result) => result.created).sort()).toEqual([0, 5]);
    expect(await datesOf(user.id)).toEqual([
      '2007-03-01',
      '2007-03-02',
      '2007-03-03',
      '2007-03-04',
      '2007-03-05',
    ]);
  });

  it('does not record again a date whose transaction the user deleted', async () => {
    const { user, rule } = await newRule({ startDate: '2008-05-01', frequency: 'monthly' });
    await generateDueOccurrences({ db: deps.db, now: () => at('2008-05-02T00:00:00Z') });
    await deps.db.delete(transactions).where(eq(transactions.userId, user.id));
    await deps.db
      .update(recurringRules)
      .set({ nextDueDate: '2008-05-01' })
      .where(eq(recurringRules.id, rule.id));
    await generateDueOccurrences({ db: deps.db, now: () => at('2008-05-03T00:00:00Z') });
    expect(await datesOf(user.id)).toEqual([]);
  });

  it('stops with a deleted account: its rules go and nothing is written for it again', async () => {
    const { user, rule } = await newRule({ startDate: '2009-01-01', frequency: 'daily' });
    await generateDueOccurrences({ db: deps.db, now: () => at('2009-01-02T00:00:00Z') });
    await deps.db.delete(users).where(eq(users.id, user.id));
    await generateDueOccurrences({ db: deps.db, now: () => at('2009-02-01T00:00:00Z') });
    expect(await datesOf(user.id)).toEqual([]);
    const left = await deps.db
      .select()
      .from(recurringRules)
      .where(and(eq(recurringRules.id, rule.id), eq(recurringRules.userId, user.id)));
    expect(left).toEqual([]);
  });
});
