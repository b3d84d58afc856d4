import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import {
  receiptDiscardedOutput,
  receiptForTransactionInput,
  receiptIdInput,
  receiptOutput,
  receiptSavedOutput,
  saveReceiptInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { discardReceipt, listReceipts, saveReceipt, undoReceiptExpense } from './review';
import { getReceipt, getReceiptForTransaction } from './service';

/** Uploads go through REST (multipart); tRPC lists receipts, reports their progress and saves reviews. */
export const receiptsRouter = {
  list: protectedProcedure
    .output(z.array(receiptOutput))
    .query(({ ctx }) => listReceipts(ctx, { userId: ctx.user.id })),
  /** Poll while `status` is `processing`. */
  get: protectedProcedure
    .input(receiptIdInput)
    .output(receiptOutput)
    .query(({ ctx, input }) => getReceipt(ctx, { userId: ctx.user.id, id: input.id })),
  forTransaction: protectedProcedure
    .input(receiptForTransactionInput)
    .output(receiptOutput.nullable())
    .query(({ ctx, input }) =>
      getReceiptForTransaction(ctx, { userId: ctx.user.id, transactionId: input.transactionId }),
    ),
  save: protectedProcedure
    .input(saveReceiptInput)
    .output(receiptSavedOutput)
    .mutation(({ ctx, input }) =>
      saveReceipt(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  /** Deletes the expense a receipt recorded on its own; the receipt waits for review again. */
  undo: protectedProcedure
    .input(receiptIdInput)
    .output(receiptOutput)
    .mutation(({ ctx, input }) => undoReceiptExpense(ctx, { userId: ctx.user.id, id: input.id })),
  discard: protectedProcedure
    .input(receiptIdInput)
    .output(receiptDiscardedOutput)
    .mutation(({ ctx, input }) => discardReceipt(ctx, { userId: ctx.user.id, id: input.id })),
} satisfies TRPCRouterRecord;
