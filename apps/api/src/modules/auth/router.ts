import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import {
  AUTH_MESSAGES,
  authResultOutput,
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  loginOutput,
  loginTwoFactorInput,
  passwordResetStatusOutput,
  renewOutput,
  resetPasswordInput,
  sessionIdInput,
  sessionListOutput,
  setupInput,
  signupInput,
  updatePreferencesInput,
  userOutput,
} from '@paisable/contracts';

import { protectedProcedure, publicProcedure } from '../../trpc/init';
import { passwordResetAvailable, requestPasswordReset, resetPassword } from './password-reset';
import {
  changePassword,
  completeSetup,
  login,
  loginWithCode,
  signup,
  toUser,
  updatePreferences,
} from './service';
import { endOtherSessions, endSession, listSessions, renewSession } from './sessions';

const messageOutput = z.object({ message: z.string() });

export const authRouter = {
  signup: publicProcedure
    .input(signupInput)
    .output(authResultOutput)
    .mutation(({ ctx, input }) => signup(ctx, { ...input, client: ctx.client })),
  login: publicProcedure
    .input(loginInput)
    .output(loginOutput)
    .mutation(({ ctx, input }) => login(ctx, { ...input, client: ctx.client })),
  loginWithCode: publicProcedure
    .input(loginTwoFactorInput)
    .output(authResultOutput)
    .mutation(({ ctx, input }) => loginWithCode(ctx, { ...input, client: ctx.client })),
  me: protectedProcedure.output(userOutput).query(({ ctx }) => toUser(ctx.user)),
  setup: protectedProcedure
    .input(setupInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => completeSetup(ctx, { userId: ctx.user.id, ...input })),
  updatePreferences: protectedProcedure
    .input(updatePreferencesInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => updatePreferences(ctx, { userId: ctx.user.id, ...input })),
  logout: protectedProcedure.output(messageOutput).mutation(async ({ ctx }) => {
    await endSession(ctx, { userId: ctx.user.id, id: ctx.user.sessionId });
    return { message: AUTH_MESSAGES.loggedOut };
  }),
  renew: protectedProcedure.output(renewOutput).mutation(async ({ ctx }) => ({
    token: await renewSession(ctx, { userId: ctx.user.id, sessionId: ctx.user.sessionId }),
  })),
  sessions: protectedProcedure.output(sessionListOutput).query(async ({ ctx }) => ({
    sessions: await listSessions(ctx, { userId: ctx.user.id, sessionId: ctx.user.sessionId }),
  })),
  endSession: protectedProcedure
    .input(sessionIdInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      await endSession(ctx, { userId: ctx.user.id, id: input.id });
      return { message: AUTH_MESSAGES.sessionEnded };
    }),
  endOtherSessions: protectedProcedure
    .output(z.object({ message: z.string(), ended: z.number().int() }))
    .mutation(async ({ ctx }) => ({
      message: AUTH_MESSAGES.sessionsEnded,
      ended: await endOtherSessions(ctx, { userId: ctx.user.id, keep: ctx.user.sessionId }),
    })),
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) =>
      changePassword(ctx, {
        ...input,
        userId: ctx.user.id,
        sessionId: ctx.user.sessionId,
        client: ctx.client,
      }),
    ),
  passwordResetAvailable: publicProcedure
    .output(passwordResetStatusOutput)
    .query(({ ctx }) => passwordResetAvailable(ctx)),
  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, { ...input, client: ctx.client })),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => resetPassword(ctx, { ...input, client: ctx.client })),
} satisfies TRPCRouterRecord;
