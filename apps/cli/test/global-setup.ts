import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';

import { startApiServer } from '@paisable/client/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    mailbox: string;
  }
}

/**
 * One real API process for the whole run, as in the client package's tests, plus a real SMTP server for
 * its e-mails (the reset link of `paisable forgot-password`): each message is written as JSON into the
 * mailbox folder the tests read, since they run in other processes.
 */
export default async function setup(project: TestProject) {
  const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-cli-mailbox-'));
  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const { address } of session.envelope.rcptTo) {
            count += 1;
            const file = path.join(mailbox, `${String(count).padStart(5, '0')}.json`);
            fs.writeFileSync(file, JSON.stringify({ to: address, subject: mail.subject, text: mail.text }));
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const smtpPort = address && typeof address === 'object' ? address.port : 0;
  const api = await startApiServer({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Paisable <paisable@paisable.dev>',
      APP_URL: 'https://money.test',
    },
  });
  project.provide('apiUrl', api.url);
  project.provide('mailbox', mailbox);
  return async () => {
    await api.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(mailbox, { recursive: true, force: true });
  };
}
