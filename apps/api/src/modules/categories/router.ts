import { createCategoryInput, deleteCategoryInput } from '@paisable/contracts';
import type { TRPCRouterRecord } from '@trpc/server';

import { protectedProcedure } from '../../trpc/init';
import { createCategory, deleteCategory, listCategories } from './service';

export const categoriesRouter = {
  list: protectedProcedure.query(({ ctx }) => listCategories(ctx.db, { userId: ctx.user.id })),
  create: protectedProcedure
    .input(createCategoryInput)
    .mutation(({ ctx, input }) => createCategory(ctx.db, { userId: ctx.user.id, ...input })),
  delete: protectedProcedure
    .input(deleteCategoryInput)
    .mutation(({ ctx, input }) =>
      deleteCategory(ctx.db, { userId: ctx.user.id, kinds: [input.kind], name: input.name }),
    ),
} satisfies TRPCRouterRecord;
