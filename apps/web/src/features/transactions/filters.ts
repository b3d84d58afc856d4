import { z } from 'zod';

import { CATEGORY_MAX_LENGTH, SEARCH_MAX_LENGTH } from '@paisable/contracts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The filters live in the URL, so a filtered view can be reloaded, bookmarked and shared. */
export const transactionSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  search: z.string().max(SEARCH_MAX_LENGTH).optional().catch(undefined),
  type: z.enum(['income', 'expense']).optional().catch(undefined),
  category: z.string().max(CATEGORY_MAX_LENGTH).optional().catch(undefined),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
});

export type TransactionSearch = z.infer<typeof transactionSearchSchema>;

export const PAGE_SIZE = 10;

/** The list call for a view of the page. */
export function listInput(search: TransactionSearch) {
  return {
    page: search.page ?? 1,
    limit: PAGE_SIZE,
    search: search.search || undefined,
    isIncome: search.type === undefined ? undefined : search.type === 'income',
    category: search.category || undefined,
    startDate: search.from,
    endDate: search.to,
  };
}

/** The same filters as query parameters of the REST export. */
export function exportQuery(search: TransactionSearch): string {
  const { page: _page, limit: _limit, ...filters } = listInput(search);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function hasFilters(search: TransactionSearch): boolean {
  return activeFilterCount(search) > 0;
}

/** How many filters are set: the `n` of the phone's "Filters (n)" button. */
export function activeFilterCount(search: TransactionSearch): number {
  return [search.search, search.type, search.category, search.from, search.to].filter(Boolean).length;
}
