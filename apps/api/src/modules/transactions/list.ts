import {
  and,
  count,
  eq,
  getTableColumns,
  gte,
  isNull,
  lte,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';

import {
  resolvedOrder,
  transactionFilters,
  type ListTransactionsInput,
  type SortOrder,
  type TransactionFilters,
  type TransactionListItem,
  type TransactionSort,
} from '@paisable/contracts';

import type { Database } from '../../db/client';
import { dataVersionOfUser } from '../../db/data-version';
import { plannedWithValues, preparedPerShape, shapeHas, shapeOf } from '../../db/prepared';
import { payees, transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isUuid } from '../../lib/ids';
import { rememberedResults } from '../../lib/remembered';
import { containsPattern, fewSearchMatches, folded, matchedRows, matchesSearch } from './search';
import { toTransaction } from './service';
import { inCategory, splitLinesJson, type StoredSplitLine } from './splits';
import { carriesAllTags, tagsOfRow } from './tags/tagging';
import { countFromTotals, locateOffset } from './totals';

type Owned = { userId: string };

const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

export type TransactionPageResult = {
  items: TransactionListItem[];
  total: number;
  totalPages: number;
  page: number;
};

/**
 * Newest day first, then newest entry, then id: a total order, so rows with the same date keep their
 * place between pages. Spelled exactly like its indexes (DESC NULLS LAST: the user's, 0001, and one
 * account's, 0038) so the planner reads the page in order; the columns are NOT NULL, but PostgreSQL only
 * reads an index in order when the query's nulls placement is the index's own.
 */
export const NEWEST_FIRST = [
  sql`${transactions.occurredOn} desc nulls last`,
  sql`${transactions.createdAt} desc nulls last`,
  sql`${transactions.id} desc nulls last`,
];

/**
 * A column sort: the key, then the list's own order (day, entry, id), all in one direction, so ties keep
 * their place between pages. Each key has an index in that order (migration 0021), read forwards for
 * descending and backwards for ascending; names sort folded ("über" beside "uber"), as the search reads them.
 * Those indexes keep PostgreSQL's default nulls placement (first when descending, last when ascending), so a
 * column sort names no nulls placement: with "nulls last" PostgreSQL read and sorted all of the user's rows
 * for every page. Every column here is NOT NULL, so the order a user sees is the same either way; the query
 * is matched to the indexes rather than the indexes rebuilt, which a migration would do on every install.
 */
const SORT_KEYS: Record<Exclude<TransactionSort, 'date'>, SQL> = {
  amount: sql`${transactions.amountCents}`,
  name: folded(transactions.name),
  category: sql`${transactions.category}`,
};

/** Each spelled as its index places nulls; an ascending page reads the same index backwards. */
const DATE_DIRECTION: Record<SortOrder, SQL> = { desc: sql`desc nulls last`, asc: sql`asc nulls first` };
const COLUMN_DIRECTION: Record<SortOrder, SQL> = { desc: sql`desc`, asc: sql`asc` };

export function listOrder(sort: TransactionSort, order: SortOrder): SQL[] {
  if (sort === 'date' && order === 'desc') return NEWEST_FIRST;
  const direction = (sort === 'date' ? DATE_DIRECTION : COLUMN_DIRECTION)[order];
  const keys = [
    ...(sort === 'date' ? [] : [SORT_KEYS[sort]]),
    sql`${transactions.occurredOn}`,
    sql`${transactions.createdAt}`,
    sql`${transactions.id}`,
  ];
  return keys.map((key) => sql`${key} ${direction}`);
}

/** `sort` may be left out by internal callers: the list's own order. */
export type ListTransactionsParams = Omit<ListTransactionsInput, 'sort'> & { sort?: TransactionSort } & Owned;

export async function listTransactions(
  { db }: Pick<AppDeps, 'db'>,
  { userId, page, limit, sort = 'date', order: askedOrder, ...given }: ListTransactionsParams,
): Promise<TransactionPageResult> {
  // No tags asked is no tag filter: the totals can still count the rest.
  const filters = given.tags?.length ? given : { ...given, tags: undefined };
  const values = filterValues(userId, filters);
  const order = resolvedOrder({ sort, order: askedOrder });
  const key = `${JSON.stringify(values)} ${page} ${limit} ${sort} ${order}`;
  return rememberedPages(db, { userId, key }, () =>
    readListPage(db, { userId, page, limit, filters, values, sorted: { sort, order } }),
  );
}

type Sorted = { sort: TransactionSort; order: SortOrder };

/**
 * Pages are read again and again between two writes: the list refetched on focus and after every visit,
 * paging back, a search retyped. Building one from its rows is most of a page's cost in the server
 * (decoding ten rows, turning them into transactions and JSON: ~170 µs of Node CPU of ~240, against ~70
 * for a route that makes one round trip), and a search page rechecks the word on every row it walks past
 * (~300 for a 10-row page of a word in 3 % of the rows). So every page is remembered until the user's next
 * write (db/data-version.ts): a repeat is one primary-key read of the version, and the REST adapter keeps
 * the JSON it wrote for it (lib/remembered.ts `formOf`). Sized by rows. The first read after a write costs that
 * version read on top of the page's own statement.
 */
const rememberedPages = rememberedResults<Readonly<TransactionPageResult>>({
  name: 'list pages',
  sizeOf: (result) => result.items.length + 1,
});

async function readListPage(
  db: Database,
  {
    userId,
    page,
    limit,
    filters,
    values,
    sorted,
  }: {
    userId: string;
    page: number;
    limit: number;
    filters: TransactionFilters;
    values: FilterValues;
    sorted: Sorted;
  },
): Promise<TransactionPageResult> {
  const offset = (page - 1) * limit;
  const sortShape =
    sorted.sort === 'date' && sorted.order === 'desc' ? '' : `+${sorted.sort}-${sorted.order}`;
  // A search with few matches sorts just those (read by their ids); with many, the page walks the list's order.
  const matches = values.search === undefined ? undefined : await fewSearchMatches(db, userId, values.search);
  const matchesShape = matches ? '+few' : '';
  const readPage = (start: PageStart | undefined) =>
    // The page's statement also reads the user's data version, which says whether the count remembered for
    // these filters still holds (and a deep page's remembered start): then the page is one round trip.
    pageQuery(db, `${shapeOf(values)}${start ? '+day' : ''}${sortShape}${matchesShape}`).execute({
      ...values,
      matches: matches?.ids.join(','),
      startDay: start?.day,
      skip: start ? start.skip : offset,
      limit,
    });
  let rows;
  // Deep pages start from the day totals only in the list's own order (newest first); a column sort skips
  // its rows along its index, and a few matches are sorted whole.
  if (offset < DEEP_PAGE_OFFSET || sortShape || matches) rows = await readPage(undefined);
  else {
    const key = `${JSON.stringify(values)} ${offset}`;
    const known = knownStarts(db).get(key);
    rows = known ? await readPage(known) : [];
    // Located afresh the first time, and when the data changed since (or the remembered page came back empty).
    if (!known || rows[0]?.dataVersion !== known.version) {
      const start = await locateOffset(db, userId, filters, offset);
      rows = await readPage(start);
      rememberStart(db, key, start);
    }
  }
  // An empty page (past the end, or no match) has no row to carry the version: it is then read on its own.
  // A count of a few matches is true for the version their ids were read at.
  const version = matches ? matches.version : rows[0]?.dataVersion;
  const total = await countMatching(db, { filters, values, matches: matches?.ids }, version);
  return { items: rows.map(toListItem), total, totalPages: Math.ceil(total / limit), page };
}

type PageStart = { day: string; skip: number; version: number | null };

/**
 * A deep page's start (`locateOffset`: a running total over the month and day totals, most of a deep
 * page's PostgreSQL time) only moves when the user writes: remembered per filters and offset with the data
 * version it was located at, and used while the page read beside it shows that same version. Per database
 * handle, the least recently used first out.
 */
const REMEMBERED_STARTS = 10_000;
const startsPerDb = new WeakMap<Database, Map<string, PageStart>>();

function knownStarts(db: Database): Map<string, PageStart> {
  let starts = startsPerDb.get(db);
  if (!starts) startsPerDb.set(db, (starts = new Map<string, PageStart>()));
  return starts;
}

function rememberStart(db: Database, key: string, start: PageStart | undefined) {
  const starts = knownStarts(db);
  starts.delete(key);
  if (!start) return;
  starts.set(key, start);
  if (starts.size > REMEMBERED_STARTS) starts.delete(starts.keys().next().value ?? '');
}

/**
 * A transfer leg's other side (by the partial index on transfer_id), read only for the legs: one index
 * probe per transfer row of the page.
 */
// Spelled with the table's name: drizzle leaves the outer row's columns unqualified, which inside the
// subquery would name the other leg's own.
const otherLegAccount = sql<string | null>`case when transactions.transfer_id is null then null else (
  select other.account_id from transactions other
  where other.transfer_id = transactions.transfer_id and other.id <> transactions.id limit 1) end`;

/** The row's payee's name: one primary-key probe per row of the page. */
const payeeOfRow = sql<string | null>`(select p.name from ${payees} p where p.id = transactions.payee_id)`;

function toListItem(
  row: Parameters<typeof toTransaction>[0] & {
    transferAccountId: string | null;
    tags: string[];
    payee: string | null;
    splits: StoredSplitLine[];
  },
) {
  return {
    ...toTransaction(row, row.splits),
    transferAccountId: row.transferAccountId,
    tags: row.tags,
    payee: row.payee,
  };
}

/** From this many rows in, finding the page's first day costs less than reading past the rows. */
export const DEEP_PAGE_OFFSET = 500;

/**
 * One page, newest first, with the user's data version. A deep page starts at the day the daily totals say
 * it begins on (`locateOffset`), so PostgreSQL skips at most one day's rows rather than every row before the
 * page.
 */
const pageQuery = preparedPerShape((db, shape: string) => {
  const query = db
    .select({
      ...getTableColumns(transactions),
      transferAccountId: otherLegAccount,
      tags: tagsOfRow,
      payee: payeeOfRow,
      splits: splitLinesJson,
      dataVersion: dataVersionOfUser,
    })
    .from(shape.includes('+few') ? matchedRows(db) : transactions)
    .where(
      and(
        ...matching(placeholderFilters(shape)),
        shape.includes('+day') ? lte(transactions.occurredOn, sql.placeholder('startDay')) : undefined,
      ),
    )
    .orderBy(...sortOfShape(shape))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('skip'));
  // How many rows a page of a search reads depends on how common the word is: planned with the word.
  return shapeHas(shape, 'search') ? plannedWithValues(query) : query.prepare(`transactions_page_${shape}`);
});

