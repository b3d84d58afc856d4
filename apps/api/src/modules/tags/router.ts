import type { TRPCRouterRecord } from '@trpc/server';

import { renameTagInput, tagDeletedOutput, tagIdInput, tagListOutput, tagOutput } from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { deleteTag, listTags, renameTag } from './service';

export const tagsRouter = {
  /** Every tag, A to Z, with its count: the form's completion and the Tags settings. */
  list: protectedProcedure.output(tagListOutput).query(({ ctx }) => listTags(ctx, { userId: ctx.user.id })),
  /** Renaming to an existing tag's name merges the two. */
  rename: protectedProcedure
    .input(renameTagInput)
    .output(tagOutput)
    .mutation(({ ctx, input }) => renameTag(ctx, { userId: ctx.user.id, ...input })),
  delete: protectedProcedure
    .input(tagIdInput)
    .output(tagDeletedOutput)
    .mutation(({ ctx, input }) => deleteTag(ctx, { userId: ctx.user.id, id: input.id })),
} satisfies TRPCRouterRecord;
