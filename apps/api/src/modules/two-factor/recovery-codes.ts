import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

import { RECOVERY_CODE_COUNT } from '@paisable/contracts';

/** Crockford's base32: no i, l, o or u, so a code copied by hand cannot be misread. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 10;

/**
 * Fresh recovery codes, `abcde-fghjk`: 10 characters of a 32-letter alphabet, 50 bits each. Kept as
 * SHA-256 with a random salt per code (ASVS 2.6.2: under 112 bits of entropy, a unique salt), so a copy of
 * the table would have to be guessed code by code, and the guesser would need far more than a lifetime.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * One spelling per code: lower case, without dashes or spaces, and the letters people mistake for digits
 * read as those digits (Crockford). Undefined when it cannot be a recovery code.
 */
export function normalizeRecoveryCode(code: string): string | undefined {
  const plain = code.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  return plain.length === LENGTH && [...plain].every((char) => ALPHABET.includes(char)) ? plain : undefined;
}

export function hashRecoveryCode(code: string, salt = randomBytes(16).toString('base64url')) {
  const plain = normalizeRecoveryCode(code) ?? code;
  return { salt, codeHash: createHash('sha256').update(`${salt}:${plain}`).digest('base64url') };
}

/** Whether `code` is the one stored as `salt` + `codeHash` (compared in constant time). */
export function recoveryCodeMatches(code: string, stored: { salt: string; codeHash: string }) {
  const { codeHash } = hashRecoveryCode(code, stored.salt);
  return (
    codeHash.length === stored.codeHash.length &&
    timingSafeEqual(Buffer.from(codeHash), Buffer.from(stored.codeHash))
  );
}
