/** A message as the tests see it: one per recipient. */
export type TestMail = { to: string; subject: string; text: string };

export type TestMailServer = {
  /** `smtp://127.0.0.1:<port>`, for the app's SMTP_URL or a mailer. */
  smtpUrl: string;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on a free port of 127.0.0.1: every message the app sends travels over SMTP, is
 * parsed, and is handed to `onMail` once per recipient.
 */
export function startTestMailServer(options: { onMail: (mail: TestMail) => void }): Promise<TestMailServer>;

/**
 * An `onMail` that writes each message as JSON into `folder`, numbered in arrival order (00001.json, …),
 * for tests that read the mailbox from other processes.
 */
export function writeMailsInto(folder: string): (mail: TestMail) => void;
