import type { TRPCRouterRecord } from '@trpc/server';

import { receiptForTransactionInput, receiptIdInput, saveReceiptInput } from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { discardReceipt, listReceipts, saveReceipt } from './review';
import { getReceipt, getReceiptForTransaction } from './service';

/** Uploads go through REST (multipart); tRPC lists receipts, reports their progress and saves reviews. */
export const receiptsRouter = {
  list: protectedProcedure.query(({ ctx }) => listReceipts(ctx, { userId: ctx.user.id })),
  /** Poll while `status` is `processing`. */
  get: protectedProcedure
    .input(receiptIdInput)
    .query(({ ctx, input }) => getReceipt(ctx, { userId: ctx.user.id, id: input.id })),
  forTransaction: protectedProcedure
    .input(receiptForTransactionInput)
    .query(({ ctx, input }) =>
      getReceiptForTransaction(ctx, { userId: ctx.user.id, transactionId: input.transactionId }),
    ),
  save: protectedProcedure
    .input(saveReceiptInput)
    .mutation(({ ctx, input }) =>
      saveReceipt(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  discard: protectedProcedure
    .input(receiptIdInput)
    .mutation(({ ctx, input }) => discardReceipt(ctx, { userId: ctx.user.id, id: input.id })),
} satisfies TRPCRouterRecord;
