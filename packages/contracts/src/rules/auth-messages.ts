/** Texts of sessions, password change, two-factor sign-in and reset, shared by the API and the web app. */
export const AUTH_MESSAGES = {
  loggedOut: 'Logged out successfully.',
  sessionNotFound: 'Session not found',
  sessionEnded: 'That session was signed out.',
  sessionsEnded: 'Every other session was signed out.',
  currentPasswordRequired: 'Enter your current password.',
  wrongCurrentPassword: 'That is not your current password. Nothing was changed.',
  passwordChanged: 'Password changed. Every other session was signed out.',
} as const;
