import { contactInput } from '@paisable/contracts';
import type { TRPCRouterRecord } from '@trpc/server';

import { publicProcedure } from '../../trpc/init';
import { optionalUserId } from '../auth/service';
import { sendContactMessage } from './service';

export const contactRouter = {
  send: publicProcedure.input(contactInput).mutation(async ({ ctx, input }) =>
    sendContactMessage(ctx, input, {
      userId: await optionalUserId(ctx, ctx.authorization),
      client: ctx.client,
    }),
  ),
} satisfies TRPCRouterRecord;
