import { CATEGORY_MAX_LENGTH } from '../limits';

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
