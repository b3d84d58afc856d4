import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { payees, transactions, userDataVersions } from '../../db/schema';

/**
 * A LIKE pattern that matches `text` literally anywhere in a value. `%`, `_` and the escape character
 * itself are escaped (PostgreSQL's default LIKE escape is `\`), so "50%" finds "50%" and not "500",
 * and "(.*" is just three characters, never a pattern.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Text as search and name sorting compare it: lower case without accents ("Über Café" → "uber cafe"), by
 * the database's `paisable_fold` (migration 0021), which the trigram and sort indexes are built on. Folding
 * keeps `%`, `_` and `\`, so a folded `containsPattern` is still the same literal pattern.
 */
export function folded(value: unknown): SQL<string> {
  return sql<string>`paisable_fold(${value})`;
}

/**
 * A row whose name, note or payee's name holds the pattern, folded on both sides as the trigram indexes hold
 * them ("cafe" finds "Café"). The payee arm is the user's matching payees read first into an array, not
 * `payee_id in (select …)`: a hashed subplan can only filter rows one by one, so PostgreSQL could not OR it
 * with the two trigram indexes and every search walked all of the user's rows; with the array the three arms
 * are one bitmap (name and note trigram indexes, `transactions_payee_idx`, whose predicate `is not null` names).
 */
export function matchesSearch(userId: string | Placeholder, pattern: string | Placeholder): SQL {
  const payeeIds = sql`array(select p.id from ${payees} p
    where p.user_id = ${userId} and paisable_fold(p.name) like ${folded(pattern)})`;
  return sql`(${folded(transactions.name)} like ${folded(pattern)}
    or ${folded(transactions.note)} like ${folded(pattern)}
    or (${transactions.payeeId} is not null and ${transactions.payeeId} = any (${payeeIds})))`;
}

/**
 * Up to this many matches, a search page is sorted from the matches themselves (read through the trigram
 * indexes); past it, the page walks the list's order, which finds a page of a common word within a few
 * hundred rows. 1,000 rows fetched and sorted cost about what walking 1,000 rows of the list costs, which is
 * what a page of a word in 1 % of the rows reads (bench/README.md, issue 38).
 */
export const FEW_MATCHES = 1_000;

/**
 * The user's live rows matching a search pattern (`containsPattern`), at most FEW_MATCHES + 1 of them, and
 * the user's data version in the same statement (what they are true for). No order is asked, so PostgreSQL
 * reads them from the trigram indexes' bitmap: a word in 3 of 100,000 rows is a few index pages, where the
 * list's order walks all of them. The limit stays outside a materialized CTE: the CTE is planned for all its
 * matches (a limit inside would make walking an index look cheaper whenever PostgreSQL guesses too many
 * matches, as it does for a payee found on most rows) and still only runs until the limit is reached.
 */
export function searchMatches(userId: string, pattern: string): SQL {
  const matching = and(
    eq(transactions.userId, userId),
    isNull(transactions.deletedAt),
    matchesSearch(userId, pattern),
  );
  return sql`with matched as materialized (select ${transactions.id} from ${transactions} where ${matching})
    select array(select id from matched limit ${FEW_MATCHES + 1})::text[] as ids,
      (select ${userDataVersions.version} from ${userDataVersions} where ${userDataVersions.userId} = ${userId})
        as version`;
}

/**
 * The ids of the user's rows matching a search pattern when there are at most FEW_MATCHES (else undefined),
 * with the data version they were read at: a count made from these ids is remembered under that version,
 * never a later one a write in between would make wrong.
 */
export async function fewSearchMatches(
  db: Database,
  userId: string,
  pattern: string,
): Promise<{ ids: string[]; version: number | null } | undefined> {
  const [row] = await db.execute<{ ids: string[]; version: number | null }>(searchMatches(userId, pattern));
  if (!row || row.ids.length > FEW_MATCHES) return undefined;
  return { ids: row.ids, version: row.version };
}

/**
 * The rows of these ids (comma-joined, the `matches` placeholder), by primary key, as a table the page and
 * count queries read in place of `transactions` (same name, so every column reference still holds). `offset 0`
 * keeps it a separate step: given the whole table and an order, PostgreSQL may prefer walking a list index and
 * filtering by id, which reads every row of the user again when the matches are old.
 */
export function matchedRows(db: Database) {
  return db
    .select()
    .from(transactions)
    .where(sql`${transactions.id} = any (string_to_array(${sql.placeholder('matches')}, ',')::uuid[])`)
    .offset(0)
    .as('transactions');
}
