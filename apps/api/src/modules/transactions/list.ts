import type { ListTransactionsInput, Transaction, TransactionFilters } from '@paisable/contracts';
import { and, count, eq, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { transactions } from '../../db/schema';
import { csvLine, TRANSACTION_CSV_HEADER, transactionCsvLine } from './csv';
import { containsPattern } from './search';
import { countFromTotals, locateOffset } from './totals';
import { toTransaction } from './service';

type Owned = { userId: string };

export type TransactionPageResult = { items: Transaction[]; total: number; totalPages: number; page: number };

/**
 * Newest day first, then newest entry, then id: a total order, so rows with the same date keep their
 * place between pages. Spelled exactly like the index (DESC NULLS LAST) so the planner reads it in order.
 */
export const NEWEST_FIRST = [
  sql`${transactions.occurredOn} desc nulls last`,
  sql`${transactions.createdAt} desc nulls last`,
  sql`${transactions.id} desc nulls last`,
];

export async function listTransactions(
  db: Database,
  { userId, page, limit, ...filters }: ListTransactionsInput & Owned,
): Promise<TransactionPageResult> {
  const conditions = matching(userId, filters);
  const offset = (page - 1) * limit;
  const [rows, total] = await Promise.all([
    pageRows(db, userId, filters, conditions, offset, limit),
    countFromTotals(db, userId, filters).then(
      async (known) =>
        known ??
        (
          await db
            .select({ total: count() })
            .from(transactions)
            .where(and(...conditions))
        )[0]?.total ??
        0,
    ),
  ]);
  return { items: rows.map(toTransaction), total, totalPages: Math.ceil(total / limit), page };
}

/** From this many rows in, finding the page's first day costs less than reading past the rows. */
export const DEEP_PAGE_OFFSET = 500;

/**
 * One page, newest first. A deep page starts at the day the daily totals say it begins on, so PostgreSQL
 * skips at most one day's rows rather than every row before the page.
 */
async function pageRows(
  db: Database,
  userId: string,
  filters: TransactionFilters,
  conditions: (SQL | undefined)[],
  offset: number,
  limit: number,
) {
  const start = offset >= DEEP_PAGE_OFFSET ? await locateOffset(db, userId, filters, offset) : undefined;
  return db
    .select()
    .from(transactions)
    .where(and(...conditions, start ? lte(transactions.occurredOn, start.day) : undefined))
    .orderBy(...NEWEST_FIRST)
    .limit(limit)
    .offset(start ? start.skip : offset);
}

/** Rows per query: few round trips for a large export, and still only a few hundred kB in memory. */
export const EXPORT_BATCH_SIZE = 2000;

type ExportCursor = { occurredOn: string; createdAt: string; id: string };

/**
 * The user's live transactions (optionally filtered) as CSV text, produced batch by batch with keyset
 * pagination: memory stays flat however many rows there are, and no connection is held between batches
 * while a slow client downloads.
 */
export async function* exportTransactionsCsv(
  db: Database,
  {
    userId,
    filters = {},
    batchSize = EXPORT_BATCH_SIZE,
  }: Owned & { filters?: TransactionFilters; batchSize?: number },
): AsyncGenerator<string> {
  yield csvLine(TRANSACTION_CSV_HEADER);
  const conditions = matching(userId, filters);
  let after: ExportCursor | undefined;
  for (;;) {
    const rows = await db
      .select({
        occurredOn: transactions.occurredOn,
        // As PostgreSQL's own text: exact to the microsecond for the cursor, and no Date to build per row.
        createdAt: sql<string>`${transactions.createdAt}::text`,
        id: transactions.id,
        name: transactions.name,
        category: transactions.category,
        isIncome: transactions.isIncome,
        amountCents: transactions.amountCents,
        note: transactions.note,
      })
      .from(transactions)
      .where(and(...conditions, after ? before(after) : undefined))
      .orderBy(...NEWEST_FIRST)
      .limit(batchSize);
    let text = '';
    for (const row of rows) text += transactionCsvLine({ ...row, date: row.occurredOn });
    if (text) yield text;
    after = rows.at(-1);
    if (rows.length < batchSize || !after) return;
  }
}

/** Rows after `cursor` in NEWEST_FIRST order. */
function before(cursor: ExportCursor): SQL {
  return sql`(${transactions.occurredOn}, ${transactions.createdAt}, ${transactions.id}) < (${cursor.occurredOn}::date, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}

/** Every condition starts with the owner: no query can reach another user's rows. */
function matching(userId: string, filters: TransactionFilters): (SQL | undefined)[] {
  const { search, isIncome, category, startDate, endDate } = filters;
  const pattern = search ? containsPattern(search) : undefined;
  return [
    eq(transactions.userId, userId),
    isNull(transactions.deletedAt),
    pattern ? or(ilike(transactions.name, pattern), ilike(transactions.note, pattern)) : undefined,
    isIncome === undefined ? undefined : eq(transactions.isIncome, isIncome),
    category ? eq(transactions.category, category) : undefined,
    // Calendar days compared as dates: both bounds are inclusive whole days.
    startDate ? gte(transactions.occurredOn, startDate) : undefined,
    endDate ? lte(transactions.occurredOn, endDate) : undefined,
  ];
}
