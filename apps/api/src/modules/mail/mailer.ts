import nodemailer from 'nodemailer';

/** One plain-text message to one address. */
export type MailMessage = { to: string; subject: string; text: string };

/**
 * Sends the server's few e-mails (password reset, account erase notices). Present only when the operator
 * set SMTP_URL; without it, features that need e-mail say so and the operator's commands stand in.
 */
export type Mailer = {
  /** The web app's address as its users open it: links in messages start with it (APP_URL). */
  appUrl: string;
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

export type SmtpSettings = {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  smtpUrl: string;
  /** The From address, e.g. "Paisable <money@example.com>". */
  from: string;
  appUrl: string;
};

/** A mailer over SMTP (nodemailer): one pooled connection, reused between messages. */
export function createSmtpMailer({ smtpUrl, from, appUrl }: SmtpSettings): Mailer {
  const url = new URL(smtpUrl);
  // The pool keeps one connection open for a burst of messages and closes it when idle.
  url.searchParams.set('pool', 'true');
  const transport = nodemailer.createTransport(url.toString(), { from });
  return {
    appUrl: appUrl.replace(/\/+$/, ''),
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ to, subject, text });
    },
    close: () => transport.close(),
  };
}

/**
 * Sends without making the request wait: the answer then takes as long whether or not a message goes out
 * (a password reset must not tell, by its timing, that an address has an account). A failure is logged.
 */
export function sendInBackground(mailer: Mailer, message: MailMessage) {
  void mailer.send(message).catch((error: unknown) => {
    console.error(
      `[paisable] the e-mail "${message.subject}" could not be sent:`,
      error instanceof Error ? error.message : error,
    );
  });
}
