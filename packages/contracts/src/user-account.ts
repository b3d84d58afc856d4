import { z } from 'zod';

import { twoFactorCode } from './auth';
import { PASSWORD_MAX_LENGTH } from './rules/auth';
import { USER_ACCOUNT_MESSAGES } from './rules/user-account';

export { USER_ACCOUNT_MESSAGES } from './rules/user-account';

/** Deleting the account from the web app asks for the password first: one click must not erase everything. */
export const deleteUserAccountInput = z.object({
  password: z
    .string({ error: USER_ACCOUNT_MESSAGES.passwordRequired })
    .min(1, USER_ACCOUNT_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, USER_ACCOUNT_MESSAGES.wrongPassword),
  /** Asked when two-factor sign-in is on. */
  code: twoFactorCode.optional(),
});
export type DeleteUserAccountInput = z.infer<typeof deleteUserAccountInput>;
