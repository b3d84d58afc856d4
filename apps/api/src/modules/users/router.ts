import type { TRPCRouterRecord } from '@trpc/server';

import { ACCOUNT_MESSAGES, deleteAccountInput } from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { deleteAccountWithPassword } from './service';

export const usersRouter = {
  deleteAccount: protectedProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    await deleteAccountWithPassword(ctx, { ...input, userId: ctx.user.id, client: ctx.client });
    return { message: ACCOUNT_MESSAGES.deleted };
  }),
} satisfies TRPCRouterRecord;
