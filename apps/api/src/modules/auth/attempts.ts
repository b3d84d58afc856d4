import { tooManyAttemptsMessage } from '@paisable/contracts';

import type { AppDeps } from '../../deps';
import type { Client } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { attemptsSoFar, consumeAttempt, type RateLimit } from '../rate-limits/service';
import { hasSessionFrom } from './sessions';

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
  const checks = attemptLimits({ limits }, { action, email, client });
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

function attemptLimits({ limits }: Pick<AppDeps, 'limits'>, { action, email, client }: AuthAttemptParams) {
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
  return checks;
}

export type CodeAttemptParams = { email: string; client: Client };

/**
 * A two-factor code is held to the same limits as a sign-in (per address, per account and address), but
 * only a wrong code is counted (`countWrongCode`): a sign-in with its code then costs one attempt, not two,
 * and someone guessing codes spends the same budget as someone guessing passwords.
 */
export async function guardCodeAttempt(deps: AttemptDeps, { email, client }: CodeAttemptParams) {
  const at = deps.now();
  for (const check of attemptLimits(deps, { action: 'login', email, client })) {
    const { hits, retryAfterSeconds } = await attemptsSoFar(deps, { ...check, at });
    // `>`: the password step of the sign-in this code completes was counted already, as the last allowed.
    if (hits > check.limit) {
      throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(retryAfterSeconds), {
        retryAfterSeconds,
      });
    }
  }
}

export async function countWrongCode(deps: AttemptDeps, { email, client }: CodeAttemptParams) {
  const at = deps.now();
  for (const check of attemptLimits(deps, { action: 'login', email, client })) {
    await consumeAttempt(deps, { ...check, at });
  }
}

/**
 * Wrong passwords at one account from every address together: 20 per quarter hour, so at most 80 an hour
 * (ASVS 2.2.1 asks for at most 100). Many addresses guessing at one account are refused past that.
 */
export const FAILURES_PER_ACCOUNT = 20;

export type PasswordFailureParams = { email: string; userId: string | undefined; client: Client };

/**
 * Refuses a password check at an account that has had too many wrong passwords in this quarter hour,
 * unless it comes from an address where the owner is signed in right now. So an attacker who fails on
 * purpose locks out only addresses the owner is not using, for 15 minutes after their last burst, and never
 * the owner's own devices; a reset by e-mail is never locked.
 */
export async function guardPasswordFailures(
  deps: AttemptDeps,
  { email, userId, client }: PasswordFailureParams,
) {
  const { hits, retryAfterSeconds } = await attemptsSoFar(deps, {
    key: failureKey(email),
    windowSeconds: WINDOW_SECONDS,
    at: deps.now(),
  });
  if (hits < FAILURES_PER_ACCOUNT) return;
  if (userId && (await hasSessionFrom(deps, { userId, ip: client.ip }))) return;
  throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(retryAfterSeconds), { retryAfterSeconds });
}

/** Counts one wrong password (or code) at the account. */
export async function countPasswordFailure(deps: AttemptDeps, { email }: { email: string }) {
  await consumeAttempt(deps, {
    key: failureKey(email),
    limit: FAILURES_PER_ACCOUNT,
    windowSeconds: WINDOW_SECONDS,
    at: deps.now(),
  });
}

function failureKey(email: string) {
  return `login-failures:${email}`;
}
