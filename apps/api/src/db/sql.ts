import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`), made by PostgreSQL:
 * for lists of hundreds of rows, cheaper than a Date per value. Exact for the millisecond columns.
 */
export function isoTimestamp(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * `column = any(ids)` with the ids as one value: a statement naming a thousand rows keeps one parameter, so
 * it is built, parsed and planned at the cost of one (an IN list of a thousand parameters costs more to
 * build in JavaScript and to plan than to run). The ids must be uuids already checked (`distinctUuids`).
 */
export function isAnyOf(column: SQLWrapper, ids: readonly string[]): SQL {
  return sql`${column} = any(string_to_array(${ids.join(',')}::text, ',')::uuid[])`;
}
