import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Mail = { to: string; subject: string; text: string };

/** The folder where the harness's SMTP server (start-server.mjs) writes each message it receives. */
const mailbox = path.join(os.tmpdir(), `paisable-e2e-mailbox-${process.env.E2E_PORT ?? 4319}`);

function mailsTo(to: string): Mail[] {
  if (!fs.existsSync(mailbox)) return [];
  return fs
    .readdirSync(mailbox)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(mailbox, file), 'utf8')) as Mail)
    .filter((mail) => mail.to === to.toLowerCase());
}

/** Waits (up to 15 s) for a message to `to` whose subject is `subject`, and returns the newest. */
export async function waitForMail(to: string, subject: string): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = mailsTo(to).filter((mail) => mail.subject === subject);
    const newest = found.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`No "${subject}" e-mail arrived for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The link of a message (the first http address in its text). */
export function linkIn(mail: Mail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in:\n${mail.text}`);
  return link;
}
