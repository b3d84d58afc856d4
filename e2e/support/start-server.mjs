// Starts the API (serving apps/web/dist) on a throw-away data folder, and removes it on exit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startTestMailServer, writeMailsInto } from '@paisable/test-mail';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-e2e-'));
const port = process.env.PORT ?? '4319';

// The tests' SMTP server for the app's e-mails (password reset): each message is written as JSON into the
// mailbox folder that support/mailbox.ts reads, so a journey can open the link it got.
const mailbox = path.join(os.tmpdir(), `paisable-e2e-mailbox-${port}`);
fs.rmSync(mailbox, { recursive: true, force: true });
fs.mkdirSync(mailbox, { recursive: true });
const smtp = await startTestMailServer({ onMail: writeMailsInto(mailbox) });

// One process with tsx as a loader (not the tsx CLI, whose wrapper process would SIGKILL a slow shutdown).
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(root, 'apps/api'),
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Every journey signs up from 127.0.0.1; the per-account login limit stays as in production.
    AUTH_ATTEMPTS_PER_IP: '100000',
    SMTP_URL: smtp.smtpUrl,
    MAIL_FROM: 'Paisable <paisable@paisable.dev>',
    APP_URL: `http://127.0.0.1:${port}`,
    // The journeys never reach the internet: no daily fetch of the ECB's exchange rates.
    RATES_URL: 'off',
  },
});

function stop(signal) {
  server.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  void smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(mailbox, { recursive: true, force: true });
  process.exit(code ?? 0);
});
