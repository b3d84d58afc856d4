import { describe, expect, it } from 'vitest';

import {
  hashRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
  recoveryCodeMatches,
} from './recovery-codes';

describe('recovery codes', () => {
  it('are 10 different codes of two groups of five', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  it('match however they are typed: upper case, no dash, spaces, o for 0 and l for 1', () => {
    const stored = hashRecoveryCode('ab0c1-23xyz');
    expect(recoveryCodeMatches('ab0c1-23xyz', stored)).toBe(true);
    expect(recoveryCodeMatches('AB0C123XYZ', stored)).toBe(true);
    expect(recoveryCodeMatches('abOcl 23xyz', stored)).toBe(true);
    expect(recoveryCodeMatches('ab0c1-23xyy', stored)).toBe(false);
  });

  it('are kept salted: the same code hashes differently twice', () => {
    expect(hashRecoveryCode('ab0c1-23xyz').codeHash).not.toBe(hashRecoveryCode('ab0c1-23xyz').codeHash);
  });

  it('refuse what cannot be a code', () => {
    expect(normalizeRecoveryCode('123456')).toBeUndefined();
    expect(normalizeRecoveryCode('abcde-fghju')).toBeUndefined();
  });
});
