import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`), made by PostgreSQL:
 * for lists of hundreds of rows, cheaper than a Date per value. Exact for the millisecond columns.
 */
export function isoTimestamp(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
