/**
 * The texts of the server's e-mails. Plain text only: no tracking, no remote images, and every mail client
 * shows it the same way.
 */
export function passwordResetMail({ link, minutes }: { link: string; minutes: number }) {
  return {
    subject: 'Choose a new Paisable password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Paisable account.',
      '',
      `Open this link to choose a new password. It works once, for ${minutes} minutes:`,
      link,
      '',
      'Choosing a new password signs you out everywhere. If you did not ask for this, ignore this',
      'message: your password stays as it is.',
    ].join('\n'),
  };
}

export function eraseScheduledMail({ day, appUrl }: { day: string; appUrl: string }) {
  return {
    subject: 'Your Paisable account will be deleted',
    text: [
      `Your Paisable account and everything in it will be deleted on ${day}.`,
      'Every session was signed out.',
      '',
      `If you did not ask for this, sign in with your password before then at ${appUrl}:`,
      'that keeps the account. Then change your password in Settings, since someone used a session of yours.',
    ].join('\n'),
  };
}

export function eraseCancelledMail() {
  return {
    subject: 'Your Paisable account will not be deleted',
    text: [
      'You signed in with your password, so the deletion of your Paisable account that was asked',
      'without it is cancelled. Your account and everything in it stay as they are.',
    ].join('\n'),
  };
}
