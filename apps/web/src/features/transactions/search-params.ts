import { CATEGORY_MAX_LENGTH, SEARCH_MAX_LENGTH } from '@paisable/contracts/limits';

import type { TransactionSearch } from './filters';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
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
  return {
    page: Number.isInteger(page) && page >= 1 ? page : undefined,
    search: text(raw.search, SEARCH_MAX_LENGTH),
    type,
    category: text(raw.category, CATEGORY_MAX_LENGTH),
    from: from && ISO_DATE.test(from) ? from : undefined,
    to: to && ISO_DATE.test(to) ? to : undefined,
    account: account && ACCOUNT_ID.test(account) ? account : undefined,
  };
}
