/** Texts of the Settings page's deletion of the user account (not a money account: accounts.ts), shared by the API and the web app. */
export const USER_ACCOUNT_MESSAGES = {
  confirmDelete: 'Are you sure you want to delete your account? This action cannot be undone.',
  deleted: 'Account deleted successfully',
  deleteFailed: 'Failed to delete account. Please try again.',
  passwordRequired: 'Enter your password to delete your account.',
  wrongPassword: 'That is not your password. Your account was not deleted.',
  /** The original client's deletion, without the password: carried out after the grace period. */
  scheduled: (day: string) =>
    `Your account will be deleted on ${day}. You were signed out everywhere; sign in with your password before then to keep it.`,
} as const;