/** The order a page shape names (`+amount-asc`), newest first when it names none. */
function sortOfShape(shape: string): SQL[] {
  const [, sort, order] = /\+(date|amount|name|category)-(asc|desc)/.exec(shape) ?? [];
  if (!sort || !order) return NEWEST_FIRST;
  return listOrder(sort as TransactionSort, order as SortOrder);
}

/**
 * How many live transactions match: from the totals when they can tell (a sum over the user's ~700
 * category-month rows, which took most of a page's time in PostgreSQL when it was summed on every
 * request), else by scanning them. Remembered until the user's next write.
 */
async function countMatching(
  db: Database,
  { filters, values, matches }: { filters: TransactionFilters; values: FilterValues; matches?: string[] },
  version?: number | null,
): Promise<number> {
  const key = JSON.stringify(values);
  return rememberedCounts(db, { userId: values.userId, key, version }, async () => {
    const fromTotals = await countFromTotals(db, values.userId, filters);
    if (fromTotals !== undefined) return fromTotals;
    const shape = `${shapeOf(values)}${matches ? '+few' : ''}`;
    const [row] = await countQuery(db, shape).execute({ ...values, matches: matches?.join(',') });
    return row?.total ?? 0;
  });
}

/**
 * Every page of a list asks for the same count, and a search's count rechecks every candidate row (thousands
 * for a common word): remembered until the user's next write (db/data-version.ts).
 */
