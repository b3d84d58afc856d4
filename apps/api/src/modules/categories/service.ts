import type { Category, CategoryKind, CategoryLists } from '@paisable/contracts';
import {
  builtInSpelling,
  canDeleteCategory,
  categoryKindOf,
  EXPENSE_CATEGORIES,
  FALLBACK_CATEGORY,
  INCOME_CATEGORIES,
  MESSAGES,
  sortCategories,
} from '@paisable/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';

import type { Database, Queryable } from '../../db/client';
import { prepared } from '../../db/prepared';
import { categories, transactions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { moveBudgetsToFallback } from '../budgets/service';
import { moveRulesToFallback } from '../recurring/service';

type CategoryParams = { userId: string; kind: CategoryKind; name: string };

/**
 * The spelling a transaction should carry for `name`: a built-in's, an existing custom category's in any
 * letter case ("pets" → "Pets"), or `name` itself, which is then saved as a new custom category so it
 * stays in the user's list. Safe under concurrency: the unique index decides which spelling wins.
 */
export async function resolveCategory(
  db: Queryable,
  { userId, kind, name }: CategoryParams,
): Promise<string> {
  const builtIn = builtInSpelling(kind, name);
  if (builtIn) return builtIn;
  const [inserted] = await db
    .insert(categories)
    .values({ userId, kind, name })
    .onConflictDoNothing()
    .returning({ name: categories.name });
  if (inserted) return inserted.name;
  const [existing] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.kind, kind), sameName(categories.name, name)));
  return existing?.name ?? name;
}

export async function listCategories(db: Database, { userId }: { userId: string }): Promise<CategoryLists> {
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

export async function createCategory(db: Database, params: CategoryParams): Promise<Category> {
  return { kind: params.kind, name: await resolveCategory(db, params) };
}

/**
 * Removes a custom category of the given kinds and moves its transactions, recurring rules and (for
 * expenses) budgets to the fallback category. Soft-deleted transactions move too, so undoing their delete
 * cannot bring the category back.
 * Deleting a category that does not exist changes nothing and is not an error (a retried request).
 */
export async function deleteCategory(
  db: Database,
  { userId, kinds, name }: { userId: string; kinds: CategoryKind[]; name: string },
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
          sameName(transactions.category, name),
        ),
      )
      .returning({ isIncome: transactions.isIncome, deletedAt: transactions.deletedAt });
    await tx
      .delete(categories)
      .where(
        and(eq(categories.userId, userId), inArray(categories.kind, kinds), sameName(categories.name, name)),
      );
    const movedRules = await moveRulesToFallback(tx, { userId, incomeFlags, name });
    if (kinds.includes('expense')) await moveBudgetsToFallback(tx, { userId, name });
    // The fallback is only built in for expenses: moved income needs it in the income list to be editable.
    for (const isIncome of new Set([...moved, ...movedRules].map((row) => row.isIncome))) {
      await resolveCategory(tx, { userId, kind: categoryKindOf(isIncome), name: FALLBACK_CATEGORY });
    }
    return { movedCount: moved.filter((row) => row.deletedAt === null).length };
  });
}

/** Case-insensitive equality with PostgreSQL's lower(), the same folding as the unique index. */
function sameName(column: typeof categories.name | typeof transactions.category, name: string) {
  return sql`lower(${column}) = lower(${name})`;
}
