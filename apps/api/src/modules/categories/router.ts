import type { TRPCRouterRecord } from '@trpc/server';

import {
  categoryDeletedOutput,
  categoryListsOutput,
  categoryOutput,
  createCategoryInput,
  deleteCategoryInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { createCategory, deleteCategory, listCategories } from './service';

export const categoriesRouter = {
  list: protectedProcedure
    .output(categoryListsOutput)
    .query(({ ctx }) => listCategories(ctx, { userId: ctx.user.id })),
  create: protectedProcedure
    .input(createCategoryInput)
    .output(categoryOutput)
    .mutation(({ ctx, input }) => createCategory(ctx, { userId: ctx.user.id, ...input })),
  delete: protectedProcedure
    .input(deleteCategoryInput)
    .output(categoryDeletedOutput)
    .mutation(({ ctx, input }) =>
      deleteCategory(ctx, { userId: ctx.user.id, kinds: [input.kind], name: input.name }),
    ),
} satisfies TRPCRouterRecord;
