import { and, eq, inArray, sql } from 'drizzle-orm';

import {
  canDeleteCategory,
  categoryKindOf,
  EXPENSE_CATEGORIES,
  FALLBACK_CATEGORY,
  INCOME_CATEGORIES,
  MESSAGES,
  sortCategories,
  type Category,
  type CategoryKind,
  type CategoryLists,
  type CreateCategoryInput,
} from '@paisable/contracts';

import { prepared } from '../../db/prepared';
import { categories, transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { moveBudgetsToFallback } from '../budgets/service';
import { moveRulesToFallback } from '../recurring/service';
import { moveSplitLines } from '../transactions/splits';
import { resolveCategory, sameCategoryName } from './resolve';

type Owned = { userId: string };
export type CreateCategoryParams = CreateCategoryInput & Owned;
export type DeleteCategoryParams = Owned & { kinds: CategoryKind[]; name: string };

export async function listCategories({ db }: Pick<AppDeps, 'db'>, { userId }: Owned): Promise<CategoryLists> {
  const rows = await customCategoriesQuery(db).execute({ userId });
  const custom = (kind: CategoryKind) => rows.filter((row) => row.kind === kind).map((row) => row.name);
  return {
    expense: sortCategories([...EXPENSE_CATEGORIES, ...custom('expense')]),
    income: sortCategories([...INCOME_CATEGORIES, ...custom('income')]),
  };
}

const customCategoriesQuery = prepared((db) =>
  db
    .select({ kind: categories.kind, name: categories.name })
    .from(categories)
    .where(eq(categories.userId, sql.placeholder('userId')))
    .prepare('custom_categories'),
);

export async function createCategory(
  deps: Pick<AppDeps, 'db'>,
  params: CreateCategoryParams,
): Promise<Category> {
  return { kind: params.kind, name: await resolveCategory(deps, params) };
}

/**
 * Removes a custom category of the given kinds and moves its transactions, recurring rules and (for
 * expenses) budgets to the fallback category. Soft-deleted transactions move too, so undoing their delete
 * cannot bring the category back.
 * Deleting a category that does not exist changes nothing and is not an error (a retried request).
 */
export async function deleteCategory(
  { db }: Pick<AppDeps, 'db'>,
  { userId, kinds, name }: DeleteCategoryParams,
): Promise<{ movedCount: number }> {
  if (kinds.some((kind) => !canDeleteCategory(kind, name))) {
    throw new AppError('BAD_REQUEST', MESSAGES.categoryProtected);
  }
  const incomeFlags = kinds.map((kind) => kind === 'income');
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(transactions)
      .set({ category: FALLBACK_CATEGORY })
      .where(
        and(
          eq(transactions.userId, userId),
          inArray(transactions.isIncome, incomeFlags),
          sameCategoryName(transactions.category, name),
        ),
      )
      .returning({ isIncome: transactions.isIncome, deletedAt: transactions.deletedAt });
    await moveSplitLines(tx, { userId, incomeFlags, name, to: FALLBACK_CATEGORY });
    await tx
      .delete(categories)
      .where(
        and(
          eq(categories.userId, userId),
          inArray(categories.kind, kinds),
          sameCategoryName(categories.name, name),
        ),
      );
    const movedRules = await moveRulesToFallback({ db: tx }, { userId, incomeFlags, name });
    if (kinds.includes('expense')) await moveBudgetsToFallback({ db: tx }, { userId, name });
    // The fallback is only built in for expenses: moved income needs it in the income list to be editable.
    for (const isIncome of new Set([...moved, ...movedRules].map((row) => row.isIncome))) {
      await resolveCategory({ db: tx }, { userId, kind: categoryKindOf(isIncome), name: FALLBACK_CATEGORY });
    }
    return { movedCount: moved.filter((row) => row.deletedAt === null).length };
  });
}
