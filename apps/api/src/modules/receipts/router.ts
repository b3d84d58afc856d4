import { receiptForTransactionInput, receiptIdInput } from '@paisable/contracts';
import type { TRPCRouterRecord } from '@trpc/server';

import { protectedProcedure } from '../../trpc/init';
import { getReceipt, getReceiptForTransaction } from './service';

/** Uploads go through REST (multipart); tRPC reports their progress and links them to expenses. */
export const receiptsRouter = {
  /** Poll until `status` is `done` or `failed`. */
  status: protectedProcedure
    .input(receiptIdInput)
    .query(({ ctx, input }) => getReceipt(ctx, { userId: ctx.user.id, id: input.id })),
  forTransaction: protectedProcedure
    .input(receiptForTransactionInput)
    .query(({ ctx, input }) =>
      getReceiptForTransaction(ctx, { userId: ctx.user.id, transactionId: input.transactionId }),
    ),
} satisfies TRPCRouterRecord;
