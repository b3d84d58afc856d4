import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

import { ISO_CURRENCIES, type TransactionFilters } from '@paisable/contracts';

import type { Database } from '../../db/client';
import { transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { csvLine, TRANSACTION_CSV_HEADER } from './csv';
import { filterValues, matching, NEWEST_FIRST } from './list';
import { tagsOfRow } from './tags/tagging';

/** Rows per query: one batch is about 1 MB of text in memory. */
export const EXPORT_BATCH_SIZE = 20_000;

/**
 * Records per piece of a batch: PostgreSQL sends a batch as pieces of ~60 KB. Sent as one 1 MB string, each
 * batch passed through Node as large socket buffers, their concatenation and a large string, which the
 * collector left in place until the export ended (the server grew by 22–25 MB for 100,000 rows); pieces this
 * size are collected as they go (8–17 MB), at the same speed (bench/README.md, round 8).
 */
const RECORDS_PER_PIECE = 1_000;

/**
 * Batches built at once. PostgreSQL builds a batch (formatting and joining 20,000 records, ~35 ms) in one
 * process on one core, and sends nothing until it is done: one at a time, the whole export took the sum of
 * the batches. Two keep both cores busy (bench/README.md, export round 7). With the one being sent, at most
 * three batches are in memory.
 */
const BATCHES_AT_ONCE = 2;

type Owned = { userId: string };
type RowKey = { occurredOn: string; createdAt: string; id: string };

/**
 * The user's live transactions (optionally filtered) as CSV, newest first. PostgreSQL writes the records
 * and joins them into pieces of RECORDS_PER_PIECE, so no row becomes a JavaScript object: several times
 * faster than reading rows. The batches are cut at keys found up front, so they hold every row that was
 * there then exactly once, whatever is written meanwhile; the next batches are built while the current one
 * is sent, and the connections go back to the pool between batches, so a slow download holds none.
 */
export type ExportTransactionsParams = Owned & {
  filters?: TransactionFilters;
  batchSize?: number;
  recordsPerPiece?: number;
};

export async function* exportTransactionsCsv(
  { db }: Pick<AppDeps, 'db'>,
  {
    userId,
    filters = {},
    batchSize = EXPORT_BATCH_SIZE,
    recordsPerPiece = RECORDS_PER_PIECE,
  }: ExportTransactionsParams,
): AsyncGenerator<string> {
  yield csvLine(TRANSACTION_CSV_HEADER);
  const conditions = matching(filterValues(userId, filters));
  const ends = await batchEnds(db, and(...conditions), batchSize);
  // Batch k: the rows after ends[k - 1], up to and including ends[k] (the last has no end).
  const batches: (Promise<string[]> | undefined)[] = [];
  const ask = (k: number) => {
    if (k > ends.length) return;
    const after = ends[k - 1];
    const end = ends[k];
    batches[k] = csvBatch(
      db,
      and(...conditions, after ? olderThan(after) : undefined, end ? notOlderThan(end) : undefined),
      recordsPerPiece,
    );
  };
  for (let k = 0; k < BATCHES_AT_ONCE; k += 1) ask(k);
  try {
    for (let k = 0; k <= ends.length; k += 1) {
      const pieces = await batches[k];
      // Let go of it here: kept in the list, every batch of a large export would stay in memory to the end.
      batches[k] = undefined;
      ask(k + BATCHES_AT_ONCE);
      if (pieces) yield* pieces;
    }
  } finally {
    // A download that stopped early leaves batches in flight: their results (or failures) go nowhere.
    for (const batch of batches) batch?.catch(() => {});
  }
}

/**
 * The key of every `batchSize`-th matching row: where each batch ends. Each step reads the next end from
 * the index alone, `batchSize` entries past the last (~3 ms for 20,000), in one statement so that all the
 * ends come from the same moment. (Numbering every row with `row_number()` took three times as long.)
 */
async function batchEnds(db: Database, where: SQL | undefined, batchSize: number): Promise<RowKey[]> {
  const t = transactions;
  const key = sql`${t.occurredOn}, ${t.createdAt}, ${t.id}`;
  const newestFirst = sql.join(NEWEST_FIRST, sql`, `);
  const skip = batchSize - 1;
  // PostgreSQL's JIT (on by default where the server is built with it, as Debian's is) finds this walk
  // costly enough to compile: 40–100 ms on a 2-core machine, for a statement that runs in ~17 ms.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute<RowKey>(sql`
    with recursive batch_ends (occurred_on, created_at, id) as (
      (select ${key} from ${t} where ${where} order by ${newestFirst} offset ${skip} limit 1)
      union all
      select next.* from batch_ends, lateral (
        select ${key} from ${t}
        where ${where} and (${key}) < (batch_ends.occurred_on, batch_ends.created_at, batch_ends.id)
        order by ${newestFirst} offset ${skip} limit 1
      ) next
    )
    -- As PostgreSQL's own text: exact to the microsecond when it comes back as a bound.
    select occurred_on::text as "occurredOn", created_at::text as "createdAt", id::text as id from batch_ends`);
  });
}

/** Rows after `key` in NEWEST_FIRST order. */
function olderThan(key: RowKey): SQL {
  return sql`(${transactions.occurredOn}, ${transactions.createdAt}, ${transactions.id}) < (${key.occurredOn}::date, ${key.createdAt}::timestamptz, ${key.id}::uuid)`;
}

/** `key` itself and the rows before it in NEWEST_FIRST order. */
function notOlderThan(key: RowKey): SQL {
  return sql`(${transactions.occurredOn}, ${transactions.createdAt}, ${transactions.id}) >= (${key.occurredOn}::date, ${key.createdAt}::timestamptz, ${key.id}::uuid)`;
}

/**
 * One batch as pieces of CSV text, in order: PostgreSQL builds the records and joins each run of
 * RECORDS_PER_PIECE of them. Both orders are explicit (the row number, from the index's order): an
 * aggregate's input order is otherwise not guaranteed once PostgreSQL groups.
 */
async function csvBatch(db: Database, where: SQL | undefined, recordsPerPiece: number): Promise<string[]> {
  if (!Number.isSafeInteger(recordsPerPiece) || recordsPerPiece < 1) throw new Error('recordsPerPiece');
  const records = db
    .select({
      record: sql<string>`${csvRecordSql()}`.as('record'),
      n: sql<number>`row_number() over (order by ${sql.join(NEWEST_FIRST, sql`, `)})`.as('n'),
    })
    .from(transactions)
    .where(where)
    .as('records');
  // Written into the text (a whole number, checked above): as two bind parameters, GROUP BY and ORDER BY
  // would not be the same expression to PostgreSQL.
  const piece = sql`(${records.n} - 1) / ${sql.raw(String(recordsPerPiece))}`;
  const pieces = await db
    .select({ csv: sql<string>`string_agg(${records.record}, '' order by ${records.n})` })
    .from(records)
    .groupBy(piece)
    .orderBy(piece);
  return pieces.map(({ csv }) => csv);
}

/**
 * A transaction as CRLF-ended records with the columns of TRANSACTION_CSV_HEADER, as csvLine writes them:
 * one record, or for a split row one per line (its category, amount and note) carrying the row's id in
 * `split_of`, so the lines of one row can be told apart and added up again.
 */
function csvRecordSql(): SQL {
  // Spelled with the table's name: inside the lines' subquery an unqualified `note` would be the line's.
  const row = sql.raw('transactions');
  const record = (category: SQL, amountCents: SQL, note: SQL, splitOf: SQL) => {
    const cells = [
      sql`to_char(${row}.occurred_on, 'YYYY-MM-DD')`,
      csvCellSql(sql`${row}.name`),
      csvCellSql(category),
      // A transfer is neither: its name says which way it went ("Transfer to Savings").
      sql`case when ${row}.transfer_id is not null then 'transfer' when ${row}.is_income then 'income' else 'expense' end`,
      amountCellSql(amountCents, sql`${row}.currency`),
      csvCellSql(note),
      // Space-separated, A to Z (a tag holds no space); guarded like any cell, as a tag may start with "-".
      csvCellSql(sql`array_to_string(${tagsOfRow}, ' ')`),
      splitOf,
    ];
    return sql`${sql.join(cells, sql` || ',' || `)} || E'\\r\\n'`;
  };
  const lines = sql`(select string_agg(${record(sql`s.category`, sql`s.amount_cents`, sql`s.note`, sql`${row}.id::text`)}, '' order by s.line_no)
    from transaction_splits s where s.transaction_id = ${row}.id)`;
  const plain = record(sql`${row}.category`, sql`${row}.amount_cents`, sql`${row}.note`, sql`''`);
  return sql`case when ${row}.is_split then ${lines} else ${plain} end`;
}

/**
 * The amount as an exact decimal with its currency's decimals (1500 yen "1500", 450 cents "4.50", 1234
 * fils "1.234"), in integer arithmetic (a numeric division per row cost about a quarter of the export's
 * database time). Amounts are positive (a check constraint). The codes are the catalogue's, not input.
 * A split line is in its row's currency, so both take the row's `currency`.
 */
function amountCellSql(amount: SQL, currency: SQL): SQL {
  const decimals = (digits: number) => {
    const scale = sql.raw(String(10 ** digits));
    return sql`(${amount} / ${scale})::text || '.' || lpad((${amount} % ${scale})::text, ${sql.raw(String(digits))}, '0')`;
  };
  const codesWith = (digits: number) =>
    sql.raw(
      ISO_CURRENCIES.filter((c) => c.minorUnit === digits)
        .map((c) => `'${c.code}'`)
        .join(', '),
    );
  return sql`case
    when ${currency} in (${codesWith(0)}) then ${amount}::text
    when ${currency} in (${codesWith(3)}) then ${decimals(3)}
    when ${currency} in (${codesWith(4)}) then ${decimals(4)}
    else ${decimals(2)} end`;
}

/** What a spreadsheet would run as a formula when a cell starts with it: =, +, -, @, tab, CR (code points). */
const FORMULA_STARTS = sql.raw('61, 43, 45, 64, 9, 13');

/**
 * csvCell in SQL: a leading `'` for a cell a spreadsheet would evaluate, then quotes around a cell with a
 * comma, quote, CR or LF, inner quotes doubled. The `'` never needs quoting itself, so whether to quote
 * depends on the value alone. One expression, so PostgreSQL evaluates it inline for every row.
 */
function csvCellSql(value: SQLWrapper): SQL {
  const prefix = sql`case when ascii(${value}) in (${FORMULA_STARTS}) then '''' else '' end`;
  // Four substring searches cost less per row than a regular expression.
  const needsQuotes = sql`strpos(${value}, '"') + strpos(${value}, ',') + strpos(${value}, E'\\r') + strpos(${value}, E'\\n') > 0`;
  return sql`case when ${needsQuotes} then '"' || ${prefix} || replace(${value}, '"', '""') || '"' else ${prefix} || ${value} end`;
}