const rememberedCounts = rememberedResults<number>({ name: 'list counts' });

const countQuery = preparedPerShape((db, shape: string) =>
  db
    .select({ total: count() })
    .from(shape.includes('+few') ? matchedRows(db) : transactions)
    .where(and(...matching(placeholderFilters(shape))))
    .prepare(`transactions_count_${shape}`),
);

/** Every condition starts with the owner: no query can reach another user's rows. */
export function matching({ userId, ...filters }: MatchingValues): (SQL | undefined)[] {
  const { search, isIncome, category, startDate, endDate, accountId, tags, payee } = filters;
  return [
    eq(transactions.userId, userId),
    isNull(transactions.deletedAt),
    accountId === undefined ? undefined : eq(transactions.accountId, accountId),
    search === undefined ? undefined : matchesSearch(userId, search),
    isIncome === undefined ? undefined : eq(transactions.isIncome, isIncome),
    category === undefined ? undefined : inCategory(userId, category),
    // Calendar days compared as dates: both bounds are inclusive whole days.
    startDate === undefined ? undefined : gte(transactions.occurredOn, startDate),
    endDate === undefined ? undefined : lte(transactions.occurredOn, endDate),
    tags === undefined ? undefined : carriesAllTags(userId, tags),
    payee === undefined
      ? undefined
      : sql`${transactions.payeeId} in (select p.id from ${payees} p
          where p.user_id = ${userId} and paisable_fold(p.name) = ${folded(payee)})`,
  ];
}

