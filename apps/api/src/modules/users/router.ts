import type { TRPCRouterRecord } from '@trpc/server';

import { ACCOUNT_MESSAGES } from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { deleteAccount } from './service';

export const usersRouter = {
  deleteAccount: protectedProcedure.mutation(async ({ ctx }) => {
    await deleteAccount(ctx, { userId: ctx.user.id });
    return { message: ACCOUNT_MESSAGES.deleted };
  }),
} satisfies TRPCRouterRecord;
