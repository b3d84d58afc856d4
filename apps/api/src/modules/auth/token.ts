import { jwtVerify, SignJWT } from 'jose';
import { createSecretKey, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ALGORITHM = 'HS256';
const ISSUER = 'paisable';
const LIFETIME = '30d';

export type TokenService = {
  issue: (userId: string) => Promise<string>;
  /** The user id the token was issued to, or null for a bad, expired or foreign token. */
  verify: (token: string) => Promise<string | null>;
};

export function createTokenService(secret: string): TokenService {
  // A key object made once: given raw bytes, jose would import the key again for every token.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    issue: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(LIFETIME)
        .sign(key),
    verify: async (token) => {
      try {
        // Pinning the algorithm refuses `alg: none` and key-confusion tricks.
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        return payload.sub ?? null;
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
