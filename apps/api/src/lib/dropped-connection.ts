/**
 * The codes of a database connection cut under a query: postgres.js's own when the socket closed, the
 * socket's, and PostgreSQL's "terminating connection" (admin shutdown, crash of another backend).
 */
const DROPPED_CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

/** Whether an error only says that the database connection went away (it restarts, or the network dropped). */
export function isDroppedConnection(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && DROPPED_CONNECTION_CODES.has(code);
}
