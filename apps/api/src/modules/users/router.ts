import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import { deleteUserAccountInput, USER_ACCOUNT_MESSAGES } from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { deleteAccountWithPassword } from './service';

export const usersRouter = {
  deleteAccount: protectedProcedure
    .input(deleteUserAccountInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteAccountWithPassword(ctx, { ...input, userId: ctx.user.id, client: ctx.client });
      return { message: USER_ACCOUNT_MESSAGES.deleted };
    }),
} satisfies TRPCRouterRecord;