type Value<T> = T | Placeholder;
type MatchingValues = {
  userId: Value<string>;
  /** A LIKE pattern (`containsPattern`), not the text typed. */
  search?: Value<string>;
  isIncome?: Value<boolean>;
  category?: Value<string>;
  startDate?: Value<string>;
  endDate?: Value<string>;
  accountId?: Value<string>;
  /** Tag names joined by commas (`carriesAllTags`). */
  tags?: Value<string>;
  /** A payee's name, compared folded (any case or accents). */
  payee?: Value<string>;
};

type FilterValues = ReturnType<typeof filterValues>;

/** The filters' values as `matching` takes them; an empty search or category is no filter. */
export function filterValues(userId: string, filters: TransactionFilters) {
  const { search, isIncome, category, startDate, endDate, accountId, tags, payee } = filters;
  return {
    userId,
    search: search ? containsPattern(search) : undefined,
    isIncome,
    category: category || undefined,
    startDate: startDate || undefined,
    endDate: endDate || undefined,
    // A malformed id matches no account (never a database error); another user's matches none of this user's rows.
    accountId: accountId ? (isUuid(accountId) ? accountId : NO_ACCOUNT) : undefined,
    tags: tags?.length ? tags.join(',') : undefined,
    payee: payee || undefined,
  } satisfies MatchingValues;
}

/** Every filter the contract names: a filter added there gets its placeholder here. */
const FILTER_KEYS = transactionFilters.keyof().options;

/** `matching`'s values for one shape of filters, each a placeholder filled in when the query runs. */
function placeholderFilters(shape: string): MatchingValues {
  const values: MatchingValues = { userId: sql.placeholder('userId') };
  for (const key of FILTER_KEYS) if (shapeHas(shape, key)) values[key] = sql.placeholder(key);
  return values;
}
