/**
 * The filters live in the URL, so a filtered view can be reloaded, bookmarked and shared. They are read
 * by parseTransactionSearch (search-params.ts), without zod: zod is not part of any page's code (see
 * lib/contract-schemas.ts); its test checks the reading against a zod schema of these rules.
 */
export type TransactionSearch = {
  page?: number;
  /** At most SEARCH_MAX_LENGTH characters (contracts' limits). */
  search?: string;
  type?: 'income' | 'expense';
  /** At most CATEGORY_MAX_LENGTH characters (contracts' limits). */
  category?: string;
  from?: string;
  to?: string;
  /** An account's id: only its rows. */
  account?: string;
};

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
    accountId: search.account || undefined,
  };
}

/** The same filters as query parameters of the REST export, which names the account `account`. */
export function exportQuery(search: TransactionSearch): string {
  const { page: _page, limit: _limit, accountId, ...rest } = listInput(search);
  const filters = { ...rest, account: accountId };
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
  return [search.search, search.type, search.category, search.from, search.to, search.account].filter(Boolean)
    .length;
}
