import { MESSAGES } from '../messages';

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
  return passwordProblem(password);
}

/** The first password rule of sign-up the password breaks (also for a new password); null when it is valid. */
export function passwordProblem(password: string): string | null {
  const criteria = passwordCriteria(password);
  if (!criteria.length) return MESSAGES.passwordLength;
  if (!criteria.letter || !criteria.number || !criteria.symbol) return MESSAGES.passwordCharacters;
  return null;
}

/**
 * The form an e-mail is compared and stored in: Unicode NFC (so a look-alike spelled with combining marks is
 * the same address), trimmed and lower-cased, so the unique index sees one spelling per address.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFC').trim().toLowerCase();
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
