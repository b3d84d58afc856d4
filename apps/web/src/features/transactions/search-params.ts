import { CATEGORY_MAX_LENGTH, SEARCH_MAX_LENGTH } from '@paisable/contracts/limits';
import {
  isCalendarDate,
  PAYEE_NAME_MAX_LENGTH,
  SORT_ORDERS,
  TAG_FILTER_MAX,
  tagNameProblem,
  TRANSACTION_SORTS,
} from '@paisable/contracts/rules';

import type { TransactionSearch } from './filters';

/** Account ids are UUIDs; anything else in the URL could only ever match nothing. */
export const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.length <= max ? value : undefined;

/**
 * The transactions page's URL filters, read as `transactionSearchSchema` (filters.ts) reads them: a bad
 * value is dropped, not an error. Written without zod because the router checks search params in the
 * first script every page loads, and zod would add 20 KB to it (search-params.test.ts keeps both equal).
 */
export function parseTransactionSearch(raw: Record<string, unknown>): TransactionSearch {
  const page = Number(raw.page);
  const from = text(raw.from, Infinity);
  const to = text(raw.to, Infinity);
  const type = raw.type === 'income' || raw.type === 'expense' ? raw.type : undefined;
  const account = text(raw.account, Infinity);
  const payee = text(raw.payee, PAYEE_NAME_MAX_LENGTH);
  const sort = TRANSACTION_SORTS.find((key) => key === raw.sort);
  const order = SORT_ORDERS.find((key) => key === raw.order);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : undefined,
    search: text(raw.search, SEARCH_MAX_LENGTH),
    type,
    category: text(raw.category, CATEGORY_MAX_LENGTH),
    // A day that does not exist (2026-02-30) is dropped, never rolled over into another one.
    from: from && isCalendarDate(from) ? from : undefined,
    to: to && isCalendarDate(to) ? to : undefined,
    account: account && ACCOUNT_ID.test(account) ? account : undefined,
    tags: validTags(raw.tags),
    // A payee is named by at least one character that is not a space.
    payee: payee?.trim() ? payee : undefined,
    sort,
    order,
  };
}

/** `a,b`: every name a tag the contracts accept, at most TAG_FILTER_MAX of them. */
export function validTags(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const names = value.split(',');
  const valid = names.length <= TAG_FILTER_MAX && names.every((name) => tagNameProblem(name) === null);
  return valid ? value : undefined;
}

const FILTER_NAMES: Record<keyof TransactionSearch, string> = {
  page: 'page',
  search: 'search',
  type: 'type',
  category: 'category',
  from: 'From date',
  to: 'To date',
  account: 'account',
  tags: 'tags',
  payee: 'payee',
  sort: 'sort',
  order: 'order',
};

/**
 * What a link asked for that the page could not use, for a notice: "From date “2026-13-45”". A bad value
 * is dropped (the list shows without it), and the user is told rather than left with a different view.
 */
export function droppedFilters(raw: Record<string, unknown>, read: TransactionSearch): string[] {
  // Only while the page still shows what the link asked for: once the user changes a filter, the link
  // is behind them.
  if (!sameSearch(parseTransactionSearch(raw), read)) return [];
  return (Object.keys(FILTER_NAMES) as (keyof TransactionSearch)[])
    .filter((key) => raw[key] !== undefined && raw[key] !== '' && read[key] === undefined)
    .map((key) => `${FILTER_NAMES[key]} “${String(raw[key]).slice(0, 40)}”`);
}

function sameSearch(a: TransactionSearch, b: TransactionSearch): boolean {
  return (Object.keys(FILTER_NAMES) as (keyof TransactionSearch)[]).every((key) => a[key] === b[key]);
}
