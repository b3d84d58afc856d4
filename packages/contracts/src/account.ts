import { z } from 'zod';

import { ACCOUNT_MESSAGES } from './rules/account';
import { PASSWORD_MAX_LENGTH } from './rules/auth';

export * from './rules/account';

/** Deleting the account from the web app asks for the password first: one click must not erase everything. */
export const deleteAccountInput = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.wrongPassword),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;
