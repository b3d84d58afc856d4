import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import {
  regenerateRecoveryCodesInput,
  twoFactorDisableInput,
  twoFactorEnableInput,
  twoFactorEnableOutput,
  twoFactorSetupOutput,
  twoFactorStatusOutput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from './service';

/** Two-factor sign-in in Settings; the code step of signing in is `auth.loginWithCode`. */
export const twoFactorRouter = {
  status: protectedProcedure
    .output(twoFactorStatusOutput)
    .query(({ ctx }) => twoFactorStatus(ctx, { userId: ctx.user.id })),
  setup: protectedProcedure
    .output(twoFactorSetupOutput)
    .mutation(({ ctx }) => startTwoFactorSetup(ctx, { userId: ctx.user.id })),
  enable: protectedProcedure
    .input(twoFactorEnableInput)
    .output(twoFactorEnableOutput)
    .mutation(({ ctx, input }) =>
      enableTwoFactor(ctx, { ...input, userId: ctx.user.id, client: ctx.client }),
    ),
  disable: protectedProcedure
    .input(twoFactorDisableInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) =>
      disableTwoFactor(ctx, { ...input, userId: ctx.user.id, client: ctx.client }),
    ),
  regenerateRecoveryCodes: protectedProcedure
    .input(regenerateRecoveryCodesInput)
    .output(twoFactorEnableOutput)
    .mutation(({ ctx, input }) =>
      regenerateRecoveryCodes(ctx, { ...input, userId: ctx.user.id, client: ctx.client }),
    ),
} satisfies TRPCRouterRecord;
