import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import {
  accountListOutput,
  accountOutput,
  balanceOnInput,
  balanceOnOutput,
  createAccountInput,
  createTransferInput,
  deleteAccountInput,
  linkTransferInput,
  reconcileInput,
  reconcileOutput,
  reorderAccountsInput,
  transferIdInput,
  transferOutput,
  updateAccountInput,
  updateTransferInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { checkedOnce } from '../../trpc/output';
import { reconcileAccount } from './reconcile';
import {
  balanceOn,
  createAccount,
  deleteAccount,
  listAccounts,
  reorderAccounts,
  updateAccount,
} from './service';
import { createTransfer, deleteTransfer, linkTransfer, updateTransfer } from './transfers';

const zoned = (user: { id: string; timeZone: string }) => ({ userId: user.id, timeZone: user.timeZone });

export const accountsRouter = {
  list: protectedProcedure
    .output(checkedOnce(accountListOutput))
    .query(({ ctx }) => listAccounts(ctx, { ...zoned(ctx.user), currency: ctx.user.defaultCurrency })),
  balanceOn: protectedProcedure
    .input(balanceOnInput)
    .output(balanceOnOutput)
    .query(({ ctx, input }) => balanceOn(ctx, { userId: ctx.user.id, ...input })),
  create: protectedProcedure
    .input(createAccountInput)
    .output(accountOutput)
    .mutation(({ ctx, input }) =>
      createAccount(ctx, {
        ...zoned(ctx.user),
        ...input,
        currency: input.currency ?? ctx.user.defaultCurrency,
      }),
    ),
  update: protectedProcedure
    .input(updateAccountInput)
    .output(accountOutput)
    .mutation(({ ctx, input }) => updateAccount(ctx, { ...zoned(ctx.user), ...input })),
  delete: protectedProcedure
    .input(deleteAccountInput)
    .output(z.object({ id: z.string(), movedCount: z.number().int() }))
    .mutation(({ ctx, input }) => deleteAccount(ctx, { userId: ctx.user.id, ...input })),
  reorder: protectedProcedure
    .input(reorderAccountsInput)
    .output(accountListOutput)
    .mutation(({ ctx, input }) =>
      reorderAccounts(ctx, { ...zoned(ctx.user), currency: ctx.user.defaultCurrency, ids: input.ids }),
    ),
  reconcile: protectedProcedure
    .input(reconcileInput)
    .output(reconcileOutput)
    .mutation(({ ctx, input }) => reconcileAccount(ctx, { userId: ctx.user.id, ...input })),
} satisfies TRPCRouterRecord;

export const transfersRouter = {
  create: protectedProcedure
    .input(createTransferInput)
    .output(transferOutput)
    .mutation(({ ctx, input }) => createTransfer(ctx, { userId: ctx.user.id, ...input })),
  update: protectedProcedure
    .input(updateTransferInput)
    .output(transferOutput)
    .mutation(({ ctx, input }) => updateTransfer(ctx, { userId: ctx.user.id, ...input })),
  delete: protectedProcedure
    .input(transferIdInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => deleteTransfer(ctx, { userId: ctx.user.id, id: input.id })),
  link: protectedProcedure
    .input(linkTransferInput)
    .output(transferOutput)
    .mutation(({ ctx, input }) => linkTransfer(ctx, { userId: ctx.user.id, ...input })),
} satisfies TRPCRouterRecord;
