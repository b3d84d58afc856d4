import { z } from 'zod';

import { PASSWORD_MAX_LENGTH } from './auth';

/** Texts of the Settings page's account deletion, shared by the API and the web app. */
export const ACCOUNT_MESSAGES = {
  confirmDelete: 'Are you sure you want to delete your account? This action cannot be undone.',
  deleted: 'Account deleted successfully',
  deleteFailed: 'Failed to delete account. Please try again.',
  passwordRequired: 'Enter your password to delete your account.',
  wrongPassword: 'That is not your password. Your account was not deleted.',
} as const;

/** Deleting the account from the web app asks for the password first: one click must not erase everything. */
export const deleteAccountInput = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.wrongPassword),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;
