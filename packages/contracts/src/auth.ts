import { z } from 'zod';

import { isIsoCurrencyCode } from './currency-catalogue';
import { MESSAGES } from './messages';
import { isTimeZone, normalizeEmail, passwordProblem, signupProblem } from './rules/auth';
import { AUTH_MESSAGES } from './rules/auth-messages';

export {
  BLOCKED_EMAIL_DOMAINS,
  EMAIL_SHAPE,
  isTimeZone,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordCriteria,
  passwordProblem,
  signupProblem,
} from './rules/auth';
export { AUTH_MESSAGES } from './rules/auth-messages';

const timeZone = z.string().max(64).refine(isTimeZone, { message: MESSAGES.invalidTimeZone });

export const signupInput = z
  .object({
    email: z.string({ error: MESSAGES.invalidEmail }),
    password: z.string({ error: MESSAGES.passwordLength }),
    timeZone: timeZone.optional(),
  })
  .superRefine((value, ctx) => {
    const problem = signupProblem(value.email, value.password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['email'] });
  })
  .transform((value) => ({ ...value, email: normalizeEmail(value.email) }));
export type SignupInput = z.output<typeof signupInput>;

export const loginInput = z
  .object({
    email: z
      .string({ error: MESSAGES.loginFieldsRequired })
      .trim()
      .min(1, MESSAGES.loginFieldsRequired)
      .max(254),
    password: z
      .string({ error: MESSAGES.loginFieldsRequired })
      .min(1, MESSAGES.loginFieldsRequired)
      .max(1024),
  })
  .transform((value) => ({ ...value, email: normalizeEmail(value.email) }));
export type LoginInput = z.output<typeof loginInput>;

/**
 * The display currency: any active ISO 4217 code (the spec's seven are offered first, with their flags). Budgets
 * are kept in it and every total is converted into it, so it need not be one of the seven.
 */
export const currencyCode = z
  .string({ error: MESSAGES.currencyRequired })
  .min(1, MESSAGES.currencyRequired)
  .refine(isIsoCurrencyCode, { message: MESSAGES.currencyUnsupported });

export const setupInput = z.object({
  defaultCurrency: currencyCode,
  timeZone: timeZone.optional(),
});
export type SetupInput = z.output<typeof setupInput>;

export const updatePreferencesInput = z.object({
  defaultCurrency: currencyCode.optional(),
  timeZone: timeZone.optional(),
});
export type UpdatePreferencesInput = z.output<typeof updatePreferencesInput>;

export const userOutput = z.object({
  id: z.string(),
  email: z.string(),
  defaultCurrency: z.string(),
  isSetupComplete: z.boolean(),
  timeZone: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userOutput>;

export const authResultOutput = z.object({ token: z.string(), user: userOutput });
export type AuthResult = z.infer<typeof authResultOutput>;

/** One sign-in of the user, as the session list shows it. */
export const sessionOutput = z.object({
  id: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string(),
  ip: z.string(),
});
export type SessionInfo = z.infer<typeof sessionOutput>;
export const sessionListOutput = z.object({ sessions: z.array(sessionOutput) });

export const sessionIdInput = z.object({
  id: z.uuid({ error: AUTH_MESSAGES.sessionNotFound }),
});

/** A renewed token for the same session (the web app renews while it is open). */
export const renewOutput = z.object({ token: z.string() });

const currentPassword = z
  .string({ error: AUTH_MESSAGES.currentPasswordRequired })
  .min(1, AUTH_MESSAGES.currentPasswordRequired)
  .max(1024, AUTH_MESSAGES.wrongCurrentPassword);

/** The new password follows the sign-up rules, with their messages. */
const newPassword = z.string({ error: MESSAGES.passwordLength }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * A second-factor code: the 6 digits of the authenticator app or a recovery code (`abcde-12345`). Spaces
 * are dropped, since apps show the digits in two groups of three.
 */
export const twoFactorCode = z
  .string({ error: AUTH_MESSAGES.twoFactorCodeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, AUTH_MESSAGES.twoFactorCodeRequired).max(64, AUTH_MESSAGES.wrongTwoFactorCode));

/** With two-factor sign-in on, the code is asked too (the API says so when it is missing). */
export const changePasswordInput = z.object({ currentPassword, newPassword, code: twoFactorCode.optional() });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** "Forgot password?": the address to send the link to (any text: the answer never says if it has an account). */
export const forgotPasswordInput = z
  .object({
    email: z
      .string({ error: MESSAGES.invalidEmail })
      .trim()
      .min(1, MESSAGES.invalidEmail)
      .max(254, MESSAGES.invalidEmail),
  })
  .transform((value) => ({ email: normalizeEmail(value.email) }));
export type ForgotPasswordInput = z.output<typeof forgotPasswordInput>;

/** The reset page: the token from the e-mailed link and the new password (the sign-up rules). */
export const resetPasswordInput = z.object({
  token: z
    .string({ error: AUTH_MESSAGES.resetLinkMissing })
    .min(1, AUTH_MESSAGES.resetLinkMissing)
    .max(200, AUTH_MESSAGES.resetLinkInvalid),
  newPassword,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** Whether this server can send reset links (SMTP set up); the login page shows "Forgot password?" if so. */
export const passwordResetStatusOutput = z.object({ available: z.boolean() });
