import { parseArgs } from 'node:util';

import { createPaisableClient } from '@paisable/client';

import { configPath, readSettings, UsageError, writeSettings, type Io } from '../io';

export const loginHelp = `paisable login --email <email> [--url <server>] [--code <code>]
  Logs in and saves the server and token (in ${'$'}PAISABLE_CONFIG or ~/.config/paisable/config.json).
  The password is asked for on a terminal, or read from standard input:
    echo "$PASSWORD" | pnpm paisable login --email me@mail.com --url http://localhost:3000
  With two-factor sign-in on, the code from the authenticator app (or a recovery code) is asked for next
  on a terminal, or given with --code.`;

export async function login(args: string[], io: Io) {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, url: { type: 'string' }, code: { type: 'string' } },
  });
  const saved = readSettings(io);
  const email = values.email ?? saved.email;
  if (!email) throw new UsageError('Which account? Pass --email.');
  const url = (values.url ?? saved.url).replace(/\/+$/, '');
  const password = await io.readSecret(`Password for ${email}: `);
  const client = createPaisableClient({ url });
  const first = await client.auth.login.mutate({ email, password });
  // With two-factor sign-in the password step gives a challenge; the code turns it into a session.
  const { token, user } =
    'twoFactorRequired' in first
      ? await client.auth.loginWithCode.mutate({
          challenge: first.challenge,
          code: await secondFactor(values.code, io),
        })
      : first;
  writeSettings(io, { url, token, email: user.email });
  io.stdout.write(`Logged in to ${url} as ${user.email}.\n`);
  if (!user.isSetupComplete) {
    io.stdout.write('Finish setup (choose your currency) in the web app before adding transactions.\n');
  }
  io.stderr.write(`Token saved in ${configPath(io)}\n`);
}

async function secondFactor(given: string | undefined, io: Io) {
  const code = given ?? (await io.readSecret('Code from your authenticator app (or a recovery code): '));
  if (!code) throw new UsageError('This account has two-factor sign-in: pass --code <code>.');
  return code;
}

/** Ends the session on the server (its token is refused from then on), then forgets the token here. */
export async function logout(_args: string[], io: Io) {
  const saved = readSettings(io);
  // Forgotten here whatever the server says: an unreachable server must not keep the token on disk.
  const ended = saved.token
    ? await createPaisableClient({ url: saved.url, token: saved.token })
        .auth.logout.mutate()
        .then(
          () => true,
          () => false,
        )
    : false;
  writeSettings(io, { url: saved.url, email: saved.email });
  io.stdout.write(ended ? 'Logged out.\n' : 'Logged out here (the server could not be told).\n');
}
