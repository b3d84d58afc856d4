import { describe, expect, it } from 'vitest';

import { createTestApp, seedUser } from '../helpers';
import { legacyTransactionsClient } from './legacy-transactions-client';

const { app, deps } = await createTestApp();
const { call, create, listAll } = legacyTransactionsClient(app);

const CATEGORIES = ['Groceries', 'Transport', 'Bills', 'Entertainment'];
const DAYS = ['2026-01-05', '2026-02-10', '2026-02-11', '2026-03-01'];

/*
 * One user's writes arriving at once, through every write route that touches the totals and the data version:
 * the triggers lock totals rows in key order, then the version row (ARCHITECTURE.md, the speed layer), so the
 * statements queue instead of deadlocking. A deadlock would surface as a 500 (PostgreSQL aborts one of them).
 */
describe('concurrent writes of one user', () => {
  it('all succeed, and the list, summary and budgets agree with what was written', async () => {
    const { authorization } = await seedUser(deps);
    const existing = [];
    for (let index = 0; index < 16; index += 1) {
      existing.push(
        await create(authorization, {
          name: `Seed ${index}`,
          category: CATEGORIES[index % CATEGORIES.length],
          cost: 10,
          addedOn: DAYS[index % DAYS.length],
          isIncome: index % 5 === 0,
        }),
      );
    }
    const ids = existing.map((row) => row._id);

    const requests = [
      // New rows on several days and categories, in different orders.
      ...Array.from({ length: 12 }, (_, index) =>
        call('POST', '/api/transactions', authorization, {
          name: `New ${index}`,
          category: CATEGORIES[(index * 3) % CATEGORIES.length],
          cost: 5,
          addedOn: DAYS[(DAYS.length - 1 - index) % DAYS.length],
          isIncome: index % 4 === 0,
        }),
      ),
      // Edits that move rows between days and categories (both totals rows change).
      ...ids.slice(0, 4).map((id, index) =>
        call('PUT', `/api/transactions/${id}`, authorization, {
          category: CATEGORIES[(index + 2) % CATEGORIES.length],
          addedOn: DAYS[(index + 1) % DAYS.length],
        }),
      ),
      // Bulk deletes of rows on the same days and categories, listed in opposite orders (they are all or
      // nothing, so their rows do not overlap: one would rightly answer 404).
      call('DELETE', '/api/transactions/bulk', authorization, { transactionIds: ids.slice(4, 9) }),
      call('DELETE', '/api/transactions/bulk', authorization, {
        transactionIds: ids.slice(9, 14).reverse(),
      }),
      call('DELETE', `/api/transactions/${ids[14]}`, authorization),
      // Budgets of the same months (their spent reads the same totals).
      ...CATEGORIES.map((category, index) =>
        call('POST', '/api/budgets', authorization, { category, amount: 100, month: index + 1, year: 2026 }),
      ),
    ];
    const responses = await Promise.all(requests);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 300)).toEqual([]);

    const rows = await listAll(authorization);
    // 16 seeded + 12 new − 11 deleted (ids 4–14).
    expect(rows).toHaveLength(17);
    const summary = (await call('GET', '/api/transactions/summary', authorization)).json<{
      totalIncome: number;
      totalExpenses: number;
    }>();
    const sum = (income: boolean) =>
      rows.filter((row) => row.isIncome === income).reduce((total, row) => total + Number(row.cost), 0);
    expect(summary.totalIncome).toBeCloseTo(sum(true), 2);
    expect(summary.totalExpenses).toBeCloseTo(sum(false), 2);
    const budgets = (await call('GET', '/api/budgets', authorization)).json<unknown[]>();
    expect(budgets).toHaveLength(CATEGORIES.length);
  });
});
