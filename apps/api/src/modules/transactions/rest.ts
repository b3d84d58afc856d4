import type { DayTotal, Transaction } from '@paisable/contracts';
import {
  createTransactionInput,
  listTransactionsInput,
  transactionChangesInput,
  transactionFilters,
  transactionIdsInput,
} from '@paisable/contracts';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';

import type { AppDeps } from '../../deps';
import { parseInput } from '../../lib/errors';
import { bodyOf, requireUser } from '../../rest/legacy';
import {
  asRecord,
  booleanParam,
  dateParam,
  integerParam,
  textParam,
  withoutUndefined,
} from '../../rest/params';
import { getCharts } from './charts';
import { exportTransactionsCsv } from './export-csv';
import { listTransactions } from './list';
import { getSummary } from './summary';
import {
  createTransaction,
  deleteTransaction,
  deleteTransactions,
  restoreTransactions,
  updateTransaction,
} from './service';

/**
 * The original /api/transactions routes. Fastify's router prefers static segments, so /bulk, /export
 * and /restore (and the category routes) are never taken for an /:id.
 */
export function registerTransactionRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/transactions', async (request) => {
    const user = await requireUser(deps, request);
    const query = asRecord(request.query);
    const input = parseInput(listTransactionsInput, {
      ...legacyFilters(query),
      page: integerParam(query.page),
      limit: integerParam(query.limit),
    });
    const page = await listTransactions(deps.db, { userId: user.id, ...input });
    return {
      transactions: page.items.map(toLegacyTransaction),
      totalPages: page.totalPages,
      currentPage: page.page,
    };
  });

  app.get('/transactions/summary', async (request) => {
    const user = await requireUser(deps, request);
    const { totalIncome, totalExpenses, balance, recentTransactions } = await getSummary(deps.db, {
      userId: user.id,
    });
    return {
      totalIncome,
      totalExpenses,
      balance,
      recentTransactions: recentTransactions.map(toLegacyTransaction),
    };
  });

  /**
   * The original shape. Unlike tRPC's zero-filled series, only days with money appear, as they did there:
   * the original dashboard fills the gaps itself and shows its empty state when both lists are empty.
   */
  app.get('/transactions/charts', async (request) => {
    const user = await requireUser(deps, request);
    const charts = await getCharts(deps, { userId: user.id, timeZone: user.timeZone });
    const withMoney = (series: DayTotal[]) =>
      series.filter((day) => day.totalCents > 0).map(({ date, total }) => ({ date, total }));
    return {
      expensesByCategory: charts.expensesByCategory.map(({ name, total }) => ({ name, total })),
      expensesOverTime: withMoney(charts.expensesOverTime),
      incomeOverTime: withMoney(charts.incomeOverTime),
    };
  });

  app.post('/transactions', async (request, reply) => {
    const user = await requireUser(deps, request);
    const input = parseInput(createTransactionInput, legacyFields(bodyOf(request)));
    const created = await createTransaction(deps, { userId: user.id, timeZone: user.timeZone, ...input });
    return reply.status(201).send(toLegacyTransaction(created));
  });

  app.put<{ Params: { id: string } }>('/transactions/:id', async (request) => {
    const user = await requireUser(deps, request);
    const changes = parseInput(transactionChangesInput, legacyFields(bodyOf(request)));
    return toLegacyTransaction(
      await updateTransaction(deps, { userId: user.id, id: request.params.id, changes }),
    );
  });

  app.delete<{ Params: { id: string } }>('/transactions/:id', async (request) => {
    const user = await requireUser(deps, request);
    await deleteTransaction(deps, { userId: user.id, id: request.params.id });
    return { message: 'Transaction removed successfully' };
  });

  app.delete('/transactions/bulk', async (request) => {
    const user = await requireUser(deps, request);
    const { ids } = parseInput(transactionIdsInput, { ids: asRecord(bodyOf(request)).transactionIds });
    const { deletedCount } = await deleteTransactions(deps, { userId: user.id, ids });
    return { message: `${deletedCount} transactions deleted successfully`, deletedCount };
  });

  app.post('/transactions/restore', async (request) => {
    const user = await requireUser(deps, request);
    const { ids } = parseInput(transactionIdsInput, { ids: asRecord(bodyOf(request)).transactionIds });
    const { restoredCount } = await restoreTransactions(deps.db, { userId: user.id, ids });
    return { message: `${restoredCount} transactions restored successfully`, restoredCount };
  });

  app.get('/transactions/export', async (request, reply) => {
    const user = await requireUser(deps, request);
    // Validated before the first byte goes out: a bad filter is still a 400, not a broken download.
    const filters = parseInput(transactionFilters, legacyFilters(asRecord(request.query)));
    return (
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="paisable_transactions.csv"')
        // One batch in hand at a time (the default buffers 16): memory stays flat for any export size.
        .send(
          Readable.from(exportTransactionsCsv(deps.db, { userId: user.id, filters }), { highWaterMark: 1 }),
        )
    );
  });
}

/** The original list's query parameters; empty ones mean "no filter", as they did there. */
function legacyFilters(query: Record<string, unknown>) {
  return {
    search: textParam(query.search),
    isIncome: booleanParam(query.isIncome),
    category: textParam(query.category),
    startDate: dateParam(query.startDate),
    endDate: dateParam(query.endDate),
  };
}

/** The original body (`cost`, `addedOn`) in contract names; keys that were not sent stay absent. */
function legacyFields(body: unknown) {
  const fields = asRecord(body);
  return withoutUndefined({
    name: fields.name,
    category: fields.category,
    amount: fields.cost,
    isIncome: booleanParam(fields.isIncome),
    date: dateParam(fields.addedOn),
    note: fields.note === null ? '' : fields.note,
  });
}

/** The original document shape: `_id`, `cost`, and the calendar day as UTC midnight. No user id. */
function toLegacyTransaction(transaction: Transaction) {
  return {
    _id: transaction.id,
    name: transaction.name,
    category: transaction.category,
    cost: transaction.amount,
    addedOn: `${transaction.date}T00:00:00.000Z`,
    isIncome: transaction.isIncome,
    note: transaction.note,
    createdAt: transaction.createdAt,
    updatedAt: transaction.updatedAt,
  };
}
