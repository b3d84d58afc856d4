import { z } from 'zod';

import { CATEGORY_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';
import { CATEGORY_KINDS } from './rules/categories';

export {
  builtInCategories,
  builtInSpelling,
  canDeleteCategory,
  CATEGORY_KINDS,
  CATEGORY_MAX_LENGTH,
  type CategoryKind,
  categoryKindOf,
  EXPENSE_CATEGORIES,
  FALLBACK_CATEGORY,
  INCOME_CATEGORIES,
  sortCategories,
} from './rules/categories';

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

export const categoryDeletedOutput = z.object({ movedCount: z.number().int() });
