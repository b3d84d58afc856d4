import type { TRPCRouterRecord } from '@trpc/server';

import { loginInput, setupInput, signupInput, updatePreferencesInput } from '@paisable/contracts';

import { protectedProcedure, publicProcedure } from '../../trpc/init';
import { completeSetup, login, signup, toUser, updatePreferences } from './service';

export const authRouter = {
  signup: publicProcedure
    .input(signupInput)
    .mutation(({ ctx, input }) => signup(ctx, { ...input, client: ctx.client })),
  login: publicProcedure
    .input(loginInput)
    .mutation(({ ctx, input }) => login(ctx, { ...input, client: ctx.client })),
  me: protectedProcedure.query(({ ctx }) => toUser(ctx.user)),
  setup: protectedProcedure
    .input(setupInput)
    .mutation(({ ctx, input }) => completeSetup(ctx, { userId: ctx.user.id, ...input })),
  updatePreferences: protectedProcedure
    .input(updatePreferencesInput)
    .mutation(({ ctx, input }) => updatePreferences(ctx, { userId: ctx.user.id, ...input })),
} satisfies TRPCRouterRecord;
