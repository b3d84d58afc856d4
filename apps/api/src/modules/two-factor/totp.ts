import { generate, generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP (RFC 6238) as every authenticator app does it: SHA-1, 6 digits, 30-second steps, a 160-bit secret.
 * The otplib library does the arithmetic; this file only fixes the choices.
 */
const ISSUER = 'Paisable';

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri({ email, secret }: { email: string; secret: string }) {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** The code an app shows at `at` (tests and the CLI's own checks). */
export function totpCode(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

export function looksLikeTotp(code: string) {
  return /^\d{6}$/.test(code);
}

/**
 * The time step `code` belongs to, when it is right at `at` give or take one step (a phone's clock a little
 * off, a code typed as it turned over), and newer than `afterStep`: a code accepted once is refused for the
 * rest of its window, so one seen over a shoulder or in a proxy's log cannot be used again.
 */
export async function matchTotp({
  secret,
  code,
  at,
  afterStep,
}: {
  secret: string;
  code: string;
  at: Date;
  afterStep: number | null;
}): Promise<number | undefined> {
  if (!looksLikeTotp(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
