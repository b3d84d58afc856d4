import { and, sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { SortOrder, TransactionSort } from '@paisable/contracts';

import { payees, transactions } from '../../src/db/schema';
import { filterValues, listOrder, matching } from '../../src/modules/transactions/list';
import { containsPattern, searchMatches } from '../../src/modules/transactions/search';
import { createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';

const deps = createTestDeps();

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The plan PostgreSQL picks for one page of the list (its filters and order, as the page query spells
 * them). Sorting and sequential scans are priced out, so the choice does not depend on how many rows the
 * shared test database holds: a plan that still sorts is one no index can serve in that order.
 */
async function pagePlan(userId: string, sort: TransactionSort, order: SortOrder, accountId?: string) {
  const page = deps.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(...matching(filterValues(userId, { accountId }))))
    .orderBy(...listOrder(sort, order))
    .limit(10);
  return planOf(page);
}

async function planOf(query: SQLWrapper) {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const [row] = await tx.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      sql`explain (format json) ${query}`,
    );
    if (!row) throw new Error('EXPLAIN returned no plan');
    const nodes = nodesOf(row['QUERY PLAN'][0].Plan);
    return {
      sorts: nodes.filter((node) => node['Node Type'].includes('Sort')).length,
      indexes: nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : [])),
    };
  });
}

async function addSavings(caller: Awaited<ReturnType<typeof seedUserWithCaller>>['caller']) {
  return caller.accounts.create({
    name: 'Savings',
    kind: 'savings',
    openingBalance: 0,
    openingDate: '2025-01-01',
  });
}

describe('the list reads each sorted page straight from its index', async () => {
  // A user with years of rows in their main account and a handful in a second one: the register of the
  // small account is where reading the user's whole order and dropping the other account's rows costs most.
  const { user, caller, accountId } = await seedUserWithCaller(deps);
  const savings = await addSavings(caller);
  await deps.db.insert(transactions).values(
    Array.from({ length: 2_000 }, (_, n) => ({
      userId: user.id,
      accountId,
      name: `Shop ${n % 50}`,
      category: `Category ${n % 20}`,
      amountCents: 100 + ((n * 7_919) % 90_000),
      occurredOn: new Date(Date.UTC(2020, 0, 1 + (n % 1_800))).toISOString().slice(0, 10),
    })),
  );
  for (const date of ['2025-02-01', '2025-02-02', '2025-02-03']) {
    await addTransaction(caller, { name: 'Interest', amount: 1, date, accountId: savings.id });
  }
  // Statistics as autovacuum would soon have them: the plan depends on how rare the small account's rows are.
  await deps.db.execute(sql`analyze transactions`);

  it.each([
    ['amount', 'desc', 'transactions_user_amount_order_idx'],
    ['amount', 'asc', 'transactions_user_amount_order_idx'],
    ['name', 'desc', 'transactions_user_name_order_idx'],
    ['name', 'asc', 'transactions_user_name_order_idx'],
    ['category', 'desc', 'transactions_user_category_sort_idx'],
    ['category', 'asc', 'transactions_user_category_sort_idx'],
    ['date', 'desc', 'transactions_user_order_idx'],
    ['date', 'asc', 'transactions_user_order_idx'],
  ] as const)('sorted by %s %s: no sort of all the rows, read from %s', async (sort, order, index) => {
    expect(await pagePlan(user.id, sort, order)).toEqual({ sorts: 0, indexes: [index] });
  });

  it.each(['desc', 'asc'] as const)(
    "one account's register by date %s: read from the account's index, no sort",
    async (order) => {
      expect(await pagePlan(user.id, 'date', order, savings.id)).toEqual({
        sorts: 0,
        indexes: ['transactions_user_account_order_idx'],
      });
    },
  );
});

