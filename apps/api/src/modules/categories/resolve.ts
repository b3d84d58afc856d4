import { and, eq, sql } from 'drizzle-orm';

import { builtInSpelling, type CategoryKind } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { categories, type transactions } from '../../db/schema';

// How a category is spelled wherever one is recorded (transactions, budgets, recurring rules). Kept apart
// from the category service, which imports those modules to move their rows when a category is deleted.

export type ResolveCategoryParams = { userId: string; kind: CategoryKind; name: string };

/**
 * The spelling a transaction should carry for `name`: a built-in's, an existing custom category's in any
 * letter case ("pets" → "Pets"), or `name` itself, which is then saved as a new custom category so it
 * stays in the user's list. Safe under concurrency: the unique index decides which spelling wins.
 */
export async function resolveCategory(
  { db }: { db: Queryable },
  { userId, kind, name }: ResolveCategoryParams,
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
    .where(
      and(eq(categories.userId, userId), eq(categories.kind, kind), sameCategoryName(categories.name, name)),
    );
  return existing?.name ?? name;
}

/** Case-insensitive equality with PostgreSQL's lower(), the same folding as the unique index. */
export function sameCategoryName(
  column: typeof categories.name | typeof transactions.category,
  name: string,
) {
  return sql`lower(${column}) = lower(${name})`;
}
