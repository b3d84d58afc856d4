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
  resetRequested:
    'If an account uses this e-mail address, a link to choose a new password is on its way. It works once, for 30 minutes.',
  resetLinkInvalid:
    'This link does not work any more: it was used already, or it is more than 30 minutes old. Ask for a new one.',
  resetLinkMissing: 'This page needs the link from the e-mail. Ask for a new one.',
  passwordReset: 'Your password was changed and every session was signed out. Sign in with the new password.',
  resetUnavailable:
    'This server cannot send e-mail, so a password cannot be reset by e-mail. Ask the person who runs it.',
  recoveryCodesRegenerated:
    'New recovery codes are ready; the old ones no longer work. Keep these somewhere safe.',
} as const;
