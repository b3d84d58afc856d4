import { defaultSortOrder, tagKey, type SortOrder, type TransactionSort } from '@paisable/contracts/rules';

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
  /** Tag names, comma-separated (`?tags=holiday,work`): only the rows carrying all of them. */
  tags?: string;
  /** A payee's name: only its rows (compared without case or accents). */
  payee?: string;
  /** The column the list is sorted by; newest first when absent. */
  sort?: TransactionSort;
  /** Absent: the sort's own direction (`defaultSortOrder`). */
  order?: SortOrder;
};

/** The sort a view shows, its defaults filled in. */
export function sortOf(search: TransactionSearch): { sort: TransactionSort; order: SortOrder } {
  const sort = search.sort ?? 'date';
  return { sort, order: search.order ?? defaultSortOrder(sort) };
}

/**
 * The URL's sort after a click on a column (or a choice in the phone's menu): the same column flips its
 * direction, another starts in its own. The list's own order (newest first) leaves the URL clean.
 */
export function nextSort(search: TransactionSearch, sort: TransactionSort, order?: SortOrder) {
  const current = sortOf(search);
  const next =
    order ?? (current.sort === sort ? (current.order === 'asc' ? 'desc' : 'asc') : defaultSortOrder(sort));
  if (sort === 'date' && next === 'desc') return { sort: undefined, order: undefined };
  return { sort, order: next === defaultSortOrder(sort) ? undefined : next };
}

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
    tags: tagsOf(search),
    payee: search.payee || undefined,
    // Only as the URL has them: the server fills in the defaults, and the first page's input stays
    // `{ page, limit }`, the key of the answer sent with the page (lib/early-data.ts).
    sort: search.sort,
    order: search.order,
  };
}

/** The same filters as query parameters of the REST export, which names the account `account`. */
export function exportQuery(search: TransactionSearch): string {
  // The export is always newest first: only the filters go.
  const { page: _page, limit: _limit, sort: _sort, order: _order, accountId, ...rest } = listInput(search);
  const filters = { ...rest, account: accountId, tags: rest.tags?.join(',') };
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
  return [
    search.search,
    search.type,
    search.category,
    search.from,
    search.to,
    search.account,
    search.payee,
    ...(tagsOf(search) ?? []),
  ].filter(Boolean).length;
}

/** The URL's tags as a list, or undefined for none. */
export function tagsOf(search: TransactionSearch): string[] | undefined {
  const names = (search.tags ?? '').split(',').filter(Boolean);
  return names.length > 0 ? names : undefined;
}

/** The URL's `tags` with one more (or one less) tag: undefined once none is left. */
export function withTag(search: TransactionSearch, tag: string, on: boolean): string | undefined {
  const names = (tagsOf(search) ?? []).filter((name) => tagKey(name) !== tagKey(tag));
  const next = on ? [...names, tag] : names;
  return next.length > 0 ? next.join(',') : undefined;
}

/** The fields of a row the filters read (a row added offline, before the server has it). */
type FilterableRow = {
  name: string;
  note: string;
  category: string;
  isIncome: boolean;
  date: string;
  accountId: string;
  tags?: readonly string[];
  splits?: readonly { category: string }[];
  payee?: string | null;
};

/** Lower case without accents, as the server's search compares text ("Café" finds "cafe"). */
function foldedText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Whether the view's filters keep a row, as the server's list would: a row added offline shows in a
 * filtered list only when it matches, so a narrowed list never shows rows outside its filters.
 */
export function matchesView(row: FilterableRow, search: TransactionSearch): boolean {
  const words = search.search ? foldedText(search.search) : '';
  const tags = (row.tags ?? []).map(tagKey);
  return (
    (!words ||
      foldedText(row.name).includes(words) ||
      foldedText(row.note).includes(words) ||
      foldedText(row.payee ?? '').includes(words)) &&
    (search.type === undefined || row.isIncome === (search.type === 'income')) &&
    (!search.category ||
      row.category === search.category ||
      (row.splits ?? []).some((line) => line.category === search.category)) &&
    (!search.from || row.date >= search.from) &&
    (!search.to || row.date <= search.to) &&
    (!search.account || row.accountId === search.account) &&
    (!search.payee || foldedText(row.payee ?? '') === foldedText(search.payee)) &&
    (tagsOf(search) ?? []).every((tag) => tags.includes(tagKey(tag)))
  );
}
