/** The session token lives in localStorage under `token`, where the original web client kept it. */
const KEY = 'token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string) {
  localStorage.setItem(KEY, token);
}

export function clearToken() {
  localStorage.removeItem(KEY);
  localStorage.removeItem(RENEWED_KEY);
}

/** When this browser last received a token (sign-in or renewal), in ms since the epoch. */
const RENEWED_KEY = 'tokenRenewedAt';
/** The server's renewal period: a token older than this is traded for a new one. */
const RENEW_AFTER_MS = 15 * 60_000;

export function markTokenRenewed(at = Date.now()) {
  try {
    localStorage.setItem(RENEWED_KEY, String(at));
  } catch {
    // Storage refused (private mode): renewal simply happens on every check.
  }
}

export function tokenRenewalDue(now = Date.now()): boolean {
  try {
    const renewedAt = Number(localStorage.getItem(RENEWED_KEY) ?? 0);
    return !(now - renewedAt < RENEW_AFTER_MS);
  } catch {
    return true;
  }
}
