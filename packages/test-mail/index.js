// Plain JavaScript (typed by index.d.ts), so that the browser journeys' harness, which Node runs without a
// TypeScript loader (e2e/support/start-server.mjs), imports it as the tests do.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (the `smtp-server` package) on a free port of 127.0.0.1: every message the app sends
 * travels over SMTP, is parsed, and is handed to `onMail` once per recipient.
 *
 * @param {{ onMail: (mail: { to: string; subject: string; text: string }) => void }} options
 */
export async function startTestMailServer({ onMail }) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const { address } of session.envelope.rcptTo) {
            onMail({ to: address, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * An `onMail` that writes each message as JSON into `folder`, numbered in arrival order (00001.json, …),
 * for tests that read the mailbox from other processes.
 *
 * @param {string} folder
 */
export function writeMailsInto(folder) {
  let count = 0;
  return (/** @type {{ to: string; subject: string; text: string }} */ mail) => {
    count += 1;
    const name = `${String(count).padStart(5, '0')}.json`;
    // Written under a name readers skip, then renamed, so a reader in another process never sees half a file.
    const partial = path.join(folder, `.${name}.partial`);
    fs.writeFileSync(partial, JSON.stringify(mail));
    fs.renameSync(partial, path.join(folder, name));
  };
}
