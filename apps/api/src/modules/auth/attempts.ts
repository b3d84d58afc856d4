import { tooManyAttemptsMessage } from '@paisable/contracts';

import type { AppDeps } from '../../deps';
import type { Client } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { consumeAttempt, type RateLimit } from '../rate-limits/service';

const WINDOW_SECONDS = 15 * 60;
/** Guessing one account's password: 10 tries per quarter hour from one address. */
const ATTEMPTS_PER_ACCOUNT = 10;

type AttemptDeps = Pick<AppDeps, 'db' | 'now' | 'limits'>;
export type AuthAttemptParams = { action: 'login' | 'signup'; email: string; client: Client };

/**
 * Counts a login or sign-up attempt and refuses it with 429 past the limits: per account and address
 * (password guessing), and per address over all accounts (credential stuffing, sign-up floods).
 */
export async function guardAuthAttempt(
  { db, now, limits }: AttemptDeps,
  { action, email, client }: AuthAttemptParams,
) {
  const checks: RateLimit[] = [
    { key: `auth-ip:${client.ip}`, limit: limits.authAttemptsPerIp, windowSeconds: WINDOW_SECONDS },
  ];
  if (action === 'login') {
    checks.push({
      key: `login:${email}:${client.ip}`,
      limit: ATTEMPTS_PER_ACCOUNT,
      windowSeconds: WINDOW_SECONDS,
    });
  }
  const at = now();
  for (const check of checks) {
    const verdict = await consumeAttempt({ db }, { ...check, at });
    if (!verdict.allowed) {
      throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(verdict.retryAfterSeconds), {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
  }
}
