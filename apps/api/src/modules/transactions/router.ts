import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import {
  bulkEditOutput,
  bulkEditTransactionsInput,
  bulkEditUndoneOutput,
  chartsOutput,
  createTransactionInput,
  dashboardPeriodInput,
  listTransactionsInput,
  summaryOutput,
  taggedTransactionOutput,
  transactionDeletedOutput,
  transactionIdInput,
  transactionIdsInput,
  transactionOutput,
  transactionPageOutput,
  transactionsDeletedOutput,
  transactionsRestoredOutput,
  undoBulkEditInput,
  updateTransactionInput,
} from '@paisable/contracts';

import { onceForKey } from '../../lib/idempotency';
import { protectedProcedure } from '../../trpc/init';
import { checkedOnce } from '../../trpc/output';
import { bulkEditTransactions, undoBulkEdit } from './bulk-edit';
import { getCharts } from './charts';
import { listTransactions } from './list';
import {
  createTransaction,
  deleteTransaction,
  deleteTransactions,
  getTransaction,
  restoreTransactions,
  updateTransaction,
} from './service';
import { getSummary } from './summary';
import { listUpcoming } from './upcoming';

export const transactionsRouter = {
  list: protectedProcedure
    .input(listTransactionsInput)
    .output(checkedOnce(transactionPageOutput))
    .query(({ ctx, input }) => listTransactions(ctx, { userId: ctx.user.id, ...input })),
  /** Totals over a period (all time without one), the balance today and the newest rows. */
  summary: protectedProcedure
    .input(dashboardPeriodInput)
    .output(checkedOnce(summaryOutput))
    .query(({ ctx, input }) =>
      getSummary(ctx, {
        userId: ctx.user.id,
        timeZone: ctx.user.timeZone,
        currency: ctx.user.defaultCurrency,
        period: input,
      }),
    ),
  /** Scheduled rows (dated after today), soonest first: the dashboard's "Upcoming". */
  upcoming: protectedProcedure
    .output(z.array(transactionOutput))
    .query(({ ctx }) => listUpcoming(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone })),
  /** The dashboard charts over a period (the last 30 days, categories all time, without one). */
  charts: protectedProcedure
    .input(dashboardPeriodInput)
    .output(checkedOnce(chartsOutput))
    .query(({ ctx, input }) =>
      getCharts(ctx, {
        userId: ctx.user.id,
        timeZone: ctx.user.timeZone,
        currency: ctx.user.defaultCurrency,
        period: input,
      }),
    ),
  get: protectedProcedure
    .input(transactionIdInput)
    .output(taggedTransactionOutput)
    .query(({ ctx, input }) => getTransaction(ctx, { userId: ctx.user.id, id: input.id })),
  create: protectedProcedure
    .input(createTransactionInput)
    .output(taggedTransactionOutput)
    .mutation(({ ctx, input }) =>
      onceForKey(
        ctx,
        { userId: ctx.user.id, key: ctx.idempotencyKey, action: 'transactions.create', input },
        () => createTransaction(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
      ),
    ),
  update: protectedProcedure
    .input(updateTransactionInput)
    .output(taggedTransactionOutput)
    .mutation(({ ctx, input: { id, ...changes } }) =>
      onceForKey(
        ctx,
        {
          userId: ctx.user.id,
          key: ctx.idempotencyKey,
          action: 'transactions.update',
          input: { id, changes },
        },
        () => updateTransaction(ctx, { userId: ctx.user.id, id, changes }),
      ),
    ),
  delete: protectedProcedure
    .input(transactionIdInput)
    .output(transactionDeletedOutput)
    .mutation(({ ctx, input }) =>
      onceForKey(
        ctx,
        { userId: ctx.user.id, key: ctx.idempotencyKey, action: 'transactions.delete', input },
        () => deleteTransaction(ctx, { userId: ctx.user.id, id: input.id }),
      ),
    ),
  deleteMany: protectedProcedure
    .input(transactionIdsInput)
    .output(transactionsDeletedOutput)
    .mutation(({ ctx, input }) => deleteTransactions(ctx, { userId: ctx.user.id, ids: input.ids })),
  restore: protectedProcedure
    .input(transactionIdsInput)
    .output(transactionsRestoredOutput)
    .mutation(({ ctx, input }) => restoreTransactions(ctx, { userId: ctx.user.id, ids: input.ids })),
  /** The same fields on every selected row, all or nothing; `preview` only counts what would change. */
  bulkEdit: protectedProcedure
    .input(bulkEditTransactionsInput)
    .output(bulkEditOutput)
    .mutation(({ ctx, input }) => bulkEditTransactions(ctx, { userId: ctx.user.id, ...input })),
  /** Writes back the rows a bulk edit returned in `before`. */
  undoBulkEdit: protectedProcedure
    .input(undoBulkEditInput)
    .output(bulkEditUndoneOutput)
    .mutation(({ ctx, input }) => undoBulkEdit(ctx, { userId: ctx.user.id, rows: input.rows })),
} satisfies TRPCRouterRecord;
