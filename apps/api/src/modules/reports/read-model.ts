/**
 * The totals tables the write path keeps exact (db/schema.ts, migrations 0007 and 0016), each declared by
 * the dimensions it is kept by, the measures it holds and the rows it covers, month tables first (they are
 * the smaller): a report names what it needs and `pickTotals` says which table answers it, or that only the
 * rows can.
 *
 * - dimensions: `type` is income or expense, kept apart; `day` and `month` are the date's.
 * - measures: `amount` (income and expense sums, by `type`), `net` (money in minus out), `count`.
 * - scopes: `budget` leaves out transfers and off-budget accounts (every report without an account);
 *   `account` leaves out transfers only (a report of one account the user named); `balance` counts every
 *   row (net worth). The transaction tables keep the budget's rows apart (their `counted` flag) but mix
 *   transfers with off-budget rows in the rest, so they answer `budget` only.
 */
export type Dimension = 'day' | 'month' | 'category' | 'type' | 'account';
export type Measure = 'amount' | 'net' | 'count';
export type Scope = 'budget' | 'account' | 'balance';

export type TotalsTable = {
  table: string;
  keptBy: readonly Dimension[];
  measures: readonly Measure[];
  scope: Scope;
};

export const TOTALS_TABLES = [
  {
    table: 'transaction_category_month_totals',
    keptBy: ['category', 'type', 'month'],
    measures: ['amount', 'count'],
    scope: 'budget',
  },
  {
    table: 'account_month_totals',
    keptBy: ['account', 'month'],
    measures: ['net', 'count'],
    scope: 'balance',
  },
  {
    table: 'transaction_day_totals',
    keptBy: ['type', 'day'],
    measures: ['amount', 'count'],
    scope: 'budget',
  },
  {
    table: 'account_day_totals',
    keptBy: ['account', 'day'],
    measures: ['net', 'count'],
    scope: 'balance',
  },
] as const satisfies readonly TotalsTable[];

export type TotalsTableName = (typeof TOTALS_TABLES)[number]['table'];

export type TotalsQuestion = {
  /** The finest date the answer needs: whole months, or any days. */
  period: 'month' | 'day';
  /** Dimensions the answer is grouped or filtered by, besides its date. */
  by: readonly Dimension[];
  measures: readonly Measure[];
  scope: Scope;
};

/**
 * Where the answer comes from: a table, and when a month table answers a range of days, where the partial
 * months at the two ends come from (`edges`: the day table kept by the same dimensions, else the rows,
 * found by the list's date index). Or the rows alone when no table is kept by every dimension asked or
 * covers the scope (the caller reads them by an index that starts with what it filters by).
 */
export type TotalsSource =
  { from: 'table'; table: TotalsTableName; edges: TotalsTableName | 'rows' | null } | { from: 'rows' };

export function pickTotals(question: TotalsQuestion): TotalsSource {
  const answers = (table: TotalsTable, period: 'month' | 'day') =>
    table.scope === question.scope &&
    table.keptBy.includes(period) &&
    question.by.every((dimension) => table.keptBy.includes(dimension)) &&
    question.measures.every((measure) => table.measures.includes(measure));
  const dayTable = TOTALS_TABLES.find((table) => answers(table, 'day'));
  const monthTable = TOTALS_TABLES.find((table) => answers(table, 'month'));
  if (monthTable) {
    const edges = question.period === 'day' ? (dayTable?.table ?? 'rows') : null;
    return { from: 'table', table: monthTable.table, edges };
  }
  // A day table answers months too, summing their days.
  if (dayTable) return { from: 'table', table: dayTable.table, edges: null };
  return { from: 'rows' };
}

/** What a report reads from: the table `pickTotals` chose, or the rows. */
export const sourceOf = (question: TotalsQuestion): TotalsTableName | 'rows' => {
  const source = pickTotals(question);
  return source.from === 'table' ? source.table : 'rows';
};

/** The reader a report keeps for the source its question gets; a source it has none for is a bug here. */
export function readerFor<Reader>(
  readers: Partial<Record<TotalsTableName | 'rows', Reader>>,
  question: TotalsQuestion,
): Reader {
  const source = sourceOf(question);
  const reader = readers[source];
  if (!reader) throw new Error(`no reader for ${source}`);
  return reader;
}
