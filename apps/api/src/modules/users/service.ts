import { eq, sql } from 'drizzle-orm';

import { USER_ACCOUNT_MESSAGES, type DeleteUserAccountInput } from '@paisable/contracts';

import type { DatabaseTransaction } from '../../db/client';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { findUserRow, forgetUserRow, type Client } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { guardAuthAttempt } from '../auth/attempts';
import { checkPassword } from '../auth/check-password';
import { deleteReceiptFilesOf } from '../receipts/service';
import { checkSecondFactor } from '../two-factor/second-factor';

/**
 * Deletes the account and everything in it, in one transaction. Every table holding a user's rows
 * (transactions, categories, budgets, recurring rules, receipts, contact messages…) references users with
 * ON DELETE CASCADE, so removing the user row removes them all, including tables added later, without a
 * list here to keep up to date. Queued background work for the user goes too (see deleteJobsOf).
 * The user's tokens are refused from then on, because authentication loads the user row.
 */
export async function deleteAccount(deps: Pick<AppDeps, 'db' | 'files'>, { userId }: { userId: string }) {
  await deps.db.transaction(async (tx) => {
    await deleteJobsOf(tx, userId);
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 'User not found');
  });
  // This process refuses the token from the next request on; others when the deletion's notification arrives.
  forgetUserRow(deps.db, userId);
  // Files are not in the database: removed once the rows are surely gone (a failed delete keeps both).
  await deleteReceiptFilesOf(deps, { userId });
}

export type DeleteAccountWithPasswordParams = DeleteUserAccountInput & { userId: string; client: Client };

/**
 * The web app's deletion: the password must be given again, so a session left open (or one click too
 * many) cannot erase everything; with two-factor sign-in on, a code too. Each try counts against the login attempt limits, so the check cannot
 * be used to guess the password. A wrong password deletes nothing.
 */
export async function deleteAccountWithPassword(
  deps: Pick<AppDeps, 'db' | 'files' | 'now' | 'limits' | 'secrets'>,
  { userId, password, code, client }: DeleteAccountWithPasswordParams,
) {
  const row = await findUserRow(deps.db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  await guardAuthAttempt(deps, { action: 'login', email: row.email, client });
  // 400, not 401: the session is valid, only the confirmation is wrong (a 401 would sign the user out).
  if (!(await checkPassword(deps, { email: row.email, row, password, client }))) {
    throw new AppError('BAD_REQUEST', USER_ACCOUNT_MESSAGES.wrongPassword);
  }
  await checkSecondFactor(deps, { user: row, code, client });
  await deleteAccount(deps, { userId });
}

/**
 * pg-boss jobs live in its own schema without a foreign key to users; job payloads name their user as
 * `userId`, which is how a deleted user's pending (and finished) jobs are found. A job already running keeps
 * running, and its handler finds the user's rows gone. The API tests run without pg-boss: no table, nothing
 * to delete.
 */
async function deleteJobsOf(tx: DatabaseTransaction, userId: string) {
  const result = await tx.execute<{ exists: boolean }>(
    sql`select to_regclass('pgboss.job') is not null as "exists"`,
  );
  if (!result[0]?.exists) return;
  await tx.execute(sql`delete from pgboss.job where data ->> 'userId' = ${userId}`);
}
