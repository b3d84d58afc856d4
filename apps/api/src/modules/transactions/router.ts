import type { TRPCRouterRecord } from '@trpc/server';

import {
  createTransactionInput,
  listTransactionsInput,
  transactionIdInput,
  transactionIdsInput,
  updateTransactionInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
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

export const transactionsRouter = {
  list: protectedProcedure
    .input(listTransactionsInput)
    .query(({ ctx, input }) => listTransactions(ctx, { userId: ctx.user.id, ...input })),
  summary: protectedProcedure.query(({ ctx }) =>
    getSummary(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone }),
  ),
  charts: protectedProcedure.query(({ ctx }) =>
    getCharts(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone }),
  ),
  get: protectedProcedure
    .input(transactionIdInput)
    .query(({ ctx, input }) => getTransaction(ctx, { userId: ctx.user.id, id: input.id })),
  create: protectedProcedure
    .input(createTransactionInput)
    .mutation(({ ctx, input }) =>
      createTransaction(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  update: protectedProcedure
    .input(updateTransactionInput)
    .mutation(({ ctx, input: { id, ...changes } }) =>
      updateTransaction(ctx, { userId: ctx.user.id, id, changes }),
    ),
  delete: protectedProcedure
    .input(transactionIdInput)
    .mutation(({ ctx, input }) => deleteTransaction(ctx, { userId: ctx.user.id, id: input.id })),
  deleteMany: protectedProcedure
    .input(transactionIdsInput)
    .mutation(({ ctx, input }) => deleteTransactions(ctx, { userId: ctx.user.id, ids: input.ids })),
  restore: protectedProcedure
    .input(transactionIdsInput)
    .mutation(({ ctx, input }) => restoreTransactions(ctx, { userId: ctx.user.id, ids: input.ids })),
} satisfies TRPCRouterRecord;
