/** Texts of sessions, password change, two-factor sign-in and reset, shared by the API and the web app. */
export const AUTH_MESSAGES = {
  loggedOut: 'Logged out successfully.',
  sessionNotFound: 'Session not found',
  sessionEnded: 'That session was signed out.',
  sessionsEnded: 'Every other session was signed out.',
  currentPasswordRequired: 'Enter your current password.',
  wrongCurrentPassword: 'That is not your current password. Nothing was changed.',
  passwordChanged: 'Password changed. Every other session was signed out.',
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  wrongTwoFactorCode: 'That code is not right, or it was already used. Nothing was changed.',
  wrongSignInCode: 'That code is not right, or it was already used.',
  signInChallengeExpired:
    'This sign-in took too long or had too many wrong codes. Enter your email and password again.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotStarted: 'Start the setup first: a new QR code is made for you.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorEnabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
} as const;
