import { describe, expect, it } from 'vitest';

import { matchTotp, newTotpSecret, totpCode, totpUri } from './totp';

const at = new Date('2026-11-26T12:00:10Z');
const step = Math.floor(at.getTime() / 30_000);

describe('TOTP codes', () => {
  it('accept the code of this step, the one before and the one after, not two away', async () => {
    const secret = newTotpSecret();
    const check = async (offsetSteps: number) =>
      matchTotp({
        secret,
        code: await totpCode(secret, new Date(at.getTime() + offsetSteps * 30_000)),
        at,
        afterStep: null,
      });
    expect(await check(0)).toBe(step);
    expect(await check(-1)).toBe(step - 1);
    expect(await check(1)).toBe(step + 1);
    expect(await check(-2)).toBeUndefined();
    expect(await check(2)).toBeUndefined();
  });

  it('refuse a code of a step already used (replay), and anything but six digits', async () => {
    const secret = newTotpSecret();
    const code = await totpCode(secret, at);
    expect(await matchTotp({ secret, code, at, afterStep: step })).toBeUndefined();
    expect(await matchTotp({ secret, code, at, afterStep: step - 1 })).toBe(step);
    expect(await matchTotp({ secret, code: 'abcdef', at, afterStep: null })).toBeUndefined();
    expect(await matchTotp({ secret, code: `${code}1`, at, afterStep: null })).toBeUndefined();
  });

  it('name the account and the issuer in the URI an app scans', () => {
    const uri = totpUri({ email: 'ana@example.com', secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' });
    expect(uri).toBe(
      'otpauth://totp/Paisable:ana%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Paisable',
    );
  });
});
