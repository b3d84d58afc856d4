import { z } from 'zod';

import { authResultOutput, twoFactorCode } from './auth';
import { AUTH_MESSAGES } from './rules/auth-messages';

/** Recovery codes handed out when two-factor sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** What the authenticator app needs: the otpauth URI (shown as a QR code) and its secret for typing in. */
export const twoFactorSetupOutput = z.object({
  secret: z.string().describe('Base32, for apps where the QR code cannot be scanned.'),
  uri: z.string().describe('otpauth://totp/… URI, shown as a QR code.'),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupOutput>;

export const twoFactorEnableInput = z.object({ code: twoFactorCode });
export type TwoFactorEnableInput = z.infer<typeof twoFactorEnableInput>;

export const twoFactorEnableOutput = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()).describe('Shown this once: only their hashes are kept.'),
});

const password = z
  .string({ error: AUTH_MESSAGES.currentPasswordRequired })
  .min(1, AUTH_MESSAGES.currentPasswordRequired)
  .max(1024, AUTH_MESSAGES.wrongCurrentPassword);

/** Turning it off asks for the password and a code, so a session left open cannot weaken the account. */
export const twoFactorDisableInput = z.object({ password, code: twoFactorCode });
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableInput>;

/** New recovery codes ask the same as turning it off: the password and a code (the old codes then stop working). */
export const regenerateRecoveryCodesInput = z.object({ password, code: twoFactorCode });
export type RegenerateRecoveryCodesInput = z.infer<typeof regenerateRecoveryCodesInput>;

export const twoFactorStatusOutput = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusOutput>;

/** The password was right and the account has two-factor sign-in: send a code with this challenge. */
export const twoFactorChallengeOutput = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string().describe('Valid for 5 minutes; send it to the code step with the code.'),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeOutput>;

/** A sign-in answers with a session, or, when two-factor sign-in is on, with a challenge for the code. */
export const loginOutput = z.union([authResultOutput, twoFactorChallengeOutput]);
export type LoginResult = z.infer<typeof loginOutput>;

export const loginTwoFactorInput = z.object({
  challenge: z
    .string({ error: AUTH_MESSAGES.signInChallengeExpired })
    .min(1, AUTH_MESSAGES.signInChallengeExpired)
    .max(200, AUTH_MESSAGES.signInChallengeExpired),
  code: twoFactorCode,
});
export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorInput>;
