import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Client } from '../../lib/authenticate';
import { countPasswordFailure, guardPasswordFailures } from './attempts';
import { verifyAgainstDummy, verifyPassword } from './password';

export type CheckPasswordParams = {
  email: string;
  /** The account, or undefined for an unknown e-mail (checked against a dummy, counted the same). */
  row: UserRow | undefined;
  password: string;
  client: Client;
};

/**
 * Every check of a password (sign-in, password change, account deletion): refused while the account has
 * had too many wrong ones (attempts.ts), and a wrong one counted. An unknown e-mail costs the same time
 * and is counted the same, so neither the answer nor its timing says whether the account exists.
 */
export async function checkPassword(
  deps: Pick<AppDeps, 'db' | 'now' | 'limits'>,
  { email, row, password, client }: CheckPasswordParams,
): Promise<boolean> {
  await guardPasswordFailures(deps, { email, userId: row?.id, client });
  let matches = false;
  if (row) matches = await verifyPassword(row.passwordHash, password);
  else await verifyAgainstDummy(password);
  if (!matches) await countPasswordFailure(deps, { email });
  return matches;
}
