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

export const CATEGORY_MAX_LENGTH = 50;

/** Sorted the way people read lists: case-insensitive, accents folded, ties broken by code point. */
export function sortCategories(names: Iterable<string>): string[] {
  const unique = [...new Set(names)];
  return unique.sort(
    (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0),
  );
}
