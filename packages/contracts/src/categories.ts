import { z } from 'zod';

import { CATEGORY_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';

export const EXPENSE_CATEGORIES = [
  'Food',
  'Shopping',
  'Bills',
  'Subscriptions',
  'Transportation',
  'Entertainment',
  'Groceries',
  'Miscellaneous',
] as const;

export const INCOME_CATEGORIES = [
  'Salary',
  'Freelance / Side Gig',
  'Investment Returns',
  'Gifts',
  'Refunds',
] as const;

/** Where the transactions of a deleted custom category go. */
export const FALLBACK_CATEGORY = 'Miscellaneous';

export { CATEGORY_MAX_LENGTH };

/**
 * One collator for every sort: `localeCompare` with a locale argument builds a new one per comparison,
 * which made sorting a category list cost milliseconds.
 */
const byBaseLetters = new Intl.Collator('en', { sensitivity: 'base' });

/** Sorted the way people read lists: case-insensitive, accents folded, ties broken by code point. */
export function sortCategories(names: Iterable<string>): string[] {
  const unique = [...new Set(names)];
  return unique.sort((a, b) => byBaseLetters.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}

export const CATEGORY_KINDS = ['expense', 'income'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** Income and expense categories are separate lists; a transaction's `isIncome` picks its list. */
export function categoryKindOf(isIncome: boolean): CategoryKind {
  return isIncome ? 'income' : 'expense';
}

export function builtInCategories(kind: CategoryKind): readonly string[] {
  return kind === 'income' ? INCOME_CATEGORIES : EXPENSE_CATEGORIES;
}

/** The built-in spelling of a name in any letter case ("food" → "Food"), or undefined for a custom name. */
export function builtInSpelling(kind: CategoryKind, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return builtInCategories(kind).find((builtIn) => builtIn.toLowerCase() === wanted);
}

/**
 * Built-ins always exist, and the fallback must too in both lists: it is where the transactions of a
 * deleted category go, so deleting it would leave them nowhere.
 */
export function canDeleteCategory(kind: CategoryKind, name: string): boolean {
  return !builtInSpelling(kind, name) && name.toLowerCase() !== FALLBACK_CATEGORY.toLowerCase();
}

export const categoryKind = z.enum(CATEGORY_KINDS, { error: MESSAGES.categoryKindInvalid });

export const categoryName = z
  .string({ error: MESSAGES.categoryNameRequired })
  .trim()
  .min(1, MESSAGES.categoryNameRequired)
  .max(CATEGORY_MAX_LENGTH, MESSAGES.categoryNameTooLong);

export const createCategoryInput = z.object({ kind: categoryKind, name: categoryName });
export type CreateCategoryInput = z.output<typeof createCategoryInput>;

export const deleteCategoryInput = createCategoryInput;
export type DeleteCategoryInput = z.output<typeof deleteCategoryInput>;

export const categoryOutput = z.object({ kind: categoryKind, name: z.string() });
export type Category = z.infer<typeof categoryOutput>;

/** Built-ins and the user's own categories of each kind, sorted for display. */
export const categoryListsOutput = z.object({ expense: z.array(z.string()), income: z.array(z.string()) });
export type CategoryLists = z.infer<typeof categoryListsOutput>;
