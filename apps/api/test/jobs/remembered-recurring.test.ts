import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { recurringRules } from '../../src/db/schema';
import { generateForRule } from '../../src/modules/recurring/generate';
import { skipOccurrence } from '../../src/modules/recurring/occurrences';
import {
  createRecurring,
  deleteRecurring,
  listRecurring,
  updateRecurring,
} from '../../src/modules/recurring/service';
import { createTestDeps, seedUser } from '../helpers';

/*
 * The recurring list is remembered with the user's data version (0041 makes rule writes bump it). Two sets
 * of deps with their own pools stand for two server processes: one reads (and remembers), the other writes;
 * every change to a rule, made by a person or by the recording job, shows in the reader's next answer.
 * Days in 2093, which no other file's rules use, so the job's runs elsewhere never reach these.
 */
const NOW = new Date('2093-03-15T12:00:00Z');
const reader = createTestDeps(() => NOW);
const writer = createTestDeps(() => NOW);

async function listed(userId: string) {
  const rules = await listRecurring(reader, { userId, currency: 'USD' });
  return rules.map(({ name, amountCents, nextDueDate, lastRecordedOn }) => ({
    name,
    amountCents,
    nextDueDate,
    lastRecordedOn,
  }));
}

describe('the remembered recurring list', () => {
  it('shows every change to a rule at once, made by another process or by the recording job', async () => {
    const { user } = await seedUser(reader);
    const userId = user.id;
    expect(await listed(userId)).toEqual([]);

    // Starts tomorrow: nothing recorded at creation.
    const rule = await createRecurring(writer, {
      userId,
      timeZone: 'UTC',
      name: 'Rent',
      category: 'Bills',
      amount: '500',
      isIncome: false,
      frequency: 'monthly',
      startDate: '2093-03-16',
      endDate: null,
      catchUp: true,
    });
    expect(await listed(userId)).toEqual([
      { name: 'Rent', amountCents: 50000, nextDueDate: '2093-03-16', lastRecordedOn: null },
    ]);

    await updateRecurring(writer, { userId, timeZone: 'UTC', id: rule.id, changes: { name: 'Flat rent' } });
    expect((await listed(userId))[0]?.name).toBe('Flat rent');

    // The job records the 16 March rent the next day: the rule moves on to April, and says when it recorded.
    const [row] = await writer.db.select().from(recurringRules).where(eq(recurringRules.id, rule.id));
    if (!row) throw new Error('the rule is gone');
    await generateForRule({ db: writer.db, now: () => NOW }, { rule: row, today: '2093-03-17' });
    expect(await listed(userId)).toEqual([
      { name: 'Flat rent', amountCents: 50000, nextDueDate: '2093-04-16', lastRecordedOn: '2093-03-16' },
    ]);

    await skipOccurrence(writer, { userId, timeZone: 'UTC', id: rule.id, date: '2093-04-16' });
    expect((await listed(userId))[0]?.nextDueDate).toBe('2093-05-16');

    await deleteRecurring(writer, { userId, id: rule.id });
    expect(await listed(userId)).toEqual([]);
  });
});
