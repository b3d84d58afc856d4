import { createSecretKey, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'paisable';
const LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Tokens remembered as verified; the oldest is forgotten first. A few MB at most. */
const VERIFIED_CACHE_SIZE = 10_000;

export type TokenService = {
  issue: (userId: string) => Promise<string>;
  /** The user id the token was issued to, or null for a bad, expired or foreign token. */
  verify: (token: string) => Promise<string | null>;
};

/**
 * Signs and checks the API's bearer tokens. Every request of a signed-in user checks its token, and
 * an HMAC through WebCrypto costs more than the rest of a small request, so a token that passed is
 * remembered until it expires: the exact same string (signature included) is accepted again without
 * the HMAC, and anything else, a changed character too, is checked in full.
 */
export function createTokenService(secret: string, now: () => Date = () => new Date()): TokenService {
  // A key object made once: given raw bytes, jose would import the key again for every token.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const verified = new Map<string, { userId: string; expiresAtMs: number }>();
  return {
    issue: (userId) => {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + LIFETIME_SECONDS)
        .sign(key);
    },
    verify: async (token) => {
      const known = verified.get(token);
      if (known && known.expiresAtMs > now().getTime()) return known.userId;
      verified.delete(token);
      try {
        // Pinning the algorithm refuses `alg: none` and key-confusion tricks.
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: now(),
        });
        if (!payload.sub || payload.exp === undefined) return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value ?? '');
        verified.set(token, { userId: payload.sub, expiresAtMs: payload.exp * 1000 });
        return payload.sub;
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET when set; otherwise a secret generated on first start and kept in the data folder. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