describe("a search reads its matches from the trigram indexes, not by walking the user's rows", async () => {
  // A user whose rows mostly have one of many payees, as imports leave them: a word is looked for in the name,
  // the note and the payee's name.
  const { user, accountId } = await seedUserWithCaller(deps);
  const payeeIds = (
    await deps.db
      .insert(payees)
      .values(
        Array.from({ length: 200 }, (_, n) => ({ userId: user.id, name: `Payee ${n}`, key: `payee ${n}` })),
      )
      .returning()
  ).map((payee) => payee.id);
  await deps.db.insert(transactions).values(
    Array.from({ length: 4_000 }, (_, n) => ({
      userId: user.id,
      accountId,
      name: `Shop ${n % 50}`,
      note: n % 3 ? '' : 'paid by card',
      category: 'Food',
      amountCents: 100 + n,
      occurredOn: new Date(Date.UTC(2020, 0, 1 + (n % 1_800))).toISOString().slice(0, 10),
      payeeId: n % 5 ? payeeIds[n % payeeIds.length] : null,
    })),
  );
  await deps.db.execute(sql`analyze transactions`);

  it('one bitmap over the name and note trigram indexes and the payee index (transactions/search.ts)', async () => {
    const { indexes } = await planOf(searchMatches(user.id, containsPattern('quokka')));
    expect(indexes.toSorted()).toEqual([
      'payees_user_id_unique',
      'transactions_payee_idx',
      'transactions_user_name_fold_trgm_idx',
      'transactions_user_note_fold_trgm_idx',
      // The data version the matches are true for, read in the same statement.
      'user_data_versions_pkey',
    ]);
  });
});

describe('the order a user sees is unchanged', async () => {
  const { caller } = await seedUserWithCaller(deps);
  const savings = await addSavings(caller);
  // Equal amounts, days and categories on purpose: ties are broken by day, then entry, then id.
  for (const [name, amount, date, accountId] of [
    ['Rent', 900, '2025-02-01', undefined],
    ['Coffee', 4.5, '2025-02-03', savings.id],
    ['Bakery', 4.5, '2025-02-03', undefined],
    ['Lunch', 12, '2025-02-02', savings.id],
    ['Books', 12, '2025-02-02', savings.id],
    ['Tea', 4.5, '2025-02-01', savings.id],
  ] as const) {
    await addTransaction(caller, { name, amount, date, category: 'Food', accountId });
  }

  it('shows the same order as before: ties by day, then the entry made last, in either direction', async () => {
    const names = async (input: Parameters<typeof caller.transactions.list>[0]) =>
      (await caller.transactions.list({ limit: 50, ...input })).items.map((item) => item.name);
    // Coffee and Bakery tie on amount and day: Bakery was entered last, so it comes first.
    expect(await names({ sort: 'amount', order: 'desc' })).toEqual([
      'Rent',
      'Books',
      'Lunch',
      'Bakery',
      'Coffee',
      'Tea',
    ]);
    expect(await names({ sort: 'amount', order: 'asc' })).toEqual([
      'Tea',
      'Coffee',
      'Bakery',
      'Lunch',
      'Books',
      'Rent',
    ]);
    // One category for all: the category sort is the list's own order.
    expect(await names({ sort: 'category', order: 'desc' })).toEqual([
      'Bakery',
      'Coffee',
      'Books',
      'Lunch',
      'Tea',
      'Rent',
    ]);
    expect(await names({ sort: 'name', order: 'asc' })).toEqual([
      'Bakery',
      'Books',
      'Coffee',
      'Lunch',
      'Rent',
      'Tea',
    ]);
  });

  it("pages one account's register newest first, ties in entry order, every row once", async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const { items, total } = await caller.transactions.list({ accountId: savings.id, limit: 2, page });
      expect(total).toBe(4);
      pages.push(...items.map((item) => item.name));
    }
    expect(pages).toEqual(['Coffee', 'Books', 'Lunch', 'Tea']);
    const oldest = await caller.transactions.list({ accountId: savings.id, order: 'asc', limit: 10 });
    expect(oldest.items.map((item) => item.name)).toEqual(['Tea', 'Lunch', 'Books', 'Coffee']);
  });
});
