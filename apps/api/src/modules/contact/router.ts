import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import { contactInput } from '@paisable/contracts';

import { authenticateIfSent } from '../../lib/authenticate';
import { publicProcedure } from '../../trpc/init';
import { sendContactMessage } from './service';

export const contactRouter = {
  send: publicProcedure
    .input(contactInput)
    .output(z.object({ id: z.string(), message: z.string() }))
    .mutation(async ({ ctx, input }) =>
      sendContactMessage(ctx, {
        ...input,
        userId: (await authenticateIfSent(ctx, ctx.authorization))?.id,
        client: ctx.client,
      }),
    ),
} satisfies TRPCRouterRecord;
