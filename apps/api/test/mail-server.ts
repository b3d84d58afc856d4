import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

import { createSmtpMailer, type Mailer } from '../src/modules/mail/mailer';

export type ReceivedMail = { to: string; subject: string; text: string };

/**
 * A real SMTP server (the `smtp-server` package) on a free local port, keeping every message it receives,
 * and a mailer of the app's own kind (nodemailer) pointed at it: what the server sends travels over SMTP.
 */
export async function startMailServer(appUrl = 'https://money.test') {
  const inbox: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          for (const recipient of session.envelope.rcptTo) {
            inbox.push({ to: recipient.address, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          }
          for (const wake of waiting) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const mailer: Mailer = createSmtpMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Paisable <paisable@paisable.dev>',
    appUrl,
  });
  afterAll(async () => {
    mailer.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
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
