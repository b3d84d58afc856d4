import { z } from 'zod';

import { CURRENCY_CODES, isCurrencyCode } from './currencies';
import { MESSAGES } from './messages';
import { isTimeZone, signupProblem } from './rules/auth';

export {
  BLOCKED_EMAIL_DOMAINS,
  EMAIL_SHAPE,
  isTimeZone,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordCriteria,
  signupProblem,
} from './rules/auth';

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
