import { afterAll } from 'vitest';

import { startTestMailServer, type TestMail } from '@paisable/test-mail';

import { createSmtpMailer, type Mailer } from '../src/modules/mail/mailer';

export type ReceivedMail = TestMail;

/**
 * The tests' SMTP server (`@paisable/test-mail`), keeping every message it receives, and a mailer of the
 * app's own kind (nodemailer) pointed at it: what the server sends travels over SMTP.
 */
export async function startMailServer(appUrl = 'https://money.test') {
  const inbox: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = await startTestMailServer({
    onMail: (mail) => {
      inbox.push(mail);
      for (const wake of waiting) wake();
    },
  });
  const mailer: Mailer = createSmtpMailer({
    smtpUrl: server.smtpUrl,
    from: 'Paisable <paisable@paisable.dev>',
    appUrl,
  });
  afterAll(async () => {
    mailer.close();
    await server.close();
  });

  /** The messages to `to` so far. */
  const mailsTo = (to: string) => inbox.filter((mail) => mail.to === to);

  /** Waits (up to 10 s) until `to` has received `count` messages, and returns them. */
  async function waitForMails(to: string, count = 1) {
    const deadline = Date.now() + 10_000;
    while (mailsTo(to).length < count) {
      if (Date.now() > deadline) throw new Error(`No ${count} e-mail(s) arrived for ${to}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiting.delete(wake);
          resolve();
        };
        waiting.add(wake);
        setTimeout(wake, 200);
      });
    }
    return mailsTo(to);
  }

  return { mailer, inbox, mailsTo, waitForMails };
}

/** The token of a reset link in a message's text (after `#token=`). */
export function resetTokenIn(text: string) {
  const match = /\/reset-password#token=([^\s]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No reset link in:\n${text}`);
  return match[1];
}
