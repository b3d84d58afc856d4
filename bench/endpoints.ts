/** What the load run (run.ts) and the CPU run (cpu.ts) ask for, as the heavy user. */
import { COMMON_TAG, RARE_TAG, RARE_WORD } from './data';

export type Endpoint = { name: string; path: string; optional?: boolean };

/**
 * The floor for anything that reads data: the app's own route that makes one round trip to PostgreSQL
 * (`select 1` over the same pool) and nothing else. Every data endpoint's ratio is to this, in the same run.
 */
export const ONE_QUERY = 'one query';

/** What the heavy user's screens ask for. `optional` endpoints are skipped while their route is missing. */
export function endpoints(deepPage: number, accountId: string | undefined): Endpoint[] {
  const byAccount: Endpoint[] = accountId
    ? [
        { name: 'list by account', path: `/api/transactions?account=${accountId}&page=1&limit=10` },
        { name: 'balance on a date', path: `/api/accounts/${accountId}/balance?date=2025-06-30` },
      ]
    : [];
  return [
    { name: ONE_QUERY, path: '/api/health' },
    { name: 'list page 1', path: '/api/transactions?page=1&limit=10' },
    { name: 'list deep page', path: `/api/transactions?page=${deepPage}&limit=10` },
    { name: 'search', path: '/api/transactions?search=pizza&page=1&limit=10' },
    // Typed without its accent: the folded trigram index finds "Corner Café".
    { name: 'search no accent', path: '/api/transactions?search=cafe&page=1&limit=10' },
    // Issue 38: a word in 3 of the heavy user's rows (none on a database seeded before it: then no match at all).
    { name: 'search rare', path: `/api/transactions?search=${RARE_WORD}&page=1&limit=10` },
    { name: 'sorted by amount', path: '/api/transactions?sort=amount&page=1&limit=10' },
    { name: 'sorted by amount p5', path: '/api/transactions?sort=amount&order=asc&page=5&limit=10' },
    { name: 'sorted by name', path: '/api/transactions?sort=name&page=1&limit=10' },
    {
      name: 'category + dates',
      path: '/api/transactions?category=Groceries&startDate=2025-01-01&endDate=2025-06-30&page=1&limit=10',
    },
    // Issue 35: Groceries rows and the split rows with a Groceries line; one tag used often, one rarely.
    { name: 'category w/ splits', path: '/api/transactions?category=Groceries&page=1&limit=10' },
    { name: 'list tag common', path: `/api/transactions?tag=${COMMON_TAG}&page=1&limit=10` },
    { name: 'list tag rare', path: `/api/transactions?tag=${RARE_TAG}&page=1&limit=10` },
    { name: 'summary', path: '/api/transactions/summary' },
    { name: 'charts', path: '/api/transactions/charts' },
    { name: 'categories', path: '/api/transactions/categories' },
    { name: 'budgets', path: '/api/budgets', optional: true },
    { name: 'recurring', path: '/api/recurring', optional: true },
    { name: 'accounts', path: '/api/accounts', optional: true },
    ...reports(accountId),
    ...byAccount,
  ];
}

/**
 * The Reports page's routes over the heavy user's whole history (ten years) and over the last year, the
 * page's default, with and without one account; the dashboard over other periods than its default (tRPC,
 * as the web app asks: the REST routes take none); the budget month. Each reads totals tables and is
 * remembered until the user's next write, except where rows are needed (top payees, one account's
 * categories or months), which read them by an index.
 */
function reports(accountId: string | undefined): Endpoint[] {
  const today = new Date().toISOString().slice(0, 10);
  const years = (count: number) => `${Number(today.slice(0, 4)) - count}${today.slice(4)}`;
  const month = (day: string) => day.slice(0, 7);
  const ofAccount = accountId ? `&account=${accountId}` : '';
  const trpc = (procedure: string, input: unknown) =>
    `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
  const [year, monthNumber] = today.split('-').map(Number) as [number, number];
  return [
    { name: 'report monthly 1y', path: `/api/reports/monthly?from=${month(years(1))}&to=${month(today)}` },
    { name: 'report monthly 10y', path: `/api/reports/monthly?from=${month(years(10))}&to=${month(today)}` },
    {
      name: 'report monthly 10y account',
      path: `/api/reports/monthly?from=${month(years(10))}&to=${month(today)}${ofAccount}`,
    },
    { name: 'report categories 1y', path: `/api/reports/categories?from=${years(1)}&to=${today}` },
    { name: 'report categories 10y', path: `/api/reports/categories?from=${years(10)}&to=${today}` },
    {
      name: 'report categories 1y account',
      path: `/api/reports/categories?from=${years(1)}&to=${today}${ofAccount}`,
    },
    {
      name: 'report category trend 10y',
      path: trpc('reports.categoryTrend', {
        from: month(years(10)),
        to: month(today),
        category: 'Groceries',
      }),
    },
    { name: 'report net worth 10y', path: `/api/reports/net-worth?from=${years(10)}&to=${today}` },
    {
      name: 'report net worth 10y account',
      path: `/api/reports/net-worth?from=${years(10)}&to=${today}${ofAccount}`,
    },
    { name: 'report payees 1y', path: `/api/reports/payees?from=${years(1)}&to=${today}` },
    { name: 'report payees 10y', path: `/api/reports/payees?from=${years(10)}&to=${today}` },
    {
      name: 'report year/year 1y',
      path: `/api/reports/year-over-year?from=${month(years(1))}&to=${month(today)}`,
    },
    {
      name: 'report year/year 10y',
      path: `/api/reports/year-over-year?from=${month(years(10))}&to=${month(today)}`,
    },
    { name: 'dashboard summary 12m', path: trpc('transactions.summary', { preset: 'last-12-months' }) },
    { name: 'dashboard charts 12m', path: trpc('transactions.charts', { preset: 'last-12-months' }) },
    // The dashboard's first load as the web app sends it: one batched GET (httpBatchLink).
    {
      name: 'dashboard batch 12m',
      path: `/trpc/transactions.summary,transactions.charts,categories.list?batch=1&input=${encodeURIComponent(
        JSON.stringify({ 0: { preset: 'last-12-months' }, 1: { preset: 'last-12-months' } }),
      )}`,
    },
    {
      name: 'dashboard charts 10y',
      path: trpc('transactions.charts', { from: years(10), to: today }),
    },
    {
      name: 'budget month',
      path: `/api/budgets/month?month=${monthNumber}&year=${year}`,
      optional: true,
    },
  ];
}
