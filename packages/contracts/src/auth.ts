import { z } from 'zod';

import { CURRENCY_CODES, isCurrencyCode } from './currencies';
import { MESSAGES } from './messages';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
export const BLOCKED_EMAIL_DOMAINS = ['example.com', 'test.com', 'invalid.com'] as const;

export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The four criteria of the live checklist and strength bar on the register page. */
export function passwordCriteria(password: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    letter: /[A-Za-z]/.test(password),
    number: /\d/.test(password),
    symbol: /[\W_]/.test(password),
  };
}

/** The first sign-up rule the input breaks, in the order the spec lists them; null when it is valid. */
export function signupProblem(email: string, password: string): string | null {
  const trimmed = email.trim();
  if (!EMAIL_SHAPE.test(trimmed) || trimmed.length > 254) return MESSAGES.invalidEmail;
  const domain = trimmed.slice(trimmed.lastIndexOf('@') + 1).toLowerCase();
  if ((BLOCKED_EMAIL_DOMAINS as readonly string[]).includes(domain)) return MESSAGES.blockedDomain;
  const criteria = passwordCriteria(password);
  if (!criteria.length) return MESSAGES.passwordLength;
  if (!criteria.letter || !criteria.number || !criteria.symbol) return MESSAGES.passwordCharacters;
  return null;
}

const timeZone = z.string().max(64).refine(isTimeZone, { message: MESSAGES.invalidTimeZone });

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

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
  .transform((value) => ({ ...value, email: value.email.trim().toLowerCase() }));
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
  .transform((value) => ({ ...value, email: value.email.toLowerCase() }));
export type LoginInput = z.output<typeof loginInput>;

export const currencyCode = z
  .string({ error: MESSAGES.currencyRequired })
  .min(1, MESSAGES.currencyRequired)
  .refine(isCurrencyCode, { message: MESSAGES.currencyUnsupported })
  .pipe(z.enum(CURRENCY_CODES));

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
  defaultCurrency: z.enum(CURRENCY_CODES),
  isSetupComplete: z.boolean(),
  timeZone: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userOutput>;

export const authResultOutput = z.object({ token: z.string(), user: userOutput });
export type AuthResult = z.infer<typeof authResultOutput>;
