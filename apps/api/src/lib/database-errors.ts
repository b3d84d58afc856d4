const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

/** True when the database cannot be reached right now: the request may succeed if retried later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * True when a unique index refused the write (23505). A service checks for the duplicate first and says
 * why; this is for the race that check cannot see: two requests both found no duplicate, and the index let
 * one of them through.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = current.cause;
  }
  return false;
}

/** Every foreign key that links a row to an account (migrations 0016 and 0044). */
const ACCOUNT_LINKS = new Set([
  'transactions_user_account_fk',
  'recurring_rules_account_fk',
  'receipts_user_account_fk',
  'account_day_totals_account_fk',
  'account_month_totals_account_fk',
]);

/**
 * True when a write named an account that was deleted after the service checked it (23503 on a link to
 * accounts): the check and the write are two statements, and a delete can commit between them. The
 * account is gone, so the answer is the same "not found" the check would have given a moment later.
 */
export function isAccountGone(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    // A delete of an account refused for a row still in it would name the same keys: deleteAccount locks
    // the account's row first, so a write under way finishes before it and it answers 409 instead.
    const { code, constraint_name } = current as Error & Record<string, unknown>;
    if (code === '23503' && typeof constraint_name === 'string' && ACCOUNT_LINKS.has(constraint_name))
      return true;
    current = current.cause;
  }
  return false;
}
