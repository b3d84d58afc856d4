import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

import { startApiServer } from '@paisable/client/testing';
import { startTestMailServer, writeMailsInto } from '@paisable/test-mail';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    mailbox: string;
  }
}

/**
 * One real API process for the whole run, as in the client package's tests, plus the tests' SMTP server
 * for its e-mails (the reset link of `paisable forgot-password`): each message is written as JSON into the
 * mailbox folder the tests read, since they run in other processes.
 */
export default async function setup(project: TestProject) {
  const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-cli-mailbox-'));
  const smtp = await startTestMailServer({ onMail: writeMailsInto(mailbox) });
  const api = await startApiServer({
    env: {
      SMTP_URL: smtp.smtpUrl,
      MAIL_FROM: 'Paisable <paisable@paisable.dev>',
      APP_URL: 'https://money.test',
      // Every test signs up and logs in from 127.0.0.1; the per-account login limit stays as in production.
      AUTH_ATTEMPTS_PER_IP: '100000',
    },
  });
  project.provide('apiUrl', api.url);
  project.provide('mailbox', mailbox);
  return async () => {
    await api.stop();
    await smtp.close();
    fs.rmSync(mailbox, { recursive: true, force: true });
  };
}
