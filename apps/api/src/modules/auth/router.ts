import type { TRPCRouterRecord } from '@trpc/server';

import {
  authResultOutput,
  loginInput,
  setupInput,
  signupInput,
  updatePreferencesInput,
  userOutput,
} from '@paisable/contracts';

import { protectedProcedure, publicProcedure } from '../../trpc/init';
import { completeSetup, login, signup, toUser, updatePreferences } from './service';

export const authRouter = {
  signup: publicProcedure
    .input(signupInput)
    .output(authResultOutput)
    .mutation(({ ctx, input }) => signup(ctx, { ...input, client: ctx.client })),
  login: publicProcedure
    .input(loginInput)
    .output(authResultOutput)
    .mutation(({ ctx, input }) => login(ctx, { ...input, client: ctx.client })),
  me: protectedProcedure.output(userOutput).query(({ ctx }) => toUser(ctx.user)),
  setup: protectedProcedure
    .input(setupInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => completeSetup(ctx, { userId: ctx.user.id, ...input })),
  updatePreferences: protectedProcedure
    .input(updatePreferencesInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => updatePreferences(ctx, { userId: ctx.user.id, ...input })),
} satisfies TRPCRouterRecord;
